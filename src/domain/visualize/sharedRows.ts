/**
 * One question drawn twice on a page loads its rows once. A profile shows a product's exporters as
 * a treemap in one section and as a map in the next: the same countries and values. Both charts ask
 * /api/view for the map's rows (the countries, with the M49 codes that join them to the map), and the
 * treemap draws those rows as a treemap. Pure.
 */
import type { YearCoverage } from "./coverage";
import type { VizData } from "./data";
import type { ChartType, VizState } from "./state";
import { planView } from "./views";

/** The state whose rows a chart of `state` is drawn from: its map twin for a treemap of countries, else itself. */
export function rowsState(state: VizState, coverage: YearCoverage): VizState {
  const ofCountries = state.product.kind !== "show" && (state.country.kind === "show" || state.partner.kind === "show");
  if (state.chart !== "tree_map" || !ofCountries || state.regions) return state;
  const map: VizState = { ...state, chart: "geomap" };
  return planView(map, coverage).ok ? map : state;
}

/** The rows of rowsState(state) as the chart of `state` draws them. */
export function asChart(data: VizData, chart: ChartType): VizData {
  if (data.chart === chart) return data;
  if (data.chart === "geomap" && chart === "tree_map") {
    const rows: VizData = { ...data, chart, focus: null };
    delete rows.m49;
    return rows;
  }
  throw new Error(`rows of a ${data.chart} are not drawn as a ${chart}`);
}
