/**
 * A typed view state as a query parameter: the chart rows' address (`/api/view?locale=en&state=...`)
 * and the view service's cache key. One canonical JSON text per state: the fields in a fixed order
 * (chart, classification, flow, country, partner, product, time, depth, x, y, regions), optional
 * ones left out, so the same state is always the same URL (and one cache entry at the front door).
 * Reading is strict: unknown or missing fields, wrong types, out-of-range values, oversized or
 * non-canonical text are refused with a reason, never guessed. Pure.
 */
import { isMeasureKey } from "@/domain/charts/measures";
import type { Locale } from "@/domain/i18n/locales";
import { productUrlId, type VizCatalog } from "./catalog";
import { CHARTS, CLASSIFICATIONS, DEPTHS, FLOWS, type GeoSlot, type ProductRef, type ProductSlot, type RegionRef, type TimeSelection, type VizState } from "./state";

/** Longer text is refused before it is parsed (a real state is about 250 characters). */
export const MAX_STATE_CHARS = 1024;

const FIELDS = ["chart", "classification", "flow", "country", "partner", "product", "time", "depth", "x", "y", "regions"] as const;
const REQUIRED = new Set<string>(["chart", "classification", "flow", "country", "partner", "product", "time"]);

const COUNTRY_ID = /^[a-z]{3}$/;
const REGION_LEVEL = /^[a-z][a-z_-]{0,29}$/;
const PRODUCT_CODE: Record<ProductRef["level"], RegExp> = { section: /^[1-9]\d?$/, hs2: /^\d{2}$/, hs4: /^\d{4}$/, hs6: /^\d{6}$/ };
const SECTION = /^[1-9]\d?$/;
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;

function geoValue(slot: GeoSlot): object {
  return slot.kind === "country" ? { kind: "country", id: slot.id } : { kind: slot.kind };
}

function productValue(slot: ProductSlot): object {
  if (slot.kind !== "product") return { kind: slot.kind };
  const { level, code, section } = slot.product;
  return { kind: "product", product: { level, code, section } };
}

function timeValue(time: TimeSelection): object {
  return time.kind === "year" ? { kind: "year", year: time.year } : { kind: "range", from: time.from, to: time.to };
}

/** The canonical JSON text of a state (the same for equal states, whatever their fields' order). */
export function encodeVizState(state: VizState): string {
  const out: Record<string, unknown> = {
    chart: state.chart,
    classification: state.classification,
    flow: state.flow,
    country: geoValue(state.country),
    partner: geoValue(state.partner),
    product: productValue(state.product),
    time: timeValue(state.time),
  };
  if (state.depth) out.depth = state.depth;
  if (state.x) out.x = state.x;
  if (state.y) out.y = state.y;
  if (state.regions) out.regions = { country: state.regions.country, level: state.regions.level };
  return JSON.stringify(out);
}

/** The address of a view's rows (GET, so caches keep it). */
export function viewApiUrl(state: VizState, locale: Locale): string {
  return `/api/view?locale=${locale}&state=${encodeURIComponent(encodeVizState(state))}`;
}

export type StateDecode = { ok: true; state: VizState } | { ok: false; message: string };

class Refused extends Error {}

function refuse(message: string): never {
  throw new Refused(message);
}

function record(value: unknown, name: string, keys: readonly string[]): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) refuse(`${name} must be an object.`);
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) if (!keys.includes(key)) refuse(`${name}: unknown field "${key.slice(0, 40)}".`);
  return object;
}

function oneOf<T extends string>(value: unknown, name: string, allowed: readonly T[]): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) refuse(`${name} must be one of ${allowed.join(", ")}.`);
  return value as T;
}

function matching(value: unknown, name: string, pattern: RegExp): string {
  if (typeof value !== "string" || !pattern.test(value)) refuse(`${name} is malformed.`);
  return value;
}

function year(value: unknown, name: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < MIN_YEAR || value > MAX_YEAR) refuse(`${name} must be a year between ${MIN_YEAR} and ${MAX_YEAR}.`);
  return value;
}

function geo(value: unknown, name: string): GeoSlot {
  const kind = oneOf(record(value, name, ["kind", "id"]).kind, `${name}.kind`, ["all", "show", "country"] as const);
  const object = record(value, name, kind === "country" ? ["kind", "id"] : ["kind"]);
  return kind === "country" ? { kind, id: matching(object.id, `${name}.id`, COUNTRY_ID) } : { kind };
}

