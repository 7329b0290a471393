import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import { dataApiUrl, getMembers, queryCube, type DataQuery, type DataRecord, type DataResponse } from "@/server/warehouse/client";
import { summaryRows } from "./summaries";

/** A query's rows with the public URLs of the same query (shown under every section). */
export interface Answered {
  query: DataQuery;
  rows: DataRecord[];
  apiUrl: string;
  csvUrl: string;
}

/** A query's answer as the warehouse gave it, with its URLs. */
export interface Loaded extends Answered {
  response: DataResponse;
}

export async function load(query: DataQuery, locale: Locale): Promise<Loaded> {
  const response = await queryCube(query, locale);
  return {
    query,
    response,
    rows: response.data,
    apiUrl: dataApiUrl(query, locale),
    csvUrl: dataApiUrl(query, locale, "csv"),
  };
}

/**
 * A query's rows, from the importer's per-entity summaries when they hold the question (the same
 * rows in the same order: server/profiles/summaries.ts), else from the cube as `load` asks it.
 */
export async function loadRows(query: DataQuery, locale: Locale): Promise<Answered> {
  const rows = await summaryRows(query, locale);
  if (!rows) return load(query, locale);
  return { query, rows, apiUrl: dataApiUrl(query, locale), csvUrl: dataApiUrl(query, locale, "csv") };
}

export const value = (row: DataRecord | undefined, measure = "Trade Value"): number => Number(row?.[measure] ?? 0) || 0;

export const total = (rows: DataRecord[], measure = "Trade Value"): number => rows.reduce((sum, row) => sum + value(row, measure), 0);


/** The registry's level name for each product kind. */
export const PRODUCT_LEVEL = { section: "Section", hs2: "HS2", hs4: "HS4", hs6: "HS6" } as const;

/** A member of one drilldown with its value, ready for a ranked list, a map or prose. */
export interface RankedRow {
  id: string;
  name: string;
  value: number;
}

/** One drilldown's answer as ranked rows: positive values only, the total of every row, and the query behind them. */
export interface RankedRows {
  items: RankedRow[];
  total: number;
  apiUrl: string;
  csvUrl: string;
}

/** Rows of `level` as ranked members (positive values only), with the answer's total and URLs. */
export function rankedItems(loaded: Answered, level: string, measure = "Trade Value"): RankedRows {
  const items = loaded.rows
    .filter((row) => value(row, measure) > 0)
    .map((row) => {
      const id = String(row[`${level} ID`]);
      return { id, name: String(row[level] ?? id), value: value(row, measure) };
    });
  return { items, total: total(loaded.rows, measure), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl };
}

/** The product sections with their names and data colours, by id (what a treemap of sections groups by). */
export async function loadSectionMembers(locale: Locale): Promise<Map<string, { name: string; color: string | null }>> {
  const members = await getMembers("section", locale);
  return new Map(members.map((m) => [String(m.id), { name: m.name, color: m.color ?? null }]));
}
