/**
 * The chart library (echarts.ts: ECharts' core and the option generators) as pages get it: never
 * with the page, imported once when a chart is about to be drawn, with the parts its type needs.
 */
import { chartPartsFor, type EChartsPart } from "./chartParts";
import { idle, lazyModule, nextTask } from "@/features/lazy/lazyModule";
import type { ChartSpec } from "./spec";

export type ChartLibrary = typeof import("./echarts");

/**
 * Imported in two steps, each evaluated in a task of its own: ECharts' canvas renderer and graphic
 * elements (most of zrender, its drawing engine) first, then ECharts' core on top of them, which
 * finds those modules already evaluated. One step was one long task on a phone (about 200 ms at 4x CPU slowdown).
 */
export const chartLibrary = lazyModule<ChartLibrary>(async () => {
  await Promise.all([import("echarts/lib/renderer/installCanvasRenderer.js"), import("echarts/lib/util/graphic.js")]);
  await nextTask();
  return import("./echarts");
});

/** The library with what a chart of this type needs registered (and `extra`, e.g. the SVG renderer). */
export async function loadChartsFor(type: ChartSpec["type"], extra: readonly EChartsPart[] = []): Promise<ChartLibrary> {
  const lib = await chartLibrary.load();
  await lib.ensureParts([...chartPartsFor(type), ...extra]);
  return lib;
}

/**
 * The same for a chart being drawn: when nothing has asked for the library yet (a chart drawn
 * with the page), the import starts once the browser is idle after hydration, not in the task
 * that mounted the chart; a chart whose placeholder already asked for it waits for nothing more.
 */
export async function chartsWhenIdle(type: ChartSpec["type"]): Promise<ChartLibrary> {
  if (!chartLibrary.started()) await idle();
  return loadChartsFor(type);
}

/** Starts the library and a type's parts ahead of the chart (called from an idle callback); failures wait for the chart to report them. */
export function preloadCharts(type?: ChartSpec["type"]): void {
  (type ? loadChartsFor(type) : chartLibrary.load()).catch(() => undefined);
}
