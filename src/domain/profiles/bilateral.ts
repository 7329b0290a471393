/**
 * Pure pieces of the bilateral country profile: which product depths a pair's data hold and in
 * which years, the pair's products as a treemap and table, and the yearly history of its trade
 * both ways. No I/O: the loaders in server/profiles/bilateral.ts feed them.
 */
import type { TimeSeriesInput, TreemapInput } from "@/domain/charts/options";
import { FLOW_COLORS } from "@/domain/charts/presentation";
import type { ChartTable } from "@/domain/charts/table";
import type { ChartGroup, ChartRow } from "@/domain/charts/types";
import { OTHER_COLOR, OTHER_ID } from "@/domain/charts/options/common";
import { depthRank, type ProductDepth } from "@/domain/catalog/catalog";

/** A product traded between two countries, with its share of the pair's total. */
export interface BilateralRow {
  id: string;
  name: string;
  /** The product's section (id, name, colour), for the treemap's colours. */
  section: { id: string; name: string; color: string } | null;
  value: number;
  /** Share of the total of the same dataset and year (figure.ts shareOf). */
  share: number | null;
}

/** Runs of consecutive years, oldest first: [1962, ..., 2018] -> one run; [1989, 1990, 2004] -> two. */
export function yearRuns(years: readonly number[]): { from: number; to: number }[] {
  const sorted = [...new Set(years)].sort((a, b) => a - b);
  const runs: { from: number; to: number }[] = [];
  for (const year of sorted) {
    const last = runs.at(-1);
    if (last && year === last.to + 1) last.to = year;
    else runs.push({ from: year, to: year });
  }
  return runs;
}

export interface PairDepth {
  depth: ProductDepth;
  /** Years holding this depth for the pair, oldest first. */
  years: number[];
}

/**
 * Which product depths the data hold for a pair, finest first, each with its years: the product
 * datasets found holding the pair (one entry per dataset and year), and the section data's years.
 */
export function pairDepths(products: readonly { depth: ProductDepth; year: number }[], sectionYears: readonly number[]): PairDepth[] {
  const byDepth = new Map<ProductDepth, Set<number>>();
  for (const p of products) byDepth.set(p.depth, (byDepth.get(p.depth) ?? new Set()).add(p.year));
  if (sectionYears.length) byDepth.set("section", new Set([...(byDepth.get("section") ?? []), ...sectionYears]));
  return [...byDepth.entries()]
    .map(([depth, years]) => ({ depth, years: [...years].sort((a, b) => a - b) }))
    .sort((a, b) => depthRank(b.depth) - depthRank(a.depth));
}

/** The years a page can show for a pair: every year some depth holds, oldest first. */
export const pairYears = (depths: readonly PairDepth[]): number[] => [...new Set(depths.flatMap((d) => d.years))].sort((a, b) => a - b);

export interface HistoryPoint {
  year: number;
  /** Flow one way (A to B); null where the year's data record none. */
  exports: number | null;
  /** Flow the other way (B to A). */
  imports: number | null;
  /** exports - imports; null unless both are known. */
  balance: number | null;
}

/** One point per year the data hold (the catalogue's years, each from one dataset), flows each way and the balance. */
export function historyPoints(years: readonly number[], exports: ReadonlyMap<number, number>, imports: ReadonlyMap<number, number>): HistoryPoint[] {
  return [...new Set(years)]
    .sort((a, b) => a - b)
    .map((year) => {
      const out = exports.get(year) ?? null;
      const back = imports.get(year) ?? null;
      return { year, exports: out, imports: back, balance: out !== null && back !== null ? out - back : null };
    });
}

