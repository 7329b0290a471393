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
import { barsOption, type BarsInput } from "@/domain/charts/options/bars";
import { measureLineOption, type MeasureLineInput } from "@/domain/charts/options/measureLine";
import type { ChartContext } from "@/domain/charts/types";
import type { GeoLevel } from "@/domain/subnational/config";
import { subnationalMapOption, type MapValue, type PreparedMap } from "@/domain/subnational/map";

/** A subnational level's map coloured (or its points sized) by values in their currency. */
export interface RegionMapInput {
  /** Name its areas are registered under (features/charts/regionMaps regionMapName). */
  mapName: string;
  level: GeoLevel;
  values?: readonly MapValue[];
  /** ISO 4217 code of the values: every figure shows it. */
  regionCurrency: string;
  /** What a member without a value says in its tooltip. */
  noDataLabel: string;
  /** The member outlined (a member profile's own map). */
  focus?: string;
}

/** `currency`: of the trade values drawn (default USD); AUD for Australian state data. */
export type ChartSpec = (
  | { type: "treemap"; input: TreemapInput }
  | { type: "stacked"; input: TimeSeriesInput }
  | { type: "line"; input: TimeSeriesInput }
  | { type: "measureLine"; input: MeasureLineInput }
  | { type: "bars"; input: BarsInput }
  | { type: "regionMap"; input: RegionMapInput }
  | { type: "scatter"; input: ScatterInput }
  | { type: "network"; input: Omit<NetworkInput, "layout">; layoutUrl: string }
  | { type: "geomap"; input: GeomapInput; mapUrl: string; m49: readonly (readonly [number, string])[] }
) & { currency?: "USD" | "AUD" };

export interface ChartAssets {
  layout?: ProductSpaceLayout;
  /** Set once the world map is registered with ECharts under input.mapName. */
  mapReady?: boolean;
  /** A subnational level's map, read and registered with ECharts under input.mapName. */
  region?: PreparedMap;
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
    case "bars":
      return barsOption(spec.input, ctx);
    case "regionMap": {
      const { mapName, level, values, regionCurrency, noDataLabel, focus } = spec.input;
      if (!assets.region) return {};
      return subnationalMapOption({ mapName, level, prepared: assets.region, values, locale: ctx.locale, currency: regionCurrency, dark: ctx.dark, noDataLabel, focus, size: ctx.size });
    }
    case "scatter":
      return scatterOption(spec.input, ctx);
    case "network":
      return networkOption({ ...spec.input, layout: assets.layout ?? { nodes: [], edges: [] } }, ctx);
    case "geomap":
      return geomapOption(spec.input, ctx);
  }
}
