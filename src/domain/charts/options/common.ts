/**
 * Pieces every option generator shares: text colours per scheme, the title block for exports,
 * the tooltip frame, value formatters per measure format and the "Other values" tail.
 */
import { formatDecimal, formatNumber, formatPercent, formatSignificant, formatUsd, type FormatLocale } from "@/domain/format";
import type { MeasureFormat } from "@/domain/charts/measures";
import { FONT_SIZE, LEGEND_ICON, UNKNOWN_COLOR } from "../presentation";
import type { ChartContext, ChartRow } from "../types";

export const TOOLTIP_CLASS = "ots-chart-tooltip";

export function palette(dark: boolean) {
  return dark
    ? { text: "#e9ecef", muted: "#adb5bd", line: "#495057", background: "#242424", tooltip: "#2e2e2e", noData: "rgba(177,186,198,0.25)", border: "#1a1b1e" }
    : { text: "#212529", muted: "#495057", line: "#dee2e6", background: "#ffffff", tooltip: "#ffffff", noData: "rgba(177,186,198,0.45)", border: "#ffffff" };
}

/** Space above the plot when the title is drawn (exports). */
export function titleSpace(ctx: ChartContext): number {
  if (!ctx.showTitle || !ctx.title) return 0;
  return ctx.subtitle ? 64 : 44;
}

export function titleOption(ctx: ChartContext) {
  const colors = palette(ctx.dark);
  return {
    show: Boolean(ctx.showTitle && ctx.title),
    text: ctx.title ?? "",
    subtext: ctx.subtitle ?? "",
    left: 12,
    top: 8,
    textStyle: { fontSize: FONT_SIZE.title, fontWeight: 700 as const, color: colors.text },
    subtextStyle: { fontSize: FONT_SIZE.shapeLabel, color: colors.muted },
  };
}

export function tooltipFrame(ctx: ChartContext) {
  const colors = palette(ctx.dark);
  return {
    confine: true,
    className: TOOLTIP_CLASS,
    backgroundColor: colors.tooltip,
    borderColor: colors.line,
    textStyle: { color: colors.text, fontSize: 13 },
    extraCssText: "max-width:320px;white-space:normal;box-shadow:0 4px 16px rgba(0,0,0,.18);",
  };
}

export function legendFrame(ctx: ChartContext) {
  const colors = palette(ctx.dark);
  return {
    type: "scroll" as const,
    bottom: 0,
    itemWidth: LEGEND_ICON.width,
    itemHeight: LEGEND_ICON.height,
    icon: "roundRect",
    textStyle: { fontSize: FONT_SIZE.label, color: colors.text },
    pageTextStyle: { color: colors.text },
  };
}

export function axisStyle(ctx: ChartContext) {
  const colors = palette(ctx.dark);
  return {
    axisLabel: { fontSize: FONT_SIZE.label, color: colors.muted },
    axisLine: { lineStyle: { color: colors.line } },
    splitLine: { lineStyle: { color: colors.line, type: "dashed" as const } },
    nameTextStyle: { fontSize: FONT_SIZE.label, color: colors.text },
  };
}

/** Formats a value of a measure for axes (compact) or tooltips (full). */
export function formatMeasure(value: number | null | undefined, format: MeasureFormat, locale: FormatLocale, compact: boolean): string {
  switch (format) {
    case "usd":
      return formatUsd(value, locale, { compact });
    case "number":
      return formatNumber(value, locale, { compact });
    case "percent":
      // Shares on a log axis go down to 0.001%: keep them distinguishable.
      return formatPercent(value, locale, compact && typeof value === "number" && value !== 0 && Math.abs(value) < 0.001 ? { significant: 2 } : {});
    case "decimal":
      return compact ? formatSignificant(value, locale) : formatDecimal(value, locale, 2);
  }
}

/** Sum of the rows' values, ignoring missing ones. */
export function total(rows: readonly ChartRow[]): number {
  return rows.reduce((sum, r) => sum + (r.value ?? 0), 0);
}

export const OTHER_ID = "__other__";

/**
 * The members to draw as their own series: the `max` largest by total value; the rest become one
 * "Other values" member. Returns the kept ids (largest first) and whether a tail exists.
 */
export function topMembers(rows: readonly ChartRow[], max: number): { keep: string[]; hasOther: boolean } {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.id, (totals.get(r.id) ?? 0) + (r.value ?? 0));
  const ordered = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([id]) => id);
  if (ordered.length <= max) return { keep: ordered, hasOther: false };
  return { keep: ordered.slice(0, max - 1), hasOther: true };
}

export const OTHER_COLOR = UNKNOWN_COLOR;
