/**
 * The tariff simulator's cost: one simulation (catalogue lookup, member checks, the baseline query,
 * the tariff-table lookup and the model) on the package warehouse, then on a synthetic BACI-like
 * bilateral cube of 50 million rows generated in a temporary DuckDB file (generate_series plus
 * hashes; nothing passes through JavaScript), laid out as the importer lays out BACI.
 *
 *   npx tsx bench/tariff.ts [--rows 50000000] [--runs 20] [--skip-scale] [--keep]
 *
 * Prints figures only (never a pass/fail on a wall-clock time). The temp file is deleted afterwards.
 */
import "../scripts/lib/outside-next"; // first: lets server modules load outside Next.js
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DuckDBInstance } from "@duckdb/node-api";
import { simulate } from "../src/domain/tariff/model";
import { parseTariffParams } from "../src/domain/tariff/params";
import { bilateralDepths, bilateralSource } from "../src/domain/tariff/sources";
import { dataCatalog } from "../src/server/catalog/catalog";
import { buildBaciDimensions } from "../src/server/etl/baci";
import { writeCatalog } from "../src/server/etl/catalog";
import { runImport } from "../src/server/etl/import";
import { createCubeTables, writeMetaTables } from "../src/server/etl/layout";
import { silentLogger } from "../src/server/etl/progress";
import { runTariffSimulation } from "../src/server/tariff/simulator";
import { resolveDataDir } from "../src/server/warehouse/config";
import { closeWarehouse, withWarehouse } from "../src/server/warehouse/db";
import { clearResultCache } from "../src/server/warehouse/execute";
import { baciCube, baciTables, getCube } from "../src/server/warehouse/registry";

const REVISION = "12" as const;
const CUBE = baciCube(REVISION);
const FIRST_YEAR = 2000;
const YEARS = 20;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** Times `runs` simulations (result cache cleared before each, so every one reads the warehouse). */
async function time(label: string, queries: string[], runs: number): Promise<void> {
  const params = queries.map((q) => {
    const parsed = parseTariffParams(new URLSearchParams(q));
    if (!parsed.ok) throw new Error(`${q}: ${parsed.message}`);
    return parsed.params;
  });
  clearResultCache();
  let t0 = performance.now();
  const first = await runTariffSimulation(params[0], "en");
  const cold = performance.now() - t0;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    clearResultCache();
    t0 = performance.now();
    await runTariffSimulation(params[i % params.length], "en");
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  process.stdout.write(
    `${label.padEnd(48)} exporters ${String(first.exporters.length).padStart(4)}  first ${cold.toFixed(1).padStart(7)} ms  p50 ${pct(times, 50).toFixed(1).padStart(7)} ms  p95 ${pct(times, 95).toFixed(1).padStart(7)} ms\n`,
  );
}

/** Importer x product pairs with the most partners in the newest year of a cube (from its importer-sorted table). */
async function busiestPairs(table: string, productColumn: string, year: number, n: number): Promise<{ importer: string; product: string }[]> {
  return withWarehouse(async (s) => {
    const rows = await s.query(
      `SELECT importer, ${productColumn} AS product, count(*) AS partners FROM "${table}" WHERE year = $1 AND exporter <> importer
       GROUP BY ALL ORDER BY partners DESC, importer, product LIMIT ${n}`,
      [year],
    );
    return rows.map((r) => ({ importer: String(r.importer), product: String(r.product) }));
  });
}

async function packageBench(runs: number): Promise<void> {
  const entries = (await dataCatalog()).entries;
  const depths = bilateralDepths(entries);
  if (!depths.length) {
    process.stdout.write("package warehouse: no bilateral data (run npm run data:import)\n");
    return;
  }
  process.stdout.write(`Package warehouse (bilateral depths: ${depths.join(", ")})\n`);
  for (const depth of depths) {
    const source = bilateralSource(entries, depth)!;
    const cube = getCube(source.cube)!;
    const table = cube.tables.find((t) => t.kind === "base" && t.sortKey[0]?.includes("importer")) ?? cube.tables.find((t) => t.columns.includes("importer") && t.columns.includes("exporter"))!;
    const pairs = await busiestPairs(table.name, depth === "section" ? "CAST(section AS VARCHAR)" : depth, source.year, 5);
    if (!pairs.length) continue;
    // A preference (10% to 0%) for the importer's second supplier: creation and diversion at work.
    const withPartner: string[] = [];
    for (const p of pairs) {
      const q = `importer=${p.importer}&depth=${depth}&product=${p.product}&year=${source.year}&current=10&new=0`;
      const parsed = parseTariffParams(new URLSearchParams(q));
      if (!parsed.ok) continue;
      const partner = (await runTariffSimulation(parsed.params, "en")).exporters[1]?.id;
      withPartner.push(partner ? `${q}&partner=${partner}` : q);
    }
    await time(`${source.dataset} ${depth} ${source.year}, preference`, withPartner, runs);
  }
}

