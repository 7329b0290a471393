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
import { settings } from "@/server/settings";
import { API_WINDOW_SECONDS } from "@/server/front/apiMeter";

type Json = Record<string, unknown>;

const errorResponse = (description: string): Json => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

const rateHeaders: Json = {
  "RateLimit-Limit": { description: `Requests allowed in the window (${API_WINDOW_SECONDS} s).`, schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in this window.", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the window starts afresh.", schema: { type: "integer" } },
  "RateLimit-Policy": { description: "The policy, e.g. `120;w=60`.", schema: { type: "string" } },
};

/** What every metered path may answer besides its own: a bad key, the limit reached. */
function metered(responses: Record<string, Json>): Record<string, Json> {
  const withHeaders = Object.fromEntries(Object.entries(responses).map(([status, r]) => [status, status === "200" ? { ...r, headers: { ...((r.headers as Json) ?? {}), ...rateHeaders } } : r]));
  return {
    ...withHeaders,
    "401": responses["401"] ?? errorResponse("The API key sent is malformed, unknown or revoked (`invalid_api_key`)."),
    "429": { ...errorResponse("The rate limit is used up (`rate_limited`); wait Retry-After seconds."), headers: { "Retry-After": { schema: { type: "integer" } }, ...rateHeaders } },
  };
}

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

function cubeSchema(cube: CubeDef): Json {
  return {
    type: "object",
    title: cube.name,
    description: cube.description.en,
    "x-levels": cubeLevels(cube).map((l) => ({ name: l.name, caption: l.caption.en, parent: l.parent, id: idSchema(l) })),
    "x-measures": cube.measures.map((m) => ({ name: m.name, caption: m.caption.en, unit: m.unit, default: m.name === cube.defaultMeasure, ...(m.grain ? { grain: m.grain } : {}) })),
    "x-time-level": cube.timeLevel,
    "x-example": exampleQuery(cube),
  };
}

