/**
 * The import's last step before the swap: the data catalogue (`_meta_catalog`), one row per dataset
 * and year, saying what the warehouse can answer: classification, product depth, bilateral or with
 * the world, flows, and coverage (reporters, rows, world exports). Built from the cubes just written
 * (their registry `catalog` spec) and from the complexity runs, never by hand.
 */
import "server-only";
import type { DuckDBConnection } from "@duckdb/node-api";
import { getComplexitySet, type CatalogSpec, type CubeDef } from "@/server/warehouse/registry";
import { measureColumns } from "./layout";
import { all, ident, toNumber } from "./sql";

interface Row {
  year: number;
  reporters: unknown;
  rows: unknown;
  total: unknown;
  flows: unknown;
}

const CREATE = `CREATE OR REPLACE TABLE _meta_catalog (
  dataset VARCHAR, cube VARCHAR, kind VARCHAR, classification VARCHAR, depth VARCHAR, bilateral BOOLEAN, partial BOOLEAN,
  source VARCHAR, priority INTEGER, year SMALLINT, flows VARCHAR[], reporters INTEGER, rows BIGINT, total DOUBLE, period VARCHAR,
  vintage VARCHAR, scope VARCHAR)`;

/** The release a year of a dataset comes from (the registry's `vintage`, else the dataset key). */
export function vintageOf(spec: Pick<CatalogSpec, "dataset" | "vintage">, year: number): string {
  if (typeof spec.vintage === "function") return spec.vintage(year);
  return spec.vintage ?? spec.dataset;
}

async function insert(conn: DuckDBConnection, values: (string | number | boolean | null)[]): Promise<void> {
  // flows travel as a comma-separated string: a list parameter would need a typed value.
  await conn.run(
    `INSERT INTO _meta_catalog SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
       CASE WHEN $11 = '' THEN []::VARCHAR[] ELSE string_split($11, ',') END, $12, $13, $14, $15, $16, $17`,
    values,
  );
}

async function tradeCoverage(conn: DuckDBConnection, cube: CubeDef, spec = cube.catalog!): Promise<Row[]> {
  const table = ident(cube.tables[0].name);
  const measure = ident(measureColumns(cube)[0]);
  const reporters = spec.reporterColumn ? `count(DISTINCT ${ident(spec.reporterColumn)})` : "0";
  const isTrade = spec.kind === "goods" || spec.kind === "services" || spec.kind === "subnational";
  if (spec.flowColumn) {
    const flow = ident(spec.flowColumn);
    return all<Row>(
      conn,
      `SELECT year, count(DISTINCT ${ident(spec.reporterColumn ?? spec.flowColumn)}) FILTER (WHERE ${flow} = 2) AS reporters, count(*) AS rows,
         sum(${measure}) FILTER (WHERE ${flow} = 2) AS total,
         string_agg(DISTINCT CASE WHEN ${flow} = 2 THEN 'export' ELSE 'import' END, ',' ORDER BY CASE WHEN ${flow} = 2 THEN 'export' ELSE 'import' END) AS flows
       FROM ${table} GROUP BY year ORDER BY year`,
    );
  }
  const flows = spec.kind === "indicators" ? "" : spec.bilateral ? "export,import" : "export";
  return all<Row>(
    conn,
    `SELECT year, ${reporters} AS reporters, count(*) AS rows, ${isTrade ? `sum(${measure})` : "NULL"} AS total, '${flows}' AS flows
     FROM ${table} WHERE ${measure} IS NOT NULL GROUP BY year ORDER BY year`,
  );
}

export async function writeCatalog(conn: DuckDBConnection, cubes: readonly CubeDef[]): Promise<number> {
  await conn.run(CREATE);
  let written = 0;
  const specs = cubes.flatMap((cube) =>
    cube.catalog
      ? [cube.catalog, ...(cube.catalog.derivedDatasets ?? []).map((d) => ({ ...cube.catalog!, dataset: d.dataset, reporterColumn: d.reporterColumn }))].map((spec) => ({ cube, spec }))
      : [],
  );
  for (const { cube, spec } of specs) {
    for (const r of await tradeCoverage(conn, cube, spec)) {
      const total = r.total === null || r.total === undefined ? null : toNumber(r.total);
      await insert(conn, [
        spec.dataset,
        cube.name,
        spec.kind,
        spec.classification,
        spec.depth,
        spec.bilateral,
        spec.partial,
        spec.source,
        spec.priority,
        Number(r.year),
        String(r.flows ?? ""),
        toNumber(r.reporters),
        toNumber(r.rows),
        total,
        String(r.year),
        vintageOf(spec, Number(r.year)),
        spec.scope ?? "reporters",
      ]);
      written++;
    }
  }
  // Complexity: one row per ranked year of each set, with the countries ranked.
  const runs = await all<{ cx_set: string; year: number; source: string; period: string; countries: unknown; products: unknown; trade_cube: string | null }>(
    conn,
    `SELECT cx_set, year, source, period, countries, products, trade_cube FROM complexity_runs WHERE status = 'computed' ORDER BY cx_set, year`,
  ).catch(() => []);
  for (const run of runs) {
    const set = getComplexitySet(run.cx_set);
    if (!set) continue;
    // A ranking's vintage is that of the trade it was computed from: ranks compare within one.
    const trade = cubes.find((cube) => cube.name === run.trade_cube)?.catalog;
    await insert(conn, [
      `complexity_${set.key}`,
      set.cubes.eci,
      "complexity",
      set.revision,
      set.depth,
      false,
      run.source === "comtrade_hs4_sample",
      run.source,
      run.source === "baci" ? 3 : 2,
      Number(run.year),
      "export",
      toNumber(run.countries),
      toNumber(run.countries) * toNumber(run.products),
      null,
      String(run.period ?? run.year),
      trade ? vintageOf(trade, Number(run.year)) : run.source,
      "reporters",
    ]);
    written++;
  }
  return written;
}
