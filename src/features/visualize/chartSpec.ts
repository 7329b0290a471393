/**
 * From the data of a visualisation to what the <Chart> component draws. Pure.
 */
import type { ChartRow } from "@/domain/charts/types";
import type { VizData } from "@/domain/visualize/data";
import { ASSET_URLS } from "@/domain/visualize/assets";
import type { ChartSpec } from "@/features/charts/spec";


/** Rows with their group's name, for tooltip subtitles. */
export function withGroupNames(data: Pick<VizData, "rows" | "groups">): ChartRow[] {
  const names = new Map(data.groups.map((g) => [g.id, g.name]));
  return data.rows.map((r) => (r.group && names.has(r.group) ? { ...r, groupName: names.get(r.group) } : r));
}

export function chartSpecFor(data: VizData): ChartSpec {
  const rows = withGroupNames(data);
  const year = data.years.length === 1 ? data.years[0] : undefined;
  switch (data.chart) {
    case "tree_map":
      return { type: "treemap", input: { rows, groups: data.nested ? data.groups : [], year, dimension: data.dimension } };
    case "stacked":
      return { type: "stacked", input: { rows, years: data.years, dimension: data.dimension } };
    case "line":
      return { type: "line", input: { rows, years: data.years, dimension: data.dimension } };
    case "scatter":
      return { type: "scatter", input: { rows, x: data.scatter!.x, y: data.scatter!.y, year, dimension: data.dimension } };
    case "network":
      return { type: "network", input: { rows, groups: data.groups, year }, layoutUrl: ASSET_URLS.productSpace };
    case "geomap":
      return { type: "geomap", input: { rows, year, focus: data.focus, dimension: data.dimension }, mapUrl: ASSET_URLS.worldMap, m49: data.m49 ?? [] };
  }
}
