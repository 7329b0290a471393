/**
 * HTTP handling for /api/data and /api/cubes, kept out of src/app so it can be tested by calling
 * the handlers with a plain Request. Every failure becomes a JSON error body; nothing escapes as a 500
 * except a genuine bug, which is logged and reported without internals.
 */
import "server-only";
import { matches } from "@/server/http/etag";
import { createHash } from "node:crypto";
import { toCsvText, type CsvValue } from "@/domain/format/csv";
import { isLocale, LOCALES, type Locale } from "@/domain/i18n/locales";
import { warehouseStatus } from "./config";
import { warehouseMeta } from "./db";
import { isWarehouseError, WarehouseError } from "./errors";
import { executeResolved } from "./execute";
import { parquetPage } from "./parquet";
import { MAX_QUERY_STRING, parseSearchParams, resolveQuery } from "./query";
import { CUBES, describeCube } from "./registry";
import type { DataResponse } from "./types";

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

export function toCsv(response: DataResponse): string {
  return toCsvText([response.columns, ...response.data.map((row) => response.columns.map((c) => row[c] as CsvValue))]);
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
      return new Response(toCsv(response), {
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
    return json(response, 200, headers);
  } catch (error) {
    return errorResponse(error);
  }
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