/** The table (and CSV) behind a history chart: one row per year, the flows and the balance. */
export function historyTable(points: readonly HistoryPoint[], labels: { year: string; exports: string; imports: string; balance: string }): ChartTable {
  return {
    columns: [
      { key: "year", label: labels.year, format: "year" },
      { key: "exports", label: labels.exports, format: "usd" },
      { key: "imports", label: labels.imports, format: "usd" },
      { key: "balance", label: labels.balance, format: "usd" },
    ],
    rows: points.map((p) => [p.year, p.exports, p.imports, p.balance]),
  };
}

/** The message key (under dataAvailability.datasets) and values naming a dataset: "baci_hs12" reads as BACI in HS12. */
export function datasetLabel(dataset: string): { key: string; values: Record<string, string> } {
  const baci = /^baci_(hs\d\d)$/.exec(dataset);
  if (baci) return { key: "baci", values: { classification: baci[1].toUpperCase() } };
  return { key: dataset, values: {} };
}

const DEPTH_DIMENSION: Record<ProductDepth, string> = { section: "Section", hs2: "HS2", hs4: "HS4", hs6: "HS6" };
const UNKNOWN_COLOR = "#b1bac6";

/** A treemap of products at one depth, nested in their sections (sections themselves drawn flat); the `max` largest tiles. */
export function productTreemap(rows: readonly BilateralRow[], depth: ProductDepth, year: number, max = 400): TreemapInput {
  const drawn = rows.slice(0, max);
  // The products past `max` stay in as one "Other values" tile: every tile's share is of the pair's whole total.
  const rest = rows.slice(max).reduce((sum, r) => sum + r.value, 0);
  const other: ChartRow[] = rest > 0 ? [{ id: OTHER_ID, name: "", kind: "other", color: OTHER_COLOR, group: null, groupName: null, value: rest }] : [];
  const chartRows: ChartRow[] = drawn.map((r) => ({
    id: r.id,
    code: depth === "section" ? undefined : r.id,
    name: r.name,
    kind: depth,
    color: r.section?.color ?? UNKNOWN_COLOR,
    group: depth === "section" ? null : (r.section?.id ?? null),
    groupName: depth === "section" ? null : (r.section?.name ?? null),
    value: r.value,
  }));
  chartRows.push(...other);
  const groups = new Map<string, ChartGroup>();
  if (depth !== "section") for (const r of drawn) if (r.section) groups.set(r.section.id, { id: r.section.id, name: r.section.name, color: r.section.color, kind: "section" });
  return { rows: chartRows, groups: [...groups.values()], year, dimension: DEPTH_DIMENSION[depth] };
}

/** The table (and CSV) behind a product treemap: code, name, value and share of the total. */
export function productTable(rows: readonly BilateralRow[], labels: { code: string; name: string; value: string; share: string }): ChartTable {
  return {
    columns: [
      { key: "id", label: labels.code, format: "text" },
      { key: "name", label: labels.name, format: "text" },
      { key: "value", label: labels.value, format: "usd" },
      { key: "share", label: labels.share, format: "percent" },
    ],
    rows: rows.map((r) => [r.id, r.name, r.value, r.share]),
  };
}

/** Exports, imports and the balance as three lines, a point per year (nulls where a year has none). */
export function historyLines(points: readonly HistoryPoint[], names: { exports: string; imports: string; balance: string }): TimeSeriesInput {
  const series = [
    { id: "exports", name: names.exports, color: FLOW_COLORS["2"], pick: (p: HistoryPoint) => p.exports },
    { id: "imports", name: names.imports, color: FLOW_COLORS["1"], pick: (p: HistoryPoint) => p.imports },
    { id: "balance", name: names.balance, color: FLOW_COLORS["3"], pick: (p: HistoryPoint) => p.balance },
  ];
  const rows: ChartRow[] = series.flatMap((s) =>
    points.flatMap((p) => {
      const value = s.pick(p);
      return value === null ? [] : [{ id: s.id, name: s.name, kind: "other" as const, color: s.color, value, year: p.year }];
    }),
  );
  return { rows, years: points.map((p) => p.year), dimension: "Flow", maxSeries: 3 };
}
