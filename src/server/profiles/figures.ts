/**
 * Shared pieces of the world and product loaders: one year's ranking as figures (each row with
 * its share of the true total of the same dataset and year), the world-only series of the
 * catalogue, and yearly points with the dataset each year comes from.
 */
import "server-only";
import { toSource, type CatalogEntry, type YearSource } from "@/domain/catalog/catalog";
import type { Figure } from "@/domain/catalog/figure";
import { provenanceOf } from "@/domain/catalog/figure";
import type { Locale } from "@/domain/i18n/locales";
import { rankWithShares, totalOf, type RankedShare } from "@/domain/profiles/snapshot";
import type { HistoryPoint } from "@/domain/profiles/tradeHistory";
import type { Cut, DataQuery, DataRecord } from "@/server/warehouse/client";
import { load, value, type Loaded } from "./data";
import { loadYear, tradeQuery } from "./sources";

/** One year of one question: ranked rows with shares, the total they are shares of, and the query behind them. */
export interface YearRanking {
  source: YearSource;
  rows: RankedShare[];
  total: Figure;
  apiUrl: string;
  csvUrl: string;
}

/** Ranks a year's rows of `level` ("Country", "Section", "HS4") against the total of every row of that answer. */
export function rankingOf(loaded: Loaded, level: string, source: YearSource): YearRanking {
  const rows = loaded.rows.map((r) => ({ id: String(r[`${level} ID`]), name: String(r[level] ?? r[`${level} ID`]), value: value(r) }));
  const total = totalOf(rows, source);
  const ranking = rankWithShares(rows, total, provenanceOf(source));
  return { source, rows: ranking.rows, total: ranking.total, apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl };
}

/** A year's ranking of `level` members, every member loaded (the total is of all of them, not of a page). */
export async function loadRanking(
  source: YearSource,
  spec: { flow: "export" | "import"; level: string; product?: Cut },
  locale: Locale,
): Promise<YearRanking | null> {
  const loaded = await loadYear(source, { flow: spec.flow, drilldowns: [spec.level], product: spec.product, sort: [{ key: "Trade Value", direction: "desc" }] }, locale).catch(() => null);
  if (!loaded) return null;
  const ranking = rankingOf(loaded, spec.level, source);
  return ranking.total.value > 0 ? ranking : null;
}

const asSource = toSource;

/**
 * The world-only datasets of the catalogue (the world as a whole, exports), each as its own list
 * of years, oldest first: they answer "how did world trade move", never a country question.
 */
export function worldOnlySeries(entries: readonly CatalogEntry[], depthAtLeast: (depth: string | null) => boolean): { dataset: string; years: YearSource[] }[] {
  const groups = new Map<string, YearSource[]>();
  for (const e of entries) {
    if (e.kind !== "goods" || e.partial || e.scope !== "world" || !e.flows.includes("export") || !depthAtLeast(e.depth)) continue;
    groups.set(e.dataset, [...(groups.get(e.dataset) ?? []), asSource(e)]);
  }
  return [...groups.entries()].map(([dataset, years]) => ({ dataset, years: years.sort((a, b) => a.year - b.year) }));
}

/** A yearly query on a world-only dataset: no reporter and no flow (it holds world exports only). */
export function worldQuery(source: Pick<YearSource, "cube">, years: readonly number[], product?: Cut): DataQuery {
  return {
    cube: source.cube,
    drilldowns: ["Year"],
    cuts: product ? [product] : [],
    time: { kind: "list", years },
  };
}

/** A yearly total query of a reporters' dataset (world exports as the sum of its exporters). */
export function reportersQuery(source: YearSource, years: readonly number[], product?: Cut): DataQuery {
  return tradeQuery(source, { flow: "export", years, drilldowns: ["Year"], product });
}

export const rowYear = (r: DataRecord): number => Number(r["Year ID"] ?? r.Year);

/** Yearly points of one or more datasets: each year tagged with the dataset and release it comes from. */
export async function loadPoints(
  sources: readonly YearSource[],
  query: (source: YearSource, years: readonly number[]) => DataQuery,
  locale: Locale,
): Promise<{ points: HistoryPoint[]; apiUrl: string; csvUrl: string }> {
  const groups = new Map<string, YearSource[]>();
  for (const s of sources) groups.set(s.cube, [...(groups.get(s.cube) ?? []), s]);
  const parts = await Promise.all(
    [...groups.values()].map(async (list) => ({ list, loaded: await load(query(list[0], list.map((s) => s.year)), locale).catch(() => null) })),
  );
  const points: HistoryPoint[] = [];
  let last: Loaded | null = null;
  for (const { list, loaded } of parts) {
    if (!loaded) continue;
    last = loaded;
    const byYear = new Map(list.map((s) => [s.year, s]));
    const sums = new Map<number, number>();
    for (const r of loaded.rows) sums.set(rowYear(r), (sums.get(rowYear(r)) ?? 0) + value(r));
    for (const [year, v] of sums) {
      const s = byYear.get(year);
      if (s) points.push({ year, value: v, dataset: s.dataset, vintage: s.vintage, source: s.source });
    }
  }
  points.sort((a, b) => a.year - b.year);
  return { points, apiUrl: last?.apiUrl ?? "", csvUrl: last?.csvUrl ?? "" };
}
