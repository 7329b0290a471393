import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { RENDER_PLANS } from "@/domain/billing/renderPlan";
import { compressPage, inflate, isPlanApiPath, isPlanPagePath, isPublicApiPath, isPublicPagePath, PageCache, pageCacheKey, pickEncoding } from "./pageCache";

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
    // What is stored holds about what it weighs, not zlib's 16 KB output chunk behind a short answer.
    for (const stored of [entry.gzip, entry.br]) expect(stored.buffer.byteLength).toBeLessThanOrEqual(stored.length + 8192);
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

describe("the cache key of what varies by plan", () => {
  it("knows the pages and answers that vary by plan, and that none of them is public", () => {
    for (const path of ["/en/profile/subnational_esp/28", "/zh/profile/subnational_aus/states/WA", "/es/trend-explorer", "/en/explorer"]) {
      expect(isPlanPagePath(path), path).toBe(true);
      expect(isPublicPagePath(path), path).toBe(false);
    }
    for (const path of ["/en/account", "/en/subscription", "/en/profile/subnational_esp", "/en/profile/country/chl", "/en/trend-explorer/x", "/en/bulk-access"]) expect(isPlanPagePath(path), path).toBe(false);
    expect(isPlanApiPath("/api/trends")).toBe(true);
    for (const path of ["/api/data", "/api/history", "/api/account/profile", "/api/trends/x"]) expect(isPlanApiPath(path), path).toBe(false);
  });

  it("holds the plan, one key per plan, and the same key as before for what does not vary", () => {
    const cookies = [["ots-color-scheme", "dark"]] as const;
    const keys = RENDER_PLANS.map((plan) => pageCacheKey("g1", "/en/explorer", cookies, plan));
    expect(new Set(keys).size).toBe(RENDER_PLANS.length);
    expect(pageCacheKey("g1", "/en/explorer", cookies, "pro")).toBe("g1\n/en/explorer\nots-color-scheme=dark\npro");
    expect(pageCacheKey("g1", "/en/explorer", cookies, null)).toBe("g1\n/en/explorer\nots-color-scheme=dark\n*");
    // A plan-less key never equals a plan's key, whatever the URL or cookies spell.
    expect(keys).not.toContain(pageCacheKey("g1", "/en/explorer", cookies, null));
    expect(pageCacheKey("g2", "/en/explorer", cookies, "pro")).not.toBe(keys[2]);
    expect(pageCacheKey("g1", "/en/explorer?x=1", cookies, "pro")).not.toBe(keys[2]);
  });
});
