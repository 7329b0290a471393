/**
 * Which bilateral dataset gives the simulator its baseline (the importer's imports from each
 * partner) at a product depth and year. Read from the data catalogue, never from cube names or
 * years: the package's bilateral sections, its small bilateral HS4 sample, or BACI HS6 when
 * imported. Unlike general questions, a partial dataset (a sample of countries) may answer here,
 * flagged, because a simulation for one of its importers is still meaningful.
 */
import { depthRank, isProductDepth, PRODUCT_DEPTHS, type CatalogEntry, type ProductDepth } from "@/domain/catalog/catalog";

export interface BilateralSource {
  year: number;
  dataset: string;
  cube: string;
  source: string;
  classification: string;
  /** Finest depth the dataset holds (at least the depth asked for). */
  depth: ProductDepth;
  /** The dataset covers a sample of countries only. */
  partial: boolean;
}

/** Level names of the product hierarchy in the cube registry, by depth. */
export const PRODUCT_LEVEL: Record<ProductDepth, string> = { section: "Section", hs2: "HS2", hs4: "HS4", hs6: "HS6" };

/** Member id shapes per depth (a section is 1-21; HS codes keep their leading zeros). */
export const PRODUCT_ID: Record<ProductDepth, RegExp> = { section: /^(?:[1-9]|1\d|2[01])$/, hs2: /^\d{2}$/, hs4: /^\d{4}$/, hs6: /^\d{6}$/ };

function answers(e: CatalogEntry, depth: ProductDepth): boolean {
  return e.kind === "goods" && e.bilateral && isProductDepth(e.depth) && depthRank(e.depth) >= depthRank(depth);
}

/** Full coverage first, then the catalogue's priority (BACI over the package), then finer depth, then more reporters. */
function better(a: CatalogEntry, b: CatalogEntry): number {
  return Number(a.partial) - Number(b.partial) || b.priority - a.priority || depthRank(b.depth) - depthRank(a.depth) || b.reporters - a.reporters || a.dataset.localeCompare(b.dataset);
}

/** Every year with bilateral data at `depth` (or finer), oldest first, each with its best dataset. */
export function bilateralYears(entries: readonly CatalogEntry[], depth: ProductDepth): BilateralSource[] {
  const best = new Map<number, CatalogEntry>();
  for (const e of entries) {
    if (!answers(e, depth)) continue;
    const held = best.get(e.year);
    if (!held || better(e, held) < 0) best.set(e.year, e);
  }
  return [...best.values()]
    .sort((a, b) => a.year - b.year)
    .map((e) => ({
      year: e.year,
      dataset: e.dataset,
      cube: e.cube,
      source: e.source,
      classification: e.classification ?? "",
      depth: e.depth as ProductDepth,
      partial: e.partial,
    }));
}

/** Depths at which some bilateral dataset exists, coarsest first. */
export function bilateralDepths(entries: readonly CatalogEntry[]): ProductDepth[] {
  return PRODUCT_DEPTHS.filter((d) => bilateralYears(entries, d).length > 0);
}

/** The source for `year`, or the newest year when none is asked; null when the year has no data. */
export function bilateralSource(entries: readonly CatalogEntry[], depth: ProductDepth, year?: number): BilateralSource | null {
  const years = bilateralYears(entries, depth);
  if (year === undefined) return years.at(-1) ?? null;
  return years.find((y) => y.year === year) ?? null;
}
