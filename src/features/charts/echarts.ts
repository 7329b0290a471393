/**
 * ECharts, tree-shaken to the charts and components the site draws. Imported only through
 * `import("./echarts")` from the Chart component, so pages without charts never load it.
 */
import { BarChart, GraphChart, LineChart, MapChart, ScatterChart, TreemapChart } from "echarts/charts";
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent, VisualMapComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { LabelLayout } from "echarts/features";
import { CanvasRenderer, SVGRenderer } from "echarts/renderers";

echarts.use([
  TreemapChart,
  LineChart,
  BarChart,
  ScatterChart,
  GraphChart,
  MapChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
  // labelLayout (hideOverlap): scatter names that would collide are dropped.
  LabelLayout,
  CanvasRenderer,
  SVGRenderer,
]);

export { echarts };
// The option generators travel with ECharts: pages load them only when a chart is drawn.
export { chartOption } from "./spec";
export { timeSeriesLegend } from "@/domain/charts/options/timeSeries";
export { joinWorldFeatures } from "@/domain/charts/options/geomap";