async function generate(file: string, rows: number): Promise<void> {
  const db = await DuckDBInstance.create(file, { threads: "2" });
  const conn = await db.connect();
  const t = baciTables(REVISION);
  await conn.run(`CREATE TEMP TABLE g_countries AS
    SELECT (row_number() OVER (ORDER BY id) - 1)::INTEGER AS n, id, continent_id, name_en, iso2 FROM (
      SELECT * FROM dim_countries WHERE code_status = 'iso' ORDER BY id LIMIT 200)`);
  await conn.run(`CREATE TEMP TABLE g_products AS
    SELECT (row_number() OVER (ORDER BY p.id) - 1)::INTEGER AS n, p.id AS hs6, p.hs4_id AS hs4, p.hs2_id AS hs2, COALESCE(m.section_id, '99') AS section
    FROM dim_hs6 p LEFT JOIN map_hs2_section m ON m.hs2 = p.hs2_id`);
  const nCountries = Number((await conn.runAndReadAll("SELECT count(*) FROM g_countries")).getRowsJS()[0][0]);
  const nProducts = Number((await conn.runAndReadAll("SELECT count(*) FROM g_products")).getRowsJS()[0][0]);
  await conn.run(`CREATE TABLE ${t.rawCountries} AS SELECT n AS code, name_en AS name, iso2, id AS iso3 FROM g_countries`);
  await conn.run(`CREATE TABLE ${t.rawProducts} AS SELECT hs6 AS code, NULL::VARCHAR AS description FROM g_products`);
  const source = `
    SELECT (${FIRST_YEAR} + r.y)::SMALLINT AS year,
      e.id AS exporter, e.continent_id AS exporter_continent, i.id AS importer, i.continent_id AS importer_continent,
      p.section, p.hs2, p.hs4, p.hs6, r.v AS trade_value, r.q AS quantity
    FROM (
      -- Disjoint bit ranges of one 64-bit hash pick year, exporter, importer and product independently.
      SELECT (h % ${YEARS})::INTEGER AS y,
             ((h >> 8) % ${nCountries})::INTEGER AS ei,
             (((h >> 8) % ${nCountries}) + 1 + (h >> 20) % ${nCountries - 1})::INTEGER % ${nCountries} AS ii,
             ((h >> 32) % ${nProducts})::INTEGER AS pi,
             round((hash(g, 5) % 10000000) / 10.0) * 1000 AS v,
             (hash(g, 7) % 100000) / 100.0 AS q
      FROM (SELECT g, hash(g) AS h FROM generate_series(1, ${rows}) AS s(g))
    ) r
    JOIN g_countries e ON e.n = r.ei JOIN g_countries i ON i.n = r.ii JOIN g_products p ON p.n = r.pi`;
  const stats = await createCubeTables(conn, CUBE, source);
  await buildBaciDimensions(conn, REVISION);
  await writeMetaTables(conn, [{ cube: CUBE, stats, years: Array.from({ length: YEARS }, (_, i) => FIRST_YEAR + i), source: "synthetic" }], {
    built_at: new Date().toISOString(),
    fingerprint: "bench-tariff",
  });
  await writeCatalog(conn, [CUBE]);
  await conn.run("CHECKPOINT");
  conn.closeSync();
  db.closeSync();
}

async function scaleBench(rows: number, runs: number, keep: boolean): Promise<void> {
  const { dir: dataDir, lookedIn } = resolveDataDir();
  if (!dataDir) throw new Error(`no data package for the member tables; looked in ${lookedIn.join(", ")}`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tariff-scale-"));
  const file = path.join(tmp, "warehouse.duckdb");
  const cleanup = () => {
    closeWarehouse();
    if (!keep) fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.once("SIGINT", () => {
    cleanup();
    process.exit(130);
  });
  try {
    let started = performance.now();
    await runImport({ dataDir, out: file, dimensionsOnly: true, logger: silentLogger, live: false });
    started = performance.now();
    await generate(file, rows);
    process.stdout.write(
      `\nSynthetic BACI-like cube: ${rows.toLocaleString("en-US")} rows generated and laid out in ${((performance.now() - started) / 1000).toFixed(1)} s (${(fs.statSync(file).size / 1e9).toFixed(2)} GB)\n`,
    );
    closeWarehouse();
    process.env.WAREHOUSE_PATH = file;
    const year = FIRST_YEAR + YEARS - 1;
    const byImporter = baciTables(REVISION).byImporter;
    for (const depth of ["hs6", "hs4", "section"] as const) {
      const pairs = await busiestPairs(byImporter, depth === "section" ? "CAST(section AS VARCHAR)" : depth, year, 5);
      const queries = pairs.map((p) => `importer=${p.importer}&depth=${depth}&product=${p.product}&year=${year}&current=10&new=0`);
      await time(`synthetic ${depth} ${year}, all partners`, queries, runs);
    }
  } finally {
    cleanup();
    if (keep) process.stdout.write(`kept ${file}\n`);
  }
}

function modelBench(): void {
  const exporters = Array.from({ length: 220 }, (_, i) => ({ id: `x${i}`, imports: 1e6 * (i + 1), currentTariff: 0.1, newTariff: i === 0 ? 0 : 0.1 }));
  const n = 20_000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) simulate(exporters);
  process.stdout.write(`model alone, 220 exporters: ${(((performance.now() - t0) / n) * 1000).toFixed(1)} µs per simulation\n`);
}

async function main() {
  const { values } = parseArgs({ options: { rows: { type: "string" }, runs: { type: "string" }, "skip-scale": { type: "boolean" }, keep: { type: "boolean" } } });
  const rows = Math.max(100_000, Math.min(1_000_000_000, Number(values.rows ?? 50_000_000) || 50_000_000));
  const runs = Math.max(3, Math.min(500, Number(values.runs ?? 20) || 20));
  modelBench();
  await packageBench(runs);
  closeWarehouse();
  if (!values["skip-scale"]) await scaleBench(rows, runs, Boolean(values.keep));
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
