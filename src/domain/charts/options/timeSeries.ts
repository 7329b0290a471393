/**
 * Stacked area and line charts of trade value over years: one series per member (the largest
 * ones; the rest summed as "Other values"), or one series for a total.
 */
import type { EChartsOption } from "echarts";
import { formatPercent, formatPeriod, formatUsd } from "@/domain/format";
import { memberName, tooltipHtml, tooltipRows, type TooltipRow } from "../presentation";
import type { ChartContext, ChartGroup, ChartRow } from "../types";
import { axisStyle, formatMeasure, legendFrame, OTHER_COLOR, OTHER_ID, palette, titleOption, titleSpace, tooltipFrame, topMembers } from "./common";

export interface TimeSeriesInput {
  /** One row per member and year. */
  rows: readonly ChartRow[];
  years: readonly number[];
  dimension: string;
  /** Most series drawn; the rest become "Other values". */
  maxSeries?: number;
  /**
   * "index": the values are an index (ECI, PCI), not money: the axis and tooltip show them as
   * decimals, with no shares or total. Default: trade values in the chart's currency.
   */
  values?: "trade" | "index";
}

export interface SeriesData {
  id: string;
  name: string;
  color: string;
  /** Aligned with the years; null where the member has no value that year. */
  values: (number | null)[];
}

/** Groups rows into aligned series (pure; exported for tests and the data table). */
export function buildSeries(input: TimeSeriesInput, ctx: ChartContext, maxSeries: number): SeriesData[] {
  const { keep, hasOther } = topMembers(input.rows, maxSeries);
  const yearIndex = new Map(input.years.map((y, i) => [y, i]));
  const byId = new Map<string, SeriesData>();
  for (const id of keep) byId.set(id, { id, name: "", color: OTHER_COLOR, values: input.years.map(() => null) });
  const other: SeriesData = { id: OTHER_ID, name: ctx.labels.fallbacks.otherValues, color: OTHER_COLOR, values: input.years.map(() => null) };
  for (const row of input.rows) {
    const i = row.year === undefined ? undefined : yearIndex.get(row.year);
    if (i === undefined) continue;
    const series = byId.get(row.id) ?? (hasOther ? other : undefined);
    if (!series) continue;
    if (series !== other) {
      series.name = memberName(row.name, input.dimension, ctx.labels.fallbacks);
      series.color = row.color;
    }
    series.values[i] = (series.values[i] ?? 0) + (row.value ?? 0);
  }
  const list = [...byId.values()];
  if (hasOther) list.push(other);
  return list;
}

/** The legend entries of a stacked or line chart (the drawn series, "Other values" last), for the page's own legend. */
export function timeSeriesLegend(input: TimeSeriesInput, ctx: ChartContext, stacked: boolean): ChartGroup[] {
  // A line broken into runs (one per release of its source) is several series of one name and colour: one entry.
  const series = uniqueEntries(buildSeries(input, ctx, input.maxSeries ?? (stacked ? 15 : 10)));
  if (series.length < 2) return [];
  const kinds = new Map(input.rows.map((r) => [r.id, r.kind]));
  return series.map((s) => ({ id: s.id, name: s.name, color: s.color, kind: s.id === OTHER_ID ? "other" : (kinds.get(s.id) ?? "other") }));
}

const uniqueEntries = (series: SeriesData[]): SeriesData[] => series.filter((s, i) => series.findIndex((o) => o.name === s.name && o.color === s.color) === i);

function growthAt(values: readonly (number | null)[], i: number): number | null {
  const now = values[i];
  const before = i > 0 ? values[i - 1] : null;
  return now !== null && before !== null && before !== 0 ? now / before - 1 : null;
}

