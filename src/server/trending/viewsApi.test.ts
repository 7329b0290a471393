import { beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, useAppDb } from "@/server/db/__tests__/appDbs";
import type { AppDb } from "@/server/db/client";
import { MemoryCounter } from "@/server/http/counters";
import { topViewedPaths } from "./repository";
import { handleViewPost, type ViewDeps } from "./viewsApi";
import { tinyIndex } from "./__tests__/fixtures";

const ORIGIN = "https://trade.example.org";
const NOW = new Date("2026-03-15T12:00:00Z");
const index = tinyIndex();

describe.each(DIALECTS)("POST /api/views on %s", (dialect) => {
  const getDb = useAppDb(dialect);
  let db: AppDb;
  let deps: Partial<ViewDeps>;
  beforeEach(async () => {
    db = getDb();
    await db.use((orm) => orm.delete(db.t.profileViews));
    deps = { db, limiter: new MemoryCounter(60, 60_000), index: async () => index, origin: ORIGIN, now: () => NOW };
  });

  function post(body: unknown, headers: Record<string, string> = {}) {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    return handleViewPost(
      new Request(`${ORIGIN}/api/views`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: "ots-consent=f0t1", "X-Forwarded-For": "198.51.100.7", ...headers },
        body: text,
      }),
      deps,
    );
  }
  const counts = () => topViewedPaths({ days: 1, limit: 10, now: NOW }, db);

  it("counts a view of a profile for today", async () => {
    const first = await post({ path: "/profile/country/chl" });
    expect(first.status).toBe(204);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect((await post({ path: "/profile/country/chl" })).status).toBe(204);
    expect((await post({ path: "/profile/bilateral-country/deu/partner/fra" })).status).toBe(204);
    expect(await counts()).toEqual([
      { path: "/profile/country/chl", views: 2 },
      { path: "/profile/bilateral-country/deu/partner/fra", views: 1 },
    ]);
  });

  it("counts another spelling of a profile under its canonical path", async () => {
    expect((await post({ path: "/profile/country/chile" })).status).toBe(204);
    expect(await counts()).toEqual([{ path: "/profile/country/chl", views: 1 }]);
  });

  it("refuses bodies that are not one profile path: 400, nothing counted", async () => {
    for (const body of [
      "not json",
      "",
      "[]",
      {},
      { path: 42 },
      { path: "/en/profile/country/chl" },
      { path: "/profile/planet/mars" },
      { path: "/resources/about" },
      { path: `/profile/country/${"a".repeat(200)}` },
      { path: "/profile/country/chl", title: "Chile" },
      { path: "/profile/country/chl", userId: "u1" },
    ]) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error.code).toMatch(/^invalid/);
    }
    expect(await counts()).toEqual([]);
  });

  it("refuses a too large body (413) and an unknown profile (404)", async () => {
    expect((await post({ path: "/profile/country/chl", pad: "x".repeat(2000) })).status).toBe(413);
    const unknown = await post({ path: "/profile/country/xyz" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe("unknown_profile");
    expect(await counts()).toEqual([]);
  });

  it("refuses other sites (403)", async () => {
    for (const headers of [{ Origin: "https://evil.example" }, { Origin: "null" }]) {
      const response = await post({ path: "/profile/country/chl" }, headers);
      expect(response.status).toBe(403);
      expect((await response.json()).error.code).toBe("cross_site");
    }
    const noOrigin = await post({ path: "/profile/country/chl" }, { Origin: "", "Sec-Fetch-Site": "cross-site" });
    expect(noOrigin.status).toBe(403);
    expect(await counts()).toEqual([]);
  });

  it("counts nothing without tracking consent in the consent cookie (409)", async () => {
    for (const cookie of ["", "ots-consent=f1t0", "ots-consent=f0t0", "ots-consent=junk"]) {
      const response = await post({ path: "/profile/country/chl" }, { Cookie: cookie });
      expect(response.status, cookie).toBe(409);
      expect((await response.json()).error.code).toBe("consent_required");
    }
    expect(await counts()).toEqual([]);
  });

  it("limits each client address (429 with Retry-After), not the others", async () => {
    deps.limiter = new MemoryCounter(2, 60_000);
    expect((await post({ path: "/profile/country/chl" })).status).toBe(204);
    expect((await post({ path: "/profile/country/chl" })).status).toBe(204);
    const limited = await post({ path: "/profile/country/chl" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await post({ path: "/profile/country/chl" }, { "X-Forwarded-For": "203.0.113.9" })).status).toBe(204);
    expect(await counts()).toEqual([{ path: "/profile/country/chl", views: 3 }]);
  });

  it("answers 503 when the profiles cannot be loaded", async () => {
    deps.index = async () => {
      throw new Error("no warehouse");
    };
    const response = await post({ path: "/profile/country/chl" });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBeTruthy();
  });
});
