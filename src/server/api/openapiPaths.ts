/**
 * The paths of the OpenAPI document, one function per part of the API. Each operation's answers go
 * through `metered` (rate-limit headers, a bad key, the front door's answers).
 */
import "server-only";
import { LOCALES } from "@/domain/i18n/locales";
import { CHARTS, CLASSIFICATIONS } from "@/domain/visualize/state";
import { MAX_STATE_CHARS } from "@/domain/visualize/stateCodec";
import { MAX_PAGE_SIZE } from "@/server/warehouse/types";
import { errorResponse, headOf, metered, listOf, NON_BLANK_LIST, retryAfter, tesseractError, TESSERACT_TIME, type DocContext, type Json } from "./openapiCommon";
import { exampleQuery } from "./openapiSchemas";

/** The query API: /api/data, this document, the cube list and the data catalogue. */
function corePaths({ cubes, levelNames, cubeParam, yearsText, cutItem, query }: DocContext): Record<string, Json> {
  return {
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
  };
}

/** The bulk download: the current package, a generation's package and its files. */
function bulkPaths({ cubeNames }: DocContext): Record<string, Json> {
  return {
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
  };
}

/** The Tesseract-compatible API (server/tesseract): cubes, data and members. */
function tesseractPaths({ cubeParam, levelParam, query }: DocContext): Record<string, Json> {
  return {
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
  };
}

/** The site's tools: saved views, the pivot, the query builder's members, tariffs and trends. */
function toolPaths({ cubeParam, levelParam, yearParam, yearsText, cutItem, query }: DocContext): Record<string, Json> {
  return {
    "/api/view": {
      get: {
        operationId: "viewRows",
        summary: "The chart rows of a typed view state (what a profile chart draws)",
        parameters: [
          query("locale", "Language of member names.", { type: "string", enum: [...LOCALES] }, { required: true }),
          query(
            "state",
            'The view state as canonical JSON: the fields in the order chart, classification, flow, country, partner, product, time, depth, x, y, regions, optional ones left out, no spaces; e.g. {"chart":"tree_map","classification":"hs92","flow":"export","country":{"kind":"country","id":"chl"},"partner":{"kind":"all"},"product":{"kind":"show"},"time":{"kind":"year","year":2018}}.',
            { type: "string", minLength: 1, maxLength: MAX_STATE_CHARS, pattern: `^\\{"chart":"(?:${CHARTS.join("|")})","classification":"(?:${CLASSIFICATIONS.join("|")})","flow":"(?:export|import)","country":\\{` },
            { required: true },
          ),
        ],
        responses: metered({
          "200": { description: "Chart rows.", content: { "application/json": { schema: { type: "object", required: ["data"], properties: { data: { type: "object" } } } } } },
          "400": errorResponse("An unknown or repeated parameter (`unknown_parameter`, `invalid_parameter`), a malformed or non-canonical state (`invalid_parameter`), a country or product not in the data (`unknown_country`, `unknown_product`), or the view's query is over the server's budget (`query_too_expensive`)."),
          "404": errorResponse("No data for the view's year in this warehouse (`cube_not_loaded`)."),
          "422": errorResponse("A valid state the data cannot draw (`no_view`: the problems' codes in the message)."),
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
  };
}

/** Every path of the document (the bulk paths answer HEAD too: size, digest and validators without the body). */
export function apiPaths(context: DocContext): Record<string, Json> {
  const paths = { ...corePaths(context), ...bulkPaths(context), ...tesseractPaths(context), ...toolPaths(context) };
  for (const [path, item] of Object.entries(paths)) if (path.startsWith("/api/bulk/")) item.head = headOf(item.get as Json);
  return paths;
}
