/**
 * The control panel's state machine, pure: what each control shows for a visualisation state, and
 * the state each choice leads to (the panel then navigates to its canonical URL). No React.
 */
import { parseProductUrlId, productUrlId } from "@/domain/visualize/catalog";
import { DEFAULT_AXES, type ScatterEntity } from "@/domain/charts/measures";
import { allYears, coveredDepths, type YearCoverage } from "@/domain/visualize/coverage";
import { ALL, DEFAULT_COUNTRY, SHOW, type ChartType, type Classification, type Depth, type GeoSlot, type ProductSlot, type VizState } from "@/domain/visualize/state";
import { parseRegionsToken, regionDataset, regionsToken, withRegions, type RegionDataset } from "@/domain/visualize/regions";
import { defaultDepth } from "@/domain/visualize/urlCodec";
import { switchChart } from "@/domain/visualize/views";

/** What the view breaks down: the "Show" control's value. */
export type Breakdown = "product" | "partner" | "country" | "total";

export function breakdownOf(state: VizState): Breakdown {
  if (state.product.kind === "show") return "product";
  if (state.partner.kind === "show") return "partner";
  if (state.country.kind === "show") return "country";
  return "total";
}

/** The state after choosing what to break down, keeping every filter that still applies. */
export function withBreakdown(current: VizState, breakdown: Breakdown): VizState {
  // Scatter axes belong to what is broken down (countries or products): start from the defaults.
  const state: VizState = { ...current };
  delete state.x;
  delete state.y;
  const member = (slot: GeoSlot): GeoSlot => (slot.kind === "show" ? ALL : slot);
  const product = (slot: ProductSlot): ProductSlot => (slot.kind === "show" ? ALL : slot);
  // "Every country" broken down by product falls back to the domain's default country.
  const country = state.country.kind === "show" ? DEFAULT_COUNTRY : state.country;
  switch (breakdown) {
    case "product":
      return { ...state, country, partner: member(state.partner), product: SHOW };
    case "partner":
      return { ...state, country, partner: SHOW, product: product(state.product) };
    case "country":
      return { ...state, country: SHOW, partner: member(state.partner), product: product(state.product) };
    case "total":
      return { ...state, country, partner: member(state.partner), product: product(state.product) };
  }
}

/** A country select's value ("all" for no filter) and back. */
export const geoValue = (slot: GeoSlot) => (slot.kind === "country" ? slot.id : "all");
export const geoSlot = (value: string | null): GeoSlot => (!value || value === "all" ? ALL : { kind: "country", id: value });

/** The range after choosing its first year: kept in order, at least one year long. */
export function withFrom(state: VizState, from: number): VizState {
  const to = state.time.kind === "range" ? state.time.to : state.time.year;
  return { ...state, time: from < to ? { kind: "range", from, to } : { kind: "range", from: Math.min(from, to - 1), to: Math.max(from, to) } };
}

/** The range after choosing its last year: kept in order, at least one year long. */
export function withTo(state: VizState, to: number): VizState {
  const from = state.time.kind === "range" ? state.time.from : state.time.year;
  return { ...state, time: from < to ? { kind: "range", from, to } : { kind: "range", from: Math.min(to, from), to: Math.max(to, from + 1) } };
}

/** A choice made in the panel: which control, and the value it gave (null: cleared). */
export type Control = "chart" | "regions" | "classification" | "flow" | "breakdown" | "country" | "partner" | "product" | "depth" | "from" | "to" | "year" | "x" | "y";
export interface ControlAction {
  control: Control;
  value: string | null;
}

/** The state a choice leads to; null when it changes nothing worth navigating to. */
export function applyControl(state: VizState, action: ControlAction, coverage: YearCoverage): VizState | null {
  const { value } = action;
  switch (action.control) {
    case "chart":
      return value ? switchChart(state, value as ChartType, coverage) : null;
    case "regions":
      return withRegions(state, value && value !== "world" ? parseRegionsToken(value) : null, coverage.regions);
    case "classification":
      return value ? { ...state, classification: value as Classification, depth: undefined } : null;
    case "flow":
      return { ...state, flow: value as VizState["flow"] };
    case "breakdown":
      return withBreakdown(state, value as Breakdown);
    case "country":
      return { ...state, country: geoSlot(value) };
    case "partner":
      return { ...state, partner: geoSlot(value) };
    case "product": {
      const product = value && value !== "all" ? parseProductUrlId(value) : null;
      return { ...state, product: product ? { kind: "product", product } : ALL };
    }
    case "depth":
      return { ...state, depth: value as Depth };
    case "from":
      return withFrom(state, Number(value));
    case "to":
      return withTo(state, Number(value));
    case "year":
      return { ...state, time: { kind: "year", year: Number(value) } };
    case "x":
      return value ? { ...state, x: value } : null;
    case "y":
      return value ? { ...state, y: value } : null;
  }
}

/** What the panel shows for a state: which controls, and the value each holds. */
export interface ControlView {
  breakdown: Breakdown;
  /** The "Show" choices: "total" only on a line chart or when already chosen. */
  breakdowns: Breakdown[];
  /** The subnational dataset a map of regions draws (no breakdown, country or partner controls). */
  regional: RegionDataset | undefined;
  /** Year choices, newest first. */
  years: string[];
  depths: Depth[];
  depth: Depth;
  rangeChart: boolean;
  /** Values of the time selects: the range's ends, or the single year. */
  from: string;
  to: string;
  year: string;
  /** Values of the country and partner selects ("all": no filter). */
  country: string;
  partner: string;
  productValue: string;
  regionsValue: string | undefined;
  entity: ScatterEntity;
  x: string;
  y: string;
  showCountry: boolean;
  showPartner: boolean;
  showProduct: boolean;
  showDepth: boolean;
}

export function controlView(state: VizState, coverage: YearCoverage): ControlView {
  const breakdown = breakdownOf(state);
  // A map of regions: the years its dataset holds, newest first; else every year the revision draws.
  const regional = state.chart === "geomap" ? regionDataset(coverage.regions, state.regions) : undefined;
  const years = (regional ? [...regional.years].reverse() : allYears(coverage, state.classification)).map(String);
  const entity: ScatterEntity = breakdown === "product" ? "product" : "country";
  const time = state.time;
  return {
    breakdown,
    breakdowns: ["product", "partner", "country", ...(state.chart === "line" || breakdown === "total" ? (["total"] as const) : [])],
    regional,
    years,
    depths: coveredDepths(coverage, state.classification),
    depth: state.depth ?? defaultDepth(state, coverage),
    rangeChart: state.chart === "stacked" || state.chart === "line",
    from: String(time.kind === "range" ? time.from : time.year),
    to: String(time.kind === "range" ? time.to : time.year),
    year: String(time.kind === "year" ? time.year : time.to),
    country: geoValue(state.country),
    partner: geoValue(state.partner),
    productValue: state.product.kind === "product" ? productUrlId(state.product.product) : "all",
    regionsValue: state.regions ? regionsToken(state.regions) : undefined,
    entity,
    x: state.x ?? DEFAULT_AXES[entity].x,
    y: state.y ?? DEFAULT_AXES[entity].y,
    showCountry: !regional && breakdown !== "country",
    showPartner: !regional && breakdown !== "partner",
    showProduct: breakdown !== "product",
    showDepth: breakdown === "product" && state.chart !== "network" && state.chart !== "scatter",
  };
}
