/**
 * What the view service (src/server/visualize: loadView) hands a page for one chart: rows, groups,
 * years, the queries behind it and their sources. The same loaded data feeds the chart, its table,
 * its downloads and the page's prose. Client components receive it as a prop, so it lives here.
 */
import type { ChartGroup, ChartRow } from "@/domain/charts/types";
import type { ScatterMeasure } from "@/domain/charts/measures";
import type { ChartType } from "./state";

export interface VizQuery {
  /** What the query answers, as a message key under visualize.queries. */
  role: "main" | "world" | "indicators" | "export" | "import";
  api: string;
  csv: string;
}

export interface VizData {
  chart: ChartType;
  rows: ChartRow[];
  /** Sections or continents the rows belong to (legend, treemap nesting). */
  groups: ChartGroup[];
  /** Whether the treemap nests rows inside their groups. */
  nested: boolean;
  /** Level of the rows, for fallbacks and table headers ("HS4", "Importer Country"). */
  dimension: string;
  years: number[];
  queries: VizQuery[];
  /** Source keys of the cubes used ("ots", "atlas", "complexity"), named on the page from charts.attributions. */
  sources: string[];
  /** Some names are English because the language has none. */
  fallbackNames: boolean;
  /** Country outlined on the map (the one whose partners are shown). */
  focus: string | null;
  scatter?: { x: ScatterMeasure; y: ScatterMeasure };
  /** M49 -> ISO3 pairs for joining the world map. */
  m49?: [number, string][];
  /** A map of a country's regions (rows are the level's members), with the currency of its values. */
  regionMap?: { country: string; level: string; currency: string };
}
