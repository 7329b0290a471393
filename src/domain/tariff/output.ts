/**
 * What a simulation shows besides its numbers: the CSV download (the same rows as the table) and
 * the bar chart of the change in imports per exporter (an ECharts option, drawn by one thin
 * component). Pure functions, no IO.
 */
import type { EChartsOption } from "echarts";
import { toCsvText, type CsvValue } from "@/domain/format/csv";
import type { ExporterResult, Simulation } from "./model";

export interface NamedResult extends ExporterResult {
  name: string;
}

const CSV_HEADER = [
  "Exporter ID",
  "Exporter",
  "Imports before (USD)",
  "Current tariff (%)",
  "New tariff (%)",
  "Trade creation (USD)",
  "Trade diversion (USD)",
  "Total change (USD)",
  "Imports after (USD)",
  "Tariff revenue before (USD)",
  "Tariff revenue after (USD)",
  "Tariff revenue change (USD)",
  "Consumer surplus change (USD)",
  "Capped at zero imports",
];

const pct = (fraction: number) => Number((fraction * 100).toPrecision(12));

/** The results as CSV: one row per exporter, then a total row; `notes` become leading comment-free rows at the end. */
export function simulationCsv(sim: Simulation, names: ReadonlyMap<string, string>): string {
  const rows: CsvValue[][] = [CSV_HEADER];
  for (const r of sim.exporters) {
    rows.push([
      r.id,
      names.get(r.id) ?? r.id,
      r.imports,
      pct(r.currentTariff),
      pct(r.newTariff),
      r.tradeCreation,
      r.tradeDiversion,
      r.totalChange,
      r.newImports,
      r.revenueBefore,
      r.revenueAfter,
      r.revenueChange,
      r.consumerSurplus,
      r.capped,
    ]);
  }
  const t = sim.totals;
  rows.push(["", "Total", t.importsBefore, null, null, t.tradeCreation, t.tradeDiversion, t.totalChange, t.importsAfter, t.revenueBefore, t.revenueAfter, t.revenueChange, t.consumerSurplus, t.capped > 0]);
  return toCsvText(rows);
}

export interface ChangeChartInput {
  rows: readonly { id: string; name: string; creation: number; diversion: number }[];
  labels: { creation: string; diversion: string; total: string };
  dark: boolean;
  /** Formats a USD amount for axis labels and tooltips. */
  format: (value: number) => string;
  /** Bars shown: the largest changes in absolute value. */
  limit?: number;
}

/** The exporters with the largest absolute change, largest first. */
export function topChanges<T extends { tradeCreation: number; tradeDiversion: number }>(rows: readonly T[], limit: number): T[] {
  return [...rows].sort((a, b) => Math.abs(b.tradeCreation + b.tradeDiversion) - Math.abs(a.tradeCreation + a.tradeDiversion)).slice(0, limit);
}

/** Horizontal stacked bars (creation, diversion) per exporter: readable on a phone, names on the axis. */
export function changeChartOption(input: ChangeChartInput): EChartsOption {
  const rows = [...input.rows].slice(0, input.limit ?? 15).reverse();
  const text = input.dark ? "#c9c9c9" : "#495057";
  const line = input.dark ? "#424242" : "#dee2e6";
  const byName = new Map(rows.map((r) => [r.name, r]));
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    legend: { top: 0, textStyle: { color: text } },
    tooltip: {
      trigger: "axis",
      axisPointer: { type: "shadow" },
      formatter: (params: unknown) => {
        const list = (Array.isArray(params) ? params : [params]) as { axisValue?: string; seriesName?: string; value?: number; marker?: string }[];
        const name = String(list[0]?.axisValue ?? "");
        const row = byName.get(name);
        const lines = list.map((p) => `${p.marker ?? ""}${p.seriesName}: ${input.format(Number(p.value ?? 0))}`);
        if (row) lines.push(`${input.labels.total}: ${input.format(row.creation + row.diversion)}`);
        return [escapeHtml(name), ...lines.map(escapeHtmlKeepMarker)].join("<br/>");
      },
    },
    xAxis: { type: "value", axisLabel: { color: text, formatter: (v: number) => input.format(v) }, splitLine: { lineStyle: { color: line } } },
    yAxis: { type: "category", data: rows.map((r) => r.name), axisLabel: { color: text, width: 110, overflow: "truncate" } },
    series: [
      { name: input.labels.creation, type: "bar", stack: "change", data: rows.map((r) => r.creation), itemStyle: { color: "#2f9e44" } },
      { name: input.labels.diversion, type: "bar", stack: "change", data: rows.map((r) => r.diversion), itemStyle: { color: "#1c7ed6" } },
    ],
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** ECharts' marker is its own trusted HTML; everything after it is escaped. */
function escapeHtmlKeepMarker(line: string): string {
  const end = line.indexOf("</span>");
  return end >= 0 ? line.slice(0, end + 7) + escapeHtml(line.slice(end + 7)) : escapeHtml(line);
}
