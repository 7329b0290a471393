/**
 * The real ECharts, drawn on the server (its SVG renderer, as an export would): the core and the
 * parts chartPartsFor names are enough to draw every kind of chart the site builds, with the real
 * option generators. ECharts says "X is used but not imported" (and drops X) when a chart needs a
 * part nobody registered; none may say so. ECharts' registry lives as long as the process, so the
 * kinds are drawn in an order where each part's own components are first needed by its chart:
 * the treemap only the core (title, tooltip), the map its geo and visual map, the stacked areas
 * the grid and the legend, before any other part could have brought them.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { scatterMeasure } from "@/domain/charts/measures";
import { WORLD_MAP } from "@/domain/charts/options/geomapName";
import { EN_CHART_LABELS } from "@/domain/charts/test-support/labels";
import type { ChartContext, ChartRow } from "@/domain/charts/types";
import { geoLevel } from "@/domain/subnational/config";
import { prepareFeatures, type GeoCollection } from "@/domain/subnational/map";
import { chartPartsFor } from "./chartParts";
import { chartOption, echarts, ensureParts } from "./echarts";
import type { ChartAssets, ChartSpec } from "./spec";

const ctx: ChartContext = { locale: "en", dark: false, labels: EN_CHART_LABELS, title: "A chart", subtitle: "2018", showTitle: true, size: { width: 800, height: 560 } };

const groups = [
  { id: "5", name: "Minerals", color: "#A1A1A1", kind: "section" as const },
  { id: "1", name: "Animals", color: "#F2AA86", kind: "section" as const },
];
const products: ChartRow[] = [
  { id: "2603", name: "Copper Ore", kind: "hs4", color: "#A1A1A1", group: "5", value: 600, code: "2603", rca: 40, measures: { world_trade: 400 } },
  { id: "2601", name: "Iron Ore", kind: "hs4", color: "#A1A1A1", group: "5", value: 100, code: "2601", rca: 0.5, measures: { world_trade: 1600 } },
  { id: "0101", name: "Horses", kind: "hs4", color: "#F2AA86", group: "1", value: 300, code: "0101", rca: 1, measures: { world_trade: 100 } },
];
const years = [2016, 2017, 2018];
const series: ChartRow[] = ["A", "B", "C"].flatMap((name, k) => years.map((year) => ({ id: name, name, kind: "section" as const, color: `#00000${k}`, value: (3 - k) * 100 + year - 2016, year })));
const countries: ChartRow[] = [
  { id: "chl", name: "Chile", kind: "country", color: "#1AB558", value: 75e9, measures: { gdp_per_capita: 15_888, trade_value: 75e9 } },
  { id: "deu", name: "Germany", kind: "country", color: "#BA12CC", value: 1.5e12, measures: { gdp_per_capita: 47_000, trade_value: 1.5e12 } },
];
const square = (x: number) => ({ type: "Polygon", coordinates: [[[x, 0], [x + 10, 0], [x + 10, 10], [x, 10], [x, 0]]] });

const ports = geoLevel("zaf", "ports")!;
const portMap: GeoCollection = {
  type: "FeatureCollection",
  features: [
    { type: "Feature", id: "ZAF", properties: { name: "South Africa" }, geometry: square(20) },
    { type: "Feature", id: "DUR", properties: { name: "Durban" }, geometry: { type: "Point", coordinates: [25, 5] } },
    { type: "Feature", id: "CPT", properties: { name: "Cape Town" }, geometry: { type: "Point", coordinates: [22, 2] } },
  ],
} as unknown as GeoCollection;
const prepared = prepareFeatures(portMap, ports);

/** Every kind of chart, in the order drawn (see the header). */
const CHARTS: { spec: ChartSpec; assets?: ChartAssets }[] = [
  { spec: { type: "treemap", input: { rows: products, groups, year: 2018, dimension: "product" } } },
  {
    spec: { type: "network", input: { rows: products, groups, year: 2018 }, layoutUrl: "/layout.json" },
    assets: { layout: { nodes: products.map((p, i) => ({ id: p.id, x: i * 10, y: i * 5, section: p.group! })), edges: [{ source: "2603", target: "2601" }] } },
  },
  { spec: { type: "geomap", input: { rows: countries, year: 2018, dimension: "country" }, mapUrl: "/world.json", m49: [] }, assets: { mapReady: true } },
  { spec: { type: "stacked", input: { rows: series, years, dimension: "section" } } },
  { spec: { type: "scatter", input: { rows: countries, x: scatterMeasure("country", "gdp_per_capita")!, y: scatterMeasure("country", "trade_value")!, year: 2018, dimension: "country" } } },
  {
    spec: {
      type: "bars",
      input: { categories: [{ id: "chn", name: "China" }], series: [{ id: "a", name: "Creation", color: "#2f9e44", values: [15] }, { id: "b", name: "Diversion", values: [-5] }], stacked: true, format: "usd", totalLabel: "Total" },
    },
  },
  { spec: { type: "line", input: { rows: series, years, dimension: "section" } } },
  { spec: { type: "measureLine", input: { measure: "GDP", format: "usd", series: [{ id: "chl", name: "Chile", color: "#1AB558", points: years.map((year, i) => ({ year, value: 100 + i })) }] } } },
  {
    spec: { type: "regionMap", input: { mapName: "test-zaf/ports", level: ports, values: [{ id: "DUR", value: 5e6 }], regionCurrency: "USD", noDataLabel: "No data" } },
    assets: { region: prepared },
  },
];

