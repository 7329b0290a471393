/**
 * The figures of a profile's one-year sections (top exporters, importers, most traded products),
 * as the catalogue answers them: the year a section shows, exporters and importers of one year
 * on one dataset where one holds both flows, shares of the true total of the same dataset and
 * year, and the one-year values of a product's neighbours. Pure; the server loads the rows.
 */
import { goodsYears, nearestYear, type CatalogEntry, type GoodsQuestion, type YearSource } from "@/domain/catalog/catalog";
import { figure, provenanceOf, shareOf, type Figure, type Provenance } from "@/domain/catalog/figure";
import { chooseYear } from "./yearChoice";

/** Exporters and importers of one year. */
export interface FlowPair {
  /** The year shown: the asked year when exports answer it, else the newest year with exports. */
  year: number | null;
  /** The year asked for (?year=) when no exports answer it (the page says so). */
  missing: number | null;
  exports: YearSource | null;
  /** Null when the data of `year` hold no imports (the Atlas 2019 file is exports only). */
  imports: YearSource | null;
  /** The nearest year with imports, offered when `imports` is null. */
  importsNearest: YearSource | null;
  exportYears: YearSource[];
  importYears: YearSource[];
}

/**
 * Exporters and importers in the same year, from one dataset where one holds both flows that
 * year (never 2019 exporters beside 2018 importers without saying so).
 */
export function flowPair(entries: readonly CatalogEntry[], question: Omit<GoodsQuestion, "flow">, asked?: number): FlowPair {
  const exportYears = goodsYears(entries, { ...question, flow: "export" });
  const importYears = goodsYears(entries, { ...question, flow: "import" });
  const both = goodsYears(
    entries.filter((e) => e.flows.includes("export") && e.flows.includes("import")),
    { ...question, flow: "export" },
  );
  const { chosen, missing } = chooseYear(exportYears, asked);
  if (!chosen) return { year: null, missing, exports: null, imports: null, importsNearest: nearestYear(importYears, asked ?? 0), exportYears, importYears };
  const pair = both.find((s) => s.year === chosen.year) ?? null;
  const exports = pair ?? chosen;
  const imports = pair ?? importYears.find((s) => s.year === chosen.year) ?? null;
  return { year: chosen.year, missing, exports, imports, importsNearest: imports ? null : nearestYear(importYears, chosen.year), exportYears, importYears };
}

export interface RankedShare {
  id: string;
  name: string;
  value: number;
  /** Of the total of the same dataset and year (never of the rows listed). */
  share: number | null;
}

export interface Ranking {
  rows: RankedShare[];
  /** The total of every member of that dataset and year. */
  total: Figure;
}

/**
 * Members ranked by value, each with its share of `total` (a figure of the same dataset and
 * year: shareOf refuses anything else). Non-positive values are left out of the list, never out
 * of the total.
 */
export function rankWithShares(rows: readonly { id: string; name: string; value: number }[], total: Figure, provenance: Provenance): Ranking {
  const ranked = rows
    .filter((r) => r.value > 0)
    .sort((a, b) => b.value - a.value || a.id.localeCompare(b.id))
    .map((r) => ({ id: r.id, name: r.name, value: r.value, share: shareOf(figure(r.value, provenance), total) }));
  return { rows: ranked, total };
}

/** The total of every member of one year's answer, as a figure of that dataset and year. */
export function totalOf(rows: readonly { value: number }[], source: Pick<YearSource, "dataset" | "vintage" | "source" | "year">): Figure {
  return figure(
    rows.reduce((sum, r) => sum + (Number.isFinite(r.value) ? r.value : 0), 0),
    provenanceOf(source),
  );
}

export interface NeighbourValue {
  id: string;
  name: string;
  /** World exports of the neighbour in `year` (one year of one dataset); null: none recorded. */
  value: number | null;
}

export interface Neighbours {
  /** The year and dataset of the values; null when no year of trade answers. */
  provenance: Provenance | null;
  /** With a value first (largest first), then those without one (by name). */
  list: NeighbourValue[];
}

/**
 * A product's product-space neighbours with their world exports in one year of one dataset
 * (never a search weight or a sum over years).
 */
export function neighbourValues(
  ids: readonly string[],
  nameOf: (id: string) => string | null,
  values: ReadonlyMap<string, number> | null,
  provenance: Provenance | null,
): Neighbours {
  const list: NeighbourValue[] = [];
  for (const id of new Set(ids)) {
    const name = nameOf(id);
    if (name === null) continue;
    const v = values?.get(id);
    list.push({ id, name, value: provenance && v !== undefined && v > 0 ? v : null });
  }
  list.sort((a, b) => (b.value ?? -1) - (a.value ?? -1) || a.name.localeCompare(b.name));
  return { provenance: values ? provenance : null, list };
}
