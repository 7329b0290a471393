import { describe, expect, it } from "vitest";
import { lineOption } from "@/domain/charts/options";
import { EN_CHART_LABELS } from "@/domain/charts/test-support/labels";
import { historyChart, historyTable, type HistoryPoint, type HistorySeries } from "./tradeHistory";

const point = (year: number, value: number, dataset: string, vintage = dataset, source = "ots"): HistoryPoint => ({ year, value, dataset, vintage, source });

const reporters: HistorySeries = {
  id: "reporters",
  name: "Sum of exporting countries",
  color: "#111",
  points: [point(1962, 1, "ots_hs4", "ots_ec2019"), point(1980, 2, "ots_hs4", "ots_ec2019"), point(2017, 3, "ots_hs4", "ots_ec2019"), point(2018, 4, "ots_hs4", "ots_trd"), point(2019, 5, "atlas_hs4", "atlas_2019", "atlas")],
};
const world: HistorySeries = {
  id: "world-atlas_world_hs4",
  name: "World series",
  color: "#222",
  points: Array.from({ length: 29 }, (_, i) => point(1995 + i, 10 + i, "atlas_world_hs4", "atlas_world_2026", "atlas")),
};

describe("history charts", () => {
  it("draws one line per series and release over the union of their years, a point per year with a value", () => {
    const chart = historyChart([reporters, world], "Series");
    expect(chart.points).toBe(5 + 29);
    expect(chart.input.years).toEqual([1962, 1980, ...Array.from({ length: 29 }, (_, i) => 1995 + i)]);
    // The reporters' line is broken at 2018 and 2019 (new releases); the world series is one release.
    expect(new Set(chart.input.rows.map((r) => r.id))).toEqual(new Set(["reporters", "reporters~1", "reporters~2", "world-atlas_world_hs4"]));
    expect(chart.input.maxSeries).toBe(4);
  });

  it("names the years where a series changes dataset or release", () => {
    const chart = historyChart([reporters, world], "Series");
    // 2018: the newer OTS release; 2019: the Atlas file. The world series is one release: no break.
    expect(chart.breaks).toEqual([{ id: "reporters", name: "Sum of exporting countries", years: [2018, 2019] }]);
  });

  it("leaves years without a positive value out of the line (never drawn as zero)", () => {
    const chart = historyChart([{ ...world, points: [point(2000, 0, "w"), point(2001, 5, "w"), point(2002, Number.NaN, "w")] }], "Series");
    expect(chart.points).toBe(1);
    expect(chart.input.years).toEqual([2001]);
  });

  it("tables each point with its dataset and release, without a share across sources", () => {
    const table = historyTable([reporters], { series: "Series", year: "Year", value: "Value", dataset: "Dataset" });
    expect(table.columns.map((c) => c.key)).toEqual(["series", "year", "value", "dataset"]);
    expect(table.rows).toHaveLength(5);
    expect(table.rows.at(-1)).toEqual(["Sum of exporting countries", 2019, 5, "atlas_hs4 (atlas_2019)"]);
  });
});

describe("history lines on a long axis", () => {
  it("keep the points of a sparse line visible (1962 and 1980 are isolated years, with no segment to draw)", () => {
    const chart = historyChart([reporters, world], "Series");
    expect(chart.input.years.length).toBeGreaterThan(30);
    const option = lineOption(chart.input, { locale: "en", labels: EN_CHART_LABELS, dark: false });
    const series = option.series as { id: string; showSymbol: boolean; data: (number | null | [number, number | null])[] }[];
    const valueOf = (v: number | null | [number, number | null]) => (Array.isArray(v) ? v[1] : v);
    expect(series.find((s) => s.id === "reporters")!.showSymbol).toBe(true);
    // 1962, 1980 and 2017 (one release); 2018 and 2019 are runs of their own.
    expect(series.find((s) => s.id === "reporters")!.data.filter((v) => valueOf(v) !== null)).toHaveLength(3);
    expect(series.filter((s) => s.id.startsWith("reporters")).flatMap((s) => s.data.filter((v) => valueOf(v) !== null))).toHaveLength(5);
  });
});

describe("a history line across releases", () => {
  it("is broken into one run per release, under one legend entry", () => {
    const point = (year: number, vintage: string, dataset = "ots_hs4") => ({ year, value: year, dataset, vintage, source: "ots" });
    const chart = historyChart(
      [{ id: "reporters", name: "Sum of exporting countries", color: "#123456", points: [point(1962, "old"), point(1980, "old"), point(2017, "old"), point(2018, "new"), point(2019, "atlas", "atlas_hs4")] }],
      "Series",
    );
    expect(chart.input.rows.map((r) => r.id)).toEqual(["reporters", "reporters", "reporters", "reporters~1", "reporters~2"]);
    expect(chart.input.maxSeries).toBe(3);
    expect(chart.breaks).toEqual([{ id: "reporters", name: "Sum of exporting countries", years: [2018, 2019] }]);
    expect(new Set(chart.input.rows.map((r) => r.name)).size).toBe(1);
  });
});
