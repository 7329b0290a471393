import { describe, expect, it } from "vitest";
import { measureLineOption } from "@/domain/charts/options/measureLine";
import { toCsv } from "@/domain/charts/table";
import { EN_CHART_LABELS } from "@/domain/charts/test-support/labels";
import type { ChartContext } from "@/domain/charts/types";
import { eciRankSeries } from "./countryContext";
import { eciChart, indicatorChart, servicesChart, tradeShareChart } from "./contextCharts";

const ctx: ChartContext = { locale: "en", dark: false, labels: EN_CHART_LABELS };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const eciLabels = {
  eci: "ECI",
  rank: "Rank",
  year: "Year",
  ranked: "Economies ranked",
  source: "Source",
  rankOf: (rank: string, count: string) => `${rank} of ${count}`,
  release: (release: string) => ({ ots_ec2019: "OTS, older extract", ots_trd: "OTS", atlas_2019: "Atlas" })[release] ?? release,
};

const points = eciRankSeries(
  [
    { year: 1962, period: "1962", reporters: 20, source: "ots_hs4", release: "ots_ec2019" },
    { year: 1980, period: "1980", reporters: 98, source: "ots_hs4", release: "ots_ec2019" },
    { year: 2017, period: "2017", reporters: 140, source: "ots_hs4", release: "ots_ec2019" },
    { year: 2018, period: "2018", reporters: 142, source: "ots_hs4", release: "ots_trd" },
    { year: 2019, period: "2019", reporters: 1142, source: "atlas_hs4", release: "atlas_2019" },
  ],
  [
    { year: 1980, eci: -0.37, rank: 60 },
    { year: 2017, eci: -0.14, rank: 74 },
    { year: 2018, eci: -0.09, rank: 76 },
    { year: 2019, eci: -0.35, rank: 86 },
  ],
);

describe("eciChart", () => {
  const chart = eciChart(points, eciLabels, "en");

  it("draws a point per year the country is ranked, one line per release so the line breaks where the source changes", () => {
    expect(chart.points).toBe(4);
    const series = chart.spec.input.series;
    expect(series.map((s) => s.name)).toEqual(["OTS, older extract (1962–2017)", "OTS (2018)", "Atlas (2019)"]);
    expect(series[0].points.map((p) => [p.year, p.value])).toEqual([
      [1962, null],
      [1980, -0.37],
      [2017, -0.14],
    ]);
  });

  it("puts the rank among that year's ranked economies in each point's tooltip and in the table", () => {
    expect(chart.spec.input.series[2].points[0].extra).toEqual([{ label: "Rank", value: "86 of 1,142" }]);
    expect(chart.spec.input.series[0].points[0].extra).toEqual([]);
    expect(chart.table.rows).toEqual([
      [1962, null, null, 20, "OTS, older extract"],
      [1980, -0.37, 60, 98, "OTS, older extract"],
      [2017, -0.14, 74, 140, "OTS, older extract"],
      [2018, -0.09, 76, 142, "OTS"],
      [2019, -0.35, 86, 1142, "Atlas"],
    ]);
    expect(toCsv(chart.table).split("\r\n")[0]).toBe("Year,ECI,Rank,Economies ranked,Source");
  });

  it("becomes an ECharts option with the years on a value axis and a legend per release", () => {
    const option = measureLineOption(chart.spec.input, ctx) as Any;
    expect(option.xAxis.type).toBe("value");
    expect([option.xAxis.min, option.xAxis.max]).toEqual([1962, 2019]);
    expect(option.series).toHaveLength(3);
    expect(option.series[1].data).toEqual([[2018, -0.09]]);
    expect(option.series.every((s: Any) => s.connectNulls === false && s.showSymbol === true)).toBe(true);
    expect(option.legend.data).toHaveLength(3);
    expect(option.xAxis.axisLabel.formatter(2018)).toBe("2018");
    const html: string = option.tooltip.formatter([{ seriesIndex: 2, dataIndex: 0 }]);
    expect(html).toContain("2019");
    expect(html).toContain("86 of 1,142");
    expect(html).toContain("-0.35");
    expect(option.tooltip.formatter([{ seriesIndex: 0, dataIndex: 0 }])).toBe("");
  });
});

describe("indicatorChart", () => {
  const rows = [
    { year: 2021, gdp: 3e11, gdpPerCapita: 15_400, population: 19.5e6 },
    { year: 2020, gdp: null, gdpPerCapita: null, population: 19.3e6 },
    { year: 2022, gdp: 3.1e11, gdpPerCapita: 15_800, population: 19.6e6 },
  ];

  it("draws every year of the rows in order, missing years as gaps, and tables only years with a value", () => {
    const gdp = indicatorChart(rows, "gdp", { measure: "GDP", year: "Year", source: "Source" }, "World Bank WDI");
    expect(gdp.spec.input.format).toBe("usd");
    expect(gdp.spec.input.series[0].points.map((p) => [p.year, p.value])).toEqual([
      [2020, null],
      [2021, 3e11],
      [2022, 3.1e11],
    ]);
    expect(gdp.points).toBe(2);
    expect(gdp.table.rows).toEqual([
      [2021, 3e11, "World Bank WDI"],
      [2022, 3.1e11, "World Bank WDI"],
    ]);
    const option = measureLineOption(gdp.spec.input, ctx) as Any;
    expect(option.yAxis.axisLabel.formatter(3e11)).toBe("$300B");
    expect(option.legend.show).toBe(false);
  });

  it("formats population as a count, not money", () => {
    const population = indicatorChart(rows, "population", { measure: "Population", year: "Year", source: "Source" }, "WDI");
    expect(population.points).toBe(3);
    const option = measureLineOption(population.spec.input, ctx) as Any;
    expect(option.yAxis.axisLabel.formatter(19.5e6)).toBe("19.5M");
    expect(option.tooltip.formatter([{ seriesIndex: 0, dataIndex: 1 }])).toContain("19,500,000");
  });
});

describe("tradeShareChart", () => {
  it("draws the share as a percentage and keeps numerator and denominator in the table", () => {
    const chart = tradeShareChart([{ year: 2018, exports: 75e9, imports: 75e9, gdp: 300e9, share: 0.5 }], {
      share: "Trade / GDP",
      year: "Year",
      exports: "Goods exports",
      imports: "Goods imports",
      gdp: "GDP",
    });
    expect(chart.points).toBe(1);
    expect(chart.table.rows).toEqual([[2018, 75e9, 75e9, 300e9, 0.5]]);
    const option = measureLineOption(chart.spec.input, ctx) as Any;
    expect(option.yAxis.axisLabel.formatter(0.5)).toBe("50%");
  });
});

describe("servicesChart", () => {
  it("stacks the categories over the years with the newest year's largest first", () => {
    const chart = servicesChart(
      [
        { year: 2015, total: 3, items: [{ year: 2015, id: "3", name: "Travel", value: 3 }] },
        {
          year: 2016,
          total: 8,
          items: [
            { year: 2016, id: "2", name: "Transportation", value: 5 },
            { year: 2016, id: "3", name: "Travel", value: 3 },
          ],
        },
      ],
      { year: "Year", service: "Service", value: "Value" },
    );
    expect(chart.spec.input.years).toEqual([2015, 2016]);
    expect(chart.spec.input.rows).toHaveLength(3);
    expect(chart.table.rows).toEqual([
      [2015, "Travel", 3],
      [2016, "Transportation", 5],
      [2016, "Travel", 3],
    ]);
  });
});
