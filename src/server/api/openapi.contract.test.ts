/**
 * The OpenAPI document against the code that answers: every status a route handler can send (read
 * from its source, so a new `jsonError(409, …)` fails this test until the document lists it), the
 * front door's answers on every operation, constraints that refuse what the validators refuse, and
 * no component that nothing references.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it, vi } from "vitest";
import en from "../../../messages/en.json";
import es from "../../../messages/es.json";
import zh from "../../../messages/zh.json";

vi.mock("server-only", () => ({}));

const { openApiDocument } = await import("./openapi");
const { CUBES, cubeLevels } = await import("@/server/warehouse/registry");
const { parseTime } = await import("@/server/warehouse/query");
const { parseTesseractParams } = await import("@/server/tesseract/params");
const { LOCALES } = await import("@/domain/i18n/locales");
const { profileView } = await import("@/domain/visualize/profileViews");
const { encodeVizState, MAX_STATE_CHARS } = await import("@/domain/visualize/stateCodec");

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; schema: Json }[];
  responses: Record<string, { description: string; content?: Json }>;
}
const LIMITS = { anonymousPerMinute: 60, keyPerMinute: 600, proKeyPerMinute: 6000 };

function operations(doc: Json): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const item of Object.values(doc.paths as Record<string, Record<string, Operation>>)) for (const op of Object.values(item)) out.set(op.operationId, op);
  return out;
}

const ROOT = process.cwd();
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** The text of one top-level function of a file (`file#name`), or the whole file. */
function source(spec: string): string {
  const [file, name] = spec.split("#");
  const text = read(file!);
  if (!name) return text;
  const start = text.search(new RegExp(`\\n(?:export )?(?:async )?function ${name}\\(`));
  if (start < 0) throw new Error(`no function ${name} in ${file}`);
  const end = text.indexOf("\n}\n", start);
  return text.slice(start, end);
}

