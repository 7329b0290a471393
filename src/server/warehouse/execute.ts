/**
 * resolve -> compile -> run -> shape, with the result cache in front. Shared by the HTTP route and
 * by the typed client that pages use.
 */
import "server-only";
import { recordIssued } from "./queryLog";
import type { Locale } from "@/domain/i18n/locales";
import { LruCache } from "./cache";
import { compileQuery, type CompiledQuery } from "./compile";
import { runtimeSettings } from "./config";
import { warehouseEngine, warehouseMeta, withWarehouse } from "./db";
import { WarehouseError } from "./errors";
import { canonicalKey, resolveQuery, type ResolvedQuery } from "./query";
import { checkCost } from "./cost";
import type { CatalogEntry } from "@/domain/catalog/catalog";
import type { CellValue, DataQuery, DataRecord, DataResponse, DataSourceYear } from "./types";

export interface ExecuteOptions {
  /** Use and fill the result cache (default true). Benchmarks turn it off. */
  cache?: boolean;
}

export interface ExecuteResult {
  response: DataResponse;
  cache: "hit" | "miss";
  /** Approximate size of the response, for the cache. */
  bytes: number;
}

/** One result cache and one single-flight map per process, shared by every bundle (see duckdb.ts). */
const shared = globalThis as unknown as { __otoResultCache?: LruCache<ExecuteResult>; __otoInflight?: Map<string, Promise<ExecuteResult>> };

function resultCache(): LruCache<ExecuteResult> {
  if (!shared.__otoResultCache) {
    const settings = runtimeSettings();
    shared.__otoResultCache = new LruCache(settings.cacheEntries, settings.cacheBytes);
  }
  return shared.__otoResultCache;
}

export function clearResultCache(): void {
  shared.__otoResultCache?.clear();
}

export function cacheStats(): { entries: number; bytes: number; hits: number; misses: number } {
  const c = resultCache();
  return { entries: c.size, bytes: c.totalBytes, hits: c.hits, misses: c.misses };
}

function cell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" || typeof value === "boolean") return value;
  return String(value);
}

/**
 * The dataset and release (vintage) of each year the answer covers, as the catalogue records them
 * for this cube: a reader comparing two years sees whether they come from one release (one figure,
 * one source). Empty for a cube the catalogue does not list.
 */
function vintagesOf(cube: string, years: readonly number[], catalog: readonly CatalogEntry[]): DataSourceYear[] {
  const wanted = new Set(years);
  return catalog
    .filter((e) => e.cube === cube && wanted.has(e.year))
    .sort((a, b) => a.year - b.year || a.dataset.localeCompare(b.dataset))
    .map((e) => ({ year: e.year, dataset: e.dataset, vintage: e.vintage, source: e.source }));
}

function shape(q: ResolvedQuery, compiled: CompiledQuery, rows: Record<string, unknown>[], total: number, catalog: readonly CatalogEntry[] = []): DataResponse {
  const data: DataRecord[] = [];
  const fallback: Record<string, Set<string>> = {};
  for (const row of rows) {
    const record: DataRecord = {};
    for (const column of compiled.columns) {
      let value = cell(row[column.alias]);
      // A member missing from its member table still gets a caption: its id.
      if (column.kind === "caption" && value === null && column.idAlias) value = cell(row[column.idAlias]);
      record[column.name] = value;
      if (column.fallbackAlias && row[column.fallbackAlias] === true && column.level) {
        (fallback[column.level.name] ??= new Set()).add(String(row[column.idAlias!]));
      }
    }
    data.push(record);
  }
  const annotations: Record<string, string> = { ...q.cube.annotations };
  for (const d of q.defaults) annotations[`default_${d.cut.level.name.toLowerCase().replace(/\W+/g, "_")}`] = d.note;
  if (q.rca) annotations.rca = "RCA = (value / exporter total) / (product total / world total), computed over every member before cuts on the RCA levels.";
  if (q.growth) annotations.growth = `Growth compares each ${q.growth.level.name} with the one before it; null where that year has no data.`;
  const response: DataResponse = {
    data,
    page: { limit: q.limit, offset: q.offset, total },
    columns: compiled.columns.map((c) => c.name),
    source: { cube: q.cube.name, years: compiled.years, vintages: vintagesOf(q.cube.name, compiled.years, catalog), annotations },
  };
  const entries = Object.entries(fallback);
  if (entries.length) {
    return { ...response, fallbackCaptions: Object.fromEntries(entries.map(([k, v]) => [k, [...v].sort()])) };
  }
  return response;
}

/**
 * Identical queries running at the same moment share one computation (single flight): under a
 * burst of the same profile, the warehouse computes each answer once and the others wait for it.
 */
const inflight: Map<string, Promise<ExecuteResult>> = (shared.__otoInflight ??= new Map());

export async function executeResolved(q: ResolvedQuery, locale: Locale, options: ExecuteOptions = {}): Promise<ExecuteResult> {
  const canonical = canonicalKey(q, locale);
  recordIssued(canonical);
  if (options.cache === false) return run(q, locale, false);
  const meta = await warehouseMeta();
  if (!meta) return run(q, locale, true);
  const key = `${meta.generation}|${canonical}`;
  const hit = resultCache().get(key);
  if (hit) return { ...hit, cache: "hit" };
  const running = inflight.get(key);
  if (running) return { ...(await running), cache: "hit" };
  const promise = run(q, locale, true).finally(() => inflight.delete(key));
  inflight.set(key, promise);
  return promise;
}

async function run(q: ResolvedQuery, locale: Locale, useCache: boolean): Promise<ExecuteResult> {
  return withWarehouse(async ({ meta, generation, queryPrepared }) => {
    const cubeMeta = meta.cubes.get(q.cube.name);
    if (!cubeMeta) {
      throw new WarehouseError("cube_not_loaded", `cube ${q.cube.name} is not in this warehouse (its source data was not imported); see /api/cubes`, {
        status: 404,
        parameter: "cube",
      });
    }
    const key = `${generation}|${canonicalKey(q, locale)}`;
    if (useCache) {
      const hit = resultCache().get(key);
      if (hit) return { ...hit, cache: "hit" as const };
    }
    checkCost(q, meta.tables, runtimeSettings().maxGroups);
    const compiled = compileQuery(q, { locale, cube: cubeMeta, tables: meta.tables, dialect: warehouseEngine().dialect });
    const rows = await queryPrepared(compiled.sql, compiled.params);
    let total = rows.length ? Number(rows[0].__total) : 0;
    if (rows.length === 0 && q.offset > 0) {
      const [count] = await queryPrepared(compiled.countSql, compiled.params);
      total = Number(count?.n ?? 0);
    }
    const response = shape(q, compiled, rows, total, meta.catalog);
    const bytes = 512 + rows.length * compiled.columns.length * 24;
    const result: ExecuteResult = { response, cache: "miss", bytes };
    if (useCache) resultCache().set(key, result, bytes);
    return result;
  });
}

/** The single entry point for typed queries: validates, compiles and runs (cached). */
export async function executeQuery(query: DataQuery, locale: Locale, options: ExecuteOptions = {}): Promise<ExecuteResult> {
  return executeResolved(resolveQuery(query), locale, options);
}
