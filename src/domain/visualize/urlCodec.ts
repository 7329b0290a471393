/**
 * The one URL codec of the /visualize/... route family: parse, validate, canonicalise, build.
 *
 * Canonical form (what every link and the control panel produce), after the locale prefix:
 *
 *   /visualize/{chart}/{classification}/{flow}/{country}/{partner}/{product}/{time}?depth=&x=&y=
 *   /visualize/tree_map/hs92/export/chl/all/show/2018
 *   /visualize/stacked/hs92/import/deu/show/5/1995-2018
 *
 * country and partner are ISO3 codes, "all" or "show"; product is an OEC-style id (section, or
 * section followed by the HS code: "5", "526", "52601"), "all" or "show"; time is a year or a
 * range "from-to". "show" marks what the chart breaks down. classification is an HS revision
 * (hs92, hs12...): the URL may name any, the data catalogue says which are loaded (the planner
 * explains the others). depth (section | hs2 | hs4 | hs6) is written only when it differs from
 * the view's default, x and y (scatter axes) only when they differ from the defaults.
 *
 * Also accepted, and redirected to the canonical form:
 * - the spec's link form without classification and with optional flow and product,
 *   /visualize/{chart}/{flow?}/{country or all}/{partner, show or all}/{product?}/{time}/?locale=es
 *   (two geography slots and no product slot means: break down products unless a slot says "show");
 * - aliases: chart names (treemap, stacked_area, map, product_space), flows (exports, 1, 2),
 *   upper-case ISO3, ISO2 and country slugs ("chile"), plain HS codes ("2601", "hs26") and product
 *   slugs ("copper-ore"), ranges written "1995.2018";
 * - a bare /visualize/{chart}, which opens that chart's default view.
 */
import { isLocale, type Locale } from "@/domain/i18n/locales";
import { productUrlId, type VizCatalog } from "./catalog";
import { coveredYears, type YearCoverage } from "./coverage";
import { DEFAULT_AXES, isMeasureKey } from "@/domain/charts/measures";
import { parseRegionsToken, regionsToken } from "./regions";
import {
  ALL,
  CHARTS,
  DEFAULT_COUNTRY,
  isClassification,
  SHOW,
  type ChartType,
  type Classification,
  type Depth,
  type Flow,
  type GeoSlot,
  type ProductSlot,
  type TimeSelection,
  type VizState,
} from "./state";

export type CodecErrorCode = "unknown_chart" | "malformed_path" | "unknown_country" | "unknown_product" | "invalid_time" | "invalid_parameter";

export interface CodecError {
  code: CodecErrorCode;
  message: string;
  /** The offending segment or parameter value. */
  value?: string;
}

export type ParseResult =
  | {
      ok: true;
      state: VizState;
      /** The canonical path (no locale prefix) with its query string. */
      canonical: string;
      /** A language asked for with ?locale= (link form). */
      locale?: Locale;
    }
  | { ok: false; error: CodecError };

const CHART_ALIASES: Readonly<Record<string, ChartType>> = {
  tree_map: "tree_map",
  treemap: "tree_map",
  "tree-map": "tree_map",
  stacked: "stacked",
  stacked_area: "stacked",
  "stacked-area": "stacked",
  line: "line",
  line_chart: "line",
  scatter: "scatter",
  scatter_plot: "scatter",
  network: "network",
  product_space: "network",
  "product-space": "network",
  geomap: "geomap",
  geo_map: "geomap",
  map: "geomap",
};

/** Older spellings of the classification segment (links from before revisions were named). */
const CLASSIFICATION_ALIASES: Readonly<Record<string, Classification>> = {
  hs: "hs92",
  hs4: "hs92",
  sections: "hs92",
  trade_i_ots_a_hs4: "hs92",
  trade_i_ots_a_sections: "hs92",
};

function parseClassification(token: string): Classification | null {
  const t = token.toLowerCase();
  return isClassification(t) ? t : (CLASSIFICATION_ALIASES[t] ?? null);
}

const FLOW_ALIASES: Readonly<Record<string, Flow>> = {
  export: "export",
  exports: "export",
  "2": "export",
  import: "import",
  imports: "import",
  "1": "import",
};

/** The revision a URL without one means: the catalogue's default (HS92 when nothing is loaded). */
export const defaultClassification = (coverage: YearCoverage): Classification => coverage.classifications[0] ?? "hs92";

/** How many years a default range spans (OEC's 1995-2018 habit: about a generation of trade). */
const DEFAULT_RANGE_YEARS = 24;

/**
 * The view a bare /visualize/{chart} opens: Chile's trade, a sensible question per chart, in the
 * catalogue's default revision and its newest years (HS4 detail where it exists).
 */
