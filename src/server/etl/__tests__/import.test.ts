import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImportError, runImport } from "@/server/etl/import";
import { silentLogger } from "@/server/etl/progress";
import {
  PROJECT_ROOT,
  SHARED_PACKAGE,
  TINY_PACKAGE,
  appendLine,
  copyTinyPackage,
  importTiny,
  leftovers,
  tempDir,
} from "@/server/warehouse/__tests__/helpers";
import { query } from "./query";

async function expectImportError(promise: Promise<unknown>): Promise<ImportError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ImportError);
    return error as ImportError;
  }
  throw new Error("expected the import to fail");
}

function runCli(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/data-import.ts", ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("importing the tiny data package", () => {
  const dir = tempDir();
  const out = path.join(dir, "warehouse.duckdb");

  beforeAll(async () => {
    const outcome = await importTiny(out);
    expect(outcome.status).toBe("built");
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("builds every cube of the package with metadata", async () => {
    const cubes = await query(out, "SELECT cube, rows, years FROM _meta_cubes ORDER BY cube");
    expect(cubes.map((c) => c.cube)).toEqual([
      "complexity_eci_a_hs92_hs4",
      "complexity_eci_a_sitc2_sitc4",
      "complexity_pci_a_hs92_hs4",
      "complexity_pci_a_sitc2_sitc4",
      "complexity_rca_a_hs92_hs4",
      "complexity_rca_a_sitc2_sitc4",
      "indicators_i_wdi_a",
      "services_i_comtrade_a_eb02",
      "trade_i_atlas_a_hs4",
      "trade_i_comtrade_a_hs4_sample",
      "trade_i_ots_a_hs4",
      "trade_i_ots_a_sections",
      "trade_s_esp_a_hs",
    ]);
    const sections = cubes.find((c) => c.cube === "trade_i_ots_a_sections")!;
    expect(sections.years).toEqual([1990, 2017, 2018]);
    // The HS4 cube gathers the 2018 table and the older OTS exports (1962, 1980, 2017).
    expect(cubes.find((c) => c.cube === "trade_i_ots_a_hs4")!.years).toEqual([1962, 1980, 2017, 2018]);
    expect(cubes.find((c) => c.cube === "trade_i_atlas_a_hs4")!.years).toEqual([2019]);
    expect(leftovers(dir)).toEqual([]);
  });

  it("stores each directed flow once: the exporter's export value", async () => {
    const [row] = await query(
      out,
      `SELECT (SELECT sum(trade_value) FROM fact_ots_sections_by_exporter WHERE exporter = 'deu' AND year = 2018) AS fact,
              (SELECT sum(export_value) FROM read_parquet('${TINY_PACKAGE}/trade_bilateral_section.parquet') WHERE reporter = 'deu' AND year = 2018) AS source,
              (SELECT sum(trade_value) FROM fact_ots_sections_by_importer WHERE importer = 'deu' AND year = 2018) AS imports,
              (SELECT sum(import_value) FROM read_parquet('${TINY_PACKAGE}/trade_bilateral_section.parquet') WHERE reporter = 'deu' AND year = 2018) AS source_imports`,
    );
    expect(row.fact).toBe(row.source);
    expect(row.imports).toBe(row.source_imports);
  });

  it("marks names that fall back to English", async () => {
    const rows = await query(out, "SELECT id, name_es, name_zh, name_es_fallback, name_zh_fallback FROM dim_countries WHERE id IN ('sun', 'deu') ORDER BY id");
    expect(rows[0]).toMatchObject({ id: "deu", name_es: "Alemania", name_es_fallback: false, name_zh_fallback: false });
    expect(rows[1]).toMatchObject({ id: "sun", name_es_fallback: true, name_zh_fallback: true });
    expect(rows[1].name_es).toBe(rows[1].name_zh);
    const hs6 = await query(out, "SELECT count(*) FILTER (WHERE NOT name_zh_fallback) AS translated FROM dim_hs6");
    expect(Number(hs6[0].translated)).toBe(0);
    // EBOPS service categories: English in the package, Spanish and Chinese from the classification.
    const services = await query(out, "SELECT name_en, name_es, name_zh, name_es_fallback, name_zh_fallback FROM dim_services WHERE ebops2002_code = '268'");
    expect(services[0]).toMatchObject({ name_en: "Other business services", name_es: "Otros servicios empresariales", name_zh: "其他商业服务", name_es_fallback: false, name_zh_fallback: false });
  });

  it("is idempotent: an unchanged package is not rebuilt, --force rebuilds the same content", async () => {
    const before = fs.statSync(out);
    expect((await importTiny(out)).status).toBe("up-to-date");
    expect(fs.statSync(out).ino).toBe(before.ino);
    const counts = async () => query(out, "SELECT table_name, rows FROM _meta_tables ORDER BY table_name");
    const first = await counts();
    expect((await importTiny(out, { force: true })).status).toBe("built");
    expect(fs.statSync(out).ino).not.toBe(before.ino);
    expect(await counts()).toEqual(first);
  });

  it("--if-missing leaves an existing warehouse alone", async () => {
    const ino = fs.statSync(out).ino;
    expect((await importTiny(out, { ifMissing: true, force: true })).status).toBe("exists");
    expect(fs.statSync(out).ino).toBe(ino);
  });

  it("--if-missing rebuilds a warehouse an older importer wrote (another schema version)", async () => {
    const old = path.join(path.dirname(out), "old-schema.duckdb");
    fs.copyFileSync(out, old);
    const instance = await DuckDBInstance.create(old);
    const conn = await instance.connect();
    await conn.run(`UPDATE _meta_build SET value = '0' WHERE key = 'schema_version'`);
    conn.closeSync();
    instance.closeSync();
    expect((await importTiny(old, { ifMissing: true })).status).toBe("built");
    expect((await query(old, "SELECT value FROM _meta_build WHERE key = 'schema_version'"))[0].value).not.toBe("0");
    expect((await importTiny(old, { ifMissing: true })).status).toBe("exists");
  });
});

describe("when there is no data package", () => {
  it("--if-missing reports where it looked and succeeds", async () => {
    const dir = tempDir();
    const lines: string[] = [];
    const outcome = await runImport({
      dataDir: path.join(dir, "nothing-here"),
      out: path.join(dir, "w.duckdb"),
      ifMissing: true,
      logger: { info: (m) => lines.push(m), warn: (m) => lines.push(m) },
    });
    expect(outcome).toEqual({ status: "no-data", lookedIn: [path.join(dir, "nothing-here")] });
    expect(lines.join("\n")).toContain(path.join(dir, "nothing-here"));
    expect(fs.existsSync(path.join(dir, "w.duckdb"))).toBe(false);
  });

  it("without --if-missing it fails naming the folders", async () => {
    const dir = tempDir();
    const error = await expectImportError(
      runImport({ dataDir: path.join(dir, "missing"), out: path.join(dir, "w.duckdb"), logger: silentLogger }),
    );
    expect(error.kind).toBe("no-data");
    expect(error.message).toContain(path.join(dir, "missing"));
  });

  it("the CLI exits 0 with --if-missing and prints where it looked", async () => {
    const dir = tempDir();
    const result = await runCli(["--if-missing", "--out", path.join(dir, "w.duckdb")], { TRADE_DATA_DIR: path.join(dir, "none") });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(path.join(dir, "none"));
  });
});

describe("validation", () => {
  let pkg: string;
  let out: string;
  let error: ImportError;

  beforeAll(async () => {
    pkg = copyTinyPackage();
    out = path.join(tempDir(), "warehouse.duckdb");
    // countries.csv has 9 rows: line 11 is the first appended record.
    appendLine(path.join(pkg, "countries.csv"), "XXA,XA,999,zz,Nowhere,Nowhere,,,,,maybe,iso,");
    appendLine(path.join(pkg, "services_2016.csv"), "2016,zzz,Nowhere,1,205,Transportation,abc");
    appendLine(path.join(pkg, "services_2016.csv"), "2016,usa,United States,1");
    const products = fs.readFileSync(path.join(pkg, "products_hs92.csv"), "utf8").split("\n");
    appendLine(path.join(pkg, "products_hs92.csv"), products[1]);
    appendLine(path.join(pkg, "indicators_country_year.csv"), "usa,20x8,1,1,1");
    error = await expectImportError(runImport({ dataDir: pkg, out, logger: silentLogger, maxErrors: 50 }));
  });

  it("fails with kind validation and builds nothing", () => {
    expect(error.kind).toBe("validation");
    expect(fs.existsSync(out)).toBe(false);
    expect(leftovers(path.dirname(out))).toEqual([]);
  });

  it("reports pattern, enum and boolean violations with file, line and field", () => {
    const countries = error.errors.filter((e) => e.file === "countries.csv");
    expect(countries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 11, field: "iso3", reason: expect.stringContaining("does not match pattern ^[a-z]{3}$") }),
        expect.objectContaining({ line: 11, field: "continent_id", reason: expect.stringContaining("not one of the allowed values") }),
        expect.objectContaining({ line: 11, field: "is_aggregate", reason: expect.stringContaining("not a boolean") }),
      ]),
    );
  });

  it("reports type errors, foreign keys and malformed records", () => {
    const services = error.errors.filter((e) => e.file === "services_2016.csv");
    expect(services).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 51, field: "export_value", reason: 'not a number: "abc"' }),
        expect.objectContaining({ line: 51, field: "country", reason: expect.stringContaining('"zzz" is not in countries.iso3') }),
        expect.objectContaining({ line: 52, reason: expect.stringContaining("missing columns") }),
      ]),
    );
    expect(error.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: "indicators_country_year.csv", line: 26, field: "year", reason: 'not an integer: "20x8"' }),
      ]),
    );
  });

  it("reports duplicate primary keys with the first occurrence", () => {
    const dupes = error.errors.filter((e) => e.file === "products_hs92.csv");
    expect(dupes).toEqual([
      expect.objectContaining({ line: 87, field: "level, code", reason: expect.stringMatching(/duplicate primary key \(section, 1\), first seen on line 2/) }),
    ]);
  });

  it("lists every failing file in the message", () => {
    for (const file of ["countries.csv", "services_2016.csv", "products_hs92.csv", "indicators_country_year.csv"]) {
      expect(error.message).toContain(file);
    }
    expect(error.message).not.toContain("continents.csv");
  });

  it("checks Parquet files too (pattern, duplicates) with row numbers", async () => {
    const bad = copyTinyPackage();
    const file = path.join(bad, "trade_bilateral_section.parquet");
    const db = await DuckDBInstance.create(":memory:");
    const conn = await db.connect();
    await conn.run(
      `COPY (SELECT * FROM read_parquet('${file}') UNION ALL SELECT 2018, 'DEU', 'fra', '1', 1, 1
             UNION ALL (SELECT * FROM read_parquet('${file}') LIMIT 1)) TO '${file}.new' (FORMAT parquet)`,
    );
    conn.closeSync();
    db.closeSync();
    fs.renameSync(`${file}.new`, file);
    const e = await expectImportError(runImport({ dataDir: bad, out: path.join(tempDir(), "w.duckdb"), logger: silentLogger }));
    const parquet = e.errors.filter((x) => x.file === "trade_bilateral_section.parquet");
    expect(parquet).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 4130, field: "reporter", reason: expect.stringContaining("does not match pattern") }),
        expect.objectContaining({ line: 4131, field: "year, reporter, partner, section", reason: expect.stringContaining("first seen on row 1") }),
      ]),
    );
  });

  it("rejects a header that does not match the schema", async () => {
    const bad = copyTinyPackage();
    const file = path.join(bad, "continents.csv");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("name_zh", "name_cn"));
    const e = await expectImportError(runImport({ dataDir: bad, out: path.join(tempDir(), "w.duckdb"), logger: silentLogger }));
    expect(e.errors[0]).toMatchObject({ file: "continents.csv", line: 1, reason: expect.stringContaining("missing name_zh; unexpected name_cn") });
  });

  it("the CLI exits non-zero and lists the bad rows", async () => {
    const result = await runCli(["--data-dir", pkg, "--out", out, "--max-errors", "5"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("countries.csv:11: iso3: does not match pattern");
    expect(result.stderr).toContain("Validation failed; nothing was imported.");
  });
});

