/**
 * The trend explorer's query: times on the package warehouse (the whole server function: the
 * catalogue, the ranking page, the margins, the movers' series and the names) and on a synthetic
 * BACI-like fact table of 50 million rows (the SQL of src/server/trends/sql.ts: the page, the
 * margins and the series statements, as the page runs them).
 *
 *   npx tsx bench/trends.ts [--rows 50000000] [--runs 10] [--skip-synthetic]
 *
 * The synthetic table lives in a temporary DuckDB file under /tmp, deleted afterwards; it has the
 * BACI cube's by-exporter table layout (sorted by exporter, then year), 200 exporters, 200
 * importers, 5,000 HS6 codes and 25 years, generated inside DuckDB with generate_series.
 */
import "../scripts/lib/outside-next"; // first: lets server modules load outside Next.js
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from "@duckdb/node-api";
import { parseTrendParams, type TrendParams } from "../src/domain/trends/params";
import { closeWarehouse } from "../src/server/warehouse/db";
import { baciCube, baciTables } from "../src/server/warehouse/registry";
import { pageSql, seriesSql, summarySql, type TrendSqlSpec } from "../src/server/trends/sql";
import { defaultSelection, questionYears, trendExplorer } from "../src/server/trends/trends";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

async function timeIt(runs: number, work: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 2; i++) await work(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const line = (name: string, t: { p50: number; p95: number }, extra = "") =>
  process.stdout.write(`${name.padEnd(58)} ${t.p50.toFixed(1).padStart(8)} ${t.p95.toFixed(1).padStart(8)}${extra ? `  ${extra}` : ""}\n`);

function params(query: Record<string, string>): TrendParams {
  const r = parseTrendParams(query);
  if (!r.ok) throw new Error(r.message);
  return r.params;
}

async function packageBench(runs: number) {
  process.stdout.write(`\nPackage warehouse (${process.env.WAREHOUSE_PATH ?? "data/warehouse.duckdb"}): trendExplorer(), uncached\n`);
  process.stdout.write(`${"question".padEnd(58)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}\n`);
  const hs4 = await defaultSelection({ by: "products", depth: "hs4", flow: "export" });
  const partnerYears = await questionYears({ by: "partners", depth: "section", flow: "export" });
  const shapes: { name: string; q: Record<string, string> }[] = [];
  if (hs4) {
    shapes.push({ name: `world exports by HS4, ${hs4.from}-${hs4.to}`, q: { reporter: "world", depth: "hs4", from: String(hs4.from), to: String(hs4.to) } });
    shapes.push({ name: `Germany exports by HS4, ${hs4.from}-${hs4.to}`, q: { reporter: "deu", depth: "hs4", from: String(hs4.from), to: String(hs4.to) } });
    shapes.push({ name: `Germany exports by HS4, sorted by CAGR, min $1M`, q: { reporter: "deu", depth: "hs4", from: String(hs4.from), to: String(hs4.to), sort: "cagr", min: "1000000" } });
  }
  if (partnerYears.length >= 2) {
    const [a, b] = [partnerYears[0].year, partnerYears.at(-1)!.year];
    shapes.push({ name: `China's export partners, ${a}-${b} (series over ${partnerYears.length} years)`, q: { reporter: "chn", by: "partners", from: String(a), to: String(b) } });
    shapes.push({ name: `Europe exports by section, ${a}-${b}`, q: { reporter: "eu", depth: "section", from: String(a), to: String(b) } });
  }
  for (const s of shapes) {
    let rows = 0;
    const t = await timeIt(runs, async () => {
      rows = (await trendExplorer(params(s.q), "en")).matched;
    });
    line(s.name, t, `${rows} members`);
  }
  closeWarehouse();
}

async function all(conn: DuckDBConnection, q: { sql: string; params: Record<string, unknown> }) {
  const prepared = await conn.prepare(q.sql);
  prepared.bind(q.params as Record<string, DuckDBValue>);
  return (await prepared.runAndReadAll()).getRowObjects();
}

async function syntheticBench(rowsWanted: number, runs: number) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "trends-bench-"));
  const file = path.join(tmp, "synthetic.duckdb");
  const cleanup = () => fs.rmSync(tmp, { recursive: true, force: true });
  process.once("SIGINT", () => {
    cleanup();
    process.exit(130);
  });
  try {
    const db = await DuckDBInstance.create(file, { threads: "2" });
    const conn = await db.connect();
    const table = baciTables("92").byExporter;
    const YEARS = 25;
    const FIRST = 1995;
    const started = performance.now();
    // 200 countries "c000".."c199" on 6 continents, 5,000 HS6 codes in 21 sections; a value per row.
    // Each column hashes its own number (8i + k): hash(i, k) would combine one hash with a constant,
    // and its residues would be correlated.
    await conn.run(`CREATE TABLE ${table} AS
      SELECT (${FIRST} + hash(i * 8 + 1) % ${YEARS})::SMALLINT AS year,
        'c' || lpad(CAST(hash(i * 8 + 2) % 200 AS VARCHAR), 3, '0') AS exporter,
        'k' || CAST(hash(i * 8 + 2) % 200 % 6 AS VARCHAR) AS exporter_continent,
        'c' || lpad(CAST(hash(i * 8 + 3) % 200 AS VARCHAR), 3, '0') AS importer,
        'k' || CAST(hash(i * 8 + 3) % 200 % 6 AS VARCHAR) AS importer_continent,
        CAST(1 + (hash(i * 8 + 4) % 5000) % 21 AS VARCHAR) AS section,
        lpad(CAST(10 + (hash(i * 8 + 4) % 5000) % 90 AS VARCHAR), 2, '0') AS hs2,
        lpad(CAST(1000 + (hash(i * 8 + 4) % 5000) % 9000 AS VARCHAR), 4, '0') AS hs4,
        lpad(CAST(100000 + hash(i * 8 + 4) % 5000 AS VARCHAR), 6, '0') AS hs6,
        round((hash(i * 8 + 5) % 10000000) / 10.0) * 1000 AS trade_value
      FROM generate_series(1, ${rowsWanted}) AS g(i)
      ORDER BY exporter, year`);
    await conn.run("CHECKPOINT");
    process.stdout.write(
      `\nSynthetic BACI-like table: ${rowsWanted.toLocaleString("en-US")} rows generated and sorted in ${((performance.now() - started) / 1000).toFixed(1)} s; file ${(fs.statSync(file).size / 1e9).toFixed(2)} GB\n`,
    );
    process.stdout.write(`${"question (page + margins + movers' series statements)".padEnd(58)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}\n`);
    const cube = baciCube("92");
    const tables = new Map([[table, { rows: rowsWanted, distinct: { exporter: 200, importer: 200, year: YEARS } }]]);
    const years = Array.from({ length: YEARS }, (_, i) => FIRST + i);
    const sources = years.map((year) => ({ year, cube: cube.name, bilateral: true }));
    const shapes: { name: string; spec: (i: number) => TrendSqlSpec; from: number; to: number }[] = [
      {
        name: "a country's exports by HS6, first vs last year",
        spec: (i) => ({ sources, flow: "export", by: "products", depth: "hs6", reporter: { kind: "country", id: `c${String(i % 200).padStart(3, "0")}` } }),
        from: years[0],
        to: years.at(-1)!,
      },
      {
        name: "a country's export partners, 10-year period",
        spec: (i) => ({ sources, flow: "export", by: "partners", depth: "section", reporter: { kind: "country", id: `c${String(i % 200).padStart(3, "0")}` } }),
        from: years.at(-11)!,
        to: years.at(-1)!,
      },
      {
        name: "a continent's exports by HS6 in one section",
        spec: (i) => ({ sources, flow: "export", by: "products", depth: "hs6", reporter: { kind: "continent", id: `k${i % 6}` }, section: String(1 + (i % 21)) }),
        from: years.at(-2)!,
        to: years.at(-1)!,
      },
    ];
    for (const s of shapes) {
      let matched = 0;
      const t = await timeIt(runs, async (i) => {
        const spec = s.spec(i);
        const page = await all(conn, pageSql(spec, { from: s.from, to: s.to, min: 0, sort: "change", dir: "desc", limit: 50, offset: 0 }, tables));
        await all(conn, summarySql(spec, s.from, s.to, tables));
        const ids = page.slice(0, 8).map((r) => String(r.id));
        if (ids.length) await all(conn, seriesSql(spec, years.filter((y) => y >= s.from && y <= s.to), ids, tables));
        matched = Number(page[0]?.matched ?? 0);
      });
      line(s.name, t, `${matched} members`);
    }
    conn.closeSync();
    db.closeSync();
  } finally {
    cleanup();
  }
}

async function main() {
  const { values } = parseArgs({ options: { rows: { type: "string" }, runs: { type: "string" }, "skip-synthetic": { type: "boolean" } } });
  const rows = Math.max(1_000_000, Math.min(500_000_000, Number(values.rows ?? 50_000_000) || 50_000_000));
  const runs = Math.max(3, Math.min(200, Number(values.runs ?? 10) || 10));
  await packageBench(runs);
  if (!values["skip-synthetic"]) await syntheticBench(rows, runs);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
