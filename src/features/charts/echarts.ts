/**
 * ECharts' core, tree-shaken: the canvas renderer and what every chart draws with (its title in
 * exported images, the tooltip), each from its own module (see echartsParts/installers.d.ts). Each
 * chart type (echartsParts/*) is registered on demand by the
 * chart that needs it, and the SVG renderer only for an SVG download, so a page with one treemap
 * loads the core and the treemap, not every chart. Imported only through chartLibrary.ts, so
 * pages load it when a chart is about to be drawn, never with the page.
 */
import * as echarts from "echarts/core";
import { install as TitleComponent } from "echarts/lib/component/title/install.js";
import { install as TooltipComponent } from "echarts/lib/component/tooltip/install.js";
import { install as CanvasRenderer } from "echarts/lib/renderer/installCanvasRenderer.js";
import { partRegistry, type EChartsPart } from "./chartParts";

echarts.use([TitleComponent, TooltipComponent, CanvasRenderer]);

/** One extension (a chart, component, feature or renderer) as `echarts.use` takes it. */
type Extension = Extract<Parameters<typeof echarts.use>[0], readonly unknown[]>[number];

const parts = partRegistry<EChartsPart, Extension>(
  {
    treemap: () => import("./echartsParts/treemap").then((m) => m.extensions),
    line: () => import("./echartsParts/line").then((m) => m.extensions),
    bar: () => import("./echartsParts/bar").then((m) => m.extensions),
    scatter: () => import("./echartsParts/scatter").then((m) => m.extensions),
    map: () => import("./echartsParts/map").then((m) => m.extensions),
    graph: () => import("./echartsParts/graph").then((m) => m.extensions),
    svg: () => import("./echartsParts/svg").then((m) => m.extensions),
  },
  (extensions) => echarts.use(extensions),
);

/** Registers the parts a chart needs (each once per page). */
export const ensureParts = parts.ensure;
/** See PartRegistry: an instance made before one of its chart's parts was registered is made anew. */
export const partsGeneration = parts.generation;
export const partsNewerThan = parts.newerThan;

export { echarts };
// The option generators travel with ECharts: pages load them only when a chart is drawn.
export { chartOption } from "./spec";
export { timeSeriesLegend } from "@/domain/charts/options/timeSeries";
export { joinWorldFeatures } from "@/domain/charts/options/geomap";