function axisTooltip(series: SeriesData[], years: readonly number[], ctx: ChartContext, index = false) {
  return (params: unknown) => {
    const list = (Array.isArray(params) ? params : [params]) as { dataIndex: number }[];
    const i = list[0]?.dataIndex ?? 0;
    const year = years[i];
    if (index) {
      const present = series.filter((s) => s.values[i] !== null).sort((a, b) => (b.values[i] ?? 0) - (a.values[i] ?? 0));
      return tooltipHtml({ title: formatPeriod(year), rows: present.map((s) => ({ key: "series", label: s.name, value: formatMeasure(s.values[i], "decimal", ctx.locale, false), color: s.color })) });
    }
    if (series.length === 1) {
      const s = series[0];
      return tooltipHtml({
        title: s.name,
        color: s.color,
        rows: tooltipRows({ tradeValue: s.values[i], growth: growthAt(s.values, i), period: year }, ctx.labels.tooltip, ctx.locale, ctx.currency),
      });
    }
    const sum = series.reduce((acc, s) => acc + (s.values[i] ?? 0), 0);
    const present = series.filter((s) => s.values[i] !== null).sort((a, b) => (b.values[i] ?? 0) - (a.values[i] ?? 0));
    const rows: TooltipRow[] = present.slice(0, 12).map((s) => ({
      key: "series",
      label: s.name,
      value: `${formatUsd(s.values[i], ctx.locale, { compact: true, currency: ctx.currency })} · ${formatPercent(sum ? (s.values[i] ?? 0) / sum : null, ctx.locale)}`,
      color: s.color,
    }));
    rows.push({ key: "total", label: ctx.labels.total, value: formatUsd(sum, ctx.locale, { currency: ctx.currency }) });
    return tooltipHtml({ title: formatPeriod(year), rows });
  };
}

/** Years that are not evenly spaced (1962, 1980, 2017): a category axis would draw them as equal steps. */
export function unevenYears(years: readonly number[]): boolean {
  if (years.length < 3) return false;
  const step = years[1] - years[0];
  return years.some((y, i) => i > 0 && y - years[i - 1] !== step);
}

function timeSeriesOption(input: TimeSeriesInput, ctx: ChartContext, stacked: boolean): EChartsOption {
  const colors = palette(ctx.dark);
  const series = buildSeries(input, ctx, input.maxSeries ?? (stacked ? 15 : 10));
  const axes = axisStyle(ctx);
  const top = titleSpace(ctx) + 16;
  const many = series.length > 1;
  // A line over uneven years puts them on a value axis, so 1962 → 1980 is drawn longer than 2017 → 2018.
  const valueAxis = !stacked && unevenYears(input.years);
  const index = !stacked && input.values === "index";
  const xAxis = valueAxis
    ? {
        type: "value",
        min: input.years[0],
        max: input.years.at(-1),
        minInterval: 1,
        ...axes,
        axisLabel: { ...axes.axisLabel, formatter: (v: number) => (Number.isInteger(v) ? formatPeriod(v) : "") },
        splitLine: { show: false },
      }
    : {
        type: "category",
        boundaryGap: false,
        data: input.years.map((y) => formatPeriod(y)),
        ...axes,
        splitLine: { show: false },
      };
  return {
    animationDuration: 400,
    title: titleOption(ctx),
    color: series.map((s) => s.color),
    tooltip: { ...tooltipFrame(ctx), trigger: "axis", formatter: axisTooltip(series, input.years, ctx, index), axisPointer: { type: "line", lineStyle: { color: colors.muted } } },
    // On screen the page draws the full legend under the chart (timeSeriesLegend); exported
    // images carry their own.
    legend: many && ctx.showTitle ? { ...legendFrame(ctx), data: [...new Set(series.map((s) => s.name))] } : { show: false },
    grid: { top, left: 16, right: 24, bottom: many && ctx.showTitle ? 48 : 16, outerBoundsMode: "same", outerBoundsContain: "axisLabel" },
    xAxis,
    yAxis: {
      type: "value",
      ...axes,
      ...(index ? { scale: true } : {}),
      axisLabel: { ...axes.axisLabel, formatter: (v: number) => (index ? formatMeasure(v, "decimal", ctx.locale, true) : formatUsd(v, ctx.locale, { compact: true, currency: ctx.currency })) },
    },
    series: series.map((s) => ({
      id: s.id,
      name: s.name,
      type: "line" as const,
      stack: stacked ? "total" : undefined,
      areaStyle: stacked ? { opacity: 0.9 } : undefined,
      // A sparse line (a few years on a long axis) keeps its points visible: isolated years draw no segment.
      showSymbol: !stacked && (input.years.length <= 30 || s.values.filter((v) => v !== null).length <= 30),
      symbolSize: 5,
      smooth: false,
      connectNulls: false,
      lineStyle: { width: stacked ? 0.5 : 2.5, color: s.color },
      itemStyle: { color: s.color },
      emphasis: { focus: "series" as const },
      data: stacked ? s.values.map((v) => v ?? 0) : valueAxis ? s.values.map((v, i) => [input.years[i], v]) : s.values,
    })),
  } as EChartsOption;
}

export function stackedOption(input: TimeSeriesInput, ctx: ChartContext): EChartsOption {
  return timeSeriesOption(input, ctx, true);
}

export function lineOption(input: TimeSeriesInput, ctx: ChartContext): EChartsOption {
  return timeSeriesOption(input, ctx, false);
}
