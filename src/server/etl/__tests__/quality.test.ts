/**
 * The import's data-quality step. (1) The tiny package, with South Africa's 1980 platinum rows
 * (values from the OTS file) added to a copy, imported into a temp file: `_meta_quality` holds the
 * sibling flag for 7110/7111 and the "Unspecified" flag for the USA's 2018 exports. (2) The same
 * step run on a temp copy of the package warehouse (skipped when data/warehouse.duckdb is absent).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { DuckDBInstance } from "@duckdb/node-api";
import { beforeAll, describe, expect, it } from "vitest";
import { parseQualityRow, type QualityFlag } from "@/domain/catalog/quality";
import { runImport } from "@/server/etl/import";
import { silentLogger } from "@/server/etl/progress";
import { itemSource, writeQualityFlags } from "@/server/etl/quality";
import { CUBES, baciCube, baciTables, getCube } from "@/server/warehouse/registry";
import { PROJECT_ROOT, appendLine, copyTinyPackage, tempDir } from "@/server/warehouse/__tests__/helpers";

async function readFlags(file: string): Promise<QualityFlag[]> {
  const db = await DuckDBInstance.create(file, { access_mode: "READ_ONLY" });
  try {
    const conn = await db.connect();
    const rows = (await conn.runAndReadAll(`SELECT * FROM _meta_quality`)).getRowObjectsJS();
    conn.closeSync();
    return rows.map((r) => parseQualityRow(r as Record<string, unknown>)).filter((f): f is QualityFlag => f !== null);
  } finally {
    db.closeSync();
  }
}

function expectZafAndUsa(flags: readonly QualityFlag[]) {
  const zaf = flags.find((f) => f.rule === "sibling_duplicate" && f.dataset === "ots_hs4" && f.year === 1980 && f.reporter === "zaf");
  expect(zaf).toBeDefined();
  expect(zaf!.products).toEqual(["7110", "7111"]);
  expect(zaf!.values).toEqual([1_017_959_073, 1_017_781_348]);
  expect(zaf!.flow).toBe("export");
  const usa = flags.find((f) => f.rule === "unspecified_top" && f.dataset === "ots_hs4" && f.year === 2018 && f.reporter === "usa" && f.flow === "export");
  expect(usa).toBeDefined();
  expect(usa!.products).toEqual(["9999"]);
  if (usa!.rule !== "unspecified_top") throw new Error("rule");
  expect(usa!.params.rank).toBe(1);
  expect(usa!.values[0]).toBe(178_000_237_269);
}

/** Rewrites a gzipped CSV with more lines and keeps datapackage.json's hash and size right. */
function appendGzip(pkg: string, file: string, lines: string[]) {
  const full = path.join(pkg, file);
  const text = zlib.gunzipSync(fs.readFileSync(full)).toString("utf8");
  const body = zlib.gzipSync(`${text.endsWith("\n") ? text : `${text}\n`}${lines.join("\n")}\n`);
  fs.writeFileSync(full, body);
  refreshHash(pkg, file);
}

function refreshHash(pkg: string, file: string) {
  const descriptorPath = path.join(pkg, "datapackage.json");
  const descriptor = JSON.parse(fs.readFileSync(descriptorPath, "utf8")) as { resources: { path: string; hash?: string; bytes?: number }[] };
  const body = fs.readFileSync(path.join(pkg, file));
  for (const r of descriptor.resources) {
    if (r.path !== file) continue;
    if (r.hash) r.hash = `sha256:${crypto.createHash("sha256").update(body).digest("hex")}`;
    if (r.bytes !== undefined) r.bytes = body.length;
  }
  fs.writeFileSync(descriptorPath, JSON.stringify(descriptor, null, 2));
}

