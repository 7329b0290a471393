import { beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, useAppDb } from "@/server/db/__tests__/appDbs";
import type { AppDb } from "@/server/db/client";
import { isProfileViewPath, utcDay, windowStart } from "@/domain/trending/views";
import { fallbackProfiles } from "./fallback";
import { pruneViews, recordView, resolveProfiles, topViewedPaths, trendingProfiles } from "./repository";
import { tinyIndex } from "./__tests__/fixtures";

const NOW = new Date("2026-03-15T12:00:00Z");
const DAY = 86_400_000;
/** `n` days before NOW, at another time of day (the day is what counts). */
const daysAgo = (n: number, hour = 3) => new Date(Date.UTC(2026, 2, 15 - n, hour));

async function views(db: AppDb, path: string, count: number, at: Date) {
  for (let i = 0; i < count; i++) await recordView(path, at, db);
}

describe("view paths and days", () => {
  it("accepts canonical-looking profile paths only", () => {
    for (const ok of ["/profile/country/chl", "/profile/continent/sa", "/profile/world/wld", "/profile/hs/section-5", "/profile/hs/8703", "/profile/bilateral-country/deu/partner/fra", "/profile/bilateral-product/2603/reporter/chl", "/profile/subnational_esp/28", "/profile/international_organization/eu"]) {
      expect(isProfileViewPath(ok), ok).toBe(true);
    }
    for (const bad of [
      "",
      "/profile",
      "/profile/country",
      "/profile/country/",
      "/en/profile/country/chl",
      "/profile/country/CHL",
      "/profile/country/chl?x=1",
      "/profile/country/chl/extra",
      "/profile/planet/mars",
      "/profile/bilateral-country/deu/fra",
      "/profile/bilateral-country/deu/partner/",
      "/profile/country/../admin",
      "https://example.org/profile/country/chl",
      `/profile/country/${"a".repeat(200)}`,
      42,
      null,
    ]) {
      expect(isProfileViewPath(bad), String(bad)).toBe(false);
    }
  });

  it("counts by UTC day; a window of N days includes today", () => {
    expect(utcDay(new Date("2026-03-15T23:59:59.999Z"))).toBe("2026-03-15");
    expect(utcDay(new Date("2026-03-16T00:00:00Z").getTime())).toBe("2026-03-16");
    expect(windowStart(1, NOW)).toBe("2026-03-15");
    expect(windowStart(7, NOW)).toBe("2026-03-09");
    expect(windowStart(30, NOW)).toBe("2026-02-14");
    expect(windowStart(7, NOW.getTime() + DAY)).toBe("2026-03-10");
  });
});

