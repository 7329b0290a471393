/**
 * ECharts in parts (issue 37): the core with the canvas renderer comes first, then each chart
 * type is registered when a chart of that type is drawn, and the SVG renderer only when an SVG
 * image is asked for. This module says which parts a chart needs and registers each part once per
 * page; echarts.ts names the modules. Pure: the importers and ECharts' `use` are passed in.
 */
import type { ChartSpec } from "./spec";

/** A chart type's ECharts modules (echartsParts/*), or the SVG renderer. */
export type EChartsPart = "treemap" | "line" | "bar" | "scatter" | "map" | "graph" | "svg";

/**
 * What each kind of chart draws with. Line and bar bring the cartesian grid and the legend;
 * scatter the grid and label layout; map the geo component and the visual map. A region map
 * draws its points as a scatter on the map's geo coordinates.
 */
const PARTS: Record<ChartSpec["type"], readonly EChartsPart[]> = {
  treemap: ["treemap"],
  stacked: ["line"],
  line: ["line"],
  measureLine: ["line"],
  bars: ["bar"],
  scatter: ["scatter"],
  network: ["graph"],
  geomap: ["map"],
  regionMap: ["map", "scatter"],
};

/** The ECharts parts a chart of this kind needs. */
export const chartPartsFor = (type: ChartSpec["type"]): readonly EChartsPart[] => PARTS[type];

export interface PartRegistry<K extends string> {
  /** Imports and registers each part not yet registered (each once per page, however many charts ask). */
  ensure(parts: readonly K[]): Promise<void>;
  /**
   * How many parts are registered so far. An ECharts instance knows only what was registered
   * when it was made (it copies the processors then): keep this number with it.
   */
  generation(): number;
  /** Whether one of `parts` was registered after an instance made at `generation` (then make a new one). */
  newerThan(parts: readonly K[], generation: number): boolean;
}

/**
 * Registers parts on demand: `importers` bring each part's extensions, `use` registers them
 * (ECharts' `use`). A failed import is forgotten, so the next chart tries again.
 */
export function partRegistry<K extends string, E>(importers: Record<K, () => Promise<readonly E[]>>, use: (extensions: E[]) => void): PartRegistry<K> {
  const pending = new Map<K, Promise<void>>();
  const order = new Map<K, number>();
  let count = 0;
  const one = (part: K): Promise<void> => {
    let asked = pending.get(part);
    if (!asked) {
      asked = importers[part]().then((extensions) => {
        use([...extensions]);
        order.set(part, ++count);
      });
      asked.catch(() => pending.delete(part));
      pending.set(part, asked);
    }
    return asked;
  };
  return {
    ensure: async (parts) => {
      await Promise.all(parts.map(one));
    },
    generation: () => count,
    newerThan: (parts, generation) => parts.some((part) => (order.get(part) ?? Number.POSITIVE_INFINITY) > generation),
  };
}
