/**
 * Scatter: any two measures of the same members (countries: GDP per capita against exports;
 * products: world trade against RCA...), dots sized by trade value and coloured by group.
 * Log axes leave out members with a value of zero or less, and say how many.
 */
import type { EChartsOption } from "echarts";
import type { ScatterMeasure } from "@/domain/visualize/measures";
import { FONT_SIZE, memberIcon, memberName, tooltipHtml, tooltipRows, type TooltipDatum } from "../presentation";
import type { ChartContext, ChartRow } from "../types";
import { axisStyle, formatMeasure, palette, titleOption, titleSpace, tooltipFrame } from "./common";
import { measureOf, scatterPoints, type ScatterInput } from "./scatterPoints";

/** How many of the largest points are named on the chart. */
export const LABELLED_POINTS = 12;

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
  const axis = (measure: ScatterMeasure) => ({
    type: measure.scale === "log" ? ("log" as const) : ("value" as const),
    name: ctx.labels.measures[measure.key] ?? measure.key,
    nameLocation: "middle" as const,
    scale: true,
    ...axes,
    axisLabel: { ...axes.axisLabel, formatter: (v: number) => formatMeasure(v, measure.format, ctx.locale, true) },
  });
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
    xAxis: { ...axis(input.x), nameGap: 36 },
    yAxis: { ...axis(input.y), nameGap: 56 },
    series: [
      {
        type: "scatter",
        data: points.map((p, i) => {
          const row = input.rows[p.row];
          // The largest points carry their name (ECharts drops labels that would overlap).
          const label = i < LABELLED_POINTS ? { show: true } : undefined;
          return { value: [p.x, p.y], name: row.name, symbolSize: p.size, itemStyle: { color: row.color, opacity: 0.85, borderColor: colors.border, borderWidth: 0.5 }, ...(label ? { label } : {}) };
        }),
        label: { show: false, position: "top", distance: 3, formatter: "{b}", fontSize: FONT_SIZE.label - 4, color: colors.text, textBorderColor: colors.background, textBorderWidth: 2 },
        labelLayout: { hideOverlap: true },
        emphasis: { focus: "self", itemStyle: { borderColor: colors.text, borderWidth: 1.5 } },
      },
    ],
  } as EChartsOption;
}
