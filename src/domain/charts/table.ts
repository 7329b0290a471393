/**
 * The table behind a chart: the same rows as columns, for the data-table view and the CSV
 * download. Pure; the view formats cells with the format module, the CSV keeps raw numbers.
 */
import { formatDecimal, formatNumber, formatPercent, formatUsd, type FormatLocale } from "@/domain/format";
import type { ScatterMeasure } from "@/domain/charts/measures";
import { toCsvText } from "@/domain/format/csv";
import type { ChartGroup, ChartRow } from "./types";

export type ColumnFormat = "text" | "usd" | "aud" | "percent" | "decimal" | "number" | "year";
export type Cell = string | number | null;

export interface TableColumn {
  key: string;
  label: string;
  format: ColumnFormat;
}

export interface ChartTable {
  columns: TableColumn[];
  rows: Cell[][];
}

export interface TableLabels {
  code: string;
  name: string;
  group: string;
  year: string;
  value: string;
  share: string;
  rca: string;
  worldTrade: string;
  measures: Readonly<Record<string, string>>;
}

export interface TableInput {
  rows: readonly ChartRow[];
  groups: readonly ChartGroup[];
  scatter?: { x: ScatterMeasure; y: ScatterMeasure };
  /** Further measures to give a column each (ECI and its rank beside a map). */
  measures?: readonly Pick<ScatterMeasure, "key" | "format">[];
  /** Currency of the values (default USD): Australian state data is AUD. */
  currency?: "USD" | "AUD";
}

/** Columns present in the rows, rows sorted by year then value (largest first), shares per year. */
export function chartTable(input: TableInput, labels: TableLabels): ChartTable {
  const rows = [...input.rows].sort((a, b) => (a.year ?? 0) - (b.year ?? 0) || (b.value ?? -Infinity) - (a.value ?? -Infinity) || a.id.localeCompare(b.id));
  const groupNames = new Map(input.groups.map((g) => [g.id, g.name]));
  const hasGroup = rows.some((r) => r.group && groupNames.has(r.group));
  const hasYear = rows.some((r) => r.year !== undefined);
  const hasRca = rows.some((r) => typeof r.rca === "number");
  const hasWorld = rows.some((r) => r.measures?.world_trade !== undefined);
  const extraMeasures = [...(input.scatter ? [input.scatter.x, input.scatter.y] : []), ...(input.measures ?? [])].filter((m, i, all) => m.key !== "trade_value" && m.key !== "rca" && m.key !== "world_trade" && all.findIndex((o) => o.key === m.key) === i);

  const totals = new Map<number | undefined, number>();
  for (const r of rows) totals.set(r.year, (totals.get(r.year) ?? 0) + Math.max(0, r.value ?? 0));

  const columns: TableColumn[] = [
    { key: "id", label: labels.code, format: "text" },
    { key: "name", label: labels.name, format: "text" },
    ...(hasGroup ? [{ key: "group", label: labels.group, format: "text" as const }] : []),
    ...(hasYear ? [{ key: "year", label: labels.year, format: "year" as const }] : []),
    { key: "value", label: labels.value, format: input.currency === "AUD" ? "aud" : "usd" },
    { key: "share", label: labels.share, format: "percent" },
    ...(hasRca ? [{ key: "rca", label: labels.rca, format: "decimal" as const }] : []),
    ...(hasWorld ? [{ key: "world_trade", label: labels.worldTrade, format: "usd" as const }] : []),
    ...extraMeasures.map((m) => ({ key: m.key, label: labels.measures[m.key] ?? m.key, format: m.format === "usd" ? ("usd" as const) : m.format })),
  ];

  const cells = rows.map((r) => {
    const total = totals.get(r.year) ?? 0;
    return columns.map((c): Cell => {
      switch (c.key) {
        case "id":
          return r.code ?? r.id;
        case "name":
          return r.name;
        case "group":
          return r.group ? (groupNames.get(r.group) ?? null) : null;
        case "year":
          return r.year ?? null;
        case "value":
          return r.value;
        case "share":
          return total > 0 && r.value !== null ? r.value / total : null;
        case "rca":
          return r.rca ?? null;
        case "world_trade":
          return r.measures?.world_trade ?? null;
        default:
          return r.measures?.[c.key] ?? null;
      }
    });
  });
  return { columns, rows: cells };
}

export function formatCell(value: Cell, format: ColumnFormat, locale: FormatLocale): string {
  if (value === null || value === "") return "–";
  if (typeof value === "string") return value;
  switch (format) {
    case "usd":
      return formatUsd(value, locale);
    case "aud":
      return formatUsd(value, locale, { currency: "AUD" });
    case "percent":
      return formatPercent(value, locale);
    case "decimal":
      return formatDecimal(value, locale, 2);
    case "number":
      return formatNumber(value, locale);
    default:
      return String(value);
  }
}

/** RFC 4180 CSV with a header row and CRLF line ends; numbers unformatted. */
export function toCsv(table: ChartTable): string {
  return toCsvText([table.columns.map((c) => c.label), ...table.rows]);
}