export function defaultState(chart: ChartType, coverage: YearCoverage): VizState {
  const classification = defaultClassification(coverage);
  const base = { chart, classification, flow: "export" as const };
  const newest = (depth: Depth, bilateral = false) => coveredYears(coverage, { classification, flow: "export", depth, bilateral }).at(-1);
  const sectionYears = coveredYears(coverage, { classification, flow: "export", depth: "section", bilateral: false });
  // Without any data the page explains itself; the year only has to be a year.
  const fallback = new Date().getUTCFullYear() - 2;
  const chl = DEFAULT_COUNTRY;
  const year = (y: number | undefined): TimeSelection => ({ kind: "year", year: y ?? fallback });
  const to = sectionYears.at(-1) ?? fallback;
  const from = Math.max(sectionYears[0] ?? to, to - DEFAULT_RANGE_YEARS + 1);
  const range: TimeSelection = from < to ? { kind: "range", from, to } : { kind: "year", year: to };
  switch (chart) {
    case "tree_map":
    case "network":
      return { ...base, country: chl, partner: ALL, product: SHOW, time: year(newest("hs4") ?? newest("section")) };
    case "stacked":
      return { ...base, country: chl, partner: ALL, product: SHOW, time: range };
    case "line":
      return { ...base, country: chl, partner: ALL, product: ALL, time: range };
    case "geomap":
      return { ...base, country: chl, partner: SHOW, product: ALL, time: year(newest("section", true) ?? newest("section")) };
    case "scatter":
      return { ...base, country: SHOW, partner: ALL, product: ALL, time: year(newest("section")) };
  }
}

function parseTime(token: string): TimeSelection | null {
  const single = /^(\d{4})$/.exec(token);
  if (single) {
    const year = Number(single[1]);
    return year >= 1900 && year <= 2100 ? { kind: "year", year } : null;
  }
  const range = /^(\d{4})(?:-|\.|\.\.|_)(\d{4})$/.exec(token);
  if (!range) return null;
  const from = Number(range[1]);
  const to = Number(range[2]);
  if (from < 1900 || to > 2100 || from > to) return null;
  return from === to ? { kind: "year", year: from } : { kind: "range", from, to };
}

export function formatTime(time: TimeSelection): string {
  return time.kind === "year" ? String(time.year) : `${time.from}-${time.to}`;
}

export function timeYears(time: TimeSelection): number[] {
  if (time.kind === "year") return [time.year];
  return Array.from({ length: time.to - time.from + 1 }, (_, i) => time.from + i);
}

type Lookup = Pick<VizCatalog, "country" | "product">;

function parseGeo(token: string, catalog: Lookup): GeoSlot | CodecError {
  const t = token.toLowerCase();
  if (t === "all") return ALL;
  if (t === "show") return SHOW;
  const id = catalog.country(t);
  return id ? { kind: "country", id } : { code: "unknown_country", message: `Unknown country "${token}".`, value: token };
}

function parseProduct(token: string, catalog: Lookup): ProductSlot | CodecError {
  const t = token.toLowerCase();
  if (t === "all") return ALL;
  if (t === "show") return SHOW;
  const product = catalog.product(t);
  return product ? { kind: "product", product } : { code: "unknown_product", message: `Unknown product "${token}".`, value: token };
}

const isError = (value: object): value is CodecError => "code" in value && "message" in value;

/** The product depth a view shows unless the URL says otherwise: HS4 where HS4 data answers the year. */
export function defaultDepth(state: Pick<VizState, "chart" | "partner" | "time" | "classification" | "flow">, coverage: YearCoverage): Depth {
  if (state.chart === "network" || state.chart === "scatter") return "hs4";
  if (state.time.kind !== "year") return "section";
  const hs4 = coveredYears(coverage, { classification: state.classification, flow: state.flow, depth: "hs4", bilateral: state.partner.kind !== "all" });
  return hs4.includes(state.time.year) ? "hs4" : "section";
}

/** Removes what the URL should not carry (defaults, parameters the chart does not use). */
export function canonicalState(state: VizState, coverage: YearCoverage): VizState {
  const next: VizState = { ...state };
  delete next.depth;
  delete next.x;
  delete next.y;
  if (state.product.kind === "show" && state.depth && state.depth !== defaultDepth(state, coverage)) next.depth = state.depth;
  delete next.regions;
  if (state.chart === "geomap" && state.regions) {
    // A map of regions: its country is the reporter; nothing else the URL carries changes.
    next.regions = state.regions;
    next.country = { kind: "country", id: state.regions.country };
  }
  if (state.chart === "scatter") {
    const axes = DEFAULT_AXES[state.product.kind === "show" ? "product" : "country"];
    if (state.x && state.x !== axes.x) next.x = state.x;
    if (state.y && state.y !== axes.y) next.y = state.y;
  }
  return next;
}

function geoToken(slot: GeoSlot): string {
  return slot.kind === "country" ? slot.id : slot.kind;
}

function productToken(slot: ProductSlot): string {
  return slot.kind === "product" ? productUrlId(slot.product) : slot.kind;
}

