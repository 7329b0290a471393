import { describe, expect, it } from "vitest";
import { scatterMeasure } from "@/domain/charts/measures";
import { millerProjection } from "../miller";
import { DIVERGING, SEQUENTIAL, UNKNOWN_COLOR } from "../presentation";
import type { ChartContext, ChartGroup, ChartRow } from "../types";
import {
  buildSeries,
  divergingBound,
  geomapOption,
  joinWorldFeatures,
  lineOption,
  unevenYears,
  mapPieces,
  networkNodes,
  networkOption,
  OTHER_ID,
  LABELLED_POINTS,
  labelledPoints,
  logExtent,
  scatterOption,
  scatterPoints,
  stackedOption,
  timeSeriesLegend,
  TOOLTIP_CLASS,
  treemapOption,
} from ".";
import { EN_CHART_LABELS } from "../test-support/labels";
import { MIN_TILE_AREA, SMALLER_ID_PREFIX } from "./treemap";

const ctx: ChartContext = { locale: "en", dark: false, labels: EN_CHART_LABELS };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const sections: ChartGroup[] = [
  { id: "5", name: "Mineral Products", color: "#A1A1A1", kind: "section" },
  { id: "1", name: "Animal Products", color: "#F2AA86", kind: "section" },
];

const hs4Rows: ChartRow[] = [
  { id: "2603", name: "Copper Ore", kind: "hs4", color: "#A1A1A1", group: "5", groupName: "Mineral Products", value: 600, code: "2603", rca: 40.2 },
  { id: "2601", name: "Iron Ore", kind: "hs4", color: "#A1A1A1", group: "5", groupName: "Mineral Products", value: 100, code: "2601", rca: 0.5 },
  { id: "0101", name: "Horses", kind: "hs4", color: "#F2AA86", group: "1", groupName: "Animal Products", value: 300, code: "0101", rca: 1 },
  { id: "0102", name: "", kind: "hs4", color: "#F2AA86", group: "1", groupName: "Animal Products", value: 0, code: "0102" },
];

