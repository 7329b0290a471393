import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressPage, inflate, isPublicApiPath, isPublicPagePath, PageCache, pickEncoding } from "./pageCache";

const page = (text: string, now = 0) => compressPage("page", { "content-type": "text/html" }, Buffer.from(text), now);

describe("page cache", () => {
  it("knows the public page families and APIs, and nothing personal", () => {
    for (const path of ["/en", "/es/profile/country/chl", "/zh/visualize/tree_map/hs92/export/chl/all/show/2018", "/en/rankings/eci/hs4/hs92", "/en/resources/methods", "/en/data-availability", "/es/blog/welcome", "/en/profile/subnational_esp", "/en/profile/subnational_aus", "/es/tariff-simulator-report", "/en/compare"]) {
      expect(isPublicPagePath(path), path).toBe(true);
    }
    for (const path of ["/en/account", "/en/login", "/en/signup", "/en/subscription", "/en/bulk-access", "/api/history", "/xx/profile", "/en/profile-x", "/en/profile/subnational_esp/28", "/zh/profile/subnational_esp/madrid", "/en/profile/subnational_aus/states/WA", "/en/trend-explorer", "/en/explorer", "/en/chat"]) {
      expect(isPublicPagePath(path), path).toBe(false);
    }
    expect(isPublicApiPath("/api/data")).toBe(true);
    expect(isPublicApiPath("/api/catalog")).toBe(true);
    for (const path of ["/api/tariff", "/api/pivot", "/api/query-builder/members"]) expect(isPublicApiPath(path), path).toBe(true);
    for (const path of ["/api/trends", "/api/chat", "/api/chat/sessions"]) expect(isPublicApiPath(path), path).toBe(false);
    expect(isPublicApiPath("/api/history")).toBe(false);
    expect(isPublicApiPath("/api/account/signup")).toBe(false);
  });

  it("stores gzip and brotli, inflates for the rare client that takes neither, tags by content", async () => {
    const entry = await page("<html>hello</html>");
    expect(gunzipSync(entry.gzip).toString()).toBe("<html>hello</html>");
    expect(inflate(entry).toString()).toBe("<html>hello</html>");
    expect(entry.etag).toMatch(/^"p-[\w-]{22}"$/);
    expect((await page("<html>other</html>")).etag).not.toBe(entry.etag);
    expect((await compressPage("api", {}, Buffer.from("{}"), 0, '"d-1"')).etag).toBe('"d-1"');
  });

  it("is capped by bytes, least recently used out first, and forgets entries past their age", async () => {
    let now = 0;
    const sample = await page("x".repeat(10));
    const cache = new PageCache(sample.bytes * 4 + 10, 1000, () => now);
    for (const key of ["a", "b", "c", "d"]) cache.set(key, await page(`x${key}`));
    expect(cache.get("a")).toBeDefined(); // a is now the most recently used
    cache.set("e", await page("xe"));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(sample.bytes * 4 + 10);
    now = 1000;
    expect(cache.get("a")).toBeUndefined();
  });

  it("picks brotli, then gzip, honouring q=0", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("identity")).toBe("identity");
  });
});

describe("stale while revalidate", () => {
  it("serves an entry past its age as stale for a while, then forgets it", async () => {
    let now = 0;
    const cache = new PageCache(1 << 20, 1000, () => now, 5000);
    cache.set("a", await page("x", 0));
    expect(cache.lookup("a")?.stale).toBe(false);
    now = 1000;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.lookup("a")?.stale).toBe(true);
    now = 6000;
    expect(cache.lookup("a")).toBeUndefined();
    expect(cache.size.entries).toBe(0);
  });
});
