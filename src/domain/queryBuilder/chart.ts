/**
 * Which chart suits the shape of an answer, and the chart rows for it, from /api/data records:
 * a treemap for one categorical drilldown, a line (one series) or stacked area (Year and one other
 * level) over time, bars for anything else. Money measures only for the treemap and the time
 * charts, whose tooltips and axes read dollars; other measures get bars.
 */
import type { BarsInput } from "@/domain/charts/options/bars";
import { CHANGE_COLORS, dimensionColor, type IconKind } from "@/domain/charts/presentation";
import type { ChartRow } from "@/domain/charts/types";
import type { ChartKind } from "./state";

export type Record_ = Readonly<Record<string, string | number | boolean | null>>;

interface Shape {
  drilldowns: readonly string[];
  timeLevel: string | null;
  /** The charted measure is in US dollars. */
  money: boolean;
}

function split(shape: Shape): { hasTime: boolean; others: string[] } {
  const hasTime = shape.timeLevel !== null && shape.drilldowns.includes(shape.timeLevel);
  return { hasTime, others: shape.drilldowns.filter((d) => d !== shape.timeLevel) };
}

/** The charts that can draw this shape (bars always can). */
export function chartChoices(shape: Shape): ChartKind[] {
  const { hasTime, others } = split(shape);
  const out: ChartKind[] = [];
  if (shape.money && !hasTime && others.length === 1) out.push("treemap");
  if (shape.money && hasTime && others.length <= 1) out.push("line");
  if (shape.money && hasTime && others.length === 1) out.push("stacked");
  out.push("bar");
  return out;
}

/** The builder's pick for the shape; `wanted` when the user chose one that fits. */
export function pickChart(shape: Shape, wanted: ChartKind | null = null): ChartKind {
  const choices = chartChoices(shape);
  if (wanted && choices.includes(wanted)) return wanted;
  const { hasTime, others } = split(shape);
  if (choices.includes("stacked") && hasTime && others.length === 1) return "stacked";
  if (choices.includes("line") && hasTime && others.length === 0) return "line";
  if (choices.includes("treemap")) return "treemap";
  return "bar";
}

const KIND_BY_LEVEL: Readonly<Record<string, IconKind>> = {
  Section: "section",
  HS2: "hs2",
  HS4: "hs4",
  HS6: "hs6",
  Country: "country",
  "Exporter Country": "country",
  "Importer Country": "country",
  Continent: "continent",
  "Exporter Continent": "continent",
  "Importer Continent": "continent",
};

function num(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Chart rows of one level (and the year when drilled), coloured by first appearance. */
export function chartRows(records: readonly Record_[], shape: Shape, measure: string): ChartRow[] {
  const { others } = split(shape);
  const level = others[0] ?? shape.timeLevel ?? "";
  const index = new Map<string, number>();
  return records.map((r) => {
    const id = String(r[`${level} ID`] ?? "");
    if (!index.has(id)) index.set(id, index.size);
    const year = shape.timeLevel && shape.drilldowns.includes(shape.timeLevel) ? num(r[`${shape.timeLevel} ID`]) : null;
    return {
      id,
      name: String(r[level] ?? id),
      kind: KIND_BY_LEVEL[level] ?? "other",
      color: dimensionColor("categorical", { id, index: index.get(id)! }),
      value: num(r[measure]),
      ...(year !== null ? { year } : {}),
    };
  });
}

/** Years of a time-series answer, ascending. */
export function chartYears(rows: readonly ChartRow[]): number[] {
  return [...new Set(rows.map((r) => r.year).filter((y): y is number => y !== undefined))].sort((a, b) => a - b);
}

export interface Bar {
  label: string;
  value: number;
  /** Width as a share of the largest absolute value (0..1). */
  share: number;
}

/** Bars for any shape: one per record, labelled by every drilled caption, the largest first. */
export function bars(records: readonly Record_[], drilldowns: readonly string[], measure: string, max = 30): Bar[] {
  const items = records
    .map((r) => ({ label: drilldowns.length ? drilldowns.map((d) => String(r[d] ?? r[`${d} ID`] ?? "")).join(" · ") : measure, value: num(r[measure]) }))
    .filter((b): b is { label: string; value: number } => b.value !== null)
    .sort((a, b) => Math.abs(b.value) - Math.abs(a.value))
    .slice(0, max);
  const top = Math.max(0, ...items.map((b) => Math.abs(b.value)));
  return items.map((b) => ({ ...b, share: top > 0 ? Math.abs(b.value) / top : 0 }));
}

/**
 * The bars as a chart of the one chart component: one bar per record (the largest first), green
 * above zero and red below, values written as dollars for money measures, as percentages for a
 * growth and with decimals for an RCA.
 */
export function barsChart(records: readonly Record_[], drilldowns: readonly string[], measure: string, money: boolean, max = 30): BarsInput {
  const list = bars(records, drilldowns, measure, max);
  return {
    categories: list.map((b, i) => ({ id: String(i + 1), name: b.label, color: b.value < 0 ? CHANGE_COLORS.lost : CHANGE_COLORS.gained })),
    series: [{ id: measure, name: measure, values: list.map((b) => b.value) }],
    format: money ? "usd" : / Growth$/.test(measure) ? "percent" : / RCA$|^RCA$/.test(measure) ? "decimal" : "number",
  };
}
