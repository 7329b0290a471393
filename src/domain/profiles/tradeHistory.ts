/**
 * A history line of world trade (of everything, or of one product) drawn from several series of
 * the catalogue: each series is one line, named by its source, broken (and noted) at the years
 * where it changes dataset or release. Pure: the server
 * loads the points, the page names the series.
 */
import { comparable, seriesBreaks } from "@/domain/catalog/catalog";
import type { TimeSeriesInput } from "@/domain/charts/options";
import type { ChartTable } from "@/domain/charts/table";
import type { ChartRow } from "@/domain/charts/types";

export interface HistoryPoint {
  year: number;
  value: number;
  dataset: string;
  vintage: string;
  source: string;
}

export interface HistorySeries {
  /** Stable key of the series ("reporters", "world:atlas_world_hs4"). */
  id: string;
  name: string;
  color: string;
  points: readonly HistoryPoint[];
}

export interface HistoryChart {
  /** The line chart's input: one line per series, over the union of their years. */
  input: TimeSeriesInput;
  /** Points drawn (one per series and year with a value). */
  points: number;
  /** Years where a series changes dataset or release, per series (only those with a break). */
  breaks: { id: string; name: string; years: number[] }[];
}

/**
 * One line per series, broken where the series changes dataset or release: each run of one release
 * is its own chart series (same name and colour, one legend entry), so no segment joins two
 * releases. A year without a positive value is left out of its line (never drawn as zero).
 */
export function historyChart(series: readonly HistorySeries[], dimension: string): HistoryChart {
  const rows: ChartRow[] = [];
  const breaks: HistoryChart["breaks"] = [];
  const years = new Set<number>();
  let lines = 0;
  for (const s of series) {
    const points = s.points.filter((p) => Number.isFinite(p.value) && p.value > 0).sort((a, b) => a.year - b.year);
    let run = 0;
    points.forEach((p, i) => {
      if (i > 0 && !comparable(points[i - 1]!, p)) run++;
      years.add(p.year);
      rows.push({ id: run === 0 ? s.id : `${s.id}~${run}`, name: s.name, kind: "other", color: s.color, value: p.value, year: p.year });
    });
    lines += points.length ? run + 1 : 0;
    const at = seriesBreaks(points);
    if (at.length) breaks.push({ id: s.id, name: s.name, years: at });
  }
  const sorted = [...years].sort((a, b) => a - b);
  return { input: { rows, years: sorted, dimension, maxSeries: Math.max(lines, 1) }, points: rows.length, breaks };
}

/**
 * The table and CSV behind a history chart: one row per series and year, with the dataset and
 * release of that year. No share column: the lines are different sources and never add up.
 */
export function historyTable(series: readonly HistorySeries[], labels: { series: string; year: string; value: string; dataset: string }): ChartTable {
  const rows = series.flatMap((s) =>
    s.points.filter((p) => Number.isFinite(p.value) && p.value > 0).map((p) => [s.name, p.year, p.value, `${p.dataset} (${p.vintage})`]),
  );
  return {
    columns: [
      { key: "series", label: labels.series, format: "text" },
      { key: "year", label: labels.year, format: "year" },
      { key: "value", label: labels.value, format: "usd" },
      { key: "dataset", label: labels.dataset, format: "text" },
    ],
    rows,
  };
}
