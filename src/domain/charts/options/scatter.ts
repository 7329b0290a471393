/**
 * Scatter: any two measures of the same members (countries: GDP per capita against exports;
 * products: world trade against RCA...), dots sized by trade value and coloured by group.
 * Log axes leave out members with a value of zero or less, and say how many.
 */
import type { EChartsOption } from "echarts";
import type { ScatterMeasure } from "@/domain/charts/measures";
import { FONT_SIZE, memberIcon, memberName, tooltipHtml, tooltipRows, type TooltipDatum } from "../presentation";
import type { ChartContext, ChartRow } from "../types";
import { axisStyle, formatMeasure, palette, titleOption, titleSpace, tooltipFrame } from "./common";
import { measureOf, scatterPoints, type ScatterInput, type ScatterPoint } from "./scatterPoints";

/** At most this many of the largest points are named on the chart. */
export const LABELLED_POINTS = 8;

/** Where a value sits on its axis, 0 at the smallest point and 1 at the largest (log axes in logs). */
function axisPositions(values: readonly number[], log: boolean): { at: (v: number) => number; min: number; max: number } {
  const t = (v: number) => (log ? Math.log10(v) : v);
  const min = Math.min(...values.map(t));
  const max = Math.max(...values.map(t));
  const span = max - min || 1;
  return { at: (v) => (t(v) - min) / span, min, max };
}

/**
 * Which points carry a name: the largest first, skipping any whose label would sit on one already
 * placed (a label is wide and short, so the test box is too), up to LABELLED_POINTS. ECharts'
 * hideOverlap still drops any that collide at the drawn size.
 */
export function labelledPoints(points: readonly ScatterPoint[], input: Pick<ScatterInput, "x" | "y">, max = LABELLED_POINTS): Set<number> {
  if (points.length === 0) return new Set();
  const x = axisPositions(points.map((p) => p.x), input.x.scale === "log");
  const y = axisPositions(points.map((p) => p.y), input.y.scale === "log");
  const order = points.map((_, i) => i).sort((a, b) => points[b].size - points[a].size);
  const placed: { x: number; y: number }[] = [];
  const chosen = new Set<number>();
  for (const i of order) {
    if (chosen.size >= max) break;
    const at = { x: x.at(points[i].x), y: y.at(points[i].y) };
    if (placed.some((q) => Math.abs(q.x - at.x) < 0.14 && Math.abs(q.y - at.y) < 0.06)) continue;
    placed.push(at);
    chosen.add(i);
  }
  return chosen;
}

/**
 * The extent of a log axis fitted to the data (a little margin either side) rather than rounded
 * out to whole powers of ten, so GDP per capita from $300 to $120,000 does not run to $1M.
 */
export function logExtent(values: readonly number[]): { min: number; max: number } | null {
  const positive = values.filter((v) => Number.isFinite(v) && v > 0);
  if (positive.length === 0) return null;
  const lo = Math.log10(Math.min(...positive));
  const hi = Math.log10(Math.max(...positive));
  const pad = Math.max(0.05, (hi - lo) * 0.04);
  const round = (v: number) => Number(v.toPrecision(2));
  return { min: round(10 ** (lo - pad)), max: round(10 ** (hi + pad)) };
}

function tooltipDatum(row: ChartRow, input: ScatterInput, ctx: ChartContext, year?: number): TooltipDatum {
  const datum: TooltipDatum = { tradeValue: row.value, rca: row.rca, period: year };
  const extra: { label: string; value: string }[] = [];
  for (const measure of [input.x, input.y]) {
    const value = measureOf(row, measure.key);
    if (measure.tooltipRow === "tradeValue") continue;
    if (measure.tooltipRow === "rca") datum.rca = value;
    else if (measure.tooltipRow === "marketShare") datum.marketShare = value;
    else if (measure.tooltipRow === "relatedness") datum.relatedness = value;
    else extra.push({ label: ctx.labels.measures[measure.key] ?? measure.key, value: formatMeasure(value, measure.format, ctx.locale, false) });
  }
  return { ...datum, extra };
}

export function scatterOption(input: ScatterInput, ctx: ChartContext): EChartsOption {
  const colors = palette(ctx.dark);
  const axes = axisStyle(ctx);
  const { points } = scatterPoints(input);
  // Largest first so small dots stay on top and can be hovered.
  points.sort((a, b) => b.size - a.size);
  const labelled = labelledPoints(points, input);
  const axis = (measure: ScatterMeasure, values: readonly number[]) => {
    const fitted = measure.scale === "log" ? logExtent(values) : null;
    return {
      type: measure.scale === "log" ? ("log" as const) : ("value" as const),
      name: ctx.labels.measures[measure.key] ?? measure.key,
      nameLocation: "middle" as const,
      scale: true,
      ...(fitted ?? {}),
      ...axes,
      // A fitted end is not a round number: only the powers of ten inside it are labelled.
      axisLabel: { ...axes.axisLabel, ...(fitted ? { showMinLabel: false, showMaxLabel: false } : {}), formatter: (v: number) => formatMeasure(v, measure.format, ctx.locale, true) },
    };
  };
  return {
    animation: false,
    title: titleOption(ctx),
    tooltip: {
      ...tooltipFrame(ctx),
      trigger: "item",
      formatter: (params: unknown) => {
        const p = params as { dataIndex: number };
        const point = points[p.dataIndex];
        if (!point) return "";
        const row = input.rows[point.row];
        return tooltipHtml({
          title: memberName(row.name, input.dimension, ctx.labels.fallbacks),
          subtitle: [row.code, row.groupName].filter(Boolean).join(" · "),
          icon: memberIcon(row.kind, row.id),
          rows: tooltipRows(tooltipDatum(row, input, ctx, input.year), ctx.labels.tooltip, ctx.locale),
        });
      },
    },
    grid: { top: titleSpace(ctx) + 24, left: 72, right: 32, bottom: 64 },
    xAxis: { ...axis(input.x, points.map((p) => p.x)), nameGap: 36 },
    yAxis: { ...axis(input.y, points.map((p) => p.y)), nameGap: 56 },
    series: [
      {
        type: "scatter",
        data: points.map((p, i) => {
          const row = input.rows[p.row];
          // A few large, well-spread points carry their name (ECharts drops labels that still overlap).
          const label = labelled.has(i) ? { show: true } : undefined;
          return { value: [p.x, p.y], name: row.name, symbolSize: p.size, itemStyle: { color: row.color, opacity: 0.85, borderColor: colors.border, borderWidth: 0.5 }, ...(label ? { label } : {}) };
        }),
        label: { show: false, position: "top", distance: 3, formatter: "{b}", fontSize: FONT_SIZE.label - 4, color: colors.text, textBorderColor: colors.background, textBorderWidth: 2 },
        labelLayout: { hideOverlap: true },
        emphasis: { focus: "self", itemStyle: { borderColor: colors.text, borderWidth: 1.5 } },
      },
    ],
  } as EChartsOption;
}
