/**
 * BACI at scale: generates a BACI-shaped cube of 50 million rows inside DuckDB (range() plus hashes,
 * nothing passes through JavaScript), lays it out exactly as the importer does (same registry tables,
 * same sort orders), then times single-country queries through the typed client, cache off.
 *
 *   npx tsx bench/baci-scale.ts [--rows 50000000] [--runs 30] [--keep]
 *
 * Uses a temp warehouse under /tmp, deleted afterwards (also on Ctrl-C). Target: p95 < 300 ms.
 */
import "../scripts/lib/outside-next"; // first: lets server modules load outside Next.js
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DuckDBInstance } from "@duckdb/node-api";
import { buildBaciDimensions } from "../src/server/etl/baci";
import { runImport } from "../src/server/etl/import";
import { createCubeTables, writeMetaTables } from "../src/server/etl/layout";
import { silentLogger } from "../src/server/etl/progress";
import { queryCube } from "../src/server/warehouse/client";
import { resolveDataDir } from "../src/server/warehouse/config";
import { closeWarehouse } from "../src/server/warehouse/db";
import { baciCube, baciTables } from "../src/server/warehouse/registry";
import type { DataQuery } from "../src/server/warehouse/types";

const REVISION = "92" as const;
const CUBE = baciCube(REVISION);
const FIRST_YEAR = 1995;
const YEARS = 25;
/** Countries the timed queries ask about; always among the 200 generated ones. */
const BENCH_COUNTRIES = ["deu", "chl", "usa", "chn", "bra", "fra", "jpn", "ind", "zaf", "esp"];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function generate(file: string, rows: number): Promise<void> {
  const db = await DuckDBInstance.create(file, { threads: "2" });
  const conn = await db.connect();
  const t = baciTables(REVISION);
  // 200 real countries and every HS92 subheading, numbered so a hash picks one uniformly.
  await conn.run(`CREATE TEMP TABLE g_countries AS
    SELECT (row_number() OVER (ORDER BY id) - 1)::INTEGER AS n, id, continent_id, name_en, iso2 FROM (
      SELECT * FROM dim_countries WHERE code_status = 'iso'
      ORDER BY id IN (${BENCH_COUNTRIES.map((c) => `'${c}'`).join(", ")}) DESC, id LIMIT 200)`);
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
      SELECT (hash(range, 1) % ${YEARS})::INTEGER AS y,
             (hash(range, 2) % ${nCountries})::INTEGER AS ei,
             ((hash(range, 2) % ${nCountries}) + 1 + hash(range, 3) % ${nCountries - 1})::INTEGER % ${nCountries} AS ii,
             (hash(range, 4) % ${nProducts})::INTEGER AS pi,
             round((hash(range, 5) % 10000000) / 10.0) * 1000 AS v,
             CASE WHEN hash(range, 6) % 10 = 0 THEN NULL ELSE (hash(range, 7) % 100000) / 100.0 END AS q
      FROM range(${rows})
    ) r
    JOIN g_countries e ON e.n = r.ei JOIN g_countries i ON i.n = r.ii JOIN g_products p ON p.n = r.pi`;
  const stats = await createCubeTables(conn, CUBE, source);
  await buildBaciDimensions(conn, REVISION);
  await writeMetaTables(
    conn,
    [{ cube: CUBE, stats, years: Array.from({ length: YEARS }, (_, i) => FIRST_YEAR + i), source: "synthetic" }],
    { built_at: new Date().toISOString(), fingerprint: "bench" },
  );
  await conn.run("CHECKPOINT");
  conn.closeSync();
  db.closeSync();
}

async function main() {
  const { values } = parseArgs({ options: { rows: { type: "string" }, runs: { type: "string" }, keep: { type: "boolean" } } });
  const rows = Math.max(1_000_000, Math.min(1_000_000_000, Number(values.rows ?? 50_000_000) || 50_000_000));
  const runs = Math.max(5, Math.min(500, Number(values.runs ?? 30) || 30));
  const { dir: dataDir, lookedIn } = resolveDataDir();
  if (!dataDir) throw new Error(`no data package for the member tables; looked in ${lookedIn.join(", ")}`);

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "baci-scale-"));
  const file = path.join(tmp, "warehouse.duckdb");
  const cleanup = () => {
    closeWarehouse();
    if (!values.keep) fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.once("SIGINT", () => {
    cleanup();
    process.exit(130);
  });
  try {
    let started = performance.now();
    await runImport({ dataDir, out: file, dimensionsOnly: true, logger: silentLogger, live: false });
    process.stdout.write(`Member tables from ${dataDir} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    started = performance.now();
    await generate(file, rows);
    const bytes = fs.statSync(file).size;
    process.stdout.write(
      `Generated and laid out ${rows.toLocaleString("en-US")} rows (${CUBE.tables.length} tables) in ${((performance.now() - started) / 1000).toFixed(1)} s; file ${(bytes / 1e9).toFixed(2)} GB\n\n`,
    );

    process.env.WAREHOUSE_PATH = file;
    const countries = BENCH_COUNTRIES;
    const c = (i: number) => countries[i % countries.length];
    const partner = (i: number) => countries[(i + 3) % countries.length];
    const year = (i: number) => FIRST_YEAR + (i % YEARS);
    const desc = [{ key: "Trade Value", direction: "desc" as const }];
    const shapes: { name: string; query: (i: number) => DataQuery }[] = [
      { name: "country top HS6 exports, one year", query: (i) => ({ cube: CUBE.name, drilldowns: ["HS6"], cuts: [{ level: "Exporter Country", ids: [c(i)] }, { level: "Year", ids: [year(i)] }], sort: desc, limit: 10 }) },
      { name: "country HS4 basket, one year (parents)", query: (i) => ({ cube: CUBE.name, drilldowns: ["HS4"], cuts: [{ level: "Exporter Country", ids: [c(i)] }, { level: "Year", ids: [year(i)] }], parents: true }) },
      { name: "country exports by year (growth)", query: (i) => ({ cube: CUBE.name, drilldowns: ["Year"], cuts: [{ level: "Exporter Country", ids: [c(i)] }], growth: { level: "Year", measure: "Trade Value" } }) },
      { name: "country exports by year x section", query: (i) => ({ cube: CUBE.name, drilldowns: ["Year", "Section"], cuts: [{ level: "Exporter Country", ids: [c(i)] }] }) },
      { name: "country destinations, one year", query: (i) => ({ cube: CUBE.name, drilldowns: ["Importer Country"], cuts: [{ level: "Exporter Country", ids: [c(i)] }, { level: "Year", ids: [year(i)] }], sort: desc }) },
      { name: "country origins, one year", query: (i) => ({ cube: CUBE.name, drilldowns: ["Exporter Country"], cuts: [{ level: "Importer Country", ids: [c(i)] }, { level: "Year", ids: [year(i)] }], sort: desc }) },
      { name: "country imports by HS2, one year", query: (i) => ({ cube: CUBE.name, drilldowns: ["HS2"], cuts: [{ level: "Importer Country", ids: [c(i)] }, { level: "Year", ids: [year(i)] }], sort: desc }) },
      { name: "bilateral pair by HS4, one year", query: (i) => ({ cube: CUBE.name, drilldowns: ["HS4"], cuts: [{ level: "Exporter Country", ids: [c(i)] }, { level: "Importer Country", ids: [partner(i)] }, { level: "Year", ids: [year(i)] }], sort: desc, limit: 50 }) },
      { name: "HS4 top exporters, one year", query: (i) => ({ cube: CUBE.name, drilldowns: ["Exporter Country"], cuts: [{ level: "HS4", ids: [["2603", "8703", "2709", "8471"][i % 4]] }, { level: "Year", ids: [year(i)] }], sort: desc, limit: 20 }) },
      { name: "world by year and section", query: () => ({ cube: CUBE.name, drilldowns: ["Year", "Section"] }) },
      { name: "HS6 treemap, one year (parents)", query: (i) => ({ cube: CUBE.name, drilldowns: ["HS6"], cuts: [{ level: "Exporter Country", ids: [c(i)] }, { level: "Year", ids: [year(i)] }], parents: true, sort: desc }) },
    ];
    process.stdout.write(`${"shape (single country unless noted)".padEnd(42)} ${"rows".padStart(6)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}\n`);
    let worst = 0;
    for (const shape of shapes) {
      for (let i = 0; i < 2; i++) await queryCube(shape.query(i), "en", { cache: false });
      const times: number[] = [];
      let n = 0;
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        n = (await queryCube(shape.query(i), "en", { cache: false })).data.length;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      worst = Math.max(worst, percentile(times, 95));
      process.stdout.write(`${shape.name.padEnd(42)} ${String(n).padStart(6)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)}\n`);
    }
    process.stdout.write(`\nworst p95: ${worst.toFixed(1)} ms (target < 300 ms)\n`);

    // A country profile's data as the page asks it: its queries at once (the render issues them in
    // parallel), wall time until the last answers, uncached.
    const profile = (i: number): DataQuery[] => [
      { cube: CUBE.name, drilldowns: ["Year"], cuts: [{ level: "Exporter Country", ids: [c(i)] }] },
      { cube: CUBE.name, drilldowns: ["Year"], cuts: [{ level: "Importer Country", ids: [c(i)] }] },
      { cube: CUBE.name, drilldowns: ["HS6"], cuts: [{ level: "Exporter Country", ids: [c(i)] }, { level: "Year", ids: [year(i)] }], parents: true, sort: desc },
      { cube: CUBE.name, drilldowns: ["HS4"], cuts: [{ level: "Importer Country", ids: [c(i)] }, { level: "Year", ids: [year(i)] }], sort: desc },
      { cube: CUBE.name, drilldowns: ["Section"], cuts: [{ level: "Exporter Country", ids: [c(i)] }, { level: "Year", ids: [year(i)] }], sort: desc },
      { cube: CUBE.name, drilldowns: ["Importer Country"], cuts: [{ level: "Exporter Country", ids: [c(i)] }, { level: "Year", ids: [year(i)] }], sort: desc },
      { cube: CUBE.name, drilldowns: ["Exporter Country"], cuts: [{ level: "Importer Country", ids: [c(i)] }, { level: "Year", ids: [year(i)] }], sort: desc },
      { cube: CUBE.name, drilldowns: ["Year", "Section"], cuts: [{ level: "Exporter Country", ids: [c(i)] }] },
    ];
    const walls: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await Promise.all(profile(i).map((q) => queryCube(q, "en", { cache: false })));
      walls.push(performance.now() - t0);
    }
    walls.sort((a, b) => a - b);
    process.stdout.write(
      `country profile data (${profile(0).length} queries at once, uncached): p50 ${percentile(walls, 50).toFixed(1)} ms, p95 ${percentile(walls, 95).toFixed(1)} ms (target p50 < 300 ms)\n`,
    );
  } finally {
    cleanup();
    if (values.keep) process.stdout.write(`kept ${file}\n`);
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
