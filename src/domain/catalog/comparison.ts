import { comparableSource, type CatalogEntry, type GoodsQuestion, type YearSource } from "./catalog";

/**
 * "Compared with N years earlier": the spec's profiles compare the latest year with each of the ten
 * years before it and with twenty years back. No year is a constant here: the years come from the
 * catalogue, and a comparison is offered only where one dataset in one release holds both years
 * (comparableSource), so a change never spans two sources.
 */
export const COMPARISON_YEARS_BACK: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20];

/** The comparisons a profile hero shows: a year, five, ten and twenty years back (where the data allows). */
export const HERO_YEARS_BACK: readonly number[] = [1, 5, 10, 20];

export interface ComparisonChoice {
  yearsBack: number;
  from: YearSource;
  to: YearSource;
}

/** Every `yearsBack` (of `offsets`) for which one dataset holds both `year - yearsBack` and `year`. */
export function comparisonChoices(entries: readonly CatalogEntry[], question: GoodsQuestion, year: number, offsets: readonly number[] = COMPARISON_YEARS_BACK): ComparisonChoice[] {
  return offsets.flatMap((yearsBack) => {
    const pair = yearsBack > 0 ? comparableSource(entries, question, year - yearsBack, year) : null;
    return pair ? [{ yearsBack, ...pair }] : [];
  });
}
