/**
 * The data catalogue: what the warehouse can answer, year by year, recorded by the importer
 * (`_meta_catalog`). Pages never name a cube or a year: they ask these functions which dataset,
 * depth and years answer a question, so a bigger import (BACI HS6, a new year) shows up everywhere
 * by itself. Pure: the server reads the entries once per warehouse generation.
 */

export const PRODUCT_DEPTHS = ["section", "hs2", "hs4", "hs6"] as const;
export type ProductDepth = (typeof PRODUCT_DEPTHS)[number];
export type CatalogFlow = "export" | "import";
export type CatalogKind = "goods" | "services" | "subnational" | "indicators" | "complexity";

/** One dataset in one year. */
export interface CatalogEntry {
  /** Stable key ("ots_hs4", "baci_hs12", "complexity_hs92_hs4"). */
  dataset: string;
  /** Cube answering queries for it (for complexity: the ECI cube). */
  cube: string;
  kind: CatalogKind;
  /** "hs92", "hs12", "sitc2"; null for data without products. */
  classification: string | null;
  /** Finest product depth ("section", "hs4", "hs6", "sitc4"); null without products. */
  depth: string | null;
  bilateral: boolean;
  /** A handful of countries (a sample): never chosen for a general question. */
  partial: boolean;
  /** Source key (a message key under data.sources). */
  source: string;
  priority: number;
  year: number;
  flows: CatalogFlow[];
  /** Countries (or regions) reporting that year. */
  reporters: number;
  rows: number;
  /** World exports (sum of trade value) that year; null where a sum means nothing. */
  total: number | null;
  /** How the year reads when it stands for a period ("1998-2000"). */
  period: string;
  /**
   * The release of the source this year comes from ("ots_trd", "ots_ec2019", "atlas_2019"): two
   * years compare only within one dataset and one vintage (see `comparable`).
   */
  vintage: string;
  /** "world": the world as a whole, no reporters (answers only questions about the world). */
  scope: "reporters" | "world";
}

/** A question a page asks: trade in goods at least this deep, optionally between two countries, in one flow. */
export interface GoodsQuestion {
  /** The coarsest depth that can answer (a product treemap at HS4 needs "hs4"). */
  depth: ProductDepth;
  /** Partner detail is needed (exporter x importer). */
  bilateral?: boolean;
  flow?: CatalogFlow;
  /** Only this classification ("hs92"). */
  classification?: string;
  /** "world": a question about the world as a whole, which world-only datasets answer too. */
  scope?: "world";
}

/** The dataset answering a question in one year. */
export interface YearSource {
  year: number;
  dataset: string;
  cube: string;
  source: string;
  classification: string;
  /** Finest depth that dataset holds. */
  depth: ProductDepth;
  bilateral: boolean;
  /** Release of the source (see CatalogEntry.vintage). */
  vintage: string;
  scope: "reporters" | "world";
}

export interface GoodsAnswer {
  /** Every year that can answer, oldest first, with the dataset chosen for it. */
  years: YearSource[];
  /** The year asked for when present; else the newest year. Null when nothing answers. */
  chosen: YearSource | null;
  /** The year asked for, when it has no data (the page says so and links `nearest`). */
  missing: number | null;
  nearest: YearSource | null;
}

export const depthRank = (depth: string | null): number => (depth ? PRODUCT_DEPTHS.indexOf(depth as ProductDepth) : -1);

export function isProductDepth(value: string | null | undefined): value is ProductDepth {
  return typeof value === "string" && (PRODUCT_DEPTHS as readonly string[]).includes(value);
}

function answers(entry: CatalogEntry, q: GoodsQuestion): boolean {
  if (entry.kind !== "goods" || entry.partial || !isProductDepth(entry.depth)) return false;
  if (depthRank(entry.depth) < depthRank(q.depth)) return false;
  if (q.bilateral && !entry.bilateral) return false;
  if (q.flow && !entry.flows.includes(q.flow)) return false;
  if (q.classification && entry.classification !== q.classification) return false;
  if (entry.scope === "world" && q.scope !== "world") return false;
  return true;
}

