/**
 * The OpenAPI 3.1 document of the public API (`GET /api/openapi.json`), generated from the cube
 * registry: every cube with its levels (and their id formats), measures and years-level, the query
 * parameters of /api/data with the limits the parser enforces, the error body, and a runnable
 * example query per cube. Nothing here is written twice: a new cube appears by itself.
 */
import "server-only";
import { LOCALES } from "@/domain/i18n/locales";
import { CUBES, cubeLevels, type CubeDef, type LevelDef } from "@/server/warehouse/registry";
import { MAX_PAGE_SIZE } from "@/server/warehouse/types";
import { warehouseMeta } from "@/server/warehouse/db";
import { settings } from "@/server/settings";
import { API_WINDOW_SECONDS } from "@/server/front/apiMeter";

type Json = Record<string, unknown>;

const ERROR_REF = { $ref: "#/components/schemas/Error" };
const TESSERACT_ERROR_REF = { $ref: "#/components/schemas/TesseractError" };

const errorResponse = (description: string, schema: Json = ERROR_REF): Json => ({
  description,
  content: { "application/json": { schema } },
});
const tesseractError = (description: string): Json => errorResponse(description, TESSERACT_ERROR_REF);
const retryAfter: Json = { "Retry-After": { description: "Seconds to wait before asking again.", schema: { type: "integer", minimum: 0 } } };

/**
 * What the document describes: the cubes this warehouse holds (an unloaded cube answers 404) and
 * the years its catalogue covers (a year outside them is refused where a parameter names one year).
 */
export interface ApiCoverage {
  cubes: readonly CubeDef[];
  years: { min: number; max: number } | null;
}

/** Every registered cube, years unknown: the document without a warehouse. */
export const REGISTRY_COVERAGE: ApiCoverage = { cubes: CUBES, years: null };

/** The loaded cubes and the catalogue's years of the current warehouse (the registry when none). */
export async function warehouseCoverage(): Promise<ApiCoverage> {
  const meta = await warehouseMeta().catch(() => null);
  if (!meta) return REGISTRY_COVERAGE;
  const cubes = CUBES.filter((c) => meta.cubes.has(c.name));
  const years = meta.catalog.filter((e) => e.scope !== "world").map((e) => e.year);
  return { cubes: cubes.length ? cubes : CUBES, years: years.length ? { min: Math.min(...years), max: Math.max(...years) } : null };
}

