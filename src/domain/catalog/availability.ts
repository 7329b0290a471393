/**
 * The data availability matrix: datasets as rows, years as columns, each cell a coverage level.
 * Pure, so the page and its tests draw the same thing from the catalogue.
 */
import { datasets, type CatalogEntry } from "./catalog";

/** 0: no data; 1-4: quarters of the dataset's best-covered year (reporting countries or regions). */
export type CoverageLevel = 0 | 1 | 2 | 3 | 4;

export interface AvailabilityCell {
  year: number;
  level: CoverageLevel;
  entry: CatalogEntry | null;
}

export interface AvailabilityRow {
  dataset: string;
  first: CatalogEntry;
  cells: AvailabilityCell[];
  years: number[];
}

export interface AvailabilityMatrix {
  years: number[];
  rows: AvailabilityRow[];
}

export function coverageLevel(reporters: number, best: number): CoverageLevel {
  if (reporters <= 0 || best <= 0) return 0;
  const share = reporters / best;
  return share > 0.75 ? 4 : share > 0.5 ? 3 : share > 0.25 ? 2 : 1;
}

export function availabilityMatrix(entries: readonly CatalogEntry[]): AvailabilityMatrix {
  if (entries.length === 0) return { years: [], rows: [] };
  const min = Math.min(...entries.map((e) => e.year));
  const max = Math.max(...entries.map((e) => e.year));
  const years = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  const rows = datasets(entries).map(({ dataset, entries: list }) => {
    const best = Math.max(...list.map((e) => e.reporters));
    const byYear = new Map(list.map((e) => [e.year, e]));
    return {
      dataset,
      first: list[0],
      years: list.map((e) => e.year),
      cells: years.map((year) => {
        const entry = byYear.get(year) ?? null;
        return { year, entry, level: entry ? Math.max(1, coverageLevel(entry.reporters, best)) as CoverageLevel : 0 };
      }),
    };
  });
  return { years, rows };
}
