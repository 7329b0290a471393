/**
 * GET /api/pivot and GET /api/query-builder/members, kept out of src/app so tests call them with
 * a plain Request. The pivot takes /api/data's parameters (cube, measures, cut, time, growth, rca,
 * locale and cuts by level name) plus `rows` and `columns`; paging is over rows. Every bad input
 * is a 4xx JSON error `{ error: { code, message, parameter? } }`.
 */
import "server-only";
import { z } from "zod";
import { isLocale, type Locale } from "@/domain/i18n/locales";
import { PIVOT_PAGE_SIZE } from "@/domain/queryBuilder/state";
import { errorResponse } from "@/server/warehouse/http";
import { WarehouseError } from "@/server/warehouse/errors";
import { MAX_QUERY_STRING, parseSearchParams } from "@/server/warehouse/query";
import { pivotQuery, searchMembers } from "./pivot";

const NO_STORE = "no-store";
const CACHE = "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400";

function parseUrl(request: Request): URL {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new WarehouseError("invalid_parameter", "malformed URL");
  }
  if (url.search.length > MAX_QUERY_STRING) throw new WarehouseError("query_too_long", `query string longer than ${MAX_QUERY_STRING} characters`, { status: 414 });
  return url;
}

function zodError(error: z.ZodError): WarehouseError {
  const issue = error.issues[0];
  const parameter = String(issue?.path[0] ?? "query");
  return new WarehouseError("invalid_parameter", `${parameter}: ${issue?.message ?? "invalid"}`, { parameter });
}

const levelName = z.string().trim().min(1, "a level name is required").max(100);
const pivotSchema = z.object({
  rows: levelName,
  columns: levelName,
  limit: z.coerce.number({ message: "limit must be an integer from 1 to 1000" }).int("limit must be an integer from 1 to 1000").min(1, "limit must be an integer from 1 to 1000").max(1000, "limit must be an integer from 1 to 1000").default(PIVOT_PAGE_SIZE),
  offset: z.coerce.number({ message: "offset must be an integer from 0" }).int("offset must be an integer from 0").min(0, "offset must be an integer from 0").max(1_000_000, "offset must be at most 1000000").default(0),
});
const PIVOT_OWN = ["rows", "columns", "limit", "offset"] as const;
const NOT_IN_PIVOT = ["drilldowns", "sort", "format", "parents"];

/** GET /api/pivot?cube=…&rows=Section&columns=Year&measures=Trade Value&cut=… */
export async function handlePivotRequest(request: Request): Promise<Response> {
  try {
    const url = parseUrl(request);
    const own = Object.fromEntries(PIVOT_OWN.filter((k) => url.searchParams.has(k)).map((k) => [k, url.searchParams.get(k)]));
    for (const k of PIVOT_OWN) if (url.searchParams.getAll(k).length > 1) throw new WarehouseError("invalid_parameter", `${k} given more than once`, { parameter: k });
    const parsed = pivotSchema.safeParse(own);
    if (!parsed.success) throw zodError(parsed.error);
    const rest = new URLSearchParams(url.searchParams);
    for (const k of PIVOT_OWN) rest.delete(k);
    for (const k of NOT_IN_PIVOT) {
      if (rest.has(k)) throw new WarehouseError("unknown_parameter", `${k} is not a pivot parameter: the pivot drills down by rows and columns and orders rows by the measure`, { parameter: k });
    }
    const { query, locale } = parseSearchParams(rest);
    const body = await pivotQuery({ query, rows: parsed.data.rows, columns: parsed.data.columns, limit: parsed.data.limit, offset: parsed.data.offset, locale });
    return Response.json(body, { headers: { "Cache-Control": CACHE, "Content-Language": locale } });
  } catch (error) {
    return noStore(errorResponse(error));
  }
}

const membersSchema = z.object({
  cube: z.string().trim().min(1, "cube is required").max(100),
  level: levelName,
  q: z.string().max(100, "search text longer than 100 characters").default(""),
  locale: z
    .string()
    .default("en")
    .refine((l) => isLocale(l), "locale must be en, es or zh"),
});

/** GET /api/query-builder/members?cube=…&level=Exporter Country&q=chi&locale=es */
export async function handleMembersRequest(request: Request): Promise<Response> {
  try {
    const url = parseUrl(request);
    for (const key of url.searchParams.keys()) {
      if (!(key in membersSchema.shape)) throw new WarehouseError("unknown_parameter", `unknown parameter "${key.slice(0, 100)}"`, { parameter: key.slice(0, 100) });
    }
    const parsed = membersSchema.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) throw zodError(parsed.error);
    const { cube, level, q, locale } = parsed.data;
    const body = await searchMembers(cube, level, q, locale as Locale);
    return Response.json({ cube, level, q, ...body }, { headers: { "Cache-Control": CACHE, "Content-Language": locale } });
  } catch (error) {
    return noStore(errorResponse(error));
  }
}

function noStore(response: Response): Response {
  response.headers.set("Cache-Control", NO_STORE);
  return response;
}
