/**
 * Charts of the product-in-country and organisation profiles, built from the loaders' typed rows:
 * the spec the one <Chart> component draws and the table its CSV writes, from the same rows. A
 * history is drawn as runs of one dataset and release each (a change of source starts a new
 * series, so the line breaks where the data's origin does). Pure; labels arrive translated.
 */
import { CATEGORICAL, FLOW_COLORS } from "@/domain/charts/presentation";
import { drawnPoints, type MeasureLineInput } from "@/domain/charts/options/measureLine";
import type { TimeSeriesInput } from "@/domain/charts/options/timeSeries";
import type { TreemapInput } from "@/domain/charts/options/treemap";
import type { ChartTable } from "@/domain/charts/table";
import type { ChartGroup, ChartRow } from "@/domain/charts/types";
import type { Series } from "@/domain/catalog/catalog";
import { seriesRuns } from "./productInCountry";

export interface HistoryPoint extends Series {
  year: number;
  source: string;
  value: number;
  worldShare: number | null;
  rca: number | null;
}

export interface HistoryChart {
  spec: { type: "measureLine"; input: MeasureLineInput };
  table: ChartTable;
  /** Points drawn (years with a value). */
  points: number;
}

/**
 * A country's exports of a product over the years, one series per run of one dataset and release
 * (named by `runName`); the table keeps each year's share of world exports, RCA and source.
 */
export function productHistoryChart(
  points: readonly HistoryPoint[],
  labels: { measure: string; year: string; worldShare: string; rca: string; source: string },
  runName: (run: { first: number; last: number; point: HistoryPoint }) => string,
): HistoryChart {
  const runs = seriesRuns(points);
  const input: MeasureLineInput = {
    measure: labels.measure,
    format: "usd",
    series: runs.map((run, i) => ({
      id: `${run.key}-${run.points[0].year}`,
      name: runName({ first: run.points[0].year, last: run.points.at(-1)!.year, point: run.points[0] }),
      color: CATEGORICAL[i % CATEGORICAL.length],
      points: run.points.map((p) => ({ year: p.year, value: p.value })),
    })),
  };
  const names = new Map(input.series.flatMap((s) => s.points.map((p) => [p.year, s.name] as const)));
  const sorted = [...points].sort((a, b) => a.year - b.year);
  return {
    spec: { type: "measureLine", input },
    table: {
      columns: [
        { key: "year", label: labels.year, format: "year" },
        { key: "value", label: labels.measure, format: "usd" },
        { key: "world_share", label: labels.worldShare, format: "percent" },
        { key: "rca", label: labels.rca, format: "decimal" },
        { key: "source", label: labels.source, format: "text" },
      ],
      rows: sorted.map((p) => [p.year, p.value, p.worldShare, p.rca, names.get(p.year) ?? p.source]),
    },
    points: drawnPoints(input),
  };
}

export interface BlocHistoryPoint {
  year: number;
  intra: number;
  extra: number;
  total: number;
}

export interface BlocChart {
  spec: { type: "stacked"; input: TimeSeriesInput };
  table: ChartTable;
  /** Years drawn. */
  points: number;
}

/** A bloc's exports over the years, stacked: to members (intra-bloc) under to the rest (extra-bloc). */
export function blocHistoryChart(points: readonly BlocHistoryPoint[], labels: { intra: string; extra: string; total: string; year: string; source: string }, sourceOf: (year: number) => string): BlocChart {
  const sorted = [...points].sort((a, b) => a.year - b.year);
  const rows: ChartRow[] = sorted.flatMap((p) => [
    { id: "intra", name: labels.intra, kind: "other" as const, color: FLOW_COLORS["3"], value: p.intra, year: p.year },
    { id: "extra", name: labels.extra, kind: "other" as const, color: FLOW_COLORS["2"], value: p.extra, year: p.year },
  ]);
  return {
    spec: { type: "stacked", input: { rows, years: sorted.map((p) => p.year), dimension: "Bloc", maxSeries: 2 } },
    table: {
      columns: [
        { key: "year", label: labels.year, format: "year" },
        { key: "intra", label: labels.intra, format: "usd" },
        { key: "extra", label: labels.extra, format: "usd" },
        { key: "total", label: labels.total, format: "usd" },
        { key: "source", label: labels.source, format: "text" },
      ],
      rows: sorted.map((p) => [p.year, p.intra, p.extra, p.total, sourceOf(p.year)]),
    },
    points: sorted.length,
  };
}

export interface TreemapMember {
  id: string;
  name: string;
  value: number;
  color: string;
  /** The parent the tile nests in (a continent, a section); null for none. */
  group: string | null;
}

/** A treemap of members (partners by continent, products by section), the largest `max` drawn. */
export function memberTreemap(
  rows: readonly TreemapMember[],
  options: { kind: ChartRow["kind"]; year: number; groups: readonly { id: string; name: string; color: string; kind: ChartGroup["kind"] }[]; max?: number },
): { input: TreemapInput; rows: ChartRow[] } {
  // The dimension only chooses the name fallback ("Unspecified territories" for geography).
  const dimension = options.kind === "country" || options.kind === "continent" ? "Country" : "Product";
  const chartRows: ChartRow[] = [...rows]
    .filter((r) => r.value > 0)
    .sort((a, b) => b.value - a.value)
    .slice(0, options.max ?? 400)
    .map((r) => {
      const group = options.groups.find((g) => g.id === r.group);
      return { id: r.id, code: options.kind === "country" ? undefined : r.id, name: r.name, kind: options.kind, color: r.color, group: group ? group.id : null, groupName: group?.name ?? null, value: r.value };
    });
  const used = new Set(chartRows.map((r) => r.group));
  const groups = options.groups.filter((g) => used.has(g.id));
  return { input: { rows: chartRows, groups, year: options.year, dimension }, rows: chartRows };
}
