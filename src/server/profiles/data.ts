import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import { dataApiUrl, queryCube, type DataQuery, type DataRecord, type DataResponse } from "@/server/warehouse/client";

/** A query's answer with the public URLs of the same query (shown under every section). */
export interface Loaded {
  query: DataQuery;
  response: DataResponse;
  rows: DataRecord[];
  apiUrl: string;
  csvUrl: string;
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

export const value = (row: DataRecord | undefined, measure = "Trade Value"): number => Number(row?.[measure] ?? 0) || 0;

export const total = (rows: DataRecord[], measure = "Trade Value"): number => rows.reduce((sum, row) => sum + value(row, measure), 0);


/** The registry's level name for each product kind. */
export const PRODUCT_LEVEL = { section: "Section", hs2: "HS2", hs4: "HS4", hs6: "HS6" } as const;
