/**
 * The year a profile shows, from `?year=` and the years the catalogue holds for the question:
 * the asked year when it answers; otherwise the newest year, with the asked year kept as
 * `missing` so the page can say "no data for 1990, showing 2019" instead of silently moving.
 */
export interface YearChoice<T extends { year: number }> {
  chosen: T | null;
  /** The year asked for when the catalogue does not hold it (null when none was asked or it answered). */
  missing: number | null;
}

export function chooseYear<T extends { year: number }>(years: readonly T[], asked?: number | null): YearChoice<T> {
  const newest = years.reduce<T | null>((best, y) => (!best || y.year > best.year ? y : best), null);
  if (asked === undefined || asked === null) return { chosen: newest, missing: null };
  const hit = years.find((y) => y.year === asked) ?? null;
  return hit ? { chosen: hit, missing: null } : { chosen: newest, missing: newest ? asked : null };
}
