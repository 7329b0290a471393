/**
 * Profile view counts (the trending page): one row per profile path and UTC day, incremented by
 * one atomic upsert per counted view. Only the aggregate is stored: no user, address or time of
 * day, so nothing in it is personal. Ranked lists are resolved against the profile index in the
 * reader's language; a path that no longer names a profile is dropped.
 */
import "server-only";
import { asc, desc, gte, lt, sql } from "drizzle-orm";
import type { Locale } from "@/domain/i18n/locales";
import { parseProfilePath, type MemberLookup } from "@/domain/profiles/path";
import { profileSegments, utcDay, windowStart, VIEW_RETENTION_DAYS } from "@/domain/trending/views";
import { getDb, type AppDb } from "@/server/db/client";
import { buildLookup } from "@/server/profiles/lookup";
import type { ProfileIndex } from "@/server/search/engine";
import { profileTitle } from "@/server/profiles/titles";
import { profileTypeOf, type TrendingType } from "./titles";

export interface PathViews {
  path: string;
  views: number;
}

export interface TrendingProfile {
  /** Canonical profile path without the locale (/profile/country/chl). */
  path: string;
  title: string;
  type: TrendingType;
  /** Views in the window; absent in the fallback list. */
  views?: number;
}

/** Counts one view of a profile on the UTC day of `at`. */
export async function recordView(path: string, at: Date = new Date(), db: AppDb = getDb()): Promise<void> {
  const { profileViews } = db.t;
  await db.use((orm) =>
    orm
      .insert(profileViews)
      .values({ path, day: utcDay(at), views: 1 })
      .onConflictDoUpdate({ target: [profileViews.path, profileViews.day], set: { views: sql`${profileViews.views} + 1` } }),
  );
}

/** The most viewed paths of the last `days` days (today included), most views first. */
export async function topViewedPaths(options: { days: number; limit: number; now?: Date }, db: AppDb = getDb()): Promise<PathViews[]> {
  const { profileViews } = db.t;
  const total = sql<number>`sum(${profileViews.views})`.mapWith(Number);
  const rows = await db.use((orm) =>
    orm
      .select({ path: profileViews.path, views: total })
      .from(profileViews)
      .where(gte(profileViews.day, windowStart(options.days, options.now ?? new Date())))
      .groupBy(profileViews.path)
      .orderBy(desc(total), asc(profileViews.path))
      .limit(Math.max(0, Math.floor(options.limit))),
  );
  return rows.map((row) => ({ path: row.path, views: Number(row.views) }));
}

/** Deletes the days older than the retention (the longest window is all the page shows). */
export async function pruneViews(now: Date = new Date(), db: AppDb = getDb()): Promise<void> {
  const { profileViews } = db.t;
  await db.use((orm) => orm.delete(profileViews).where(lt(profileViews.day, windowStart(VIEW_RETENTION_DAYS, now))));
}

/**
 * Paths with counts -> profiles with titles in `locale`. A path the index no longer knows is
 * dropped; one that is now spelled differently joins its canonical path (their views add up).
 */
export function resolveProfiles(rows: PathViews[], index: ProfileIndex, locale: Locale, lookup: MemberLookup = buildLookup(index)): TrendingProfile[] {
  const byPath = new Map<string, TrendingProfile & { views: number }>();
  for (const row of rows) {
    if (!row.path.startsWith("/profile/")) continue;
    let parsed = parseProfilePath(profileSegments(row.path), lookup);
    const canonical = parsed.kind === "redirect" ? `/profile${parsed.path}` : row.path;
    if (parsed.kind === "redirect") parsed = parseProfilePath(profileSegments(canonical), lookup);
    const target = parsed.kind === "ok" ? parsed.target : null;
    if (!target) continue;
    const known = byPath.get(canonical);
    if (known) known.views += row.views;
    else byPath.set(canonical, { path: canonical, title: profileTitle(target, index, locale), type: profileTypeOf(target), views: row.views });
  }
  return [...byPath.values()].sort((a, b) => b.views - a.views || a.path.localeCompare(b.path));
}

/** The most viewed profiles of a window, titled in `locale`. */
export async function trendingProfiles(
  locale: Locale,
  options: { days: number; limit: number; now?: Date },
  deps: { index: ProfileIndex; db?: AppDb },
): Promise<TrendingProfile[]> {
  // Ask for more than the limit: some paths may be dropped or merged.
  const rows = await topViewedPaths({ ...options, limit: options.limit * 2 + 10 }, deps.db ?? getDb());
  return resolveProfiles(rows, deps.index, locale).slice(0, options.limit);
}
