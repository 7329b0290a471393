/**
 * Maps of subnational regions in the visualisation builder: a geomap of one country's level
 * (Spain's provinces, Australia's states, any level an operator imported) instead of the world's
 * countries. The URL asks for it with `?regions={country}.{level}` on a geomap. What can be drawn is
 * the data catalogue's answer (datasets `<country>_<level>` of kind subnational) joined with the
 * subnational configuration (levels with a map in the data package); this module plans such a view
 * and explains, with a fix, what it cannot draw. Pure.
 */
import type { CatalogEntry, CatalogFlow } from "@/domain/catalog/catalog";
import { yearsLabel } from "@/domain/format/years";
import { ALL_SUBNATIONAL_COUNTRIES, datasetOf, geoLevel } from "@/domain/subnational/config";
import { ALL, DEPTHS, SHOW, type Depth, type Flow, type RegionRef, type VizState } from "./state";

/** A country level the builder can map: it has geometry and data. */
export interface RegionDataset {
  country: string;
  level: string;
  /** Years with data, oldest first. */
  years: number[];
  flows: Flow[];
  /** Product depths a map can be filtered by (empty: totals only). */
  depths: Depth[];
}

const TOKEN = /^([a-z]{3})\.([a-z][a-z_-]{0,29})$/;

/** Reads `?regions=esp.provinces`; null when malformed. */
export function parseRegionsToken(value: string): RegionRef | null {
  const match = TOKEN.exec(value.trim().toLowerCase());
  return match ? { country: match[1], level: match[2] } : null;
}

export const regionsToken = (ref: RegionRef): string => `${ref.country}.${ref.level}`;

/**
 * The levels the catalogue holds data for and the package has a map of. `filterable` says whether
 * a dataset's cube can be cut by product (generically imported levels are mapped as totals).
 */
export function regionDatasets(entries: readonly CatalogEntry[], filterable: (entry: CatalogEntry) => boolean): RegionDataset[] {
  const out: RegionDataset[] = [];
  for (const country of ALL_SUBNATIONAL_COUNTRIES) {
    for (const level of country.geoLevels) {
      if (!level.geometry) continue;
      const dataset = datasetOf(country.code, level.slug);
      const held = entries.filter((e) => e.kind === "subnational" && e.dataset === dataset).sort((a, b) => a.year - b.year);
      if (!held.length) continue;
      const flows = new Set<CatalogFlow>(held.flatMap((e) => (e.flows.length ? e.flows : ["export" as const])));
      const finest = held.map((e) => DEPTHS.indexOf(e.depth as Depth)).reduce((a, b) => Math.max(a, b), -1);
      out.push({
        country: country.code,
        level: level.slug,
        years: [...new Set(held.map((e) => e.year))],
        flows: (["export", "import"] as const).filter((f) => flows.has(f)),
        depths: held.every(filterable) && finest >= 0 ? DEPTHS.slice(0, finest + 1) : [],
      });
    }
  }
  return out;
}

/** The dataset of a level, when the catalogue holds one. */
export function regionDataset(regions: readonly RegionDataset[] | undefined, ref: RegionRef | null | undefined): RegionDataset | undefined {
  return ref ? regions?.find((r) => r.country === ref.country && r.level === ref.level) : undefined;
}

/**
 * The map after choosing what it shows (the control panel's "Map of"): a level's regions, keeping
 * the year, product and flow where the level holds them (else its newest year, all products, its
 * flow); or, with no level, the world's countries as the reporter's partners.
 */
export function withRegions(state: VizState, ref: RegionRef | null, regions: readonly RegionDataset[] | undefined): VizState {
  const dataset = regionDataset(regions, ref);
  if (!ref || !dataset) {
    const next: VizState = { ...state, partner: SHOW, product: ALL };
    delete next.regions;
    return next;
  }
  const year = state.time.kind === "year" && dataset.years.includes(state.time.year) ? state.time.year : dataset.years[dataset.years.length - 1];
  const product = state.product.kind === "product" && dataset.depths.includes(state.product.product.level) ? state.product : ALL;
  const flow = dataset.flows.includes(state.flow) ? state.flow : (dataset.flows[0] ?? "export");
  return { ...state, regions: ref, country: { kind: "country", id: ref.country }, partner: ALL, product, flow, time: { kind: "year", year } };
}

export type RegionProblemCode = "regionsUnknown" | "regionsNoData" | "regionsPartner" | "regionsFlow" | "regionsProduct" | "regionsYear";

export interface RegionProblem {
  code: RegionProblemCode;
  params?: Record<string, string | number>;
  fix?: VizState;
}

export type RegionPlan = { ok: true; dataset: RegionDataset; year: number } | { ok: false; problems: RegionProblem[] };

/**
 * A geomap of regions: the level must have a map and data; the data have no trade partners; the
 * product filter must be at a depth the data hold; one year the data hold. The reporting country
 * of the URL is the region's country (the codec writes it so).
 */
export function planRegions(state: VizState, regions: readonly RegionDataset[]): RegionPlan {
  const ref = state.regions;
  const withoutRegions = (): VizState => {
    const next: VizState = { ...state };
    delete next.regions;
    return next;
  };
  if (!ref) return { ok: false, problems: [{ code: "regionsUnknown", params: { regions: "" }, fix: withoutRegions() }] };
  const token = regionsToken(ref);
  if (!geoLevel(ref.country, ref.level)?.geometry) {
    return { ok: false, problems: [{ code: "regionsUnknown", params: { regions: token }, fix: withoutRegions() }] };
  }
  const dataset = regionDataset(regions, ref);
  if (!dataset) return { ok: false, problems: [{ code: "regionsNoData", params: { regions: token, country: ref.country }, fix: withoutRegions() }] };
  const problems: RegionProblem[] = [];
  const fix = (patch: Partial<VizState>): VizState => ({ ...state, ...patch });
  if (state.partner.kind !== "all") problems.push({ code: "regionsPartner", fix: fix({ partner: ALL }) });
  if (!dataset.flows.includes(state.flow)) problems.push({ code: "regionsFlow", params: { flow: dataset.flows[0] ?? "export" }, fix: fix({ flow: dataset.flows[0] ?? "export" }) });
  if (state.product.kind === "show" || (state.product.kind === "product" && !dataset.depths.includes(state.product.product.level))) {
    problems.push({ code: "regionsProduct", params: { depths: dataset.depths.length ? dataset.depths.join(", ") : "–" }, fix: fix({ product: ALL }) });
  }
  const year = state.time.kind === "year" ? state.time.year : state.time.to;
  const newest = dataset.years[dataset.years.length - 1];
  if (state.time.kind !== "year" || !dataset.years.includes(year)) {
    const nearest = dataset.years.reduce((best, y) => (Math.abs(y - year) < Math.abs(best - year) ? y : best), newest);
    problems.push({ code: "regionsYear", params: { years: yearsLabel(dataset.years) }, fix: fix({ time: { kind: "year", year: nearest } }) });
  }
  return problems.length ? { ok: false, problems } : { ok: true, dataset, year };
}
