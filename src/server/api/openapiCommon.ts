/**
 * The pieces every part of the OpenAPI document shares: the error bodies, the front door's answers
 * merged into each operation, the rate-limit headers, the patterns the parsers enforce, and the
 * context a document is built for (its cubes, levels and years).
 */
import "server-only";
import { cubeLevels, type CubeDef } from "@/server/warehouse/registry";
import { API_WINDOW_SECONDS } from "@/server/front/apiMeter";

export type Json = Record<string, unknown>;

const ERROR_REF = { $ref: "#/components/schemas/Error" };
const TESSERACT_ERROR_REF = { $ref: "#/components/schemas/TesseractError" };

export const errorResponse = (description: string, schema: Json = ERROR_REF): Json => ({
  description,
  content: { "application/json": { schema } },
});
export const tesseractError = (description: string): Json => errorResponse(description, TESSERACT_ERROR_REF);
export const retryAfter: Json = { "Retry-After": { description: "Seconds to wait before asking again.", schema: { type: "integer", minimum: 0 } } };

/**
 * What the document describes: the cubes this warehouse holds (an unloaded cube answers 404) and
 * the years its catalogue covers (a year outside them is refused where a parameter names one year).
 */
export interface ApiCoverage {
  cubes: readonly CubeDef[];
  years: { min: number; max: number } | null;
}


/**
 * What the front door (server/front/door.ts) answers on any path before the route does: a
 * non-canonical path is redirected, a malformed target refused, an over-limit client refused, and
 * an overloaded server answers 503 at once. Merged into every operation's own answers.
 */
const FRONT_DOOR: Record<string, Json> = {
  "308": {
    description: "The path was not in canonical form (dot-segments, `%2e`, repeated slashes or a fragment): `Location` holds the canonical path with the same query string (front door).",
    headers: { Location: { schema: { type: "string" } } },
  },
  "400": errorResponse("`invalid_request_target` (front door): the request target is not an origin-form path, or a percent-escape in it is not UTF-8 (`invalid_path` where the router finds it)."),
  "429": {
    ...errorResponse(`\`rate_limited\`: the rate limit of the window (${API_WINDOW_SECONDS} s) is used up; or \`too_many_concurrent\`: this client already has its share of data requests under way. Wait Retry-After seconds.`),
    headers: retryAfter,
  },
  "503": { ...errorResponse("`server_busy` (front door): the server is answering many requests; try again after Retry-After seconds."), headers: retryAfter },
};

/** An operation's own answer merged with the front door's for the same status. */
function mergeAnswer(own: Json, front: Json): Json {
  const schemaOf = (r: Json) => ((r.content as Json | undefined)?.["application/json"] as Json | undefined)?.schema as Json | undefined;
  const ownSchema = schemaOf(own);
  const frontSchema = schemaOf(front);
  const sameSchema = !ownSchema || !frontSchema || JSON.stringify(ownSchema) === JSON.stringify(frontSchema);
  const content = own.content || front.content ? { ...((front.content as Json) ?? {}), ...((own.content as Json) ?? {}), ...(sameSchema ? {} : { "application/json": { schema: { anyOf: [ownSchema, frontSchema] } } }) } : undefined;
  const headers = own.headers || front.headers ? { ...((front.headers as Json) ?? {}), ...((own.headers as Json) ?? {}) } : undefined;
  return { description: `${own.description as string} Or ${front.description as string}`, ...(headers ? { headers } : {}), ...(content ? { content } : {}) };
}

const rateHeaders: Json = {
  "RateLimit-Limit": { description: `Requests allowed in the window (${API_WINDOW_SECONDS} s).`, schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in this window.", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the window starts afresh.", schema: { type: "integer" } },
  "RateLimit-Policy": { description: "The policy, e.g. `120;w=60`.", schema: { type: "string" } },
};