/**
 * Better first: priority (BACI over the package), then partner detail (bilateral data also answer
 * with-the-world questions, and hold both flows), then finer depth, then more reporters.
 */
function better(a: CatalogEntry, b: CatalogEntry): number {
  return (
    b.priority - a.priority ||
    Number(b.bilateral) - Number(a.bilateral) ||
    depthRank(b.depth) - depthRank(a.depth) ||
    b.reporters - a.reporters ||
    a.dataset.localeCompare(b.dataset)
  );
}

/** A catalogue entry as the year source a query builder reads (its dataset, cube, shape and release). */
export const toSource = (e: CatalogEntry): YearSource => ({
  year: e.year,
  dataset: e.dataset,
  cube: e.cube,
  source: e.source,
  classification: e.classification ?? "",
  depth: e.depth as ProductDepth,
  bilateral: e.bilateral,
  vintage: e.vintage,
  scope: e.scope,
});

/** What a year's figure is part of: one dataset in one release. Growth, change and rank change stay inside one. */
export interface Series {
  dataset: string;
  vintage: string;
}

export const seriesKey = (s: Series): string => `${s.dataset}@${s.vintage}`;

/** Two years' figures compare (growth, change, rank change) only when they come from one dataset and one release. */
export function comparable(a: Series, b: Series): boolean {
  return a.dataset === b.dataset && a.vintage === b.vintage;
}

/**
 * The years at which a series of years changes dataset or release (the first year of each new
 * run): charts mark them, and a comparison across one is refused or recomputed on one series.
 */
export function seriesBreaks<T extends Series & { year: number }>(years: readonly T[]): number[] {
  const sorted = [...years].sort((a, b) => a.year - b.year);
  const breaks: number[] = [];
  for (let i = 1; i < sorted.length; i++) if (!comparable(sorted[i - 1], sorted[i])) breaks.push(sorted[i].year);
  return breaks;
}

/**
 * Pairs of years `q` can compare, and on which dataset: for a start and an end year, the
 * highest-ranked dataset (and release) holding both, or null when no single series holds both.
 */
export function comparableSource(entries: readonly CatalogEntry[], q: GoodsQuestion, from: number, to: number): { from: YearSource; to: YearSource } | null {
  const candidates = entries.filter((e) => answers(e, q) && (e.year === from || e.year === to)).sort(better);
  for (const e of candidates) {
    const other = candidates.find((o) => o !== e && o.year !== e.year && comparable(o, e));
    if (other) {
      const [a, b] = e.year === from ? [e, other] : [other, e];
      return { from: toSource(a), to: toSource(b) };
    }
  }
  return null;
}

/** Every year that answers `q`, each with its best dataset. */
export function goodsYears(entries: readonly CatalogEntry[], q: GoodsQuestion): YearSource[] {
  const best = new Map<number, CatalogEntry>();
  for (const e of entries) {
    if (!answers(e, q)) continue;
    const held = best.get(e.year);
    if (!held || better(e, held) < 0) best.set(e.year, e);
  }
  return [...best.values()].sort((a, b) => a.year - b.year).map(toSource);
}

/** The nearest year to `year` among `years` (the later one on a tie: newer data first). */
export function nearestYear<T extends { year: number }>(years: readonly T[], year: number): T | null {
  let found: T | null = null;
  for (const y of years) {
    if (!found || Math.abs(y.year - year) < Math.abs(found.year - year) || (Math.abs(y.year - year) === Math.abs(found.year - year) && y.year > found.year)) found = y;
  }
  return found;
}

