/**
 * A source family is one file: with a fixture family added to the family list (the one seam,
 * families.ts), its cube appears in GET /api/cubes (the route handler), the data catalogue and the
 * OpenAPI document, with nothing else edited. The warehouse is a temporary file written by the
 * importer's own building blocks (cube tables, meta tables, catalogue) from a few rows.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getCubes } from "@/app/api/cubes/route";
import { openApiDocument, currentOpenApiDocument } from "@/server/api/openapi";
import { dataCatalog, tradeYears } from "@/server/catalog/catalog";
import { cubeCaption, cubeLicence } from "@/server/catalog/cubes";
import { writeCatalog } from "@/server/etl/catalog";
import { createCubeTables, writeMetaTables } from "@/server/etl/layout";
import { closeWarehouse } from "@/server/warehouse/db";
import { CUBES, getCube, PACKAGE_CUBES } from "@/server/warehouse/registry";
import type * as FamiliesModule from "@/server/warehouse/registry/families";
import { FIXTURE_CUBE, FIXTURE_FAMILY } from "@/server/warehouse/registry/__tests__/fixtures/fixtureFamily";

vi.mock("@/server/warehouse/registry/families", async (importOriginal) => {
  const original = await importOriginal<typeof FamiliesModule>();
  const { FIXTURE_FAMILY: fixture } = await import("@/server/warehouse/registry/__tests__/fixtures/fixtureFamily");
  return { FAMILIES: [...original.FAMILIES, fixture] };
});

const ROWS = `SELECT * FROM (VALUES
    (2020, 'fra', 'eu', '5', 100.0),
    (2020, 'deu', 'eu', '5', 250.0),
    (2020, 'deu', 'eu', '16', 50.0),
    (2021, 'fra', 'eu', '16', 80.0)
  ) AS t(year, exporter, exporter_continent, section, trade_value)`;

let dir = "";

/** A warehouse holding the fixture cube only, built as the importer builds any cube. */
async function writeFixtureWarehouse(file: string): Promise<void> {
  const db = await DuckDBInstance.create(file);
  const conn = await db.connect();
  try {
    const stats = await createCubeTables(conn, FIXTURE_CUBE, ROWS);
    await writeMetaTables(conn, [{ cube: FIXTURE_CUBE, stats, years: [2020, 2021], source: "fixture" }], { built_at: "2026-01-01T00:00:00Z" });
    await writeCatalog(conn, [FIXTURE_CUBE]);
  } finally {
    conn.closeSync();
    db.closeSync();
  }
}

type OpenApi = {
  paths: Record<string, { get: { parameters: { name: string; schema: { enum?: string[] } }[] } }>;
  components: { schemas: Record<string, Record<string, unknown>> };
};
const cubeEnum = (doc: unknown) => (doc as OpenApi).paths["/api/data"].get.parameters.find((p) => p.name === "cube")!.schema.enum;

describe("a cube family added as one file", () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "registry-family-"));
    process.env.WAREHOUSE_PATH = path.join(dir, "w.duckdb");
    await writeFixtureWarehouse(process.env.WAREHOUSE_PATH);
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("joins the registry after the site's families, and only through the family list", async () => {
    const { FAMILIES } = await vi.importActual<typeof FamiliesModule>("@/server/warehouse/registry/families");
    expect(FAMILIES).not.toContain(FIXTURE_FAMILY);
    const site = FAMILIES.flatMap((f) => [...f.packageCubes]).concat(FAMILIES.flatMap((f) => [...f.otherCubes]));
    expect(CUBES.map((c) => c.name)).toEqual([...site.map((c) => c.name), FIXTURE_CUBE.name]);
    expect(getCube(FIXTURE_CUBE.name)).toBe(FIXTURE_CUBE);
    expect(PACKAGE_CUBES).not.toContain(FIXTURE_CUBE);
  });

  it("is listed by GET /api/cubes, captioned in the language asked and available with its years", async () => {
    const res = await getCubes(new Request("http://localhost/api/cubes?locale=es"));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { warehouse: { available: boolean }; cubes: { name: string; caption: string; available: boolean; years: number[]; dimensions: { name: string }[]; annotations: Record<string, string> }[] };
    expect(body.warehouse.available).toBe(true);
    expect(body.cubes.map((c) => c.name)).toEqual(CUBES.map((c) => c.name));
    const fixture = body.cubes.at(-1)!;
    expect(fixture).toMatchObject({ name: FIXTURE_CUBE.name, caption: FIXTURE_CUBE.caption.es, available: true, years: [2020, 2021] });
    expect(fixture.dimensions.map((d) => d.name)).toEqual(["Year", "Exporter", "Product"]);
    expect(fixture.annotations.licence).toBe("CC0 (fixture)");
    // The site's cubes are not in this warehouse: listed, but not available.
    expect(body.cubes.find((c) => c.name === "trade_i_ots_a_hs4")).toMatchObject({ available: false, years: [] });
  });

  it("is in the data catalogue: its dataset's years, coverage, caption and licence", async () => {
    const entries = (await dataCatalog()).entries;
    expect(entries.map((e) => [e.dataset, e.cube, e.year, e.reporters, e.total])).toEqual([
      ["fixture_sections", FIXTURE_CUBE.name, 2020, 2, 400],
      ["fixture_sections", FIXTURE_CUBE.name, 2021, 1, 80],
    ]);
    expect(entries[0]).toMatchObject({ kind: "goods", classification: "hs92", depth: "section", source: "fixture", flows: ["export"], vintage: "fixture_sections" });
    expect((await tradeYears({ depth: "section" })).map((y) => [y.year, y.dataset])).toEqual([
      [2020, "fixture_sections"],
      [2021, "fixture_sections"],
    ]);
    expect(cubeCaption(FIXTURE_CUBE.name, "zh")).toBe(FIXTURE_CUBE.caption.zh);
    expect(cubeLicence(FIXTURE_CUBE.name)).toBe("CC0 (fixture)");
  });

  it("is described by the OpenAPI document, with the registry and with this warehouse", async () => {
    expect(cubeEnum(openApiDocument())).toEqual(CUBES.map((c) => c.name));
    const doc = (await currentOpenApiDocument()) as OpenApi;
    expect(cubeEnum(doc)).toEqual([FIXTURE_CUBE.name]);
    const schema = doc.components.schemas[FIXTURE_CUBE.name];
    expect((schema["x-levels"] as { name: string }[]).map((l) => l.name)).toEqual(["Year", "Exporter Continent", "Exporter Country", "Section"]);
    expect((schema["x-measures"] as { name: string }[]).map((m) => m.name)).toEqual(["Trade Value"]);
  });
});