function product(value: unknown): ProductSlot {
  const kind = oneOf(record(value, "product", ["kind", "product"]).kind, "product.kind", ["all", "show", "product"] as const);
  const object = record(value, "product", kind === "product" ? ["kind", "product"] : ["kind"]);
  if (kind !== "product") return { kind };
  const ref = record(object.product, "product.product", ["level", "code", "section"]);
  const level = oneOf(ref.level, "product.product.level", DEPTHS);
  const code = matching(ref.code, "product.product.code", PRODUCT_CODE[level]);
  const section = matching(ref.section, "product.product.section", SECTION);
  if (level === "section" && code !== section) refuse("product.product: a section's code is its section.");
  return { kind, product: { level, code, section } };
}

function time(value: unknown): TimeSelection {
  const kind = oneOf(record(value, "time", ["kind", "year", "from", "to"]).kind, "time.kind", ["year", "range"] as const);
  const object = record(value, "time", kind === "year" ? ["kind", "year"] : ["kind", "from", "to"]);
  if (kind === "year") return { kind, year: year(object.year, "time.year") };
  const from = year(object.from, "time.from");
  const to = year(object.to, "time.to");
  if (from >= to) refuse("time: a range runs from an earlier year to a later one.");
  return { kind, from, to };
}

function measure(value: unknown, name: string): string {
  if (typeof value !== "string" || !isMeasureKey(value)) refuse(`${name}: unknown measure.`);
  return value;
}

function regions(value: unknown): RegionRef {
  const object = record(value, "regions", ["country", "level"]);
  return { country: matching(object.country, "regions.country", COUNTRY_ID), level: matching(object.level, "regions.level", REGION_LEVEL) };
}

function decodeObject(value: unknown): VizState {
  const object = record(value, "state", FIELDS);
  for (const field of REQUIRED) if (!(field in object)) refuse(`state: missing field "${field}".`);
  const state: VizState = {
    chart: oneOf(object.chart, "chart", CHARTS),
    classification: oneOf(object.classification, "classification", CLASSIFICATIONS),
    flow: oneOf(object.flow, "flow", FLOWS),
    country: geo(object.country, "country"),
    partner: geo(object.partner, "partner"),
    product: product(object.product),
    time: time(object.time),
  };
  if ("depth" in object) state.depth = oneOf(object.depth, "depth", DEPTHS);
  if ("x" in object) state.x = measure(object.x, "x");
  if ("y" in object) state.y = measure(object.y, "y");
  if ("regions" in object) state.regions = regions(object.regions);
  return state;
}

/** Reads a state written by encodeVizState; anything else is refused with the reason. */
export function decodeVizState(text: string): StateDecode {
  if (text.length === 0) return { ok: false, message: "state is required." };
  if (text.length > MAX_STATE_CHARS) return { ok: false, message: `state is longer than ${MAX_STATE_CHARS} characters.` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: "state is not JSON." };
  }
  let state: VizState;
  try {
    state = decodeObject(value);
  } catch (error) {
    if (error instanceof Refused) return { ok: false, message: error.message };
    throw error;
  }
  // One text per state: another spelling (field order, spaces, escapes) would be another cache entry.
  if (encodeVizState(state) !== text) return { ok: false, message: "state is not in canonical form (fields in their order, no spaces)." };
  return { ok: true, state };
}

/** The first country or product of a state the catalogue does not know, else null. */
export function unknownMember(state: VizState, catalog: Pick<VizCatalog, "country" | "product">): { code: "unknown_country" | "unknown_product"; value: string } | null {
  const ids = [state.country, state.partner].flatMap((slot) => (slot.kind === "country" ? [slot.id] : []));
  if (state.regions) ids.push(state.regions.country);
  for (const id of ids) if (catalog.country(id) !== id) return { code: "unknown_country", value: id };
  if (state.product.kind === "product") {
    const asked = state.product.product;
    // "hs2603" names one level; a bare OEC id could be read at another level ("1574").
    const found = catalog.product(asked.level === "section" ? asked.code : `hs${asked.code}`);
    if (!found || found.level !== asked.level || found.code !== asked.code || found.section !== asked.section) return { code: "unknown_product", value: productUrlId(asked) };
  }
  return null;
}
