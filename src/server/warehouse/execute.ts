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
import { requestSignal } from "./cancel";
import { SharedFlights } from "./flight";
import { processValue } from "@/server/processState";
import type { CatalogEntry } from "@/domain/catalog/catalog";
import type { CellValue, DataQuery, DataRecord, DataResponse, DataSourceYear } from "./types";

export interface ExecuteOptions {
  /** Use and fill the result cache (default true). Benchmarks turn it off. */
  cache?: boolean;
  /**
   * The caller's client left: stop waiting (a `query_cancelled` rejection) and interrupt the query
   * when no other caller waits for it. Default: the signal of the request this runs for
   * (cancel.ts), on the cached path only; an uncached call (an index build shared by many
   * requests) stops only on a signal given here.
   */
  signal?: AbortSignal;
}

export interface ExecuteResult {
  response: DataResponse;
  cache: "hit" | "miss";
  /** Approximate size of the response, for the cache. */
  bytes: number;
}

/** One result cache and one single-flight map per process, shared by every bundle (see duckdb.ts). */
function resultCache(): LruCache<ExecuteResult> {
  return processValue("warehouse/execute:resultCache", () => new LruCache<ExecuteResult>(runtimeSettings().cacheEntries, runtimeSettings().cacheBytes));
}

export function clearResultCache(): void {
  resultCache().clear();
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
 * An answer's approximate size in memory (V8 objects and strings, not its JSON), what
 * WAREHOUSE_CACHE_MB bounds: counted as 24 bytes a cell it under-counted string-heavy answers
 * (names, captions) several times over, and the cache held far more than its bound.
 */
export function responseBytes(data: readonly DataRecord[]): number {
  let bytes = 1024;
  for (const record of data) {
    bytes += 64;
    for (const key in record) {
      const value = record[key];
      bytes += typeof value === "string" ? 32 + value.length * 2 : 16;
    }
  }
  return bytes;
}

/**
 * Identical queries running at the same moment share one computation (single flight): under a
 * burst of the same profile, the warehouse computes each answer once and the others wait for it.
 * A caller whose client leaves stops waiting; the query is interrupted once nobody waits (flight.ts).
 */
const flights = processValue("warehouse/execute:flights", () => new SharedFlights<ExecuteResult>());

export async function executeResolved(q: ResolvedQuery, locale: Locale, options: ExecuteOptions = {}): Promise<ExecuteResult> {
  const canonical = canonicalKey(q, locale);
  recordIssued(canonical);
  if (options.cache === false) return run(q, locale, false, options.signal);
  const signal = options.signal ?? requestSignal();
  const meta = await warehouseMeta();
  if (!meta) return run(q, locale, true, signal);
  const key = `${meta.generation}|${canonical}`;
  const hit = resultCache().get(key);
  if (hit) return { ...hit, cache: "hit" };
  const joined = flights.running(key);
  const result = await flights.join(key, (stop) => run(q, locale, true, stop), signal);
  return joined ? { ...result, cache: "hit" } : result;
}

async function run(q: ResolvedQuery, locale: Locale, useCache: boolean, signal?: AbortSignal): Promise<ExecuteResult> {
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
    const bytes = responseBytes(response.data);
    const result: ExecuteResult = { response, cache: "miss", bytes };
    if (useCache) resultCache().set(key, result, bytes);
    return result;
  }, { signal });
}

/** The single entry point for typed queries: validates, compiles and runs (cached). */
export async function executeQuery(query: DataQuery, locale: Locale, options: ExecuteOptions = {}): Promise<ExecuteResult> {
  return executeResolved(resolveQuery(query), locale, options);
}
