/**
 * Horizontal bars: one bar per category (top to bottom in the given order), one or more series,
 * stacked or side by side. The tariff simulator's change per exporter (creation and diversion
 * stacked), the trend explorer's margins of change and the data explorer's ranked values. Names on
 * the category axis stay readable on a phone; the CSV table of the same bars is `barsTable`.
 */
import type { EChartsOption } from "echarts";
import type { MeasureFormat } from "@/domain/charts/measures";
import type { ChartTable, ColumnFormat } from "../table";
import { CATEGORICAL, escapeHtml, FONT_SIZE } from "../presentation";
import type { ChartContext } from "../types";
import { axisStyle, formatMeasure, legendFrame, palette, titleOption, titleSpace, tooltipFrame } from "./common";

export interface BarCategory {
  id: string;
  name: string;
  /** A colour of this bar alone (a single series coloured per category). */
  color?: string | null;
}

export interface BarSeries {
  id: string;
  name: string;
  color?: string | null;
  /** One value per category, in the categories' order (null: no bar). */
  values: readonly (number | null)[];
}

export interface BarsInput {
  categories: readonly BarCategory[];
  series: readonly BarSeries[];
  /** Stack the series into one bar per category (default: side by side). */
  stacked?: boolean;
  /** How values are written on the axis (compact) and in tooltips (full). */
  format: MeasureFormat;
  /** Label of each category's sum over the series, added to tooltips of several series. */
  totalLabel?: string;
}

const CATEGORY_LABEL_WIDTH = 140;

const seriesColor = (s: BarSeries, i: number): string => s.color ?? CATEGORICAL[i % CATEGORICAL.length];

/** The ECharts option of the bars. */
export function barsOption(input: BarsInput, ctx: ChartContext): EChartsOption {
  const colors = palette(ctx.dark);
  const axis = axisStyle(ctx);
  const several = input.series.length > 1;
  const full = (v: number | null | undefined) => formatMeasure(v, input.format, ctx.locale, false);
  const top = titleSpace(ctx) + (several ? 36 : 12);
  return {
    title: titleOption(ctx),
    grid: { left: 8, right: 24, top, bottom: 8, containLabel: true },
    legend: several ? { ...legendFrame(ctx), bottom: undefined, top: titleSpace(ctx) + 4, data: input.series.map((s) => s.name) } : { show: false },
    tooltip: {
      ...tooltipFrame(ctx),
      trigger: "axis",
      axisPointer: { type: "shadow" },
      formatter: (params: unknown) => {
        const list = (Array.isArray(params) ? params : [params]) as { dataIndex?: number }[];
        const index = list[0]?.dataIndex ?? 0;
        const category = input.categories[index];
        if (!category) return "";
        const lines = input.series.map((s, i) => {
          const swatch = `<span style="display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:6px;background:${escapeHtml(several ? seriesColor(s, i) : (category.color ?? seriesColor(s, i)))}"></span>`;
          return several ? `${swatch}${escapeHtml(s.name)}: ${escapeHtml(full(s.values[index]))}` : `${swatch}${escapeHtml(full(s.values[index]))}`;
        });
        if (several && input.totalLabel) {
          const sum = input.series.reduce((acc, s) => acc + (s.values[index] ?? 0), 0);
          lines.push(`<b>${escapeHtml(input.totalLabel)}: ${escapeHtml(full(sum))}</b>`);
        }
        return [`<b>${escapeHtml(category.name)}</b>`, ...lines].join("<br/>");
      },
    },
    xAxis: {
      type: "value",
      ...axis,
      axisLabel: { ...axis.axisLabel, formatter: (v: number) => formatMeasure(v, input.format, ctx.locale, true) },
    },
    yAxis: {
      type: "category",
      inverse: true,
      data: input.categories.map((c) => c.name),
      axisLine: { lineStyle: { color: colors.line } },
      axisTick: { show: false },
      axisLabel: { fontSize: FONT_SIZE.label, color: colors.text, width: CATEGORY_LABEL_WIDTH, overflow: "truncate" },
    },
    series: input.series.map((s, i) => ({
      id: s.id,
      name: s.name,
      type: "bar" as const,
      ...(input.stacked ? { stack: "bars" } : {}),
      barMaxWidth: 28,
      itemStyle: { color: seriesColor(s, i), borderRadius: 2 },
      data: s.values.map((v, j) => {
        const own = input.categories[j]?.color;
        return !several && own ? { value: v, itemStyle: { color: own } } : v;
      }),
    })),
  };
}

/** The bars' height in pixels: room for every category, never less than `min`. */
export function barsHeight(input: Pick<BarsInput, "categories" | "series">, min = 220): number {
  return Math.max(min, input.categories.length * (input.series.length > 1 ? 30 : 26) + 72);
}

/** The table (and CSV) of the bars: a category column and one column per series, raw numbers. */
export function barsTable(input: BarsInput, labels: { category: string }): ChartTable {
  const format: ColumnFormat = input.format === "usd" ? "usd" : input.format === "percent" ? "percent" : input.format === "decimal" ? "decimal" : "number";
  return {
    columns: [
      { key: "id", label: "id", format: "text" },
      { key: "name", label: labels.category, format: "text" },
      ...input.series.map((s) => ({ key: s.id, label: s.name, format })),
    ],
    rows: input.categories.map((c, i) => [c.id, c.name, ...input.series.map((s) => s.values[i] ?? null)]),
  };
}