describe("treemapOption", () => {
  const option = treemapOption({ rows: hs4Rows, groups: sections, year: 2018, dimension: "HS4" }, ctx) as Any;
  const series = option.series[0];

  it("nests members in their groups, largest first, without empty members", () => {
    expect(series.type).toBe("treemap");
    expect(series.data.map((g: Any) => [g.name, g.value])).toEqual([
      ["Mineral Products", 700],
      ["Animal Products", 300],
    ]);
    expect(series.data[0].children.map((c: Any) => c.name)).toEqual(["Copper Ore", "Iron Ore"]);
    expect(series.data[1].children).toHaveLength(1);
    expect(series.data[0].itemStyle.color).toBe("#A1A1A1");
  });
  it("labels tiles with name and share in the shape-label font", () => {
    expect(series.label.fontSize).toBe(14);
    expect(series.label.formatter({ name: "Copper Ore", value: 600 })).toBe("Copper Ore\n60%");
    expect(series.label.formatter({ name: "Horses", value: 10 })).toBe("Horses");
    expect(series.label.formatter({ name: "Tiny", value: 1 })).toBe("");
    // On a phone-sized chart the same tile is too small for a label.
    const small = treemapOption({ rows: hs4Rows, groups: sections, dimension: "HS4" }, { ...ctx, size: { width: 360, height: 420 } }) as Any;
    expect(small.series[0].label.formatter({ name: "Horses", value: 10 })).toBe("");
    expect(small.series[0].label.formatter({ name: "Copper Ore", value: 600 })).toBe("Copper Ore\n60%");
    // Labels are created only for tiles big enough, in a colour readable on the tile.
    expect(series.data[0].children[0].label).toMatchObject({ show: true, color: "#1a1b1e" });
    const tiny = treemapOption({ rows: [...hs4Rows, { ...hs4Rows[1], id: "x", value: 1 }], groups: sections, dimension: "HS4" }, ctx) as Any;
    expect(tiny.series[0].data[0].children.find((c: Any) => c.id === "x").label).toEqual({ show: false });
  });
  it("puts the section icon above the name on tiles big enough for it, and only there", () => {
    const copper = series.data[0].children[0];
    expect(copper.id).toBe("2603");
    expect(copper.icon).toBe(true);
    expect(copper.label.rich.icon.backgroundColor.image).toBe("/api/cms/member-image?member=section%3A5&size=thumb");
    expect(series.label.formatter({ name: "Copper Ore", value: 600, data: copper })).toBe("{icon|}\nCopper Ore\n60%");
    // On a phone the same share of a smaller chart has no room for it.
    const small = treemapOption({ rows: hs4Rows, groups: sections, dimension: "HS4" }, { ...ctx, size: { width: 160, height: 120 } }) as Any;
    const smallCopper = small.series[0].data[0].children[0];
    expect(smallCopper.icon).toBeUndefined();
    expect(small.series[0].label.formatter({ name: "Copper Ore", value: 600, data: smallCopper })).not.toContain("{icon|}");
  });
  it("shows formatted values in the tooltip", () => {
    const leaf = series.data[0].children[0];
    const html = option.tooltip.formatter({ data: leaf });
    expect(html).toContain("Copper Ore");
    expect(html).toContain("$600");
    expect(html).toContain("60%");
    expect(html).toContain("40.20");
    expect(html).toContain("2018");
    expect(html).toContain("2603 · Mineral Products");
    expect(option.tooltip.className).toBe(TOOLTIP_CLASS);
    const group = option.tooltip.formatter({ data: series.data[1] });
    expect(group).toContain("Animal Products");
    expect(group).toContain("30%");
  });
  it("draws one level when there are no groups and falls back for missing names", () => {
    const flat = treemapOption({ rows: [{ ...hs4Rows[0], name: " " }, hs4Rows[2]], groups: [], dimension: "Section" }, ctx) as Any;
    expect(flat.series[0].data.map((d: Any) => d.name)).toEqual(["Other values", "Horses"]);
    expect(flat.series[0].breadcrumb.show).toBe(false);
  });
  it("draws the title only for exports, at 20 px", () => {
    expect(option.title.show).toBe(false);
    const exported = treemapOption({ rows: hs4Rows, groups: sections, dimension: "HS4" }, { ...ctx, title: "What does Chile export?", showTitle: true }) as Any;
    expect(exported.title).toMatchObject({ show: true, text: "What does Chile export?", textStyle: { fontSize: 20 } });
    expect(exported.series[0].top).toBeGreaterThan(series.top);
  });
  it("draws members too small to see as one tile per group, with their count, value and share", () => {
    // Two tiny members in Mineral Products: each would be a few square pixels.
    const rows: ChartRow[] = [...hs4Rows, { ...hs4Rows[1], id: "2604", name: "Nickel Ore", value: 0.01 }, { ...hs4Rows[1], id: "2605", name: "Cobalt Ore", value: 0.02 }];
    const sized = treemapOption({ rows, groups: sections, year: 2018, dimension: "HS4" }, { ...ctx, size: { width: 400, height: 500 } }) as Any;
    const minerals = sized.series[0].data[0];
    expect(minerals.children.map((c: Any) => c.id)).toEqual(["2603", "2601", `${SMALLER_ID_PREFIX}5`]);
    const together = minerals.children[2];
    expect(together).toMatchObject({ name: "2 smaller items", count: 2, itemStyle: { color: "#A1A1A1" }, label: { show: false } });
    // Areas stay proportional: the group's value is the sum of everything in it.
    expect(together.value).toBeCloseTo(0.03);
    expect(minerals.value).toBeCloseTo(700.03);
    const html = sized.tooltip.formatter({ data: together });
    expect(html).toContain("2 smaller items");
    expect(html).toContain("Mineral Products");
    expect(html).toContain("2018");
    // One small member alone keeps its own tile; no size known means the default drawing area.
    const one = treemapOption({ rows: rows.slice(0, -1), groups: sections, dimension: "HS4" }, ctx) as Any;
    expect(one.series[0].data[0].children.map((c: Any) => c.id)).toEqual(["2603", "2601", "2604"]);
    // Without groups the small members gather at the end, in the neutral colour.
    const flat = treemapOption({ rows, groups: [], dimension: "HS4" }, { ...ctx, size: { width: 400, height: 500 } }) as Any;
    expect(flat.series[0].data.at(-1)).toMatchObject({ id: `${SMALLER_ID_PREFIX}all`, count: 2, itemStyle: { color: UNKNOWN_COLOR } });
    // A box not laid out yet (0 by 0) counts as no size known, not as a chart where every tile is tiny.
    const hidden = treemapOption({ rows: rows.slice(0, -1), groups: sections, dimension: "HS4" }, { ...ctx, size: { width: 0, height: 0 } }) as Any;
    expect(hidden.series[0].data[0].children.map((c: Any) => c.id)).toEqual(["2603", "2601", "2604"]);
    expect(hidden.series[0].label.formatter({ name: "Copper Ore", value: 600 })).toBe("Copper Ore\n60%");
    // The threshold is a drawing size: 8 by 8 pixels.
    expect(MIN_TILE_AREA).toBe(64);
  });
  it("handles 1,222 members", () => {
    const many: ChartRow[] = Array.from({ length: 1222 }, (_, i) => ({ id: String(i).padStart(4, "0"), name: `P${i}`, kind: "hs4", color: "#123456", group: String(i % 21), value: 1000 + i }));
    const big = treemapOption({ rows: many, groups: [], dimension: "HS4" }, ctx) as Any;
    expect(big.series[0].data).toHaveLength(1222);
    expect(big.animation).toBe(false);
  });
});