/** Which dataset and year answer `q` (in `year` when given, else the newest). */
export function answerGoods(entries: readonly CatalogEntry[], q: GoodsQuestion, year?: number): GoodsAnswer {
  const years = goodsYears(entries, q);
  if (year === undefined) return { years, chosen: years.at(-1) ?? null, missing: null, nearest: null };
  const hit = years.find((y) => y.year === year) ?? null;
  return hit ? { years, chosen: hit, missing: null, nearest: null } : { years, chosen: null, missing: year, nearest: nearestYear(years, year) };
}

/** The finest product depth any full dataset holds for goods (bilateral when asked). */
export function finestDepth(entries: readonly CatalogEntry[], q: Omit<GoodsQuestion, "depth"> = {}): ProductDepth | null {
  let best: ProductDepth | null = null;
  for (const e of entries) {
    if (!answers(e, { ...q, depth: "section" })) continue;
    if (depthRank(e.depth) > depthRank(best)) best = e.depth as ProductDepth;
  }
  return best;
}

/** Years with a computed complexity ranking in a set ("hs92_hs4"), oldest first. */
export function complexityYears(entries: readonly CatalogEntry[], set: string): CatalogEntry[] {
  return entries.filter((e) => e.kind === "complexity" && e.dataset === `complexity_${set}`).sort((a, b) => a.year - b.year);
}

/** The complexity set with the newest year, finest depth first on a tie ("hs92_hs4", "hs12_hs6"). */
export function latestComplexitySet(entries: readonly CatalogEntry[], depths: readonly string[] = ["hs4", "hs6"]): CatalogEntry | null {
  const candidates = entries.filter((e) => e.kind === "complexity" && e.depth !== null && depths.includes(e.depth));
  candidates.sort((a, b) => b.year - a.year || depthRank(b.depth) - depthRank(a.depth) || b.reporters - a.reporters);
  return candidates[0] ?? null;
}

/** Datasets in the order the availability page lists them, with their years. */
export function datasets(entries: readonly CatalogEntry[]): { dataset: string; entries: CatalogEntry[] }[] {
  const kindOrder: CatalogKind[] = ["goods", "services", "subnational", "indicators", "complexity"];
  const groups = new Map<string, CatalogEntry[]>();
  for (const e of entries) groups.set(e.dataset, [...(groups.get(e.dataset) ?? []), e]);
  return [...groups.entries()]
    .map(([dataset, list]) => ({ dataset, entries: list.sort((a, b) => a.year - b.year) }))
    .sort((a, b) => {
      const x = a.entries[0];
      const y = b.entries[0];
      return kindOrder.indexOf(x.kind) - kindOrder.indexOf(y.kind) || y.priority - x.priority || depthRank(y.depth) - depthRank(x.depth) || a.dataset.localeCompare(b.dataset);
    });
}

/**
 * Datasets with product detail between two countries (finer than sections), partial samples
 * included: a sample never answers a general question, but it answers for the pairs it holds.
 */
export function bilateralProductEntries(entries: readonly CatalogEntry[]): CatalogEntry[] {
  return entries
    .filter((e) => e.kind === "goods" && e.bilateral && e.scope !== "world" && isProductDepth(e.depth) && depthRank(e.depth) > depthRank("section"))
    .sort((a, b) => a.year - b.year || better(a, b));
}

/**
 * The deepest bilateral product source for one pair in one year: among the datasets holding
 * product detail between two countries that year and holding the pair (`holds`, answered from the
 * data: a 23-country sample holds some pairs only), the finest depth first, then the better-ranked
 * dataset (priority, reporters). Null when none holds the pair that year.
 */
export function deepestPairSource(entries: readonly CatalogEntry[], year: number, holds: (e: Pick<CatalogEntry, "dataset" | "year">) => boolean): YearSource | null {
  const candidates = bilateralProductEntries(entries).filter((e) => e.year === year && holds(e));
  candidates.sort((a, b) => depthRank(b.depth) - depthRank(a.depth) || better(a, b));
  return candidates[0] ? toSource(candidates[0]) : null;
}
