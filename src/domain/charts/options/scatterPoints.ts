/**
 * Where scatter dots go and how big they are; kept apart from the option generator so pages can
 * count what a log axis leaves out without loading the chart code.
 */
import type { ScatterMeasure } from "@/domain/charts/measures";
import type { ChartRow } from "../types";

export interface ScatterInput {
  rows: readonly ChartRow[];
  x: ScatterMeasure;
  y: ScatterMeasure;
  year?: number;
  dimension: string;
}

export interface ScatterPoint {
  row: number;
  x: number;
  y: number;
  size: number;
}

/** A measure of a row: trade value and RCA live on the row itself, the others in `measures`. */
export function measureOf(row: ChartRow, key: string): number | null | undefined {
  if (key === "trade_value") return row.value;
  if (key === "rca") return row.rca;
  return row.measures?.[key];
}

const MIN_SIZE = 5;
const MAX_SIZE = 36;

/** The points to draw and how many members could not be placed (missing or non-positive on a log axis). */
export function scatterPoints(input: ScatterInput): { points: ScatterPoint[]; omitted: number } {
  const maxValue = Math.max(0, ...input.rows.map((r) => r.value ?? 0));
  const points: ScatterPoint[] = [];
  let omitted = 0;
  input.rows.forEach((r, row) => {
    const x = measureOf(r, input.x.key);
    const y = measureOf(r, input.y.key);
    const usable = (v: number | null | undefined, m: ScatterMeasure): v is number => typeof v === "number" && Number.isFinite(v) && (m.scale !== "log" || v > 0);
    if (!usable(x, input.x) || !usable(y, input.y)) {
      omitted++;
      return;
    }
    const size = maxValue > 0 && r.value ? MIN_SIZE + (MAX_SIZE - MIN_SIZE) * Math.sqrt(Math.max(0, r.value) / maxValue) : MIN_SIZE + 3;
    points.push({ row, x, y, size: Math.round(size * 10) / 10 });
  });
  return { points, omitted };
}