describe.each(DIALECTS)("profile views on %s", (dialect) => {
  const getDb = useAppDb(dialect);
  let db: AppDb;
  beforeEach(async () => {
    db = getDb();
    // The shared test helper empties the older tables only.
    await db.use((orm) => orm.delete(db.t.profileViews));
  });

  it("keeps one row per path and UTC day, adding up the views", async () => {
    await views(db, "/profile/country/chl", 3, daysAgo(0, 1));
    await views(db, "/profile/country/chl", 2, daysAgo(0, 23));
    await views(db, "/profile/country/chl", 4, daysAgo(1));
    await views(db, "/profile/country/deu", 1, daysAgo(0));
    const rows = await db.use((orm) => orm.select().from(db.t.profileViews));
    expect(rows.sort((a, b) => `${a.path}${a.day}`.localeCompare(`${b.path}${b.day}`))).toEqual([
      { path: "/profile/country/chl", day: "2026-03-14", views: 4 },
      { path: "/profile/country/chl", day: "2026-03-15", views: 5 },
      { path: "/profile/country/deu", day: "2026-03-15", views: 1 },
    ]);
    expect(await topViewedPaths({ days: 7, limit: 10, now: NOW }, db)).toEqual([
      { path: "/profile/country/chl", views: 9 },
      { path: "/profile/country/deu", views: 1 },
    ]);
  });

  it("sums the last 7 and the last 30 days, today included", async () => {
    await views(db, "/profile/country/chl", 1, daysAgo(0));
    await views(db, "/profile/country/chl", 1, daysAgo(6));
    await views(db, "/profile/country/chl", 5, daysAgo(7));
    await views(db, "/profile/country/deu", 3, daysAgo(29));
    await views(db, "/profile/country/fra", 9, daysAgo(30));
    await views(db, "/profile/country/per", 2, new Date(NOW.getTime() + DAY)); // tomorrow: counted when it comes
    expect(await topViewedPaths({ days: 7, limit: 10, now: NOW }, db)).toEqual([
      { path: "/profile/country/chl", views: 2 },
      { path: "/profile/country/per", views: 2 },
    ]);
    expect(await topViewedPaths({ days: 30, limit: 10, now: NOW }, db)).toEqual([
      { path: "/profile/country/chl", views: 7 },
      { path: "/profile/country/deu", views: 3 },
      { path: "/profile/country/per", views: 2 },
    ]);
  });

  it("answers the most viewed first, ties by path, at most `limit`", async () => {
    await views(db, "/profile/country/fra", 2, daysAgo(0));
    await views(db, "/profile/country/deu", 2, daysAgo(1));
    await views(db, "/profile/country/chl", 5, daysAgo(2));
    await views(db, "/profile/country/per", 1, daysAgo(3));
    expect(await topViewedPaths({ days: 7, limit: 3, now: NOW }, db)).toEqual([
      { path: "/profile/country/chl", views: 5 },
      { path: "/profile/country/deu", views: 2 },
      { path: "/profile/country/fra", views: 2 },
    ]);
    expect(await topViewedPaths({ days: 7, limit: 0, now: NOW }, db)).toEqual([]);
  });

  it("stores no personal data: the table has a path, a day and a count, nothing else", async () => {
    const columns =
      dialect === "sqlite"
        ? (db.sqlite!.prepare("PRAGMA table_info(profile_views)").all() as { name: string }[]).map((c) => c.name)
        : (await db.pool!.query<{ column_name: string }>("SELECT column_name FROM information_schema.columns WHERE table_name = 'profile_views' ORDER BY ordinal_position")).rows.map((c) => c.column_name);
    expect(columns.sort()).toEqual(["day", "path", "views"]);
  });

  it("deletes days past the retention", async () => {
    await views(db, "/profile/country/chl", 1, daysAgo(59));
    await views(db, "/profile/country/deu", 1, daysAgo(60));
    await pruneViews(NOW, db);
    const rows = await db.use((orm) => orm.select().from(db.t.profileViews));
    expect(rows.map((r) => r.path)).toEqual(["/profile/country/chl"]);
  });

  it("titles the profiles in the reader's language, drops unknown paths and joins other spellings", async () => {
    const index = tinyIndex();
    await views(db, "/profile/country/chl", 3, daysAgo(0));
    await views(db, "/profile/country/chile", 2, daysAgo(1)); // a slug: the same profile
    await views(db, "/profile/country/xyz", 9, daysAgo(0)); // no such country
    await views(db, "/profile/bilateral-country/deu/partner/fra", 4, daysAgo(2));
    await views(db, "/profile/bilateral-product/2603/reporter/chl", 1, daysAgo(2));
    await views(db, "/profile/hs/8703", 2, daysAgo(3));
    await views(db, "/profile/country/eu", 1, daysAgo(3));
    const es = await trendingProfiles("es", { days: 7, limit: 10, now: NOW }, { index, db });
    expect(es).toEqual([
      { path: "/profile/country/chl", title: "Chile", type: "country", views: 5 },
      { path: "/profile/bilateral-country/deu/partner/fra", title: "Alemania – Francia", type: "bilateral-country", views: 4 },
      { path: "/profile/hs/8703", title: "Automóviles", type: "hs", views: 2 },
      { path: "/profile/bilateral-product/2603/reporter/chl", title: "Minerales de cobre · Chile", type: "bilateral-product", views: 1 },
      // An old continent link (/country/{continent}) counts for the continent route.
      { path: "/profile/continent/eu", title: "Europa", type: "continent", views: 1 },
    ]);
    const zh = await trendingProfiles("zh", { days: 7, limit: 2, now: NOW }, { index, db });
    expect(zh.map((p) => p.title)).toEqual(["智利", "德国 – 法国"]);
  });
});

describe("resolving and the fallback list", () => {
  const index = tinyIndex();

  it("drops what is not a profile path at all", () => {
    expect(resolveProfiles([{ path: "/games/tradle", views: 5 }, { path: "/profile/world/wld", views: 1 }], index, "en")).toEqual([
      { path: "/profile/world/wld", title: "World", type: "world", views: 1 },
    ]);
  });

  it("lists the largest exporters, products and pairs of the index, heaviest first, without counts", () => {
    const list = fallbackProfiles(index, "en");
    expect(list.filter((p) => p.type === "country").map((p) => p.title)).toEqual(["China", "United States", "Germany", "Japan", "France"]);
    expect(list.filter((p) => p.type === "hs").map((p) => p.path)).toEqual(["/profile/hs/2709", "/profile/hs/8703", "/profile/hs/2603"]);
    expect(list.filter((p) => p.type === "bilateral-country").map((p) => p.title)).toEqual(["China – United States", "Germany – France", "Germany – China"]);
    expect(list.every((p) => p.views === undefined)).toBe(true);
    expect(fallbackProfiles(index, "zh")[0].title).toBe("中国");
  });
});