describe("stacked and line", () => {
  const years = [2016, 2017, 2018];
  const rows: ChartRow[] = [];
  const names = ["A", "B", "C", "D"];
  names.forEach((name, k) => {
    for (const year of years) {
      if (name === "D" && year === 2016) continue;
      rows.push({ id: name.toLowerCase(), name, kind: "section", color: `#00000${k}`, value: (4 - k) * 100 + year - 2016, year });
    }
  });

  it("keeps the largest members and sums the rest as Other values", () => {
    const series = buildSeries({ rows, years, dimension: "Section" }, ctx, 3);
    expect(series.map((s) => s.name)).toEqual(["A", "B", "Other values"]);
    expect(series[2].id).toBe(OTHER_ID);
    expect(series[2].color).toBe(UNKNOWN_COLOR);
    expect(series[2].values).toEqual([200, 201 + 101, 202 + 102]);
  });
  it("stacks areas and fills gaps with zero", () => {
    const option = stackedOption({ rows, years, dimension: "Section" }, ctx) as Any;
    expect(option.series).toHaveLength(4);
    expect(option.series[0]).toMatchObject({ type: "line", stack: "total" });
    expect(option.series[3].data).toEqual([0, 101, 102]);
    expect(option.xAxis.data).toEqual(["2016", "2017", "2018"]);
    // On screen the page draws the legend; an exported image carries ECharts' own.
    expect(option.legend.show).toBe(false);
    const exported = stackedOption({ rows, years, dimension: "Section" }, { ...ctx, showTitle: true, title: "T" }) as Any;
    expect(exported.legend).toMatchObject({ itemWidth: 18, itemHeight: 18 });
    expect(option.yAxis.axisLabel.formatter(2_500_000_000)).toBe("$2.5B");
    expect(option.yAxis.axisLabel.fontSize).toBe(16);
  });
  it("gives the page every drawn series as a legend entry, Other values last with no icon", () => {
    const legend = timeSeriesLegend({ rows, years, dimension: "Section", maxSeries: 3 }, ctx, true);
    expect(legend.map((g) => [g.name, g.kind])).toEqual([["A", "section"], ["B", "section"], ["Other values", "other"]]);
    expect(legend[0].color).toBe("#000000");
    expect(timeSeriesLegend({ rows: rows.filter((r) => r.id === "d"), years, dimension: "Section" }, ctx, false)).toEqual([]);
  });
  it("lists members, shares and the total in the tooltip", () => {
    const option = stackedOption({ rows, years, dimension: "Section" }, ctx) as Any;
    const html = option.tooltip.formatter([{ dataIndex: 2 }]);
    expect(html).toContain("2018");
    expect(html).toContain("A");
    expect(html).toContain("Total");
    expect(html).toContain("$1,008");
  });
  it("puts uneven years (1962, 1980, 2017) on a value axis so their spacing is true", () => {
    const uneven = [1962, 1980, 2017];
    const eci: ChartRow[] = uneven.map((year, i) => ({ id: "jpn", name: "Japan", kind: "country", color: "#000", value: 2 + i / 10, year }));
    const option = lineOption({ rows: eci, years: uneven, dimension: "Country" }, ctx) as Any;
    expect(option.xAxis).toMatchObject({ type: "value", min: 1962, max: 2017 });
    expect(option.series[0].data).toEqual([[1962, 2], [1980, 2.1], [2017, 2.2]]);
    expect(option.xAxis.axisLabel.formatter(1980)).toBe("1980");
    expect(option.tooltip.formatter([{ dataIndex: 1 }])).toContain("1980");
    // An index (ECI) is not money: decimals on the axis and in the tooltip.
    const indexed = lineOption({ rows: eci, years: uneven, dimension: "Country", values: "index" }, ctx) as Any;
    expect(indexed.yAxis.axisLabel.formatter(2.1)).not.toContain("$");
    expect(indexed.tooltip.formatter([{ dataIndex: 1 }])).toContain("2.10");
    expect(option.yAxis.axisLabel.formatter(2)).toContain("$");
    expect(unevenYears([2016, 2017, 2018])).toBe(false);
    expect(unevenYears([1962, 1980, 2017])).toBe(true);
    // Consecutive years keep the category axis.
    expect((lineOption({ rows, years, dimension: "Section" }, ctx) as Any).xAxis.type).toBe("category");
  });
  it("keeps gaps in lines and shows growth for a single series", () => {
    const single = rows.filter((r) => r.id === "d");
    const option = lineOption({ rows: single, years, dimension: "Section" }, ctx) as Any;
    expect(option.series).toHaveLength(1);
    expect(option.series[0].stack).toBeUndefined();
    expect(option.series[0].data).toEqual([null, 101, 102]);
    expect(option.legend.show).toBe(false);
    const html = option.tooltip.formatter([{ dataIndex: 2 }]);
    expect(html).toContain("Growth");
    expect(html).toContain("+1%");
    expect(html).toContain("$102");
  });
});

