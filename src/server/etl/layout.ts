/**
 * Physical layout of a cube: its base tables and pre-aggregated tables, exactly as the registry
 * declares them. Each table is written in its sort order so DuckDB's per-row-group min/max (zone
 * maps) let a query for one country or one product skip almost everything else.
 */
import "server-only";
import type { DuckDBConnection, DuckDBValue } from "@duckdb/node-api";
import type { CubeDef, TableDef } from "@/server/warehouse/registry";
import { all, ident, toNumber } from "./sql";

export function measureColumns(cube: CubeDef): string[] {
  return [...new Set(cube.measures.flatMap((m) => m.columns))];
}

/** ORDER BY list for a table: the first of each clustered group that the table has. */
export function orderByColumns(table: TableDef): string[] {
  return table.sortKey
    .map((group) => group.find((col) => table.columns.includes(col)))
    .filter((col): col is string => Boolean(col));
}

export interface TableStats {
  table: string;
  rows: number;
  distinct: Record<string, number>;
}

/**
 * Builds every table of `cube` from `sourceSql`, a SELECT producing all dimension columns of the
 * first base table plus the measure columns. The first base table is read from the source once;
 * other tables are derived from it.
 */
export async function createCubeTables(
  conn: DuckDBConnection,
  cube: CubeDef,
  sourceSql: string,
  params: Record<string, DuckDBValue> = {},
): Promise<TableStats[]> {
  const measures = measureColumns(cube);
  const bases = cube.tables.filter((t) => t.kind === "base");
  const [first, ...otherBases] = bases;
  if (!first) throw new Error(`cube ${cube.name} declares no base table`);
  const select = (table: TableDef) => [...table.columns, ...measures].map(ident).join(", ");
  const order = (table: TableDef) => orderByColumns(table).map(ident).join(", ");

  await conn.run(`DROP TABLE IF EXISTS ${ident(first.name)}`);
  await conn.run(
    `CREATE TABLE ${ident(first.name)} AS SELECT ${select(first)} FROM (${sourceSql}) AS source ORDER BY ${order(first)}`,
    params,
  );
  for (const table of otherBases) {
    await conn.run(`DROP TABLE IF EXISTS ${ident(table.name)}`);
    await conn.run(`CREATE TABLE ${ident(table.name)} AS SELECT ${select(table)} FROM ${ident(first.name)} ORDER BY ${order(table)}`);
  }
  for (const table of cube.tables.filter((t) => t.kind === "aggregate")) {
    const dims = table.columns.map(ident).join(", ");
    const sums = measures.map((m) => `SUM(${ident(m)}) AS ${ident(m)}`).join(", ");
    await conn.run(`DROP TABLE IF EXISTS ${ident(table.name)}`);
    await conn.run(
      `CREATE TABLE ${ident(table.name)} AS SELECT ${dims}, ${sums} FROM ${ident(first.name)} GROUP BY ${dims} ORDER BY ${order(table)}`,
    );
  }
  const stats: TableStats[] = [];
  for (const table of cube.tables) stats.push(await tableStats(conn, table));
  return stats;
}

/** Row count and distinct counts of the sort columns, which the compiler uses to pick a table. */
export async function tableStats(conn: DuckDBConnection, table: TableDef): Promise<TableStats> {
  const columns = [...new Set(table.sortKey.flat().filter((c) => table.columns.includes(c)))];
  const parts = columns.map((c, i) => `approx_count_distinct(${ident(c)}) AS d${i}`);
  const [row] = await all<Record<string, unknown>>(
    conn,
    `SELECT count(*) AS n${parts.length ? `, ${parts.join(", ")}` : ""} FROM ${ident(table.name)}`,
  );
  const distinct: Record<string, number> = {};
  columns.forEach((c, i) => (distinct[c] = Math.max(1, toNumber(row[`d${i}`]))));
  return { table: table.name, rows: toNumber(row.n), distinct };
}

export async function writeMetaTables(
  conn: DuckDBConnection,
  entries: { cube: CubeDef; stats: TableStats[]; years: number[]; source: string }[],
  build: Record<string, string>,
): Promise<void> {
  await conn.run(`CREATE TABLE IF NOT EXISTS _meta_build (key VARCHAR PRIMARY KEY, value VARCHAR)`);
  await conn.run(
    `CREATE TABLE IF NOT EXISTS _meta_cubes (cube VARCHAR PRIMARY KEY, rows BIGINT, years INTEGER[], source VARCHAR)`,
  );
  await conn.run(
    `CREATE TABLE IF NOT EXISTS _meta_tables (table_name VARCHAR PRIMARY KEY, cube VARCHAR, rows BIGINT, distinct_counts VARCHAR)`,
  );
  for (const [key, value] of Object.entries(build)) {
    await conn.run(`INSERT OR REPLACE INTO _meta_build VALUES ($1, $2)`, [key, value]);
  }
  for (const entry of entries) {
    const base = entry.stats.find((s) => s.table === entry.cube.tables[0].name);
    await conn.run(`DELETE FROM _meta_cubes WHERE cube = $1`, [entry.cube.name]);
    await conn.run(`INSERT INTO _meta_cubes VALUES ($1, $2, CASE WHEN $3 = '' THEN []::INTEGER[] ELSE string_split($3, ',')::INTEGER[] END, $4)`, [
      entry.cube.name,
      base?.rows ?? 0,
      entry.years.join(","),
      entry.source,
    ]);
    for (const s of entry.stats) {
      await conn.run(`DELETE FROM _meta_tables WHERE table_name = $1`, [s.table]);
      await conn.run(`INSERT INTO _meta_tables VALUES ($1, $2, $3, $4)`, [s.table, entry.cube.name, s.rows, JSON.stringify(s.distinct)]);
    }
  }
}

export async function distinctYears(conn: DuckDBConnection, table: string): Promise<number[]> {
  const rows = await all<{ year: number }>(conn, `SELECT DISTINCT year FROM ${ident(table)} WHERE year IS NOT NULL ORDER BY year`);
  return rows.map((r) => Number(r.year));
}