let warnings: MockInstance[];
const complaints = () => warnings.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(" "))).filter((text) => /used but not imported|not found|not exists/i.test(text));

beforeAll(async () => {
  warnings = [vi.spyOn(console, "warn").mockImplementation(() => undefined), vi.spyOn(console, "error").mockImplementation(() => undefined)];
  await ensureParts(["svg"]);
});
beforeEach(() => warnings.forEach((spy) => spy.mockClear()));
afterAll(() => warnings.forEach((spy) => spy.mockRestore()));

/** Maps are registered once the map part is (before, ECharts' registerMap does nothing), as Chart's loadAssets does. */
function registerMaps(spec: ChartSpec) {
  if (spec.type === "geomap") echarts.registerMap(WORLD_MAP, { type: "FeatureCollection", features: countries.map((c, i) => ({ type: "Feature", properties: { key: c.id, name: c.name }, geometry: square(i * 20) })) } as never);
  if (spec.type === "regionMap") echarts.registerMap(spec.input.mapName, prepared.areas as never);
}

describe("the parts each kind of chart loads are enough to draw it", () => {
  for (const { spec, assets = {} } of CHARTS) {
    it(`${spec.type} (${chartPartsFor(spec.type).join(", ")})`, async () => {
      await ensureParts(chartPartsFor(spec.type));
      registerMaps(spec);
      const option = chartOption(spec, assets, ctx) as { series: unknown[] };
      expect(option.series.length).toBeGreaterThan(0);
      const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width: 800, height: 560 });
      try {
        chart.setOption({ ...option, animation: false });
        expect(complaints()).toEqual([]);
        expect((chart.getOption() as { series: unknown[] }).series).toHaveLength(option.series.length);
        expect(chart.renderToSVGString()).toMatch(/^<svg[\s\S]*<\/svg>$/);
      } finally {
        chart.dispose();
      }
    });
  }
});

describe("ECharts in parts", () => {
  it("is imported nowhere through its indexes of charts, components, features or renderers", () => {
    // Through an index, a bundler may put every chart in a chunk each part shares: the split is lost.
    const src = path.resolve(__dirname, "../..");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const text = fs.readFileSync(file, "utf8");
          if (/^import\s+(?!type\b)[^;]*from\s+["']echarts(\/(charts|components|features|renderers))?["']/m.test(text)) offenders.push(path.relative(src, file));
        }
      }
    };
    walk(src);
    expect(offenders).toEqual([]);
  });
});
