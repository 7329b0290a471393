/**
 * The compare page's charts: pure functions from the loaders' rows to the specs the one <Chart>
 * component draws and the tables its CSV download writes, from the same rows. One chart, one
 * dataset per year; where the years change dataset or release the line breaks (each run of years
 * is its own line, in the entity's colour and under its name) and the break years are returned for
 * the page to state.
 */
import { seriesBreaks } from "@/domain/catalog/catalog";
import type { Provenance } from "@/domain/catalog/figure";
import { CATEGORICAL } from "@/domain/charts/presentation";
import type { MeasureLineInput, MeasurePoint, MeasureSeries } from "@/domain/charts/options/measureLine";
import type { TreemapInput } from "@/domain/charts/options/treemap";
import type { ChartTable, ColumnFormat } from "@/domain/charts/table";
import type { ChartRow } from "@/domain/charts/types";
import type { MeasureFormat } from "@/domain/charts/measures";
import { seriesRuns } from "./series";
import type { CompareBreakdown, CompareEntity } from "./types";

export interface CompareLineChart {
  spec: { type: "measureLine"; input: MeasureLineInput };
  table: ChartTable;
  /** Years where the series changes dataset or release (the chart's line breaks there). */
  breaks: number[];
  /** Years with at least one value drawn, oldest first. */
  years: number[];
  /** Entities with no value in any year (the page says so). */
  missing: string[];
}

export interface CompareTreemap {
  id: string;
  spec: { type: "treemap"; input: TreemapInput };
  table: ChartTable;
}

/** An extra figure of each point: in the tooltip as text, in the table as a column. */
export interface PointExtra<T> {
  key: string;
  label: string;
  format: ColumnFormat;
  value(row: T): number | null;
  text(row: T): string;
}

export interface LineLabels {
  measure: string;
  year: string;
  name: string;
  source: string;
}

/** The colour of the i-th entity compared (the same in every chart of the page). */
export const entityColor = (index: number): string => CATEGORICAL[index % CATEGORICAL.length];

const COLUMN_FORMAT: Record<MeasureFormat, ColumnFormat> = { usd: "usd", number: "number", decimal: "decimal", percent: "percent" };

/**
 * One line per entity over the series' years (a null where it has no value, so the line breaks
 * rather than bridging a gap), split into one line per run of one dataset and release.
 */
export function lineChart<T extends { id: string; year: number; provenance: Provenance }>(
  entities: readonly CompareEntity[],
  series: { years: readonly Provenance[]; rows: readonly T[] },
  pick: (row: T) => number | null,
  options: { format: MeasureFormat; labels: LineLabels; sourceLabel: (p: Provenance) => string; extras?: readonly PointExtra<T>[] },
): CompareLineChart {
  const { format, labels, sourceLabel, extras = [] } = options;
  const byKey = new Map(series.rows.map((r) => [`${r.id}\u0000${r.year}`, r]));
  const valueOf = (row: T | undefined) => {
    const v = row ? pick(row) : null;
    return v === null || !Number.isFinite(v) ? null : v;
  };
  const runs = seriesRuns(series.years);
  const lines: MeasureSeries[] = [];
  const missing: string[] = [];
  const drawn = new Set<number>();
  entities.forEach((entity, index) => {
    const color = entityColor(index);
    const own = runs.map((run, r) => ({
      id: runs.length > 1 ? `${entity.id}~${r}` : entity.id,
      name: entity.name,
      color,
      points: run.map((y): MeasurePoint => {
        const row = byKey.get(`${entity.id}\u0000${y.year}`);
        const value = valueOf(row);
        if (value !== null) drawn.add(y.year);
        return { year: y.year, value, ...(row && value !== null && extras.length ? { extra: extras.map((e) => ({ label: e.label, value: e.text(row) })) } : {}) };
      }),
    }));
    if (own.every((s) => s.points.every((p) => p.value === null))) missing.push(entity.id);
    else lines.push(...own.filter((s) => s.points.some((p) => p.value !== null)));
  });
  const names = new Map(entities.map((e) => [e.id, e.name]));
  const order = new Map(entities.map((e, i) => [e.id, i]));
  const tableRows = series.rows
    .filter((r) => names.has(r.id) && valueOf(r) !== null)
    .sort((a, b) => order.get(a.id)! - order.get(b.id)! || a.year - b.year)
    .map((r) => [names.get(r.id)!, r.year, valueOf(r), ...extras.map((e) => e.value(r)), sourceLabel(r.provenance)]);
  return {
    spec: { type: "measureLine", input: { measure: labels.measure, format, series: lines } },
    table: {
      columns: [
        { key: "name", label: labels.name, format: "text" },
        { key: "year", label: labels.year, format: "year" },
        { key: "value", label: labels.measure, format: COLUMN_FORMAT[format] },
        ...extras.map((e) => ({ key: e.key, label: e.label, format: e.format })),
        { key: "source", label: labels.source, format: "text" },
      ],
      rows: tableRows,
    },
    breaks: seriesBreaks(series.years),
    years: [...drawn].sort((a, b) => a - b),
    missing,
  };
}

/** Each entity's breakdown (a country's exports by section) as a treemap of its own, all of one year and dataset. */
export function breakdownTreemaps(
  entities: readonly CompareEntity[],
  breakdown: CompareBreakdown,
  options: { dimension: string; kind: ChartRow["kind"]; labels: { name: string; value: string; share: string; year: string; source: string }; sourceLabel: (p: Provenance) => string },
): CompareTreemap[] {
  const { provenance } = breakdown;
  if (!provenance) return [];
  const { labels } = options;
  return entities.flatMap((entity) => {
    const parts = breakdown.rows.filter((r) => r.id === entity.id && r.value > 0).sort((a, b) => b.value - a.value);
    if (parts.length === 0) return [];
    const rows: ChartRow[] = parts.map((p) => ({ id: p.partId, name: p.partName, kind: options.kind, color: p.color ?? "#868e96", value: p.value, year: provenance.year }));
    return [
      {
        id: entity.id,
        spec: { type: "treemap" as const, input: { rows, groups: [], year: provenance.year, dimension: options.dimension } },
        table: {
          columns: [
            { key: "id", label: "ID", format: "text" as const },
            { key: "name", label: labels.name, format: "text" as const },
            { key: "value", label: labels.value, format: "usd" as const },
            { key: "share", label: labels.share, format: "percent" as const },
            { key: "year", label: labels.year, format: "year" as const },
            { key: "source", label: labels.source, format: "text" as const },
          ],
          rows: parts.map((p) => [p.partId, p.partName, p.value, p.share, p.provenance.year, options.sourceLabel(p.provenance)]),
        },
      },
    ];
  });
}