/** The path of a state (no locale prefix), canonicalised first. */
export function buildVizPath(state: VizState, coverage: YearCoverage, options: { embed?: boolean } = {}): string {
  const s = canonicalState(state, coverage);
  const segments = [
    "visualize",
    ...(options.embed ? ["embed"] : []),
    s.chart,
    s.classification,
    s.flow,
    geoToken(s.country),
    geoToken(s.partner),
    productToken(s.product),
    formatTime(s.time),
  ];
  const query = new URLSearchParams();
  if (s.depth) query.set("depth", s.depth);
  if (s.x) query.set("x", s.x);
  if (s.y) query.set("y", s.y);
  if (s.regions) query.set("regions", regionsToken(s.regions));
  const qs = query.toString();
  return `/${segments.join("/")}${qs ? `?${qs}` : ""}`;
}

export type QueryInput = URLSearchParams | Readonly<Record<string, string | string[] | undefined>>;

function queryValue(query: QueryInput, name: string): string | undefined {
  if (query instanceof URLSearchParams) return query.get(name) ?? undefined;
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Reads the path segments after /visualize/ (already URL-decoded) and the query, resolves members
 * with the catalog and returns the state with its canonical path, or what is wrong with the URL.
 */
export function parseVizPath(segments: readonly string[], query: QueryInput, catalog: VizCatalog): ParseResult {
  const parts = segments.map((s) => s.trim()).filter((s) => s !== "");
  if (parts.length === 0) return { ok: false, error: { code: "malformed_path", message: "No chart given." } };
  const chart = CHART_ALIASES[parts[0].toLowerCase()];
  if (!chart) {
    return { ok: false, error: { code: "unknown_chart", message: `Unknown chart "${parts[0]}"; use one of ${CHARTS.join(", ")}.`, value: parts[0] } };
  }

  const localeParam = queryValue(query, "locale");
  const locale = localeParam && isLocale(localeParam) ? localeParam : undefined;

  let state: VizState;
  if (parts.length === 1) {
    state = defaultState(chart, catalog.coverage);
  } else {
    let rest = parts.slice(1);
    let classification: Classification = defaultClassification(catalog.coverage);
    const maybeClassification = parseClassification(rest[0]);
    if (maybeClassification) {
      classification = maybeClassification;
      rest = rest.slice(1);
    }
    let flow: Flow = "export";
    const maybeFlow = rest.length > 0 ? FLOW_ALIASES[rest[0].toLowerCase()] : undefined;
    if (maybeFlow) {
      flow = maybeFlow;
      rest = rest.slice(1);
    }
    if (rest.length < 3 || rest.length > 4) {
      return {
        ok: false,
        error: { code: "malformed_path", message: "Expected {flow}/{country}/{partner}/{product}/{time} after the chart." },
      };
    }
    const time = parseTime(rest[rest.length - 1]);
    if (!time) return { ok: false, error: { code: "invalid_time", message: `"${rest[rest.length - 1]}" is not a year or a range like 1995-2018.`, value: rest[rest.length - 1] } };
    const country = parseGeo(rest[0], catalog);
    if (isError(country)) return { ok: false, error: country };
    const partner = parseGeo(rest[1], catalog);
    if (isError(partner)) return { ok: false, error: partner };
    let product: ProductSlot;
    if (rest.length === 4) {
      const parsed = parseProduct(rest[2], catalog);
      if (isError(parsed)) return { ok: false, error: parsed };
      product = parsed;
    } else {
      // Link form without a product: products are what is shown unless a slot already says "show".
      product = country.kind === "show" || partner.kind === "show" ? ALL : SHOW;
    }
    state = { chart, classification, flow, country, partner, product, time };
  }

  const depth = queryValue(query, "depth");
  if (depth !== undefined && depth !== "") {
    const d = depth.toLowerCase();
    if (d !== "section" && d !== "hs2" && d !== "hs4" && d !== "hs6") {
      return { ok: false, error: { code: "invalid_parameter", message: "depth: use section, hs2, hs4 or hs6.", value: depth } };
    }
    state.depth = d;
  }
  for (const axis of ["x", "y"] as const) {
    const value = queryValue(query, axis);
    if (value === undefined || value === "") continue;
    if (!isMeasureKey(value)) return { ok: false, error: { code: "invalid_parameter", message: `${axis}: unknown measure "${value}".`, value } };
    state[axis] = value;
  }

  const regions = queryValue(query, "regions");
  if (regions !== undefined && regions !== "") {
    const ref = parseRegionsToken(regions);
    if (!ref) return { ok: false, error: { code: "invalid_parameter", message: "regions: use {country}.{level}, for example esp.provinces.", value: regions } };
    state.regions = ref;
  }

  const canonical = canonicalState(state, catalog.coverage);
  return { ok: true, state: canonical, canonical: buildVizPath(canonical, catalog.coverage), ...(locale ? { locale } : {}) };
}

/** The path and query of a request the way the codec builds them, to compare with the canonical one. */
export function requestedVizPath(segments: readonly string[], query: QueryInput): string {
  const params = new URLSearchParams();
  for (const name of ["depth", "x", "y", "regions", "locale"]) {
    const value = queryValue(query, name);
    if (value !== undefined) params.set(name, value);
  }
  const qs = params.toString();
  return `/visualize/${segments.join("/")}${qs ? `?${qs}` : ""}`;
}