describe("the quality step of an import (tiny package with South Africa's 1980 platinum)", () => {
  let flags: QualityFlag[] = [];

  beforeAll(async () => {
    const pkg = copyTinyPackage();
    appendLine(path.join(pkg, "countries.csv"), "zaf,ZA,710,af,Africa,South Africa,Sudáfrica,南非,-29,24,false,iso,");
    refreshHash(pkg, "countries.csv");
    appendLine(path.join(pkg, "products_hs92.csv"), "hs2,71,14,14,Precious metals and stones,Perlas y metales preciosos,贵金属,Precious Metals,Metales preciosos,true,1471");
    appendLine(path.join(pkg, "products_hs92.csv"), "hs4,7110,71,14,Platinum,Platino,铂,Platinum,Platino,true,147110");
    appendLine(path.join(pkg, "products_hs92.csv"), "hs4,7111,71,14,Platinum Clad Metals,Chapados de platino,包铂材料,Platinum Clad Metals,Chapados de platino,true,147111");
    refreshHash(pkg, "products_hs92.csv");
    // South Africa 1980 as in the OTS file: platinum twice, within 0.02%, and a few other lines.
    appendGzip(pkg, "trade_country_hs4_exports_1962_1980_2017.csv.gz", [
      "1980,zaf,7110,1017959073",
      "1980,zaf,7111,1017781348",
      "1980,zaf,2603,120000000",
      "1980,zaf,8703,90000000",
    ]);
    const out = path.join(tempDir("quality-import-"), "warehouse.duckdb");
    const outcome = await runImport({ dataDir: pkg, out, logger: silentLogger, live: false });
    expect(outcome.status).toBe("built");
    flags = await readFlags(out);
  });

  it("flags ZAF 1980 7110/7111 and USA 2018 9999", () => {
    expectZafAndUsa(flags);
  });

  it("every stored row reads back as a typed flag of a catalogued dataset", () => {
    expect(flags.length).toBeGreaterThan(1);
    for (const f of flags) {
      expect(f.dataset).toMatch(/^[a-z0-9_]+$/);
      expect(f.values.every(Number.isFinite)).toBe(true);
    }
  });
});

describe("itemSource", () => {
  it("reads the OTS HS4 cube's own table, with HS2 as the parent of HS4", () => {
    expect(itemSource(getCube("trade_i_ots_a_hs4")!)).toMatchObject({ dataset: "ots_hs4", reporter: "country", flow: "flow", parent: "hs2", product: "hs4", section: "section", level: "HS4" });
  });
  it("reads the bilateral sections cube from its exporter aggregate", () => {
    expect(itemSource(getCube("trade_i_ots_a_sections")!)).toMatchObject({ table: "agg_ots_sections_exporter", reporter: "exporter", flow: null, parent: null, product: "section" });
  });
  it("reads BACI from its exporter-by-product aggregate, HS6 under HS4", () => {
    expect(itemSource(baciCube("12"))).toMatchObject({ dataset: "baci_hs12", table: baciTables("12").productsExporter, reporter: "exporter", flow: null, parent: "hs4", product: "hs6", level: "HS6" });
  });
  it("skips what has no reporting countries and products", () => {
    expect(itemSource(getCube("services_i_comtrade_a_eb02")!)).toBeNull();
    expect(itemSource(getCube("trade_s_esp_a_hs")!)).toBeNull();
  });
});

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");

describe.skipIf(!fs.existsSync(WAREHOUSE))("the quality step on a copy of the package warehouse", () => {
  let flags: QualityFlag[] = [];

  beforeAll(async () => {
    const copy = path.join(tempDir("quality-package-"), "warehouse.duckdb");
    fs.copyFileSync(WAREHOUSE, copy);
    const db = await DuckDBInstance.create(copy);
    try {
      const conn = await db.connect();
      const tables = new Set((await conn.runAndReadAll(`SELECT table_name FROM information_schema.tables`)).getRowObjectsJS().map((r) => String(r.table_name)));
      await writeQualityFlags(conn, CUBES.filter((c) => c.tables.every((t) => tables.has(t.name))));
      conn.closeSync();
    } finally {
      db.closeSync();
    }
    flags = await readFlags(copy);
  }, 300_000);

  it("flags ZAF 1980 7110/7111 and USA 2018 9999", () => {
    expectZafAndUsa(flags);
  });

  it("flags the Atlas's USA 2019 XXXX/9999 line too, and world-total jumps of the sections dataset", () => {
    expect(flags.some((f) => f.rule === "unspecified_top" && f.dataset === "atlas_hs4" && f.year === 2019 && f.reporter === "usa")).toBe(true);
    // 1973 -> 1974: world exports +44% (the oil shock), within one dataset and vintage.
    expect(flags.some((f) => f.rule === "total_jump" && f.dataset === "ots_sections" && f.year === 1974)).toBe(true);
  });
});
