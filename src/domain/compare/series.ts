/**
 * Which years a comparison chart draws: one dataset per chart. Pure, over the catalogue's entries.
 */
import { goodsYears, seriesBreaks, type CatalogEntry, type GoodsQuestion, type YearSource } from "@/domain/catalog/catalog";

/**
 * The one dataset answering `q` in the most years (on a tie, the one reaching the newest year),
 * with its years oldest first. A chart drawn from it never joins two datasets; where the dataset
 * itself joins releases, `seriesBreaks` of its years marks where.
 */
export function longestSeries(entries: readonly CatalogEntry[], q: GoodsQuestion): YearSource[] {
  const datasets = [...new Set(entries.map((e) => e.dataset))].sort();
  let best: YearSource[] = [];
  for (const dataset of datasets) {
    const years = goodsYears(
      entries.filter((e) => e.dataset === dataset),
      q,
    );
    const newer = years.length === best.length && years.length > 0 && years.at(-1)!.year > best.at(-1)!.year;
    if (years.length > best.length || newer) best = years;
  }
  return best;
}

/** Consecutive runs of years from one dataset and release (a chart draws each as its own line). */
export function seriesRuns<T extends { dataset: string; vintage: string; year: number }>(years: readonly T[]): T[][] {
  const sorted = [...years].sort((a, b) => a.year - b.year);
  const breaks = new Set(seriesBreaks(sorted));
  const runs: T[][] = [];
  for (const y of sorted) {
    if (runs.length === 0 || breaks.has(y.year)) runs.push([]);
    runs.at(-1)!.push(y);
  }
  return runs;
}

/**
 * The newest year in which every entity has a positive value (so all are compared in one year and
 * dataset), else the newest year in which any has; null when none has.
 */
export function commonYear<T extends { year: number }>(years: readonly T[], has: (year: number) => readonly string[], ids: readonly string[]): T | null {
  const sorted = [...years].sort((a, b) => b.year - a.year);
  return sorted.find((y) => ids.every((id) => has(y.year).includes(id))) ?? sorted.find((y) => has(y.year).length > 0) ?? null;
}
