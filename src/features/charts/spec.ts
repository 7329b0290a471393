/**
 * What the <Chart> component draws: a chart type with the input of its option generator, plus
 * the assets some charts need (the product-space layout, the world map). Pure dispatch, no React.
 */
import type { EChartsOption } from "echarts";
import {
  geomapOption,
  lineOption,
  networkOption,
  scatterOption,
  stackedOption,
  treemapOption,
  type GeomapInput,
  type NetworkInput,
  type ProductSpaceLayout,
  type ScatterInput,
  type TimeSeriesInput,
  type TreemapInput,
} from "@/domain/charts/options";
import { measureLineOption, type MeasureLineInput } from "@/domain/charts/options/measureLine";
import type { ChartContext } from "@/domain/charts/types";

/** `currency`: of the trade values drawn (default USD); AUD for Australian state data. */
export type ChartSpec = (
  | { type: "treemap"; input: TreemapInput }
  | { type: "stacked"; input: TimeSeriesInput }
  | { type: "line"; input: TimeSeriesInput }
  | { type: "measureLine"; input: MeasureLineInput }
  | { type: "scatter"; input: ScatterInput }
  | { type: "network"; input: Omit<NetworkInput, "layout">; layoutUrl: string }
  | { type: "geomap"; input: GeomapInput; mapUrl: string; m49: readonly (readonly [number, string])[] }
) & { currency?: "USD" | "AUD" };

export interface ChartAssets {
  layout?: ProductSpaceLayout;
  /** Set once the world map is registered with ECharts under input.mapName. */
  mapReady?: boolean;
}

export function chartOption(spec: ChartSpec, assets: ChartAssets, ctx: ChartContext): EChartsOption {
  switch (spec.type) {
    case "treemap":
      return treemapOption(spec.input, ctx);
    case "stacked":
      return stackedOption(spec.input, ctx);
    case "line":
      return lineOption(spec.input, ctx);
    case "measureLine":
      return measureLineOption(spec.input, ctx);
    case "scatter":
      return scatterOption(spec.input, ctx);
    case "network":
      return networkOption({ ...spec.input, layout: assets.layout ?? { nodes: [], edges: [] } }, ctx);
    case "geomap":
      return geomapOption(spec.input, ctx);
  }
}