export function openApiDocument(limits: { anonymousPerMinute: number; keyPerMinute: number; proKeyPerMinute: number } = settings().api): Json {
  const cubeNames = CUBES.map((c) => c.name);
  const levelNames = [...new Set(CUBES.flatMap((c) => cubeLevels(c).map((l) => l.name)))].sort();
  const query = (name: string, description: string, schema: Json, extra: Json = {}): Json => ({ name, in: "query", description, schema, ...extra });
  return {
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
            query("cube", "The cube to query.", { type: "string", enum: cubeNames }, { required: true, examples: Object.fromEntries(CUBES.map((c) => [c.name, { summary: c.caption.en, value: c.name }])) }),
            query("drilldowns", "Comma-separated levels to group by (at most 8).", { type: "string" }, { example: "Year,Section" }),
            query("measures", "Comma-separated measures; the cube's default measure when absent.", { type: "string" }, { example: "Trade Value" }),
            query("cut", "A cut `Level=id1,id2` (repeatable; at most 1000 ids).", { type: "array", items: { type: "string" } }, { style: "form", explode: true, example: ["Exporter Country=chl"] }),
            query("exclude", "Members to leave out, `Level=id1,id2` (repeatable).", { type: "array", items: { type: "string" } }, { style: "form", explode: true }),
            query("time", "`latest`, `oldest`, a year, a range `2010-2015` or a list `2016,2017`.", { type: "string" }, { example: "latest" }),
            query("growth", "`Level,Measure`: growth over the time level, e.g. `Year,Trade Value`.", { type: "string" }),
            query("rca", "`Level,Level,Measure`: revealed comparative advantage, e.g. `Exporter Country,Section,Trade Value`.", { type: "string" }),
            query("parents", "Add the parent levels' ids and names to each row.", { type: "boolean" }),
            query("sort", "`Key.asc` or `Key.desc` (a measure or a level).", { type: "string" }, { example: "Trade Value.desc" }),
            query("limit", `Rows per page (1 to ${MAX_PAGE_SIZE}).`, { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE }),
            query("offset", "Rows to skip.", { type: "integer", minimum: 0 }),
            query("locale", "Language of member names.", { type: "string", enum: [...LOCALES], default: "en" }),
            query("format", "`jsonrecords` (default) or `csv` (a download, formula-guarded).", { type: "string", enum: ["jsonrecords", "csv"], default: "jsonrecords" }),
          ],
          responses: metered({
            "200": {
              description: "The rows, the page and the source.",
              headers: { ETag: { schema: { type: "string" } } },
              content: {
                "application/json": { schema: { $ref: "#/components/schemas/DataResponse" } },
                "text/csv": { schema: { type: "string" } },
              },
            },
            "304": { description: "Not modified (If-None-Match matched the ETag)." },
            "400": errorResponse("A parameter is missing, unknown or malformed; `error.parameter` names it."),
            "404": errorResponse("The cube exists but its source data is not in this warehouse (`cube_not_loaded`)."),
            "414": errorResponse("Query string too long."),
            "503": { ...errorResponse("The warehouse is not built, or busy (then with Retry-After)."), headers: { "Retry-After": { schema: { type: "integer" } } } },
          }),
          "x-examples": CUBES.map(exampleQuery),
        },
      },
      "/api/openapi.json": {
        get: { operationId: "openApi", summary: "This document", responses: metered({ "200": { description: "OpenAPI 3.1.", content: { "application/json": { schema: { type: "object" } } } } }) },
      },
      "/api/cubes": {
        get: {
          operationId: "listCubes",
          summary: "The cube registry: captions, levels, measures, and which cubes this warehouse holds",
          responses: metered({ "200": { description: "Cubes.", content: { "application/json": { schema: { type: "object" } } } } }),
        },
      },
      "/api/catalog": {
        get: {
          operationId: "dataCatalog",
          summary: "What each dataset covers, year by year (depth, flows, reporters, rows, world total)",
          responses: metered({ "200": { description: "The catalogue.", content: { "application/json": { schema: { type: "object", required: ["datasets"], properties: { datasets: { type: "array", items: { type: "object" } } } } } } } }),
        },
      },
      "/api/bulk/datapackage.json": {
        get: {
          operationId: "bulkPackageLatest",
          summary: "The bulk files of the current warehouse: a redirect to its datapackage.json",
          responses: metered({ "307": { description: "Location: /api/bulk/{generation}/datapackage.json." }, "404": errorResponse("The files have not been exported yet (`not_exported`).") }),
        },
      },
      "/api/bulk/{generation}/datapackage.json": {
        get: {
          operationId: "bulkPackage",
          summary: "Frictionless data package listing every bulk file with its size, rows, columns and SHA-256",
          parameters: [{ name: "generation", in: "path", required: true, description: "The warehouse build (16 hex digits).", schema: { type: "string", pattern: "^[0-9a-f]{16}$" } }],
          responses: metered({ "200": { description: "The data package.", content: { "application/json": { schema: { type: "object", required: ["resources"] } } } }, "404": errorResponse("No such export."), "410": errorResponse("An older build, no longer served (`generation_gone`).") }),
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
            { name: "file", in: "path", required: true, description: "`{year}`, `{country id}` or `{HS2 id}`, then `.csv.gz` or `.parquet`.", schema: { type: "string", examples: ["2018.csv.gz"] } },
            { name: "Range", in: "header", required: false, description: "One byte range, e.g. `bytes=0-1023`.", schema: { type: "string" } },
          ],
          responses: metered({
            "200": { description: "The file.", headers: { ETag: { schema: { type: "string" } }, "Repr-Digest": { schema: { type: "string" } } }, content: { "application/gzip": { schema: { type: "string", contentMediaType: "application/gzip" } }, "application/vnd.apache.parquet": { schema: { type: "string" } } } },
            "206": { description: "The requested range.", headers: { "Content-Range": { schema: { type: "string" } } } },
            "304": { description: "Not modified." },
            "401": errorResponse("A PREMIUM file and nobody signed in (`sign_in_required`), or the API key sent is not valid (`invalid_api_key`)."),
            "403": errorResponse("A PREMIUM file; the account does not include PREMIUM (`premium_required`)."),
            "404": errorResponse("No such file in this export."),
            "416": { description: "The range starts past the end of the file." },
          }),
        },
      },
      "/api/tesseract/cubes": {
        get: {
          operationId: "tesseractSchema",
          summary: "Tesseract (Python tesseract-olap) schema of every cube, for oec.world's clients (docs/tesseract.md)",
          responses: metered({ "200": { description: "Schema.", content: { "application/json": { schema: { type: "object", required: ["name", "locales", "default_locale", "cubes"] } } } } }),
        },
      },
      "/api/tesseract/data.{format}": {
        get: {
          operationId: "tesseractData",
          summary: "A Tesseract data query (drilldowns, measures, include, exclude, time, filters, top, ranking, growth, alias...)",
          parameters: [
            { name: "format", in: "path", required: true, schema: { type: "string", enum: ["jsonrecords", "jsonarrays", "csv"] } },
            query("cube", "The cube.", { type: "string", enum: cubeNames }, { required: true }),
            query("drilldowns", "Levels, comma-separated.", { type: "string" }, { required: true }),
            query("measures", "Measures, comma-separated.", { type: "string" }),
          ],
          responses: metered({
            "200": { description: "{ columns, data, page }.", content: { "application/json": { schema: { type: "object" } }, "text/csv": { schema: { type: "string" } } } },
            "400": { description: "Tesseract's error body.", content: { "application/json": { schema: { type: "object", properties: { error: { type: "boolean" }, detail: { type: "string" } } } } } },
          }),
        },
      },
      "/api/tesseract/members": {
        get: {
          operationId: "tesseractMembers",
          summary: "A level's members (Tesseract)",
          parameters: [query("cube", "The cube.", { type: "string" }, { required: true }), query("level", "The level.", { type: "string" }, { required: true }), query("search", "Part of a key or caption.", { type: "string" })],
          responses: metered({ "200": { description: "Members.", content: { "application/json": { schema: { type: "object" } } } } }),
        },
      },
      "/api/view": {
        get: {
          operationId: "viewRows",
          summary: "The chart rows of a visualisation URL",
          parameters: [query("path", "A visualisation URL such as /en/visualize/tree_map/hs92/export/chl/all/show/2018.", { type: "string", maxLength: 512 }, { required: true })],
          responses: metered({ "200": { description: "Chart rows.", content: { "application/json": { schema: { type: "object" } } } }, "400": errorResponse("Not a visualisation URL."), "404": errorResponse("Unknown member.") }),
        },
      },
      "/api/pivot": {
        get: {
          operationId: "pivot",
          summary: "Rows × columns of one measure, computed in the warehouse",
          description: "Takes /api/data's cube, measures, cut, time, growth and rca parameters, plus `rows` and `columns` (two levels). At most 50 columns; more are reported, not sent.",
          parameters: [
            query("cube", "The cube.", { type: "string", enum: cubeNames }, { required: true }),
            query("rows", "The level of the rows.", { type: "string" }, { required: true, example: "Section" }),
            query("columns", "The level of the columns.", { type: "string" }, { required: true, example: "Year" }),
            query("measures", "One measure; the cube's default when absent.", { type: "string" }),
            query("limit", "Rows per page (1 to 1000).", { type: "integer", minimum: 1, maximum: 1000 }),
            query("offset", "Rows to skip.", { type: "integer", minimum: 0 }),
          ],
          responses: metered({ "200": { description: "The pivot table.", content: { "application/json": { schema: { type: "object" } } } }, "400": errorResponse("A parameter is missing, unknown or malformed.") }),
        },
      },
      "/api/query-builder/members": {
        get: {
          operationId: "levelMembers",
          summary: "A level's members, searched by name or id (the data explorer's cut picker)",
          parameters: [query("cube", "The cube.", { type: "string", enum: cubeNames }, { required: true }), query("level", "The level.", { type: "string" }, { required: true }), query("q", "Part of a name or id.", { type: "string", maxLength: 100 }), query("locale", "Language of the names.", { type: "string", enum: [...LOCALES] })],
          responses: metered({ "200": { description: "Members.", content: { "application/json": { schema: { type: "object" } } } }, "400": errorResponse("Unknown cube or level.") }),
        },
      },
      "/api/tariff": {
        get: {
          operationId: "tariffSimulation",
          summary: "A partial-equilibrium tariff simulation (SMART): trade creation, diversion, revenue and consumer surplus per exporter",
          description: "Baseline: the importer's imports of the product from each partner in the year. Tariffs in percent (0 to 1000). See docs/tariff-simulator.md for the equations.",
          parameters: [
            query("importer", "The importing country (ISO3).", { type: "string" }, { required: true, example: "usa" }),
            query("product", "A section, HS2, HS4 or HS6 id at `depth`.", { type: "string" }, { required: true, example: "5" }),
            query("depth", "Product depth.", { type: "string", enum: ["section", "hs2", "hs4", "hs6"], default: "section" }),
            query("year", "Base year; the newest with bilateral data when absent.", { type: "integer" }),
            query("current", "Current tariff (percent) where no imported rate exists.", { type: "number", minimum: 0, maximum: 1000 }),
            query("new", "New tariff (percent).", { type: "number", minimum: 0, maximum: 1000 }, { required: true }),
            query("partner", "Only this partner gets the new tariff (a preference).", { type: "string" }),
            query("em", "Import demand elasticity (negative).", { type: "number" }),
            query("sigma", "Substitution elasticity between sources.", { type: "number" }),
            query("ex", "Export supply elasticity (99 = infinite).", { type: "number" }),
            query("base", "`imported` (default: imported rates where they exist) or `manual`.", { type: "string", enum: ["imported", "manual"] }),
            query("format", "`json` (default) or `csv`.", { type: "string", enum: ["json", "csv"] }),
          ],
          responses: metered({ "200": { description: "The simulation.", content: { "application/json": { schema: { type: "object" } }, "text/csv": { schema: { type: "string" } } } }, "400": errorResponse("A parameter is malformed or out of range (a negative or above-1000% tariff)."), "404": errorResponse("Unknown importer, product or partner, or no data for the year.") }),
        },
      },
      "/api/trends": {
        get: {
          operationId: "trends",
          summary: "Products or partners ranked by growth between two years (PRO accounts)",
          parameters: [
            query("reporter", "A country (ISO3), a continent id or `world`.", { type: "string" }, { required: true, example: "deu" }),
            query("from", "First year.", { type: "integer" }, { required: true }),
            query("to", "Last year (after `from`).", { type: "integer" }, { required: true }),
            query("flow", "`export` or `import`.", { type: "string", enum: ["export", "import"] }),
            query("by", "`products` or `partners`.", { type: "string", enum: ["products", "partners"] }),
            query("depth", "Product depth.", { type: "string", enum: ["section", "hs2", "hs4", "hs6"] }),
            query("min", "Minimum value in either year.", { type: "number", minimum: 0 }),
            query("section", "Only this section (1-21).", { type: "string" }),
            query("sort", "Ranking key.", { type: "string", enum: ["change", "cagr", "shareChange", "contribution", "v0", "v1"] }),
            query("page", "Page of 50 rows.", { type: "integer", minimum: 1 }),
          ],
          responses: metered({ "200": { description: "The ranking, the decomposition and the top movers' series.", content: { "application/json": { schema: { type: "object" } } } }, "400": errorResponse("Malformed parameters or years not in the data."), "403": errorResponse("Not a PRO account (`pro_required`)."), "404": errorResponse("Unknown reporter, or no data.") }),
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
            data: { type: "array", items: { type: "object", additionalProperties: { type: ["string", "number", "boolean", "null"] } } },
            page: { type: "object", required: ["limit", "offset", "total"], properties: { limit: { type: "integer" }, offset: { type: "integer" }, total: { type: "integer" } } },
            columns: { type: "array", items: { type: "string" } },
            source: { type: "object", properties: { cube: { type: "string" }, years: { type: "array", items: { type: "integer" } }, annotations: { type: "object" } } },
          },
        },
        ...Object.fromEntries(CUBES.map((c) => [c.name, cubeSchema(c)])),
      },
    },
  };
}
