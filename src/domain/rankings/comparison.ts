/**
 * Which earlier year a ranking's rank change (and growth, and sparkline) compares with. A rank
 * change is shown only between two years of one series (one dataset in one release): where the
 * year before comes from another release or dataset, the change is "not comparable", said on the
 * page, never computed (OTS HS4 2018 against 2017 from an older release; the Atlas's 2019
 * against OTS's 2018).
 */
import { comparable, type Series } from "@/domain/catalog/catalog";

export interface RankComparison<T> {
  /** The years of the ranked year's own series (sparklines stay inside it), oldest first. */
  series: T[];
  /** The year the rank change compares with, of the same series; null when none. */
  previous: T | null;
  /** The year a change would compare with, when it is of another series: shown as not comparable. */
  notComparable: number | null;
}

/**
 * `mode` "previousYear": the calendar year before (trade rankings); "previousRanked": the latest
 * earlier year of the same series (complexity rankings, computed for a few years only), and when
 * the series has none, the latest earlier ranked year is named as not comparable.
 */
export function rankComparison<T extends Series & { year: number }>(years: readonly T[], year: number, mode: "previousYear" | "previousRanked"): RankComparison<T> {
  const current = years.find((y) => y.year === year);
  if (!current) return { series: [], previous: null, notComparable: null };
  const series = years.filter((y) => comparable(y, current)).sort((a, b) => a.year - b.year);
  const earlier = years.filter((y) => y.year < year).sort((a, b) => a.year - b.year);
  if (mode === "previousRanked") {
    // The latest earlier year of the series, over years of other series ranked in between.
    const previous = series.filter((y) => y.year < year).at(-1) ?? null;
    return { series, previous, notComparable: previous ? null : (earlier.at(-1)?.year ?? null) };
  }
  const candidate = earlier.find((y) => y.year === year - 1) ?? null;
  if (!candidate) return { series, previous: null, notComparable: null };
  return comparable(candidate, current) ? { series, previous: candidate, notComparable: null } : { series, previous: null, notComparable: candidate.year };
}
