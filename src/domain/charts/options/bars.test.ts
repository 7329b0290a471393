import { describe, expect, it } from "vitest";
import { CATEGORICAL } from "../presentation";
import { toCsv } from "../table";
import { EN_CHART_LABELS } from "../test-support/labels";
import type { ChartContext } from "../types";
import { barsHeight, barsOption, barsTable, type BarsInput } from "./bars";

const ctx: ChartContext = { locale: "en", dark: false, labels: EN_CHART_LABELS };

const stacked: BarsInput = {
  categories: [
    { id: "chn", name: "China" },
    { id: "mex", name: "Mexico <S.A.>" },
  ],
  series: [
    { id: "creation", name: "Trade creation", color: "#2f9e44", values: [1_500_000, 200] },
    { id: "diversion", name: "Trade diversion", values: [-500_000, null] },
  ],
  stacked: true,
  format: "usd",
  totalLabel: "Total",
};

type Series = { type: string; stack?: string; name: string; itemStyle: { color: string }; data: unknown[] };
type Formatter = (params: unknown) => string;

describe("bars", () => {
  it("draws one horizontal bar per category, series stacked, the first category on top", () => {
    const option = barsOption(stacked, ctx) as { yAxis: { type: string; inverse: boolean; data: string[] }; xAxis: { type: string }; series: Series[]; legend: { show?: boolean; data?: string[] } };
    expect(option.yAxis).toMatchObject({ type: "category", inverse: true, data: ["China", "Mexico <S.A.>"] });
    expect(option.xAxis.type).toBe("value");
    expect(option.series.map((s) => [s.type, s.stack, s.name])).toEqual([
      ["bar", "bars", "Trade creation"],
      ["bar", "bars", "Trade diversion"],
    ]);
    // A series' own colour, else the categorical palette by position.
    expect(option.series[0].itemStyle.color).toBe("#2f9e44");
    expect(option.series[1].itemStyle.color).toBe(CATEGORICAL[1]);
    expect(option.series[1].data).toEqual([-500_000, null]);
    expect(option.legend.data).toEqual(["Trade creation", "Trade diversion"]);
  });

  it("writes tooltips with every series, the total, and escaped names", () => {
    const option = barsOption(stacked, ctx) as { tooltip: { formatter: Formatter } };
    const html = option.tooltip.formatter([{ dataIndex: 0 }, { dataIndex: 0 }]);
    expect(html).toContain("<b>China</b>");
    expect(html).toContain("Trade creation: $1,500,000");
    expect(html).toContain("Trade diversion: -$500,000");
    expect(html).toContain("Total: $1,000,000");
    const other = option.tooltip.formatter([{ dataIndex: 1 }]);
    expect(other).toContain("Mexico &lt;S.A.&gt;");
    expect(other).not.toContain("<S.A.>");
  });

  it("colours a single series per category and hides the legend", () => {
    const input: BarsInput = {
      categories: [
        { id: "new", name: "New", color: "#2f9e44" },
        { id: "lost", name: "Lost", color: "#e03131" },
        { id: "total", name: "Total" },
      ],
      series: [{ id: "value", name: "Change", values: [10, -4, 6] }],
      format: "number",
    };
    const option = barsOption(input, ctx) as { series: Series[]; legend: { show?: boolean }; xAxis: { axisLabel: { formatter: (v: number) => string } } };
    expect(option.legend.show).toBe(false);
    expect(option.series[0].data).toEqual([{ value: 10, itemStyle: { color: "#2f9e44" } }, { value: -4, itemStyle: { color: "#e03131" } }, 6]);
    expect(option.xAxis.axisLabel.formatter(1_200_000)).toBe("1.2M");
  });

  it("draws the title only for exports", () => {
    expect((barsOption(stacked, ctx) as { title: { show: boolean } }).title.show).toBe(false);
    const exported = barsOption(stacked, { ...ctx, title: "Change in imports", showTitle: true }) as { title: { show: boolean; text: string }; grid: { top: number } };
    expect(exported.title).toMatchObject({ show: true, text: "Change in imports" });
    expect(exported.grid.top).toBeGreaterThan((barsOption(stacked, ctx) as { grid: { top: number } }).grid.top);
  });

  it("gives a table and CSV of the same bars, and a height that fits them", () => {
    const table = barsTable(stacked, { category: "Exporter" });
    expect(table.columns.map((c) => [c.label, c.format])).toEqual([
      ["id", "text"],
      ["Exporter", "text"],
      ["Trade creation", "usd"],
      ["Trade diversion", "usd"],
    ]);
    expect(table.rows).toEqual([
      ["chn", "China", 1_500_000, -500_000],
      ["mex", "Mexico <S.A.>", 200, null],
    ]);
    expect(toCsv(table).split("\r\n")[1]).toBe("chn,China,1500000,-500000");
    expect(barsHeight(stacked)).toBe(220);
    expect(barsHeight({ categories: Array.from({ length: 20 }, (_, i) => ({ id: String(i), name: String(i) })), series: stacked.series })).toBe(20 * 30 + 72);
  });
});