/** The document as GET /api/openapi.json serves it: for the warehouse this server holds. */
export async function currentOpenApiDocument(): Promise<Json> {
  return openApiDocument(settings().api, await warehouseCoverage());
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
function metered(responses: Record<string, Json>): Record<string, Json> {
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
function headOf(get: Json): Json {
  const responses = Object.fromEntries(Object.entries(get.responses as Record<string, Json>).map(([status, r]) => [status, { description: r.description, ...(r.headers ? { headers: r.headers } : {}) }]));
  return { ...get, operationId: `${get.operationId as string}Head`, summary: `${get.summary as string} (headers only)`, responses };
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A comma-separated list of `names` (blanks around each allowed, as the parsers trim them). */
const listOf = (names: readonly string[]) => {
  const one = `\\s*(?:${names.map(escapeRegex).join("|")})\\s*`;
  return `^${one}(?:,${one})*$`;
};
const COMPARISON = "(?:gt|gte|lt|lte|eq|neq)\\.-?\\d+(?:\\.\\d+)?";
/** The Tesseract `time` forms (server/tesseract/params.ts): a year, latest/oldest/trailing/leading [N], or a comparison. */
const TESSERACT_TIME = `^$|^(?:[Yy]ear\\.)?(?:\\d{4}|(?:latest|oldest|trailing|leading)(?:\\.[1-9]\\d{0,3})?|${COMPARISON}(?:\\.(?:and|or)\\.${COMPARISON})?)$`;
/** A comma-separated list of non-blank items (an empty item is refused). */
const NON_BLANK_LIST = "^[^,]*[^,\\s][^,]*(?:,[^,]*[^,\\s][^,]*)*$";

function idSchema(level: LevelDef): Json {
  return level.id.type === "integer"
    ? { type: "integer", minimum: level.id.min, maximum: level.id.max, examples: [Number(level.id.example)] }
    : { type: "string", pattern: level.id.pattern.source, examples: [level.id.example] };
}

/** A query on a cube that answers with its default measure by its first level of its first dimension. */
export function exampleQuery(cube: CubeDef): string {
  const levels = cubeLevels(cube);
  // A stored index (ECI, RCA) is defined only at its grain: drill down by every level of it.
  const grain = cube.measures.find((m) => m.name === cube.defaultMeasure)?.grain?.filter((g) => g !== cube.timeLevel);
  const first = levels.find((l) => l.name !== cube.timeLevel) ?? levels[0];
  const drilldowns = grain && grain.length ? grain.join(",") : first.name;
  const params = new URLSearchParams({ cube: cube.name, drilldowns, time: "latest", limit: "5" });
  return `/api/data?${params.toString()}`;
}

/** One row of the cube's answers (/api/data `data[]`): a name and an id column per level, a column per measure. */
function cubeSchema(cube: CubeDef): Json {
  const properties: Record<string, Json> = {};
  for (const level of cubeLevels(cube)) {
    properties[level.name] = { type: "string", description: `${level.caption.en}: the member's name.` };
    properties[`${level.name} ID`] = { ...idSchema(level), description: `${level.caption.en}: the member's id.` };
  }
  for (const measure of cube.measures) properties[measure.name] = { type: ["number", "null"], description: `${measure.caption.en} (${measure.unit}).` };
  return {
    type: "object",
    title: cube.name,
    description: cube.description.en,
    properties,
    "x-levels": cubeLevels(cube).map((l) => ({ name: l.name, caption: l.caption.en, parent: l.parent, id: idSchema(l) })),
    "x-measures": cube.measures.map((m) => ({ name: m.name, caption: m.caption.en, unit: m.unit, default: m.name === cube.defaultMeasure, ...(m.grain ? { grain: m.grain } : {}) })),
    "x-time-level": cube.timeLevel,
    "x-example": exampleQuery(cube),
  };
}

export function openApiDocument(limits: { anonymousPerMinute: number; keyPerMinute: number; proKeyPerMinute: number } = settings().api, coverage: ApiCoverage = REGISTRY_COVERAGE): Json {
  const cubes = coverage.cubes;
  const cubeNames = cubes.map((c) => c.name);
  const levelNames = [...new Set(cubes.flatMap((c) => cubeLevels(c).map((l) => l.name)))].sort();
  const cubeParam: Json = { type: "string", enum: cubeNames };
  const levelParam: Json = { type: "string", enum: levelNames };
  // A parameter naming one year: the catalogue's first to last year (the parsers' own bounds without a warehouse).
  const yearParam = (fallback: { min: number; max: number }): Json => ({ type: "integer", minimum: coverage.years?.min ?? fallback.min, maximum: coverage.years?.max ?? fallback.max });
  const yearsText = coverage.years ? ` The data covers ${coverage.years.min} to ${coverage.years.max} (/api/catalog has each dataset's years).` : "";
  const cutItem: Json = { type: "string", pattern: "^[^=]+=[^,]*[^,\\s][^,]*(?:,[^,]*[^,\\s][^,]*)*$" };
  const query = (name: string, description: string, schema: Json, extra: Json = {}): Json => ({ name, in: "query", description, schema, ...extra });
  const doc = {
    openapi: "3.1.0",
    info: {
      title: "Open Trade Observatory API",
      version: "1.0.0",
      summary: "International trade, economic complexity and indicators, as open data.",
      description:
        `Query any cube of the warehouse: choose levels to drill down by, cut members, pick years and measures. Every answer names its source and licence. Anonymous use is free: ${limits.anonymousPerMinute} requests a minute per address. A free API key (created on the account page, sent as \`Authorization: Bearer oto_...\` or \`X-API-Key\`) raises the limit to ${limits.keyPerMinute} a minute, and to ${limits.proKeyPerMinute} for the keys of PRO and PREMIUM accounts. Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; beyond the limit the answer is 429 with Retry-After. Cubes, levels and measures are listed under components.schemas (x-levels, x-measures) and live at /api/cubes; which years each dataset covers is at /api/catalog.`,
      license: { name: "Per dataset: see each answer's source.annotations.licence", identifier: "CC-BY-4.0" },
    },
    // A key is optional: `{}` is anonymous use.
    security: [{}, { bearerKey: [] }, { headerKey: [] }],
    servers: [{ url: "/", description: "This site" }],
    paths: {
      "/api/data": {
        get: {
          operationId: "queryCube",
          summary: "Query a cube",
          description: `Answers rows of the cube grouped by the drilldowns. Parameters not listed here are read as cuts on a level of the cube (Level=id1,id2), e.g. \`Exporter Country=chl\`; unknown names are a 400. Levels of all cubes: ${levelNames.join(", ")}.`,
          parameters: [
            query("cube", "The cube to query.", cubeParam, { required: true, examples: Object.fromEntries(cubes.map((c) => [c.name, { summary: c.caption.en, value: c.name }])) }),
            query("drilldowns", "Comma-separated levels of the cube to group by (at most 8).", { type: "string", pattern: `^\\s*$|${listOf(levelNames)}` }, { example: "Year,Section" }),
            query("measures", "Comma-separated measures; the cube's default measure when absent.", { type: "string", pattern: `^\\s*$|${NON_BLANK_LIST}` }, { example: "Trade Value" }),
            query("cut", "A cut `Level=id1,id2` (repeatable; at most 1000 ids).", { type: "array", items: cutItem }, { style: "form", explode: true, example: ["Exporter Country=chl"] }),
            query("exclude", "Members to leave out, `Level=id1,id2` (repeatable).", { type: "array", items: cutItem }, { style: "form", explode: true }),
            query("time", `\`latest\`, \`oldest\`, a year, a range \`2010-2015\` or a list \`2016,2017\`.${yearsText}`, { type: "string", pattern: "^\\s*(?:(?:[Yy]ear\\.)?(?:[Ll]atest|[Oo]ldest)|\\d{4}\\s*-\\s*\\d{4}|\\d{4}(?:\\s*,\\s*\\d{4})*)\\s*$" }, { example: "latest" }),
            query("growth", "`Level,Measure`: growth over the time level, e.g. `Year,Trade Value`.", { type: "string", pattern: "^[^,]*[^,\\s][^,]*,[^,]*[^,\\s][^,]*$" }),
            query("rca", "`Level,Level,Measure`: revealed comparative advantage, e.g. `Exporter Country,Section,Trade Value`.", { type: "string", pattern: "^[^,]*[^,\\s][^,]*,[^,]*[^,\\s][^,]*,[^,]*[^,\\s][^,]*$" }),
            query("parents", "Add the parent levels' ids and names to each row.", { type: "boolean" }),
            query("sort", "`Key.asc` or `Key.desc` (a measure or a level), comma-separated (at most 10).", { type: "string", pattern: `^\\s*$|${NON_BLANK_LIST}` }, { example: "Trade Value.desc" }),
            query("limit", `Rows per page (1 to ${MAX_PAGE_SIZE}).`, { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE }),
            query("offset", "Rows to skip.", { type: "integer", minimum: 0, maximum: 1_000_000_000 }),
            query("locale", "Language of member names.", { type: "string", enum: [...LOCALES], default: "en" }),
            query(
              "format",
              "Absent: JSON with the rows, the page and the source (`DataResponse`). `jsonrecords`: the rows alone, a bare JSON array of records (`pandas.read_json(url)`; the total in `X-Total-Count`). `csv`: a download, formula-guarded. `parquet`: the same page of rows, zstd-compressed. Codes (`HS4 ID` \"0101\") are strings in every format: in pandas, read them with `dtype={\"HS4 ID\": str}` (CSV has no types).",
              { type: "string", enum: ["jsonrecords", "csv", "parquet"] },
            ),
          ],
          responses: metered({
            "200": {
              description: "The rows, the page and the source (no `format`); the rows alone (`format=jsonrecords`); or a CSV or Parquet file.",
              headers: { ETag: { schema: { type: "string" } }, "X-Total-Count": { description: "Rows matching the query, all pages (`jsonrecords`, `csv`, `parquet`).", schema: { type: "integer", minimum: 0 } } },
              content: {
                "application/json": { schema: { oneOf: [{ $ref: "#/components/schemas/DataResponse" }, { type: "array", description: "format=jsonrecords: the rows of the page.", items: { type: "object", additionalProperties: { type: ["string", "number", "boolean", "null"] } } }] } },
                "text/csv": { schema: { type: "string" } },
                "application/vnd.apache.parquet": { schema: { type: "string", contentMediaType: "application/vnd.apache.parquet" } },
              },
            },
            "304": { description: "Not modified (If-None-Match matched the ETag)." },
            "400": errorResponse(
              "A parameter is missing, unknown or malformed (`invalid_parameter`, `unknown_parameter`, `unknown_cube`, `unknown_level`, `unknown_measure`, `invalid_cut`, `invalid_time`, `invalid_sort`, `limit_out_of_range`); `error.parameter` names it. Or `query_too_expensive`: the query would group more rows than the server's budget; cut it to fewer years or members, or drill down fewer levels.",
            ),
            "404": errorResponse("The cube exists but its source data is not in this warehouse (`cube_not_loaded`)."),
            "414": errorResponse("Query string too long (`query_too_long`)."),
            "503": { ...errorResponse("The warehouse is not built (`warehouse_unavailable`), busy (`warehouse_busy`, with Retry-After) or the query ran out of time (`query_timeout`)."), headers: retryAfter },
          }),
          "x-examples": cubes.map(exampleQuery),
        },
      },
      "/api/openapi.json": {
        get: { operationId: "openApi", summary: "This document", responses: metered({ "200": { description: "OpenAPI 3.1.", content: { "application/json": { schema: { type: "object" } } } } }) },
      },
      "/api/cubes": {
        get: {
          operationId: "listCubes",
          summary: "The cube registry: captions, levels, measures, and which cubes this warehouse holds",
          parameters: [query("locale", "Language of the captions.", { type: "string", enum: [...LOCALES], default: "en" })],
          responses: metered({
            "200": { description: "Cubes.", content: { "application/json": { schema: { type: "object", required: ["warehouse", "cubes"], properties: { warehouse: { type: "object" }, cubes: { type: "array", items: { type: "object" } } } } } } },
            "400": errorResponse("An unknown parameter (`unknown_parameter`) or locale (`invalid_parameter`)."),
            "414": errorResponse("Query string too long (`query_too_long`)."),
          }),
        },
      },
      "/api/catalog": {
        get: {
          operationId: "dataCatalog",
          summary: "What each dataset covers, year by year (depth, flows, reporters, rows, world total), and the data-quality flags found at import",
          parameters: [
            query("depth", "Only datasets at this product depth.", { type: "string", enum: ["section", "hs2", "hs4", "hs6"] }),
            query("bilateral", "Only bilateral (or only non-bilateral) datasets.", { type: "string", enum: ["true", "false"] }),
            query("flow", "Only datasets holding this flow.", { type: "string", enum: ["export", "import"] }),
            query("classification", "A classification such as hs92.", { type: "string", pattern: "^[a-z]{2,5}\\d{0,2}$" }),
            query("year", `One year.${yearsText}`, { type: "string", pattern: "^\\d{4}$" }),
          ],
          responses: metered({
            "304": { description: "Not modified (If-None-Match matched the ETag)." },
            "400": errorResponse("A parameter is unknown, given twice or malformed (`invalid_parameter`)."),
            "414": errorResponse("Query string too long (`query_too_long`)."),
            "200": {
              description:
                "The catalogue. `quality` lists the data-quality flags the importer recorded: near-identical values in sibling codes (sibling_duplicate), \"Unspecified\" among a reporter's largest items (unspecified_top), a world total moving more than 25% from the year before (total_jump), and partial years (partial_year). Omitted when the request asks a question (depth, bilateral, flow, classification, year).",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    required: ["datasets"],
                    properties: {
                      datasets: {
                        type: "array",
                        description: "One entry per dataset: its cube, kind, classification, depth, bilateral or not, partial (a sample), source, priority, scope (\"world\": the world as a whole, no reporters; \"reporters\" otherwise) and its years, each with its period, the release (vintage) of the source it comes from, flows, reporters, rows and world total. Growth and change compare two years of one dataset and one vintage only.",
                        items: { type: "object" },
                      },
                      quality: {
                        type: "array",
                        items: {
                          type: "object",
                          required: ["dataset", "year", "rule", "reporter", "flow", "products", "values", "params"],
                          properties: {
                            dataset: { type: "string", description: "Catalogue dataset key, e.g. ots_hs4." },
                            year: { type: "integer" },
                            rule: { type: "string", enum: ["sibling_duplicate", "unspecified_top", "total_jump", "partial_year"] },
                            reporter: { type: ["string", "null"], description: "Reporter id (ISO3 for countries); null for a flag on the whole dataset." },
                            flow: { type: ["string", "null"], enum: ["export", "import", null] },
                            products: { type: "array", items: { type: "string" }, description: "Product codes concerned." },
                            values: { type: "array", items: { type: "number" }, description: "The figures concerned: one per product, or the previous and this year's total (total_jump)." },
                            params: { type: "object", description: "Rule details: level, parent, total, difference (sibling_duplicate); level, rank, share, total (unspecified_top); previousYear, change, previousReporters, reporters (total_jump); kind one_flow with missing, or few_products with level, products, neighbourYear, neighbourProducts (partial_year)." },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          }),
        },
      },
      "/api/bulk/datapackage.json": {
        get: {
          operationId: "bulkPackageLatest",
          summary: "The bulk files of the current warehouse: a redirect to its datapackage.json",
          responses: metered({ "307": { description: "Location: /api/bulk/{generation}/datapackage.json.", headers: { Location: { schema: { type: "string" } } } }, "404": errorResponse("The files have not been exported yet (`not_exported`).") }),
        },
      },
      "/api/bulk/{generation}/datapackage.json": {
        get: {
          operationId: "bulkPackage",
          summary: "Frictionless data package listing every bulk file with its size, rows, columns and SHA-256",
          parameters: [{ name: "generation", in: "path", required: true, description: "The warehouse build (16 hex digits).", schema: { type: "string", pattern: "^[0-9a-f]{16}$" } }],
          responses: metered({
            "200": { description: "The data package.", headers: { "Content-Length": { schema: { type: "integer" } } }, content: { "application/json": { schema: { $ref: "#/components/schemas/BulkPackage" } } } },
            "404": errorResponse("No such export (`not_found`)."),
            "410": errorResponse("An older build, no longer served (`generation_gone`): the current list is at /api/bulk/datapackage.json."),
          }),
        },
      },
      "/api/bulk/{generation}/{tier}/{cube}/{file}": {
        get: {
          operationId: "bulkFile",
          summary: "One bulk file (gzip CSV or Parquet), with byte ranges",
          description: "`international` files are free. `national` (one per reporting country) and `products` (one per HS2 chapter) are PREMIUM: sign in, or send the API key of a PREMIUM account.",
          parameters: [
            { name: "generation", in: "path", required: true, schema: { type: "string", pattern: "^[0-9a-f]{16}$" } },
            { name: "tier", in: "path", required: true, schema: { type: "string", enum: ["international", "national", "products"] } },
            { name: "cube", in: "path", required: true, schema: { type: "string", enum: cubeNames } },
            { name: "file", in: "path", required: true, description: "`{year}`, `{country id}` or `{HS2 id}`, then `.csv.gz` or `.parquet`.", schema: { type: "string", pattern: "^[A-Za-z0-9_-]{1,100}\\.(?:csv\\.gz|parquet)$", examples: ["2018.csv.gz"] } },
            { name: "Range", in: "header", required: false, description: "One byte range, e.g. `bytes=0-1023`.", schema: { type: "string" } },
          ],
          responses: metered({
            "200": { description: "The file.", headers: { ETag: { schema: { type: "string" } }, "Repr-Digest": { schema: { type: "string" } } }, content: { "application/gzip": { schema: { type: "string", contentMediaType: "application/gzip" } }, "application/vnd.apache.parquet": { schema: { type: "string" } } } },
            "206": { description: "The requested range.", headers: { "Content-Range": { schema: { type: "string" } } } },
            "304": { description: "Not modified." },
            "401": errorResponse("A PREMIUM file and nobody signed in (`sign_in_required`), or the API key sent is not valid (`invalid_api_key`)."),
            "403": errorResponse("A PREMIUM file; the account does not include PREMIUM (`premium_required`)."),
            "404": errorResponse("No such file in this export (`not_found`)."),
            "410": errorResponse("An older build, no longer served (`generation_gone`): the current list is at /api/bulk/datapackage.json."),
            "416": { description: "The range starts past the end of the file.", headers: { "Content-Range": { schema: { type: "string" } } } },
          }),
        },
      },
      "/api/tesseract/cubes": {
        get: {
          operationId: "tesseractSchema",
          summary: "Tesseract (Python tesseract-olap) schema of every cube, for oec.world's clients (docs/tesseract.md)",
          parameters: [query("locale", "Language of the captions (an unknown one falls back to English, as Tesseract does).", { type: "string" })],
          responses: metered({
            "200": {
              description: "Schema.",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    required: ["name", "locales", "default_locale", "cubes"],
                    properties: {
                      name: { type: "string" },
                      locales: { type: "array", items: { type: "string", enum: [...LOCALES] } },
                      default_locale: { type: "string", enum: [...LOCALES] },
                      annotations: { type: "object" },
                      cubes: { type: "array", items: { $ref: "#/components/schemas/TesseractCube" } },
                    },
                  },
                },
              },
            },
            "503": { ...tesseractError("The warehouse is not built (`warehouse_unavailable`) or busy."), headers: retryAfter },
          }),
        },
      },
      "/api/tesseract/cubes/{cube}": {
        get: {
          operationId: "tesseractCube",
          summary: "Tesseract schema of one cube",
          parameters: [{ name: "cube", in: "path", required: true, schema: cubeParam }, query("locale", "Language of the captions.", { type: "string" })],
          responses: metered({
            "200": { description: "The cube.", content: { "application/json": { schema: { $ref: "#/components/schemas/TesseractCube" } } } },
            "404": tesseractError("No such cube, or its data is not in this warehouse."),
            "503": { ...tesseractError("The warehouse is not built (`warehouse_unavailable`) or busy."), headers: retryAfter },
          }),
        },
      },
      "/api/tesseract/data.{format}": {
        get: {
          operationId: "tesseractData",
          summary: "A Tesseract data query (drilldowns, measures, include, exclude, time, filters, top, ranking, growth, alias...)",
          parameters: [
            { name: "format", in: "path", required: true, schema: { type: "string", enum: ["jsonrecords", "jsonarrays", "csv", "parquet"] } },
            query("cube", "The cube.", cubeParam, { required: true }),
            query("drilldowns", "Levels, comma-separated.", { type: "string", minLength: 1, pattern: NON_BLANK_LIST }, { required: true }),
            query("measures", "Measures, comma-separated.", { type: "string" }),
            query("time", "`Year.latest`, `Year.oldest`, `Year.trailing.N`, `Year.leading.N`, `Year.gte.2010[.and.lte.2015]` or `year.2018`.", { type: "string", pattern: TESSERACT_TIME }),
            query("include", "Cuts: `Level:key,key;Level:key`.", { type: "string" }),
            query("exclude", "Members to leave out: `Level:key,key`.", { type: "string" }),
            query("limit", "`limit` or `limit,offset`.", { type: "string", pattern: "^\\s*$|^\\s*\\d{1,9}\\s*(?:,\\s*\\d{1,12}\\s*)?$" }),
            query("locale", "Language of member names (an unknown one falls back to English).", { type: "string" }),
          ],
          responses: metered({
            "200": {
              description: "{ columns, data, page } (jsonrecords, jsonarrays); a CSV; or the same page of rows as Parquet (the format logiclayer-client's fetchData(params, \"parquet\") asks for).",
              content: {
                "application/json": { schema: { type: "object", required: ["columns", "data"], properties: { columns: { type: "array", items: { type: "string" } }, data: { type: "array" }, page: { type: "object" } } } },
                "text/csv": { schema: { type: "string" } },
                "application/vnd.apache.parquet": { schema: { type: "string", contentMediaType: "application/vnd.apache.parquet" } },
              },
            },
            "400": tesseractError("A parameter is unknown or malformed, a level or measure is unknown, or the query would group more rows than the server's budget (`query_too_expensive`: cut it to fewer years or members, or drill down fewer levels)."),
            "404": tesseractError("No such cube, or its data is not in this warehouse (`cube_not_loaded`)."),
            "414": tesseractError("Query string too long."),
            "503": { ...tesseractError("The warehouse is not built, busy, or the query ran out of time."), headers: retryAfter },
          }),
        },
      },
      "/api/tesseract/members": {
        get: {
          operationId: "tesseractMembers",
          summary: "A level's members (Tesseract)",
          parameters: [
            query("cube", "The cube.", cubeParam, { required: true }),
            query("level", "A level of the cube.", levelParam, { required: true }),
            query("search", "Part of a key or caption.", { type: "string" }),
            query("limit", "`limit` or `limit,offset`.", { type: "string" }),
            query("parents", "Add each member's ancestors.", { type: "boolean" }),
            query("locale", "Language of the captions (an unknown one falls back to English).", { type: "string" }),
          ],
          responses: metered({
            "200": { description: "Members.", content: { "application/json": { schema: { type: "object", required: ["name", "members"], properties: { name: { type: "string" }, caption: { type: "string" }, depth: { type: "integer" }, members: { type: "array", items: { type: "object", required: ["key", "caption"], properties: { key: { type: ["string", "integer"] }, caption: { type: "string" } } } } } } } } },
            "400": tesseractError("An unknown parameter, or a malformed one. A level lists its members without a measure (complexity cubes too)."),
            "404": tesseractError("No such cube or level, or the cube's data is not in this warehouse (`cube_not_loaded`)."),
            "414": tesseractError("Query string too long."),
            "503": { ...tesseractError("The warehouse is not built, busy, or the query ran out of time."), headers: retryAfter },
          }),
        },
      },
      "/api/view": {
        get: {
          operationId: "viewRows",
          summary: "The chart rows of a visualisation URL",
          parameters: [query("path", "A visualisation URL such as /en/visualize/tree_map/hs92/export/chl/all/show/2018.", { type: "string", minLength: 1, maxLength: 512, pattern: `^/(?:${LOCALES.join("|")})/visualize/(?!embed(?:/|$))` }, { required: true })],
          responses: metered({
            "200": { description: "Chart rows.", content: { "application/json": { schema: { type: "object", required: ["data"], properties: { data: { type: "object" } } } } } },
            "400": errorResponse("Not a visualisation URL (`invalid_parameter` or the URL codec's own code), or the view's query is over the server's budget (`query_too_expensive`)."),
            "404": errorResponse("No data for the view's year in this warehouse (`cube_not_loaded`)."),
            "422": errorResponse("A valid URL the data cannot draw (`no_view`: the problems' codes in the message)."),
            "503": { ...errorResponse("The warehouse is not built (`warehouse_unavailable`), busy (`warehouse_busy`) or the query ran out of time (`query_timeout`)."), headers: retryAfter },
          }),
        },
      },
      "/api/pivot": {
        get: {
          operationId: "pivot",
          summary: "Rows × columns of one measure, computed in the warehouse",
          description: "Takes /api/data's cube, measures, cut, time, growth and rca parameters, plus `rows` and `columns` (two levels). At most 50 columns; more are reported, not sent.",
          parameters: [
            query("cube", "The cube.", cubeParam, { required: true }),
            query("rows", "The level of the rows.", levelParam, { required: true, example: "Section" }),
            query("columns", "The level of the columns (another level than rows).", levelParam, { required: true, example: "Year" }),
            query("measures", "One measure; the cube's default when absent.", { type: "string" }),
            query("cut", "A cut `Level=id1,id2` (repeatable).", { type: "array", items: cutItem }, { style: "form", explode: true }),
            query("time", "As in /api/data.", { type: "string", pattern: "^\\s*(?:(?:[Yy]ear\\.)?(?:[Ll]atest|[Oo]ldest)|\\d{4}\\s*-\\s*\\d{4}|\\d{4}(?:\\s*,\\s*\\d{4})*)\\s*$" }),
            query("locale", "Language of member names.", { type: "string", enum: [...LOCALES], default: "en" }),
            query("limit", "Rows per page (1 to 1000).", { type: "integer", minimum: 1, maximum: 1000 }),
            query("offset", "Rows to skip.", { type: "integer", minimum: 0, maximum: 1_000_000 }),
          ],
          responses: metered({
            "200": { description: "The pivot table.", content: { "application/json": { schema: { type: "object" } } } },
            "400": errorResponse("A parameter is missing, unknown or malformed (`invalid_parameter`, `unknown_parameter`, `unknown_cube`, `unknown_level`, `unknown_measure`, `invalid_cut`, `invalid_time`), or the query is over the server's budget (`query_too_expensive`)."),
            "404": errorResponse("The cube's data is not in this warehouse (`cube_not_loaded`)."),
            "414": errorResponse("Query string too long (`query_too_long`)."),
            "503": { ...errorResponse("The warehouse is not built (`warehouse_unavailable`), busy (`warehouse_busy`) or the query ran out of time (`query_timeout`)."), headers: retryAfter },
          }),
        },
      },
      "/api/query-builder/members": {
        get: {
          operationId: "levelMembers",
          summary: "A level's members, searched by name or id (the data explorer's cut picker)",
          parameters: [
            query("cube", "The cube.", cubeParam, { required: true }),
            query("level", "A level of the cube.", levelParam, { required: true }),
            query("q", "Part of a name or id.", { type: "string", maxLength: 100 }),
            query("locale", "Language of the names.", { type: "string", enum: [...LOCALES], default: "en" }),
          ],
          responses: metered({
            "200": { description: "Members.", content: { "application/json": { schema: { type: "object" } } } },
            "400": errorResponse("An unknown parameter, cube or level (`unknown_parameter`, `unknown_cube`, `unknown_level`, `invalid_parameter`)."),
            "404": errorResponse("The cube's data is not in this warehouse (`cube_not_loaded`)."),
            "414": errorResponse("Query string too long (`query_too_long`)."),
            "503": { ...errorResponse("The warehouse is not built (`warehouse_unavailable`), busy (`warehouse_busy`) or the query ran out of time (`query_timeout`)."), headers: retryAfter },
          }),
        },
      },
      "/api/tariff": {
        get: {
          operationId: "tariffSimulation",
          summary: "A partial-equilibrium tariff simulation (SMART): trade creation, diversion, revenue and consumer surplus per exporter",
          description: "Baseline: the importer's imports of the product from each partner in the year. Tariffs in percent (0 to 1000). See docs/tariff-simulator.md for the equations.",
          parameters: [
            query("importer", "The importing country (ISO3).", { type: "string", pattern: "^[A-Za-z][A-Za-z0-9]{2}$" }, { required: true, example: "usa" }),
            query("product", "A section (1-21), or an HS2, HS4 or HS6 code, at `depth`.", { type: "string", pattern: "^\\d{1,6}$" }, { required: true, example: "5" }),
            query("depth", "Product depth.", { type: "string", enum: ["section", "hs2", "hs4", "hs6"], default: "section" }),
            query("year", `Base year; the newest with bilateral data when absent.${yearsText}`, yearParam({ min: 1000, max: 9999 })),
            query("current", "Current tariff (percent) where no imported rate exists.", { type: "number", minimum: 0, maximum: 1000 }),
            query("new", "New tariff (percent).", { type: "number", minimum: 0, maximum: 1000 }, { required: true }),
            query("partner", "Only this partner gets the new tariff (a preference).", { type: "string", pattern: "^[A-Za-z][A-Za-z0-9]{2}$" }),
            query("em", "Import demand elasticity (negative).", { type: "number" }),
            query("sigma", "Substitution elasticity between sources.", { type: "number" }),
            query("ex", "Export supply elasticity (99 = infinite).", { type: "number" }),
            query("base", "`imported` (default: imported rates where they exist) or `manual`.", { type: "string", enum: ["imported", "manual"] }),
            query("format", "`json` (default) or `csv`.", { type: "string", enum: ["json", "csv"] }),
            query("locale", "Language of the names.", { type: "string", enum: [...LOCALES] }),
          ],
          responses: metered({
            "200": { description: "The simulation.", content: { "application/json": { schema: { type: "object" } }, "text/csv": { schema: { type: "string" } } } },
            "400": errorResponse("A parameter is unknown, malformed or out of range (a negative or above-1000% tariff)."),
            "404": errorResponse("Unknown importer, product or partner (`unknown_importer`, `unknown_product`, `unknown_partner`), or no data for the depth or year (`no_data`, `no_year`)."),
            "414": errorResponse("Query string too long (`query_too_long`)."),
            "422": errorResponse("A preference for a partner that sold nothing of the product to the importer that year (`unknown_partner`)."),
            "503": { ...errorResponse("The warehouse is not built (`warehouse_unavailable`), busy (`warehouse_busy`) or the query ran out of time (`query_timeout`)."), headers: retryAfter },
          }),
        },
      },
      "/api/trends": {
        get: {
          operationId: "trends",
          summary: "Products or partners ranked by growth between two years (PRO accounts)",
          description: "Both years are read from one series (one dataset in one release, named in the answer's `comparedOn`); a period no single series holds is refused with 400 `not_comparable`.",
          parameters: [
            query("reporter", "A country (ISO3), a continent id or `world`.", { type: "string", pattern: "^\\s*(?:[Ww][Oo][Rr][Ll][Dd]|[A-Za-z]{2}|[A-Za-z][A-Za-z0-9]{2})\\s*$" }, { required: true, example: "deu" }),
            query("from", `First year.${yearsText}`, yearParam({ min: 1900, max: 2100 }), { required: true }),
            query("to", "Last year (after `from`).", yearParam({ min: 1900, max: 2100 }), { required: true }),
            query("flow", "`export` or `import`.", { type: "string", enum: ["export", "import"] }),
            query("by", "`products` or `partners`.", { type: "string", enum: ["products", "partners"] }),
            query("depth", "Product depth.", { type: "string", enum: ["section", "hs2", "hs4", "hs6"] }),
            query("min", "Minimum value in either year.", { type: "number", minimum: 0, maximum: 1e15 }),
            query("section", "Only this section (1-21).", { type: "string", pattern: "^\\s*\\d{1,2}\\s*$" }),
            query("sort", "Ranking key.", { type: "string", enum: ["change", "cagr", "shareChange", "contribution", "v0", "v1"] }),
            query("dir", "Ranking order.", { type: "string", enum: ["asc", "desc"] }),
            query("page", "Page of 50 rows.", { type: "integer", minimum: 1, maximum: 10_000 }),
            query("locale", "Language of the names.", { type: "string", enum: [...LOCALES] }),
          ],
          responses: metered({ "200": { description: "The ranking, the decomposition and the top movers' series.", content: { "application/json": { schema: { type: "object" } } } }, "400": errorResponse("Malformed parameters, years not in the data, or two years no single series holds (`not_comparable`: the two years come from different datasets or releases at that depth; the message names a coarser depth where one series holds both, when there is one)."), "403": errorResponse("Not a PRO account (`pro_required`)."), "404": errorResponse("Unknown reporter, or no data."), "414": errorResponse("Query string too long (`query_too_long`)."), "503": { ...errorResponse("The warehouse is not built (`warehouse_unavailable`), busy (`warehouse_busy`) or the query ran out of time (`query_timeout`)."), headers: retryAfter } }),
        },
      },
    },
    components: {
      securitySchemes: {
        bearerKey: { type: "http", scheme: "bearer", description: "An API key from the account page: `Authorization: Bearer oto_...`." },
        headerKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "The same key in its own header." },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: { code: { type: "string", examples: ["unknown_parameter"] }, message: { type: "string" }, parameter: { type: "string" } },
            },
          },
        },
        DataResponse: {
          type: "object",
          required: ["data", "page", "columns", "source"],
          properties: {
            data: { type: "array", description: "One row per group; the row's columns are the cube's (one component schema per cube).", items: { anyOf: cubes.map((c) => ({ $ref: `#/components/schemas/${c.name}` })) } },
            page: { type: "object", required: ["limit", "offset", "total"], properties: { limit: { type: "integer" }, offset: { type: "integer" }, total: { type: "integer" } } },
            columns: { type: "array", items: { type: "string" } },
            source: {
              type: "object",
              properties: {
                cube: { type: "string" },
                years: { type: "array", items: { type: "integer" } },
                vintages: {
                  type: "array",
                  description:
                    "Per year the answer covers: the dataset and the release (vintage) of its source, as the data catalogue (/api/catalog) records them. Two years compare (growth, change, rank change) only when both dataset and vintage are the same: OTS HS4 holds 2017 from an older release (`ots_ec2019`) and 2018 from the 2018 extract (`ots_trd`).",
                  items: {
                    type: "object",
                    required: ["year", "dataset", "vintage", "source"],
                    properties: {
                      year: { type: "integer" },
                      dataset: { type: "string", examples: ["ots_hs4"] },
                      vintage: { type: "string", examples: ["ots_trd", "ots_ec2019", "atlas_2019", "atlas_world_2026"] },
                      source: { type: "string", examples: ["ots"] },
                    },
                  },
                },
                annotations: { type: "object" },
              },
            },
          },
        },
        TesseractError: {
          type: "object",
          description: "The Tesseract API's error body (the front door's own answers use Error).",
          required: ["error", "detail"],
          properties: { error: { type: "boolean", const: true }, detail: { type: "string" } },
        },
        TesseractCube: {
          type: "object",
          required: ["name", "caption", "dimensions", "measures"],
          properties: {
            name: { type: "string", enum: cubeNames },
            caption: { type: "string" },
            annotations: { type: "object" },
            dimensions: { type: "array", items: { type: "object", required: ["name", "hierarchies"], properties: { name: { type: "string" }, caption: { type: "string" }, type: { type: "string" }, default_hierarchy: { type: "string" }, hierarchies: { type: "array", items: { type: "object" } } } } },
            measures: { type: "array", items: { type: "object", required: ["name", "aggregator"], properties: { name: { type: "string" }, caption: { type: "string" }, aggregator: { type: "string" } } } },
          },
        },
        BulkPackage: {
          type: "object",
          description: "A Frictionless Data Package (profile data-package).",
          required: ["profile", "name", "generation", "resources"],
          properties: {
            profile: { type: "string" },
            name: { type: "string" },
            title: { type: "string" },
            generation: { type: "string", pattern: "^[0-9a-f]{16}$" },
            licenses: { type: "array", items: { type: "object" } },
            resources: {
              type: "array",
              items: {
                type: "object",
                required: ["path", "format", "bytes", "hash", "tier", "cube"],
                properties: {
                  name: { type: "string" },
                  path: { type: "string", description: "Relative to the package: `{tier}/{cube}/{file}`." },
                  format: { type: "string" },
                  bytes: { type: "integer", minimum: 0 },
                  hash: { type: "string", description: "`sha256:<hex>`." },
                  tier: { type: "string", enum: ["international", "national", "products"] },
                  cube: { type: "string" },
                  rows: { type: "integer", minimum: 0 },
                },
              },
            },
          },
        },
        ...Object.fromEntries(cubes.map((c) => [c.name, cubeSchema(c)])),
      },
    },
  };
  // The bulk paths answer HEAD too (size, digest and validators without the body).
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) if (path.startsWith("/api/bulk/")) item.head = headOf(item.get as Json);
  return doc;
}