/** Every HTTP status written literally in `text` as an answer: jsonError(4xx…), fail(…), status: …, new XError(4xx…). */
export function statusesIn(text: string): Set<number> {
  const found = new Set<number>();
  const numbers = (s: string) => (s.match(/\b[1-5]\d\d\b/g) ?? []).map(Number);
  const patterns = [/\b(?:fail|jsonError)\(([^,]+),/g, /\bstatus:\s*([^,}\n]+)/g, /\b(?:TesseractError|TariffRequestError)\((\d{3})/g, /TrendError\("[a-z_]+",\s*(\d{3})/g, /sendJson\(res,\s*(\d{3})/g, /writeHead\((\d{3})/g];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) for (const n of numbers(m[1]!)) found.add(n);
  // A WarehouseError or Tesseract error made without a status is a 400.
  if (/\bbadParameter\(|\bbad\(|\bzodError\(|new WarehouseError\("(?:invalid|unknown)_[a-z_]+", [^{]*?\)/.test(text)) found.add(400);
  // A 500 is a bug reported without details, never an answer to document.
  found.delete(500);
  return found;
}

const WAREHOUSE = ["src/server/warehouse/query.ts", "src/server/warehouse/execute.ts", "src/server/warehouse/duckdb.ts", "src/server/warehouse/cost.ts"];
/** Each group of operations and the sources that answer them. */
const HANDLERS: { operations: string[]; sources: string[] }[] = [
  { operations: ["queryCube"], sources: ["src/server/warehouse/http.ts#handleDataRequest", "src/server/warehouse/http.ts#checkQueryLength", "src/server/warehouse/http.ts#parseUrl", "src/server/warehouse/parquet.ts", ...WAREHOUSE] },
  { operations: ["listCubes"], sources: ["src/server/warehouse/http.ts#handleCubesRequest", "src/server/warehouse/http.ts#checkQueryLength", "src/server/warehouse/http.ts#parseUrl"] },
  { operations: ["dataCatalog"], sources: ["src/server/catalog/http.ts"] },
  { operations: ["bulkPackageLatest", "bulkPackage", "bulkFile"], sources: ["src/server/bulk/files.ts"] },
  { operations: ["tesseractSchema", "tesseractCube", "tesseractData", "tesseractMembers"], sources: ["src/server/tesseract/http.ts", "src/server/tesseract/params.ts", ...WAREHOUSE] },
  { operations: ["viewRows"], sources: ["src/server/visualize/viewApi.ts", "src/server/visualize/load.ts", "src/server/warehouse/duckdb.ts"] },
  { operations: ["pivot", "levelMembers"], sources: ["src/server/queryBuilder/http.ts", "src/server/queryBuilder/pivot.ts", ...WAREHOUSE] },
  { operations: ["tariffSimulation"], sources: ["src/server/tariff/http.ts", "src/server/tariff/simulator.ts", "src/server/warehouse/duckdb.ts"] },
  { operations: ["trends"], sources: ["src/server/trends/api.ts", "src/server/trends/trends.ts", "src/server/warehouse/duckdb.ts"] },
];

/** Finer pairs the issue named (operation, status, and the error code its answer must mention). */
const PAIRS: [string, string, string?][] = [
  ["tesseractData", "404", "cube_not_loaded"],
  ["tesseractMembers", "404", "cube_not_loaded"],
  ["tesseractMembers", "400"],
  ["pivot", "404", "cube_not_loaded"],
  ["levelMembers", "404", "cube_not_loaded"],
  ["bulkPackage", "410", "generation_gone"],
  ["bulkFile", "410", "generation_gone"],
  ["bulkFileHead", "410", "generation_gone"],
  ["bulkPackageLatest", "307"],
  ["bulkFile", "416"],
  ["queryCube", "400", "query_too_expensive"],
  ["tesseractData", "400", "query_too_expensive"],
  ["pivot", "400", "query_too_expensive"],
  ["viewRows", "422", "no_view"],
];

/** What the front door answers on any path (server/front/door.ts), with the codes each names. */
const FRONT: [string, string[]][] = [
  ["308", []],
  ["400", ["invalid_request_target"]],
  ["401", ["invalid_api_key"]],
  ["429", ["rate_limited", "too_many_concurrent"]],
  ["503", ["server_busy"]],
];

function refsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (key === "$ref" && typeof v === "string") out.add(v);
      else refsIn(v, out);
    }
  }
  return out;
}

export function unusedComponents(doc: Json): string[] {
  const refs = refsIn({ ...doc, components: undefined });
  // A component referenced only from another component counts once that one is used: follow the refs.
  const schemas = ((doc.components as Json).schemas ?? {}) as Record<string, unknown>;
  const used = new Set<string>();
  const queue = [...refs];
  while (queue.length) {
    const ref = queue.pop()!;
    if (used.has(ref)) continue;
    used.add(ref);
    const name = ref.replace("#/components/schemas/", "");
    if (schemas[name]) queue.push(...refsIn(schemas[name]));
  }
  return Object.keys(schemas).filter((name) => !used.has(`#/components/schemas/${name}`));
}

/** Schemas whose `required` names a property they do not define. */
export function undefinedRequired(value: unknown, at = "#", out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v, i) => undefinedRequired(v, `${at}/${i}`, out));
  else if (value && typeof value === "object") {
    const o = value as Json;
    if (Array.isArray(o.required) && !o.additionalProperties && o.in === undefined) {
      const properties = (o.properties ?? {}) as Json;
      for (const name of o.required as string[]) if (!(name in properties)) out.push(`${at}: ${name}`);
    }
    for (const [key, v] of Object.entries(o)) undefinedRequired(v, `${at}/${key}`, out);
  }
  return out;
}

describe("the OpenAPI document against the handlers", () => {
  const doc = openApiDocument(LIMITS);
  const ops = operations(doc);

  it("reads statuses from source text (the reader bites)", () => {
    expect([...statusesIn('return jsonError(current ? 410 : 404, "x", "y");')].sort()).toEqual([404, 410]);
    expect([...statusesIn('throw new TesseractError(400, "m"); return fail(500, "bug")')]).toEqual([400]);
    expect([...statusesIn('new Response(null, { status: range ? 206 : 200, headers })')].sort()).toEqual([200, 206]);
    expect([...statusesIn('throw badParameter("limit", "bad")')]).toEqual([400]);
  });

  for (const { operations: names, sources } of HANDLERS) {
    it(`lists every status ${names.join(", ")} can answer`, () => {
      const statuses = new Set(sources.flatMap((s) => [...statusesIn(source(s))]));
      expect(statuses.size).toBeGreaterThan(0);
      const documented = new Set(names.flatMap((n) => Object.keys(ops.get(n)?.responses ?? {})));
      for (const n of names) expect(ops.has(n), n).toBe(true);
      const missing = [...statuses].filter((s) => !documented.has(String(s)));
      expect(missing, `${names.join(", ")} answer ${missing.join(", ")} undocumented`).toEqual([]);
    });
  }

  it("lists the answers the issue found missing, with their codes", () => {
    for (const [op, status, code] of PAIRS) {
      const answer = ops.get(op)?.responses[status];
      expect(answer, `${op} ${status}`).toBeDefined();
      if (code) expect(answer!.description, `${op} ${status}`).toContain(code);
    }
  });

  it("lists the front door's answers on every operation", () => {
    const door = statusesIn(read("src/server/front/door.ts"));
    // 405 answers other methods than the documented GET/HEAD; 204 is the CORS preflight (OPTIONS).
    const expected = [...door].filter((s) => s !== 405 && s !== 204).map(String).sort();
    expect(expected).toEqual(FRONT.map(([s]) => s).sort());
    for (const [id, op] of ops) {
      for (const [status, codes] of FRONT) {
        const answer = op.responses[status];
        expect(answer, `${id} ${status}`).toBeDefined();
        for (const code of codes) expect(answer!.description, `${id} ${status}`).toContain(code);
      }
      expect((op.responses["429"] as { headers?: Json }).headers?.["Retry-After"], id).toBeDefined();
      expect((op.responses["503"] as { headers?: Json }).headers?.["Retry-After"], id).toBeDefined();
    }
  });

  it("is valid, references every component and defines every required property", async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(unusedComponents(doc)).toEqual([]);
    expect(undefinedRequired(doc)).toEqual([]);
    // Both checks bite.
    const broken = structuredClone(doc) as { components: { schemas: Json } };
    broken.components.schemas.Orphan = { type: "object", required: ["ghost"] };
    expect(unusedComponents(broken as never)).toEqual(["Orphan"]);
    expect(undefinedRequired(broken)).toEqual(["#/components/schemas/Orphan: ghost"]);
  });

  it("every status of /api/data has its explanation on the API page (messages apiDocs.status)", () => {
    for (const messages of [en, es, zh]) {
      const explained = Object.keys(messages.apiDocs.status);
      for (const status of Object.keys(ops.get("queryCube")!.responses).filter((s) => s !== "200")) expect(explained, status).toContain(status);
    }
  });

  it("describes the loaded cubes and the catalogue's years when given them", async () => {
    const some = CUBES.slice(0, 2);
    const narrow = openApiDocument(LIMITS, { cubes: some, years: { min: 1995, max: 2018 } });
    await expect(SwaggerParser.validate(structuredClone(narrow) as never)).resolves.toBeTruthy();
    expect(unusedComponents(narrow)).toEqual([]);
    const nops = operations(narrow);
    const param = (op: string, name: string) => nops.get(op)!.parameters!.find((p) => p.name === name)!.schema;
    for (const op of ["queryCube", "tesseractData", "tesseractMembers", "pivot", "levelMembers"]) expect(param(op, "cube").enum).toEqual(some.map((c) => c.name));
    const levels = [...new Set(some.flatMap((c) => cubeLevels(c).map((l) => l.name)))].sort();
    for (const [op, name] of [["tesseractMembers", "level"], ["levelMembers", "level"], ["pivot", "rows"], ["pivot", "columns"]] as const) expect(param(op, name).enum).toEqual(levels);
    expect(param("trends", "from")).toMatchObject({ minimum: 1995, maximum: 2018 });
    expect(param("tariffSimulation", "year")).toMatchObject({ minimum: 1995, maximum: 2018 });
  });
});

describe("constraints that refuse what the validators refuse", () => {
  const ops = operations(openApiDocument(LIMITS));
  const schemaOf = (op: string, name: string) => ops.get(op)!.parameters!.find((p) => p.name === name)!.schema as { pattern?: string; enum?: string[]; minLength?: number; items?: { pattern: string } };
  const matches = (schema: { pattern?: string }, value: string) => new RegExp(schema.pattern!).test(value);

  it("time: what the pattern allows, the parser takes; what the parser refuses, the pattern refuses", () => {
    const time = schemaOf("queryCube", "time");
    for (const value of ["latest", "oldest", "Year.latest", "2018", "2010-2015", "2010 - 2015", "2016,2017", " 2016 , 2017 "]) {
      expect(matches(time, value), value).toBe(true);
      expect(() => parseTime("time", value), value).not.toThrow();
    }
    for (const value of ["", "18", "99999", "2018-", "2018,,2019", "last", "2010-2015-2020"]) {
      expect(() => parseTime("time", value), value).toThrow();
      expect(matches(time, value), value).toBe(false);
    }
  });

  it("levels are the cubes' levels, lists refuse empty items, cuts need ids", () => {
    const drilldowns = schemaOf("queryCube", "drilldowns");
    expect(matches(drilldowns, "Year,Section")).toBe(true);
    expect(matches(drilldowns, "Year, Section")).toBe(true);
    expect(matches(drilldowns, "Year,,Section")).toBe(false);
    expect(matches(drilldowns, "Anything at all")).toBe(false);
    expect(matches(drilldowns, "Year.*")).toBe(false);
    for (const op of ["tesseractMembers", "levelMembers"]) {
      expect(schemaOf(op, "level").enum).toContain("Year");
      expect(schemaOf(op, "level").enum).not.toContain("");
    }
    const cut = schemaOf("queryCube", "cut").items!;
    expect(matches(cut, "Exporter Country=chl,arg")).toBe(true);
    for (const bad of ["Exporter Country=", "=chl", "Exporter Country", "Exporter Country=chl,,arg", "Exporter Country= "]) expect(matches(cut, bad), bad).toBe(false);
    expect(schemaOf("tesseractData", "drilldowns").minLength).toBe(1);
    expect(matches(schemaOf("tesseractData", "drilldowns"), ",")).toBe(false);
  });

  it("Tesseract time: what the pattern allows, the Tesseract parser takes, and the reverse for what it refuses", () => {
    const time = schemaOf("tesseractData", "time");
    const parse = (value: string) => parseTesseractParams(new URLSearchParams({ cube: "c", drilldowns: "Year", time: value }), { timeLevel: "Year", years: [2016, 2017, 2018] });
    for (const value of ["", "Year.latest", "Year.latest.3", "year.2018", "2018", "oldest", "Year.trailing.2", "Year.leading.1", "Year.gte.2010.and.lte.2015", "Year.gt.2016"]) {
      expect(matches(time, value), value).toBe(true);
      expect(() => parse(value), value).not.toThrow();
    }
    for (const value of ["Year.complete", "Year.latest.0", "Year.soon", "Year.", "Year.gte", "Year.latest.x"]) {
      expect(() => parse(value), value).toThrow();
      expect(matches(time, value), value).toBe(false);
    }
  });

  it("a view state is the canonical JSON the view state codec writes, in a language of the site", () => {
    const state = schemaOf("viewRows", "state") as { pattern?: string; maxLength?: number };
    expect(state.maxLength).toBe(MAX_STATE_CHARS);
    for (const view of [profileView({ chart: "tree_map", country: "chl", product: "show", time: 2018 }), profileView({ chart: "line", flow: "import", country: "deu", partner: "fra", time: { from: 1995, to: 2018 }, classification: "hs12" })]) {
      expect(matches(state, encodeVizState(view)), encodeVizState(view)).toBe(true);
    }
    for (const bad of ["", "/en/visualize/tree_map/hs92/export/chl/all/show/2018", '{"chart":"pie","classification":"hs92","flow":"export","country":{"kind":"all"}}', '{ "chart":"tree_map"}', '["tree_map"]']) expect(matches(state, bad), bad).toBe(false);
    expect(schemaOf("viewRows", "locale").enum).toEqual([...LOCALES]);
  });

  it("a year parameter is bounded (not any integer)", () => {
    for (const [op, name] of [["trends", "from"], ["trends", "to"], ["tariffSimulation", "year"]] as const) {
      const schema = schemaOf(op, name) as { minimum?: number; maximum?: number };
      expect(schema.minimum, `${op} ${name}`).toBeGreaterThanOrEqual(1000);
      expect(schema.maximum, `${op} ${name}`).toBeLessThanOrEqual(9999);
    }
  });
});

const WAREHOUSE_FILE = path.join(ROOT, "data", "warehouse.duckdb");

describe.skipIf(!existsSync(WAREHOUSE_FILE))("the document served for the package warehouse", () => {
  it("lists the loaded cubes and the catalogue's years, and stays valid", async () => {
    process.env.WAREHOUSE_PATH = WAREHOUSE_FILE;
    try {
      const { currentOpenApiDocument, warehouseCoverage } = await import("./openapi");
      const { warehouseMeta, closeWarehouse } = await import("@/server/warehouse/db");
      try {
        const meta = (await warehouseMeta())!;
        const coverage = await warehouseCoverage();
        expect(coverage.cubes.map((c) => c.name)).toEqual(CUBES.filter((c) => meta.cubes.has(c.name)).map((c) => c.name));
        const years = meta.catalog.filter((e) => e.scope !== "world").map((e) => e.year);
        expect(coverage.years).toEqual({ min: Math.min(...years), max: Math.max(...years) });
        const doc = await currentOpenApiDocument();
        await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
        expect(unusedComponents(doc)).toEqual([]);
        const from = operations(doc).get("trends")!.parameters!.find((p) => p.name === "from")!.schema;
        expect(from).toMatchObject({ minimum: coverage.years!.min, maximum: coverage.years!.max });
      } finally {
        closeWarehouse();
      }
    } finally {
      delete process.env.WAREHOUSE_PATH;
    }
  });
});