describe("scatterOption", () => {
  const x = scatterMeasure("country", "gdp_per_capita")!;
  const y = scatterMeasure("country", "trade_value")!;
  const rows: ChartRow[] = [
    { id: "chl", name: "Chile", kind: "country", color: "#1AB558", groupName: "South America", value: 75e9, measures: { gdp_per_capita: 15_888, trade_value: 75e9 } },
    { id: "deu", name: "Germany", kind: "country", color: "#BA12CC", value: 1.5e12, measures: { gdp_per_capita: 47_000, trade_value: 1.5e12 } },
    { id: "xxx", name: "Nowhere", kind: "country", color: "#BA12CC", value: 0, measures: { gdp_per_capita: null, trade_value: 0 } },
  ];
  it("leaves out what a log axis cannot place", () => {
    const { points, omitted } = scatterPoints({ rows, x, y, dimension: "Country" });
    expect(points).toHaveLength(2);
    expect(omitted).toBe(1);
    expect(points[1].size).toBe(36);
    expect(points[0].size).toBeLessThan(points[1].size);
  });
  it("uses log axes with compact labels and measure names", () => {
    const option = scatterOption({ rows, x, y, year: 2018, dimension: "Country" }, ctx) as Any;
    expect(option.xAxis).toMatchObject({ type: "log", name: "GDP per capita" });
    expect(option.yAxis.axisLabel.formatter(1e12)).toBe("$1T");
    expect(option.series[0].data).toHaveLength(2);
    const html = option.tooltip.formatter({ dataIndex: 1 });
    expect(html).toContain("Chile");
    expect(html).toContain("GDP per capita");
    expect(html).toContain("$15,888");
    expect(html).toContain("$75,000,000,000");
  });
  it("names the largest points on the chart, hiding labels that would overlap", () => {
    const many: ChartRow[] = Array.from({ length: 20 }, (_, i) => ({ id: `c${i}`, name: `Country ${i}`, kind: "country", color: "#000", value: (i + 1) * 1e9, measures: { gdp_per_capita: 1000 * (i + 1), trade_value: (i + 1) * 1e9 } }));
    const option = scatterOption({ rows: many, x, y, dimension: "Country" }, ctx) as Any;
    const labelled = option.series[0].data.filter((d: Any) => d.label?.show).map((d: Any) => d.name);
    expect(labelled.length).toBeGreaterThan(1);
    expect(labelled.length).toBeLessThanOrEqual(LABELLED_POINTS);
    // The largest trade value is named; its nearest neighbour on both axes is not (the labels would touch).
    expect(labelled).toContain("Country 19");
    expect(labelled).not.toContain("Country 18");
    expect(labelled).not.toContain("Country 0");
    expect(option.series[0].labelLayout).toEqual({ hideOverlap: true });
    expect(option.series[0].label.formatter).toBe("{b}");
  });
  it("fits a log axis to the data instead of the next power of ten", () => {
    const option = scatterOption({ rows, x, y, year: 2018, dimension: "Country" }, ctx) as Any;
    expect(option.xAxis.max).toBeGreaterThan(47_000);
    expect(option.xAxis.max).toBeLessThan(100_000);
    expect(option.xAxis.min).toBeLessThan(15_888);
    expect(option.xAxis.min).toBeGreaterThan(10_000);
    expect(option.xAxis.axisLabel.showMaxLabel).toBe(false);
    expect(logExtent([300, 120_000])!.max).toBeLessThan(200_000);
    expect(logExtent([0, -1])).toBeNull();
  });
  it("labels large points that stand apart, never two on top of each other", () => {
    const clustered: ChartRow[] = [
      { id: "jpn", name: "Japan", kind: "country", color: "#000", value: 7e11, measures: { gdp_per_capita: 39_000, trade_value: 7e11 } },
      { id: "deu", name: "Germany", kind: "country", color: "#000", value: 1.5e12, measures: { gdp_per_capita: 47_000, trade_value: 1.5e12 } },
      { id: "can", name: "Canada", kind: "country", color: "#000", value: 4.5e11, measures: { gdp_per_capita: 46_000, trade_value: 1.4e12 } },
      { id: "chl", name: "Chile", kind: "country", color: "#000", value: 7.5e10, measures: { gdp_per_capita: 15_888, trade_value: 7.5e10 } },
      { id: "bdi", name: "Burundi", kind: "country", color: "#000", value: 1e8, measures: { gdp_per_capita: 300, trade_value: 1e8 } },
    ];
    const { points } = scatterPoints({ rows: clustered, x, y, dimension: "Country" });
    const chosen = [...labelledPoints(points, { x, y })].map((i) => clustered[points[i].row].id);
    expect(chosen).toContain("deu");
    expect(chosen).not.toContain("can");
    expect(chosen).toContain("bdi");
  });
  it("fills RCA and market share rows for product scatters", () => {
    const option = scatterOption(
      {
        rows: [{ id: "2603", name: "Copper Ore", kind: "hs4", color: "#A1A1A1", value: 2e10, rca: 40, measures: { world_trade: 5e10, rca: 40, market_share: 0.4 } }],
        x: scatterMeasure("product", "market_share")!,
        y: scatterMeasure("product", "rca")!,
        dimension: "HS4",
      },
      ctx,
    ) as Any;
    const html = option.tooltip.formatter({ dataIndex: 0 });
    expect(html).toContain("Market Share");
    expect(html).toContain("40%");
    expect(html).toContain("40.00");
  });
});

