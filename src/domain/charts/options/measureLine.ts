/**
 * A line over years of a measure that is not a trade value (GDP, population, ECI, a share of GDP):
 * the axis and tooltip format the measure by its format, years sit on a value axis (so a gap of
 * decades looks like one), and each series can be a run of years from one source: a change of
 * source starts a new series, so the line breaks where the data's origin does.
 */
import type { EChartsOption } from "echarts";
import { formatPeriod } from "@/domain/format";
import type { MeasureFormat } from "@/domain/charts/measures";
import { tooltipHtml, type TooltipRow } from "../presentation";
import type { ChartContext } from "../types";
import { axisStyle, formatMeasure, legendFrame, palette, titleOption, titleSpace, tooltipFrame } from "./common";

export interface MeasurePoint {
  year: number;
  /** null: no value that year (the line breaks). */
  value: number | null;
  /** Further rows of the point's tooltip, already formatted ("Rank": "12 of 142"). */
  extra?: readonly { label: string; value: string }[];
}

export interface MeasureSeries {
  id: string;
  name: string;
  color: string;
  points: readonly MeasurePoint[];
}

export interface MeasureLineInput {
  /** Name of the measure (tooltip row when there is one series). */
  measure: string;
  format: MeasureFormat;
  series: readonly MeasureSeries[];
}

/** How many points carry a value (what the chart draws as points). */
export function drawnPoints(input: MeasureLineInput): number {
  return input.series.reduce((n, s) => n + s.points.filter((p) => p.value !== null && Number.isFinite(p.value)).length, 0);
}

interface AxisParam {
  seriesIndex: number;
  dataIndex: number;
}

function tooltip(input: MeasureLineInput, ctx: ChartContext) {
  return (params: unknown) => {
    const list = (Array.isArray(params) ? params : [params]) as AxisParam[];
    const hits = list.map((p) => ({ series: input.series[p.seriesIndex], point: input.series[p.seriesIndex]?.points[p.dataIndex] })).filter((h) => h.series && h.point && h.point.value !== null);
    if (hits.length === 0) return "";
    const rows: TooltipRow[] = [];
    for (const { series, point } of hits) {
      rows.push({ key: "series", label: input.series.length > 1 ? series!.name : input.measure, value: formatMeasure(point!.value, input.format, ctx.locale, false), color: series!.color });
      for (const extra of point!.extra ?? []) rows.push({ key: "extra", label: extra.label, value: extra.value });
    }
    return tooltipHtml({ title: formatPeriod(hits[0].point!.year), rows });
  };
}

export function measureLineOption(input: MeasureLineInput, ctx: ChartContext): EChartsOption {
  const colors = palette(ctx.dark);
  const axes = axisStyle(ctx);
  const years = input.series.flatMap((s) => s.points.map((p) => p.year));
  const many = input.series.length > 1;
  const top = titleSpace(ctx) + 16;
  const pointCount = Math.max(0, ...input.series.map((s) => s.points.length));
  return {
    animationDuration: 400,
    title: titleOption(ctx),
    color: input.series.map((s) => s.color),
    tooltip: { ...tooltipFrame(ctx), trigger: "axis", formatter: tooltip(input, ctx), axisPointer: { type: "line", lineStyle: { color: colors.muted } } },
    legend: many ? { ...legendFrame(ctx), data: input.series.map((s) => s.name) } : { show: false },
    grid: { top, left: 16, right: 24, bottom: many ? 48 : 16, outerBoundsMode: "same", outerBoundsContain: "axisLabel" },
    xAxis: {
      type: "value",
      min: years.length ? Math.min(...years) : undefined,
      max: years.length ? Math.max(...years) : undefined,
      minInterval: 1,
      ...axes,
      axisLabel: { ...axes.axisLabel, formatter: (v: number) => (Number.isInteger(v) ? formatPeriod(v) : "") },
      splitLine: { show: false },
    },
    yAxis: {
      type: "value",
      scale: input.format === "decimal",
      ...axes,
      axisLabel: { ...axes.axisLabel, formatter: (v: number) => formatMeasure(v, input.format, ctx.locale, true) },
    },
    series: input.series.map((s) => ({
      id: s.id,
      name: s.name,
      type: "line" as const,
      // Few points (ranked years) are each marked; long annual series are a plain line.
      showSymbol: pointCount <= 30,
      symbolSize: 7,
      smooth: false,
      connectNulls: false,
      lineStyle: { width: 2.5, color: s.color },
      itemStyle: { color: s.color },
      emphasis: { focus: "series" as const },
      data: s.points.map((p) => [p.year, p.value]),
    })),
  } as EChartsOption;
}
