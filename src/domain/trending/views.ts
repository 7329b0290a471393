/**
 * Profile view counts (the trending page): which paths may be counted, the UTC day a view falls
 * on, and the windows the page ranks over. Pure: the server stores, the page shows.
 */

/** Longest path accepted (canonical profile paths are far shorter). */
export const VIEW_PATH_MAX = 200;
/** The windows the trending page ranks over, in days (today included). */
export const TRENDING_WINDOWS = [7, 30] as const;
export type TrendingWindow = (typeof TRENDING_WINDOWS)[number];
/** Fewer profiles with views than this in a window and the page shows the fallback list. */
export const TRENDING_MIN_PROFILES = 5;
/** Rows older than this many days are deleted: the longest window is all the page needs. */
export const VIEW_RETENTION_DAYS = 60;

const DAY_MS = 86_400_000;
const SEGMENT = "[a-z0-9][a-z0-9_-]{0,63}";
/** The canonical shapes of buildProfilePath, under /profile: one member, or a pair with its keyword. */
const PROFILE_PATH = new RegExp(
  `^/profile/(?:(?:country|continent|world|hs|subnational_esp|international_organization)/${SEGMENT}|bilateral-country/${SEGMENT}/partner/${SEGMENT}|bilateral-product/${SEGMENT}/reporter/${SEGMENT})$`,
);

/** A path the view counter accepts: a canonical-looking profile path, without locale or query. */
export function isProfileViewPath(value: unknown): value is string {
  return typeof value === "string" && value.length <= VIEW_PATH_MAX && PROFILE_PATH.test(value);
}

/** The UTC day of a time, "YYYY-MM-DD". */
export function utcDay(time: Date | number): string {
  return new Date(typeof time === "number" ? time : time.getTime()).toISOString().slice(0, 10);
}

/** The first day of a window of `days` days ending with the day of `now` (today counts as one). */
export function windowStart(days: number, now: Date | number): string {
  const ms = typeof now === "number" ? now : now.getTime();
  return utcDay(ms - (Math.max(1, Math.floor(days)) - 1) * DAY_MS);
}

/** The profile path's segments after /profile ("/profile/country/chl" -> ["country", "chl"]). */
export function profileSegments(path: string): string[] {
  return path.split("/").slice(2);
}
