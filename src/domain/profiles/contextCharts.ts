/**
 * The charts of a country's context sections, built from the loaders' typed rows: each is the
 * chart spec the one <Chart> component draws and the table its CSV download writes, from the same
 * rows. Pure; labels arrive translated.
 */
import { CATEGORICAL, FLOW_COLORS } from "@/domain/charts/presentation";
import { drawnPoints, type MeasureLineInput, type MeasureSeries } from "@/domain/charts/options/measureLine";
import type { TimeSeriesInput } from "@/domain/charts/options/timeSeries";
import type { ChartTable } from "@/domain/charts/table";
import { formatNumber, type FormatLocale } from "@/domain/format";
import type { MeasureFormat } from "@/domain/charts/measures";
import { releaseGroups, type EciPoint, type IndicatorKey, type IndicatorYear, type ServicesYear, type TradeShareRow } from "./countryContext";

export interface MeasureChart {
  spec: { type: "measureLine"; input: MeasureLineInput };
  table: ChartTable;
  /** Points drawn (years with a value). */
  points: number;
}

const INDICATOR_FORMATS: Record<IndicatorKey, MeasureFormat> = { gdp: "usd", gdpPerCapita: "usd", population: "number" };
const INDICATOR_COLORS: Record<IndicatorKey, string> = { gdp: CATEGORICAL[0], gdpPerCapita: CATEGORICAL[2], population: CATEGORICAL[4] };

/** One indicator over every year of the rows (a null where the year has no value), with its source in the table. */
export function indicatorChart(rows: readonly IndicatorYear[], key: IndicatorKey, labels: { measure: string; year: string; source: string }, sourceName: string): MeasureChart {
  const sorted = [...rows].sort((a, b) => a.year - b.year);
  const format = INDICATOR_FORMATS[key];
  const input: MeasureLineInput = {
    measure: labels.measure,
    format,
    series: [{ id: key, name: labels.measure, color: INDICATOR_COLORS[key], points: sorted.map((r) => ({ year: r.year, value: r[key] })) }],
  };
  return {
    spec: { type: "measureLine", input },
    table: {
      columns: [
        { key: "year", label: labels.year, format: "year" },
        { key: key, label: labels.measure, format: format === "usd" ? "usd" : "number" },
        { key: "source", label: labels.source, format: "text" },
      ],
      rows: sorted.filter((r) => r[key] !== null).map((r) => [r.year, r[key], sourceName]),
    },
    points: drawnPoints(input),
  };
}

/** Goods trade as a share of GDP over the years where both exist; the table keeps the numerator and denominator. */
export function tradeShareChart(
  rows: readonly TradeShareRow[],
  labels: { share: string; year: string; exports: string; imports: string; gdp: string },
): MeasureChart {
  const input: MeasureLineInput = {
    measure: labels.share,
    format: "percent",
    series: [{ id: "trade-share", name: labels.share, color: FLOW_COLORS["3"], points: rows.map((r) => ({ year: r.year, value: r.share })) }],
  };
  return {
    spec: { type: "measureLine", input },
    table: {
      columns: [
        { key: "year", label: labels.year, format: "year" },
        { key: "exports", label: labels.exports, format: "usd" },
        { key: "imports", label: labels.imports, format: "usd" },
        { key: "gdp", label: labels.gdp, format: "usd" },
        { key: "share", label: labels.share, format: "percent" },
      ],
      rows: rows.map((r) => [r.year, r.exports, r.imports, r.gdp, r.share]),
    },
    points: drawnPoints(input),
  };
}

export interface EciChartLabels {
  eci: string;
  rank: string;
  year: string;
  ranked: string;
  source: string;
  /** "12 of 142" */
  rankOf(rank: string, count: string): string;
  /** A release's name in the legend and the table ("Open Trade Statistics, older extract"). */
  release(release: string, source: string): string;
}

/**
 * The ECI over every ranked year, one line per run of years from one release (the line breaks
 * where the source changes), the rank among the economies ranked that year in each tooltip and in
 * the table. Years the country is not ranked stay in the table with empty cells.
 */
export function eciChart(points: readonly EciPoint[], labels: EciChartLabels, locale: FormatLocale): MeasureChart {
  const byYear = new Map(points.map((p) => [p.year, p]));
  const series: MeasureSeries[] = releaseGroups(points).map((g, i) => ({
    id: `eci-${i}-${g.release}`,
    name: `${labels.release(g.release, g.source)} (${g.years.length === 1 ? g.years[0] : `${g.years[0]}–${g.years.at(-1)}`})`,
    color: CATEGORICAL[i % CATEGORICAL.length],
    points: g.years.map((year) => {
      const p = byYear.get(year)!;
      return {
        year,
        value: p.eci,
        extra: p.rank === null ? [] : [{ label: labels.rank, value: labels.rankOf(formatNumber(p.rank, locale), formatNumber(p.ranked, locale)) }],
      };
    }),
  }));
  const input: MeasureLineInput = { measure: labels.eci, format: "decimal", series };
  return {
    spec: { type: "measureLine", input },
    table: {
      columns: [
        { key: "year", label: labels.year, format: "year" },
        { key: "eci", label: labels.eci, format: "decimal" },
        { key: "rank", label: labels.rank, format: "number" },
        { key: "ranked", label: labels.ranked, format: "number" },
        { key: "source", label: labels.source, format: "text" },
      ],
      rows: points.map((p) => [p.year, p.eci, p.rank, p.ranked, labels.release(p.release, p.source)]),
    },
    points: drawnPoints(input),
  };
}

/** Services exports by category over the years (stacked), and the same rows as a table. */
export function servicesChart(years: readonly ServicesYear[], labels: { year: string; service: string; value: string }): { spec: { type: "stacked"; input: TimeSeriesInput }; table: ChartTable } {
  const order = new Map<string, number>();
  const newest = years.at(-1);
  for (const item of newest?.items ?? []) order.set(item.id, order.size);
  for (const y of years) for (const item of y.items) if (!order.has(item.id)) order.set(item.id, order.size);
  const rows = years.flatMap((y) =>
    y.items.map((item) => ({ id: item.id, name: item.name, kind: "other" as const, color: CATEGORICAL[(order.get(item.id) ?? 0) % CATEGORICAL.length], value: item.value, year: y.year })),
  );
  return {
    spec: { type: "stacked", input: { rows, years: years.map((y) => y.year), dimension: "Service", maxSeries: CATEGORICAL.length } },
    table: {
      columns: [
        { key: "year", label: labels.year, format: "year" },
        { key: "service", label: labels.service, format: "text" },
        { key: "value", label: labels.value, format: "usd" },
      ],
      rows: years.flatMap((y) => y.items.map((item) => [y.year, item.name, item.value])),
    },
  };
}
