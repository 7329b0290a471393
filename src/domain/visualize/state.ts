/**
 * The state of a visualisation, as the URL carries it. Pure types and constants; the codec
 * (urlCodec.ts) reads and writes it, the view planner (views.ts) decides what it means.
 */

export const CHARTS = ["tree_map", "stacked", "line", "scatter", "network", "geomap"] as const;
export type ChartType = (typeof CHARTS)[number];

/**
 * Product classifications (HS revisions) a URL may name. Which of them the warehouse holds is the
 * data catalogue's answer (YearCoverage.classifications), never this list.
 */
export const CLASSIFICATIONS = ["hs92", "hs96", "hs02", "hs07", "hs12", "hs17", "hs22"] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];

export function isClassification(value: string): value is Classification {
  return (CLASSIFICATIONS as readonly string[]).includes(value);
}

/** The year an HS revision took effect, from its two digits ("hs92" -> 1992, "hs02" -> 2002). */
export function revisionYear(classification: Classification): number {
  const yy = Number(classification.slice(2));
  return (yy >= 50 ? 19 : 20) * 100 + yy;
}

export const FLOWS = ["export", "import"] as const;
export type Flow = (typeof FLOWS)[number];

export const DEPTHS = ["section", "hs2", "hs4", "hs6"] as const;
export type Depth = (typeof DEPTHS)[number];

export type ProductLevel = Depth;

/** A product as the state keeps it: its level, its HS code ("260300", "2601", "26", or the section "5") and its section. */
export interface ProductRef {
  level: ProductLevel;
  code: string;
  section: string;
}

/** The country and partner slots hold a country, "all" (no filter) or "show" (break down by it). */
export type GeoSlot = { kind: "all" } | { kind: "show" } | { kind: "country"; id: string };
export type ProductSlot = { kind: "all" } | { kind: "show" } | { kind: "product"; product: ProductRef };

export type TimeSelection = { kind: "year"; year: number } | { kind: "range"; from: number; to: number };

/** A subnational country's level mapped instead of the world's countries (geomap only): regions.ts. */
export interface RegionRef {
  country: string;
  level: string;
}

export interface VizState {
  chart: ChartType;
  classification: Classification;
  flow: Flow;
  /** The reporting country (exporter when flow is export, importer when import). */
  country: GeoSlot;
  /** Its trade partner (destination of exports, origin of imports). */
  partner: GeoSlot;
  product: ProductSlot;
  time: TimeSelection;
  /** How deep a product breakdown goes; absent means the default for the view. */
  depth?: Depth;
  /** Scatter measures (keys of measures.ts); absent means the default for the entity shown. */
  x?: string;
  y?: string;
  /** Geomap of a country's regions (`?regions=esp.provinces`) instead of countries. */
  regions?: RegionRef;
}

export const ALL: GeoSlot & ProductSlot = { kind: "all" };
export const SHOW: GeoSlot & ProductSlot = { kind: "show" };
/**
 * The country a view falls back to when a question needs one and none was chosen (a bare
 * /visualize/{chart}, a product breakdown after "every country"): Chile, the example the site's
 * docs and the data API's quick start use.
 */
export const DEFAULT_COUNTRY: GeoSlot = { kind: "country", id: "chl" };
