/**
 * HTTP handling for /api/data and /api/cubes, kept out of src/app so it can be tested by calling
 * the handlers with a plain Request. Every failure becomes a JSON error body; nothing escapes as a 500
 * except a genuine bug, which is logged and reported without internals.
 */
import "server-only";
import { matches } from "@/server/http/etag";
import { createHash } from "node:crypto";
import { csvCell, toCsvText, type CsvValue } from "@/domain/format/csv";
import { isLocale, LOCALES, type Locale } from "@/domain/i18n/locales";
import { warehouseStatus } from "./config";
import { compileQuery } from "./compile";
import { warehouseEngine, warehouseMeta, withWarehouse } from "./db";
import { isWarehouseError, WarehouseError } from "./errors";
import { executeResolved } from "./execute";
import { parquetPage } from "./parquet";
import { MAX_QUERY_STRING, parseSearchParams, resolveQuery, type ResolvedQuery } from "./query";
import { CUBES, describeCube } from "./registry";
import type { DataResponse } from "./types";
import { inlineParams } from "./sql";

export const CACHE_CONTROL_OK = "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400";
const NO_STORE = "no-store";

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": status < 300 ? CACHE_CONTROL_OK : NO_STORE, ...headers },
  });
}

export function errorResponse(error: unknown): Response {
  if (isWarehouseError(error)) return json(error.toJSON(), error.status, error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {});
  console.error("[warehouse] unexpected error", error);
  return json({ error: { code: "internal_error", message: "Unexpected error while answering the query." } }, 500);
}

