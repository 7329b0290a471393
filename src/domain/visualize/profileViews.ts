/**
 * Typed view states for profile sections: the chart a section draws, built as data (never a path
 * string to re-parse). Canonical by construction: no depth or axes unless asked.
 */
import { ALL, SHOW, isClassification, type ChartType, type Depth, type Flow, type GeoSlot, type ProductRef, type ProductSlot, type TimeSelection, type VizState } from "./state";

const geo = (id: string | null | undefined): GeoSlot => (id ? { kind: "country", id } : ALL);

export interface ProfileView {
  chart: ChartType;
  flow?: Flow;
  country?: string | "show" | null;
  partner?: string | "show" | null;
  product?: ProductRef | "show" | null;
  time: number | { from: number; to: number };
  depth?: Depth;
  /** The HS revision of the data the section read (a catalogue YearSource's); HS92 otherwise. */
  classification?: string;
}

export function profileView(v: ProfileView): VizState {
  const slot = (value: string | "show" | null | undefined): GeoSlot => (value === "show" ? SHOW : geo(value));
  const product: ProductSlot = v.product === "show" ? SHOW : v.product ? { kind: "product", product: v.product } : ALL;
  const time: TimeSelection = typeof v.time === "number" ? { kind: "year", year: v.time } : v.time.from === v.time.to ? { kind: "year", year: v.time.from } : { kind: "range", from: v.time.from, to: v.time.to };
  return {
    chart: v.chart,
    classification: v.classification && isClassification(v.classification) ? v.classification : "hs92",
    flow: v.flow ?? "export",
    country: slot(v.country),
    partner: slot(v.partner),
    product,
    time,
    ...(v.depth ? { depth: v.depth } : {}),
  };
}