describe("all-or-nothing", () => {
  let dir: string;
  let out: string;

  beforeAll(async () => {
    dir = tempDir();
    out = path.join(dir, "warehouse.duckdb");
    await importTiny(out);
  });

  async function fingerprintOf(file: string) {
    const [row] = await query(file, "SELECT value FROM _meta_build WHERE key = 'fingerprint'");
    return row.value;
  }

  it("a later file failing leaves the previous warehouse untouched", async () => {
    const before = { ino: fs.statSync(out).ino, fp: await fingerprintOf(out) };
    const bad = copyTinyPackage();
    appendLine(path.join(bad, "indicators_country_year.csv"), "usa,2018,x,1,1");
    const e = await expectImportError(runImport({ dataDir: bad, out, logger: silentLogger }));
    expect(e.kind).toBe("validation");
    expect(fs.statSync(out).ino).toBe(before.ino);
    expect(await fingerprintOf(out)).toBe(before.fp);
    expect(leftovers(dir)).toEqual([]);
  });

  it("an abort mid-way (as on SIGINT) leaves the previous warehouse and removes the temp file", async () => {
    const before = fs.statSync(out).ino;
    const controller = new AbortController();
    const logger = {
      info: (m: string) => {
        if (m.includes("trade_bilateral_section.parquet")) controller.abort();
      },
      warn: () => {},
    };
    const e = await expectImportError(runImport({ dataDir: TINY_PACKAGE, out, force: true, logger, signal: controller.signal }));
    expect(e.kind).toBe("aborted");
    expect(fs.statSync(out).ino).toBe(before);
    expect(leftovers(dir)).toEqual([]);
    const rows = await query(out, "SELECT count(*) AS n FROM fact_ots_sections_by_exporter");
    expect(Number(rows[0].n)).toBeGreaterThan(0);
  });

  it("removes temp files left by a killed import and refuses to run beside a live one", async () => {
    const stale = `${out}.tmp-999999-dead`;
    fs.writeFileSync(stale, "partial");
    fs.writeFileSync(`${stale}.wal`, "partial");
    expect((await importTiny(out, { force: true })).status).toBe("built");
    expect(leftovers(dir)).toEqual([]);

    fs.writeFileSync(`${out}.lock`, String(process.ppid));
    const e = await expectImportError(importTiny(out, { force: true }));
    expect(e.kind).toBe("locked");
    fs.unlinkSync(`${out}.lock`);
  });

  it.skipIf(!fs.existsSync(path.join(SHARED_PACKAGE, "datapackage.json")))(
    "SIGTERM during a real import exits 130 and keeps the previous warehouse",
    async () => {
      const before = fs.statSync(out).ino;
      const child = spawn(
        process.execPath,
        [path.join(PROJECT_ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/data-import.ts", "--data-dir", SHARED_PACKAGE, "--out", out, "--force"],
        { cwd: PROJECT_ROOT, env: process.env },
      );
      let stdout = "";
      let stderr = "";
      let signalled = false;
      child.stderr.on("data", (d) => (stderr += d));
      child.stdout.on("data", (d) => {
        stdout += d;
        if (!signalled && stdout.includes("countries.csv")) {
          signalled = true;
          child.kill("SIGTERM");
        }
      });
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect(signalled).toBe(true);
      expect(code).toBe(130);
      expect(stderr).toContain("previous warehouse");
      expect(fs.statSync(out).ino).toBe(before);
      expect(leftovers(dir)).toEqual([]);
    },
    60_000,
  );
});

describe("the data catalogue written at import", () => {
  const dir = tempDir("import-catalog-");
  const out = path.join(dir, "warehouse.duckdb");
  beforeAll(async () => {
    expect((await importTiny(out)).status).toBe("built");
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("records every dataset and year with its depth, flows and coverage", async () => {
    const rows = await query(out, "SELECT dataset, year, depth, bilateral, partial, flows, reporters, total FROM _meta_catalog ORDER BY dataset, year");
    const years = (dataset: string) => rows.filter((r) => r.dataset === dataset).map((r) => Number(r.year));
    expect(years("ots_sections")).toEqual([1990, 2017, 2018]);
    expect(years("ots_hs4")).toEqual([1962, 1980, 2017, 2018]);
    expect(years("atlas_hs4")).toEqual([2019]);
    expect(years("comtrade_hs4_sample")).toEqual([1989, 1990]);
    const hs4 = (year: number) => rows.find((r) => r.dataset === "ots_hs4" && Number(r.year) === year)!;
    // 2018 has both flows; the older vintage has exports only.
    expect(hs4(2018).flows).toEqual(["export", "import"]);
    expect(hs4(1980).flows).toEqual(["export"]);
    expect(rows.find((r) => r.dataset === "comtrade_hs4_sample")!.partial).toBe(true);
    expect(rows.find((r) => r.dataset === "ots_sections")!).toMatchObject({ depth: "section", bilateral: true });
    // World exports of the year: the sum of the exports flow only.
    const exports2018 = await query(out, "SELECT sum(trade_value) AS v FROM fact_ots_hs4 WHERE year = 2018 AND flow = 2");
    expect(Number(hs4(2018).total)).toBeCloseTo(Number(exports2018[0].v), 0);
    expect(years("complexity_hs92_hs4")).toEqual([1980, 1989, 1990, 2017, 2018, 2019]);
  });

  it("files the Atlas's unspecified heading XXXX under 9999", async () => {
    const rows = await query(out, "SELECT count(*) FILTER (WHERE hs4 = 'XXXX') AS x, count(*) FILTER (WHERE hs4 = '9999') AS u FROM fact_atlas_hs4");
    expect(Number(rows[0].x)).toBe(0);
    expect(Number(rows[0].u)).toBeGreaterThan(0);
  });
});