describe("networkOption", () => {
  const layout = {
    nodes: [
      { id: "2603", x: 10, y: 10, section: "5" },
      { id: "2601", x: 20, y: 20, section: "5" },
      { id: "0101", x: 30, y: 5, section: "1" },
    ],
    edges: [
      { source: "2603", target: "2601" },
      { source: "2601", target: "0101" },
      { source: "0101", target: "9999" },
    ],
  };
  const rows: ChartRow[] = hs4Rows.slice(0, 3).map((r, i) => ({ ...r, measures: { world_trade: [400, 1600, 100][i] } }));

  it("highlights RCA >= 1 in section colours and sizes nodes by world trade", () => {
    const nodes = networkNodes({ layout, rows, groups: sections });
    expect(nodes.map((n) => [n.id, n.highlighted, n.color])).toEqual([
      ["2603", true, "#A1A1A1"],
      ["2601", false, UNKNOWN_COLOR],
      ["0101", true, "#F2AA86"],
    ]);
    expect(nodes[1].size).toBe(20);
    expect(nodes[0].size).toBeLessThan(nodes[1].size);
    // Highlighted products are at least 7 px even when world trade is small.
    expect(nodes[2].size).toBe(8);
    expect(networkNodes({ layout, rows: rows.map((r) => ({ ...r, measures: { world_trade: 1 } })), groups: sections })[0].size).toBe(20);
  });
  it("uses the package layout and drops edges to unknown nodes", () => {
    const option = networkOption({ layout, rows, groups: sections, year: 2018 }, ctx) as Any;
    const series = option.series[0];
    expect(series).toMatchObject({ type: "graph", layout: "none" });
    expect(series.data[0]).toMatchObject({ id: "2603", x: 10, y: 10 });
    expect(series.links).toHaveLength(2);
    const html = option.tooltip.formatter({ dataType: "node", dataIndex: 0 });
    expect(html).toContain("Copper Ore");
    expect(html).toContain("40.20");
    expect(html).toContain("World trade");
    expect(html).toContain("$400");
    expect(option.tooltip.formatter({ dataType: "edge", dataIndex: 0 })).toBe("");
  });
});