/** What every metered path may answer besides its own: a bad key, the limit reached, the front door's answers. */
export function metered(responses: Record<string, Json>): Record<string, Json> {
  const withHeaders = Object.fromEntries(Object.entries(responses).map(([status, r]) => [status, status === "200" ? { ...r, headers: { ...((r.headers as Json) ?? {}), ...rateHeaders } } : r]));
  const all: Record<string, Json> = {
    ...withHeaders,
    "401": responses["401"] ?? errorResponse("The API key sent is malformed, unknown or revoked (`invalid_api_key`)."),
  };
  for (const [status, front] of Object.entries(FRONT_DOOR)) all[status] = all[status] ? mergeAnswer(all[status], front) : front;
  all["429"] = { ...all["429"], headers: { ...((all["429"].headers as Json) ?? {}), ...rateHeaders } };
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => a.localeCompare(b)));
}

/** The same operation for HEAD: the same answers without a body. */
export function headOf(get: Json): Json {
  const responses = Object.fromEntries(Object.entries(get.responses as Record<string, Json>).map(([status, r]) => [status, { description: r.description, ...(r.headers ? { headers: r.headers } : {}) }]));
  return { ...get, operationId: `${get.operationId as string}Head`, summary: `${get.summary as string} (headers only)`, responses };
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A comma-separated list of `names` (blanks around each allowed, as the parsers trim them). */
export const listOf = (names: readonly string[]) => {
  const one = `\\s*(?:${names.map(escapeRegex).join("|")})\\s*`;
  return `^${one}(?:,${one})*$`;
};
const COMPARISON = "(?:gt|gte|lt|lte|eq|neq)\\.-?\\d+(?:\\.\\d+)?";
/** The Tesseract `time` forms (server/tesseract/params.ts): a year, latest/oldest/trailing/leading [N], or a comparison. */
export const TESSERACT_TIME = `^$|^(?:[Yy]ear\\.)?(?:\\d{4}|(?:latest|oldest|trailing|leading)(?:\\.[1-9]\\d{0,3})?|${COMPARISON}(?:\\.(?:and|or)\\.${COMPARISON})?)$`;
/** A comma-separated list of non-blank items (an empty item is refused). */
export const NON_BLANK_LIST = "^[^,]*[^,\\s][^,]*(?:,[^,]*[^,\\s][^,]*)*$";

/** What the paths are built from: the cubes described, their levels, and the parameter schemas naming them. */
export interface DocContext {
  cubes: readonly CubeDef[];
  cubeNames: string[];
  levelNames: string[];
  cubeParam: Json;
  levelParam: Json;
  /** A parameter naming one year: the catalogue's first to last year (the parsers' own bounds without a warehouse). */
  yearParam: (fallback: { min: number; max: number }) => Json;
  yearsText: string;
  cutItem: Json;
  query: (name: string, description: string, schema: Json, extra?: Json) => Json;
}

/** The context of a document for this coverage. */
export function docContext(coverage: ApiCoverage): DocContext {
  const cubes = coverage.cubes;
  const cubeNames = cubes.map((c) => c.name);
  const levelNames = [...new Set(cubes.flatMap((c) => cubeLevels(c).map((l) => l.name)))].sort();
  const cubeParam: Json = { type: "string", enum: cubeNames };
  const levelParam: Json = { type: "string", enum: levelNames };
  const yearParam = (fallback: { min: number; max: number }): Json => ({ type: "integer", minimum: coverage.years?.min ?? fallback.min, maximum: coverage.years?.max ?? fallback.max });
  const yearsText = coverage.years ? ` The data covers ${coverage.years.min} to ${coverage.years.max} (/api/catalog has each dataset's years).` : "";
  const cutItem: Json = { type: "string", pattern: "^[^=]+=[^,]*[^,\\s][^,]*(?:,[^,]*[^,\\s][^,]*)*$" };
  const query = (name: string, description: string, schema: Json, extra: Json = {}): Json => ({ name, in: "query", description, schema, ...extra });
  return { cubes, cubeNames, levelNames, cubeParam, levelParam, yearParam, yearsText, cutItem, query };
}
