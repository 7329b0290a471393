/**
 * Which years the growth model can use, as the data catalogue answers it: a start year needs an
 * ECI ranking (a full one, not a sample) and GDP per capita both then and GROWTH_HORIZON years
 * later; the projection starts from the newest ECI year with GDP per capita. Pure.
 */
import type { CatalogEntry } from "@/domain/catalog/catalog";
import { GROWTH_HORIZON } from "./model";

/** More ranked countries first; the dataset key settles a tie so the choice never wobbles. */
const byCoverage = (a: CatalogEntry, b: CatalogEntry) => b.reporters - a.reporters || a.dataset.localeCompare(b.dataset);

export interface GrowthYears {
  /** One complexity entry per start year (the one ranking most countries), oldest first. */
  starts: CatalogEntry[];
  /** Where the projection starts: the newest complexity entry with GDP per capita that year. */
  base: CatalogEntry | null;
  /** The GDP and population entries, oldest first. */
  indicators: CatalogEntry[];
}

export function growthYears(entries: readonly CatalogEntry[]): GrowthYears {
  const indicators = entries.filter((e) => e.kind === "indicators").sort((a, b) => a.year - b.year);
  const gdpYears = new Set(indicators.map((e) => e.year));
  const complexity = entries.filter((e) => e.kind === "complexity" && !e.partial && gdpYears.has(e.year));
  const starts = new Map<number, CatalogEntry>();
  for (const e of [...complexity].sort(byCoverage)) {
    if (gdpYears.has(e.year + GROWTH_HORIZON) && !starts.has(e.year)) starts.set(e.year, e);
  }
  const base = [...complexity].sort((a, b) => b.year - a.year || byCoverage(a, b))[0] ?? null;
  return { starts: [...starts.values()].sort((a, b) => a.year - b.year), base, indicators };
}