describe("geomapOption", () => {
  const rows: ChartRow[] = Array.from({ length: 20 }, (_, i) => ({ id: `c${String(i).padStart(2, "0")}`, name: `Country ${i}`, kind: "country", color: "#000", value: (i + 1) * 1e9 }));

  it("splits values into 7 sequential classes", () => {
    const pieces = mapPieces(rows.map((r) => r.value!), ctx);
    expect(pieces).toHaveLength(7);
    expect(pieces.map((p) => p.color)).toEqual([...SEQUENTIAL[7]]);
    expect(pieces[0].label.startsWith("< $")).toBe(true);
    expect(pieces[6].label.startsWith("≥ $")).toBe(true);
    expect(mapPieces([], ctx)).toEqual([]);
    expect(mapPieces([5, 5, 5], ctx)).toHaveLength(1);
  });
  it("draws a Miller map joined on ISO3, with the focus country outlined", () => {
    const option = geomapOption({ rows, year: 2018, focus: "chl", dimension: "Importer Country" }, ctx) as Any;
    const series = option.series[0];
    expect(series).toMatchObject({ type: "map", map: "ots-world", nameProperty: "key" });
    expect(series.projection).toBe(millerProjection);
    expect(series.data).toHaveLength(21);
    expect(series.data[20].name).toBe("chl");
    // Outlined in the text colour, filled like a country without data (not painted dark).
    expect(series.data[20].itemStyle).toMatchObject({ borderColor: "#212529", borderWidth: 1.6 });
    expect(series.data[20].itemStyle.areaColor).not.toBe("#212529");
    expect(option.visualMap).toMatchObject({ type: "piecewise", itemWidth: 18, itemHeight: 18 });
    const html = option.tooltip.formatter({ name: "c19" });
    expect(html).toContain("Country 19");
    expect(html).toContain("$20,000,000,000");
    expect(html).toContain("9.5%");
    expect(option.tooltip.formatter({ name: "zzz" })).toBe("");
  });
  it("keeps the world's proportions on narrow screens, above its legend", () => {
    const wide = geomapOption({ rows, year: 2018, focus: null, dimension: "Importer Country" }, { ...ctx, size: { width: 1100, height: 440 } }) as Any;
    expect(wide.series[0]).toMatchObject({ left: 8, right: 8, bottom: 8 });
    const narrow = geomapOption({ rows, year: 2018, focus: null, dimension: "Importer Country" }, { ...ctx, size: { width: 316, height: 340 } }) as Any;
    expect(narrow.series[0]).toMatchObject({ layoutCenter: ["50%", "28%"], layoutSize: "96%" });
    expect(narrow.series[0].left).toBeUndefined();
  });
  describe("an index centred on zero (ECI)", () => {
    const eciRows: ChartRow[] = [
      { id: "jpn", name: "Japan", kind: "country", color: "#f00", groupName: "Asia", value: 7e11, measures: { eci: 2.26, eci_rank: 1 } },
      { id: "bra", name: "Brasil", kind: "country", color: "#0f0", groupName: "América", value: 2e11, measures: { eci: -0.0912, eci_rank: 1033 } },
      { id: "xxx", name: "No index", kind: "country", color: "#0f0", value: 1e9, measures: { eci: null } },
    ];
    const measure = { key: "eci", format: "decimal" as const, scale: "diverging" as const, high: "More complex", low: "Less complex", rankKey: "eci_rank" };

    it("colours every country with an index, negative ones too, on a symmetric diverging scale", () => {
      const option = geomapOption({ rows: eciRows, year: 2018, focus: null, dimension: "Country", measure }, ctx) as Any;
      expect(option.series[0].data).toEqual([
        { name: "jpn", value: 2.26 },
        { name: "bra", value: -0.0912 },
      ]);
      expect(option.visualMap).toMatchObject({ type: "continuous", min: -2.3, max: 2.3, text: ["More complex", "Less complex"] });
      expect(option.visualMap.inRange.color).toEqual([...DIVERGING]);
      expect(divergingBound([])).toBe(1);
      expect(divergingBound([-0.31, 0.2])).toBe(0.4);
    });

    it("names the index and the rank in the page language's number style, escaped", () => {
      const es = geomapOption({ rows: eciRows, year: 2018, focus: null, dimension: "Country", measure }, { ...ctx, locale: "es" }) as Any;
      const html = es.tooltip.formatter({ name: "bra" });
      expect(html).toContain("-0,09");
      expect(html).toContain("1.033");
      expect(html).toContain("ECI rank");
      expect(es.tooltip.formatter({ name: "xxx" })).toBe("");
      const hostile = geomapOption({ rows: [{ ...eciRows[0], name: "<b>x</b>" }], dimension: "Country", measure }, ctx) as Any;
      expect(hostile.tooltip.formatter({ name: "jpn" })).not.toContain("<b>x");
    });
  });

  it("joins world-atlas features by M49 and drops Antarctica", () => {
    const geometry = { type: "Point", coordinates: [0, 0] };
    const joined = joinWorldFeatures(
      {
        type: "FeatureCollection",
        features: [
          { type: "Feature", id: "152", properties: { name: "Chile" }, geometry },
          { type: "Feature", id: "010", properties: { name: "Antarctica" }, geometry },
          { type: "Feature", properties: { name: "Kosovo" }, geometry },
          { type: "Feature", id: "036", properties: null, geometry },
        ],
      },
      new Map([[152, "chl"], [36, "aus"]]),
    );
    expect(joined.features.map((f) => f.properties)).toEqual([
      { key: "chl", iso3: "chl", name: "Chile" },
      { key: "_1", iso3: null, name: "Kosovo" },
      { key: "aus", iso3: "aus", name: "" },
    ]);
  });
});
