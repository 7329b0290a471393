/**
 * What a simulation shows besides its numbers: the CSV download (the same rows as the table) and
 * the bars of the change in imports per exporter (a `bars` chart input, drawn by the one chart
 * component with its PNG, SVG and CSV downloads). Pure functions, no IO.
 */
import type { BarsInput } from "@/domain/charts/options/bars";
import { CHANGE_COLORS } from "@/domain/charts/presentation";
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

export interface ChangeBarsInput {
  rows: readonly { id: string; name: string; creation: number; diversion: number }[];
  labels: { creation: string; diversion: string; total: string };
}

/** The exporters with the largest absolute change, largest first. */
export function topChanges<T extends { tradeCreation: number; tradeDiversion: number }>(rows: readonly T[], limit: number): T[] {
  return [...rows].sort((a, b) => Math.abs(b.tradeCreation + b.tradeDiversion) - Math.abs(a.tradeCreation + a.tradeDiversion)).slice(0, limit);
}

/** Horizontal stacked bars (creation, diversion) per exporter, largest change on top: drawn by the one chart component. */
export function changeBars(input: ChangeBarsInput): BarsInput {
  return {
    categories: input.rows.map((r) => ({ id: r.id, name: r.name })),
    series: [
      { id: "creation", name: input.labels.creation, color: CHANGE_COLORS.gained, values: input.rows.map((r) => r.creation) },
      { id: "diversion", name: input.labels.diversion, color: CHANGE_COLORS.continuing, values: input.rows.map((r) => r.diversion) },
    ],
    stacked: true,
    format: "usd",
    totalLabel: input.labels.total,
  };
}