export function toCsv(response: DataResponse, floating: ReadonlySet<string> = new Set()): string {
  if (!floating.size) return toCsvText([response.columns, ...response.data.map((row) => response.columns.map((c) => row[c] as CsvValue))]);
  const lines = [response.columns.map(csvCell).join(",")];
  for (const row of response.data) lines.push(response.columns.map((c) => (floating.has(c) && typeof row[c] === "number" ? floatText(row[c] as number) : csvCell(row[c] as CsvValue))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * A floating-point value as text that stays floating point: "9927913.0", not "9927913". JSON
 * numbers and CSV cells carry no type, so readers guess one per file (pandas: int64 when every
 * value looks whole); with the decimal point a measure the warehouse stores as DOUBLE reads as a
 * float in CSV and JSON as it does in Parquet, whatever the values of one answer.
 */
export function floatText(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 1e21 ? `${value}.0` : String(value);
}

/** The rows as a bare JSON array, floating-point columns written as floats. */
function recordsJson(response: DataResponse, floating: ReadonlySet<string>): string {
  const rows = response.data.map((row) => `{${Object.entries(row).map(([k, v]) => `${JSON.stringify(k)}:${floating.has(k) && typeof v === "number" ? floatText(v) : JSON.stringify(v)}`).join(",")}}`);
  return `[${rows.join(",")}]`;
}

const floatingCache = new Map<string, ReadonlySet<string>>();

/**
 * The answer's columns whose warehouse type is floating point (DOUBLE, REAL, DECIMAL), as the
 * engine describes the compiled query (no rows read); cached per query shape and warehouse.
 */
async function floatingColumns(q: ResolvedQuery, locale: Locale): Promise<ReadonlySet<string>> {
  return withWarehouse(async (session) => {
    const compiled = compileQuery(q, { locale, cube: session.meta.cubes.get(q.cube.name), tables: session.meta.tables, dialect: warehouseEngine().dialect });
    const key = `${session.generation}\n${compiled.sql}`;
    const hit = floatingCache.get(key);
    if (hit) return hit;
    const described = await session.query(`DESCRIBE ${inlineParams(compiled.sql, compiled.params)}`);
    const types = new Map(described.map((r) => [String(r.column_name), String(r.column_type).toUpperCase()]));
    const found = new Set(compiled.columns.filter((c) => /^(DOUBLE|FLOAT|REAL|DECIMAL)/.test(types.get(c.alias) ?? "")).map((c) => c.name));
    if (floatingCache.size >= 1000) floatingCache.clear();
    floatingCache.set(key, found);
    return found;
  });
}

/**
 * A weak validator: the same warehouse build (its fingerprint and time, the same on every node
 * serving that file) and the same query string give the same answer.
 */
export function dataEtag(build: Readonly<Record<string, string>>, search: string): string {
  const hash = createHash("sha1").update(`${build.fingerprint ?? ""}|${build.built_at ?? ""}|${search}`).digest("base64url").slice(0, 22);
  return `W/"${hash}"`;
}

function checkQueryLength(url: URL): void {
  if (url.search.length > MAX_QUERY_STRING) {
    throw new WarehouseError("query_too_long", `query string longer than ${MAX_QUERY_STRING} characters`, { status: 414 });
  }
}

function parseUrl(request: Request): URL {
  try {
    return new URL(request.url);
  } catch {
    throw new WarehouseError("invalid_parameter", "malformed URL", { status: 400 });
  }
}

/** GET /api/data */
export async function handleDataRequest(request: Request): Promise<Response> {
  try {
    const url = parseUrl(request);
    checkQueryLength(url);
    const { query, locale, format } = parseSearchParams(url.searchParams);
    const resolved = resolveQuery(query);
    // The answer changes only with a new warehouse (a re-import): its build and the query string
    // make the validator, so a revalidation costs no query at all.
    const meta = await warehouseMeta();
    const etag = meta ? dataEtag(meta.build, url.search) : null;
    if (etag && matches(request.headers.get("if-none-match"), etag)) {
      return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": CACHE_CONTROL_OK, "Content-Language": locale } });
    }
    const { response, cache } = await executeResolved(resolved, locale);
    const headers: Record<string, string> = { "X-Cache": cache, "Content-Language": locale, ...(etag ? { ETag: etag } : {}) };
    if (format === "csv") {
      return new Response(toCsv(response, await floatingColumns(resolved, locale)), {
        status: 200,
        headers: {
          ...headers,
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="${resolved.cube.name}.csv"`,
          "Cache-Control": CACHE_CONTROL_OK,
          "X-Total-Count": String(response.page.total),
        },
      });
    }
    if (format === "parquet") {
      return new Response(new Uint8Array(await parquetPage(resolved, locale)), {
        status: 200,
        headers: {
          ...headers,
          "Content-Type": "application/vnd.apache.parquet",
          "Content-Disposition": `attachment; filename="${resolved.cube.name}.parquet"`,
          "Cache-Control": CACHE_CONTROL_OK,
          "X-Total-Count": String(response.page.total),
        },
      });
    }
    if (bareRecords(url.searchParams)) {
      // The rows alone, for readers that take a JSON array of records (pandas.read_json(url),
      // jsonlite::fromJSON, spreadsheets): the paging total travels in a header instead.
      return new Response(recordsJson(response, await floatingColumns(resolved, locale)), {
        status: 200,
        headers: { ...headers, "Content-Type": "application/json; charset=utf-8", "Cache-Control": CACHE_CONTROL_OK, "X-Total-Count": String(response.page.total) },
      });
    }
    return json(response, 200, headers);
  } catch (error) {
    return errorResponse(error);
  }
}

/**
 * `format=jsonrecords` asked for by name: a bare JSON array of records. Without `format` the answer
 * is the envelope (`data`, `page`, `columns`, `source`) that pages and the OLAP clients read.
 */
function bareRecords(params: URLSearchParams): boolean {
  return params.get("format")?.trim().toLowerCase() === "jsonrecords";
}

/** GET /api/cubes?locale=es */
export async function handleCubesRequest(request: Request): Promise<Response> {
  try {
    const url = parseUrl(request);
    checkQueryLength(url);
    let locale: Locale = "en";
    for (const [key, value] of url.searchParams) {
      if (key !== "locale") throw new WarehouseError("unknown_parameter", `unknown parameter "${key.slice(0, 100)}"`, { parameter: key.slice(0, 100) });
      if (!isLocale(value)) throw new WarehouseError("invalid_parameter", `locale must be one of ${LOCALES.join(", ")}`, { parameter: "locale" });
      locale = value;
    }
    const meta = await warehouseMeta();
    const status = warehouseStatus();
    const cubes = CUBES.map((cube) => {
      const m = meta?.cubes.get(cube.name);
      return describeCube(cube, locale, { available: Boolean(m), years: m?.years ?? [] });
    });
    return json(
      {
        warehouse: {
          available: Boolean(meta),
          builtAt: meta?.build.built_at ?? null,
          ...(meta ? {} : { path: status.path, lookedIn: status.lookedIn }),
        },
        cubes,
      },
      200,
      { "Content-Language": locale, ...(meta ? {} : { "Cache-Control": NO_STORE }) },
    );
  } catch (error) {
    return errorResponse(error);
  }
}
