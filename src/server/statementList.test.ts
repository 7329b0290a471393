/**
 * Named statements are the warehouse's one extension point for SQL written outside its compiler:
 * every statement spells every engine dialect, every module that declares statements is listed, and
 * a statement runs prepared through the engine seam, in a session, counted in the query log.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWarehouse, warehouseEngine } from "@/server/warehouse/db";
import { clearIssuedQueries, issuedQueries } from "@/server/warehouse/queryLog";
import { bindStatement, defineStatement, runStatement, STATEMENT_DIALECTS, withStatements } from "@/server/warehouse/statements";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";
import { STATEMENT_MODULES, statements } from "./statementList";
import { levelMeta } from "./subnational/statements";
import { tariffMembers } from "./tariff/statements";

const SERVER = path.join(PROJECT_ROOT, "src", "server");

/** Source files under src/server (tests aside) that declare a statement. */
function declaringModules(): string[] {
  return (fs.readdirSync(SERVER, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => /\.tsx?$/.test(file) && !/(\.test\.tsx?$|(^|\/)__tests__\/)/.test(file) && file !== "warehouse/statements.ts")
    .filter((file) => /\bdefineStatement\s*</.test(fs.readFileSync(path.join(SERVER, file), "utf8")))
    .sort();
}

describe("the statement list", () => {
  it("lists every module that declares statements, and only those", () => {
    expect(Object.keys(STATEMENT_MODULES).sort()).toEqual(declaringModules());
  });

  it("names each statement once, as <module>.<what>", () => {
    const names = statements.map((s) => s.name);
    expect(names.length).toBeGreaterThanOrEqual(20);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
  });

  it("spells every statement in every dialect the engines declare, the current engine's among them", () => {
    expect(STATEMENT_DIALECTS).toContain(warehouseEngine().dialect.name);
    const missing = statements.flatMap((s) => STATEMENT_DIALECTS.filter((d) => !(d in s.sql)).map((d) => `${s.name}: ${d}`));
    expect(missing).toEqual([]);
  });

  it("binds values as parameters, never into the text", () => {
    const hostile = "x' OR '1'='1";
    const bound = bindStatement(tariffMembers, { table: "dim_countries", locale: "es", id: hostile }, { dialect: warehouseEngine().dialect, meta: { cubes: new Map(), tables: new Map(), build: {}, catalog: [] } });
    expect(bound.sql).not.toContain(hostile);
    expect(bound.sql).toContain('"name_es"');
    expect(bound.params).toEqual({ id: hostile });
    const fixed = bindStatement(levelMeta, { country: "esp", level: "autonomous" }, { dialect: warehouseEngine().dialect, meta: { cubes: new Map(), tables: new Map(), build: {}, catalog: [] } });
    expect(fixed).toEqual({ sql: expect.stringContaining("$country AND level = $level"), params: { country: "esp", level: "autonomous" } });
  });

  it("refuses to run a statement on an engine it has no SQL for", () => {
    const other = { name: "clickhouse", ident: (n: string) => `\`${n}\``, param: (n: string) => `{${n}:String}` };
    expect(() => bindStatement(levelMeta, { country: "esp", level: "autonomous" }, { dialect: other, meta: { cubes: new Map(), tables: new Map(), build: {}, catalog: [] } })).toThrow(
      "statement subnational.levelMeta has no SQL for the clickhouse engine",
    );
  });
});

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");

describe.skipIf(!fs.existsSync(WAREHOUSE))("running statements on the warehouse", () => {
  const previous = process.env.ENABLE_TEST_ROUTES;
  beforeAll(() => {
    // The query log counts only with the test routes on (read once, at the first query).
    process.env.ENABLE_TEST_ROUTES = "1";
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.ENABLE_TEST_ROUTES;
    else process.env.ENABLE_TEST_ROUTES = previous;
    closeWarehouse();
  });

  const countries = defineStatement<{ id: string }, { id: string; name: string }>({
    name: "test.countryName",
    sql: { duckdb: "SELECT CAST(id AS VARCHAR) AS id, name_en AS name FROM dim_countries WHERE CAST(id AS VARCHAR) = $id" },
    map: (r) => ({ id: String(r.id), name: String(r.name) }),
  });

  it("runs a statement (prepared, mapped) and counts each run in the query log", async () => {
    clearIssuedQueries();
    const first = await runStatement(countries, { id: "chl" });
    expect(first).toEqual([{ id: "chl", name: "Chile" }]);
    // Re-bound with another value, then the first again: the same text, kept prepared.
    expect(await runStatement(countries, { id: "arg" })).toEqual([{ id: "arg", name: "Argentina" }]);
    expect(await runStatement(countries, { id: "chl" })).toEqual(first);
    const log = issuedQueries().filter((q) => q.key.startsWith("statement test.countryName "));
    expect(log.map((q) => [q.key.endsWith('{"id":"chl"}') ? "chl" : "arg", q.count]).sort()).toEqual([
      ["arg", 1],
      ["chl", 2],
    ]);
  });

  it("runs several statements in one session, and in a given one", async () => {
    const names = await withStatements(async (session) => {
      expect(await session.hasTable("dim_countries")).toBe(true);
      const [chl] = await session.run(countries, { id: "chl" });
      const [deu] = await runStatement(countries, { id: "deu" }, { session });
      return [chl?.name, deu?.name];
    });
    expect(names).toEqual(["Chile", "Germany"]);
  });
});
