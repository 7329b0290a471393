/**
 * The trend explorer's SQL. Which cube answers each year comes from the data catalogue; table and
 * column names come from the cube registry (quoted), every value is a bound parameter. The two
 * years are read in one GROUP BY (a UNION ALL when they sit in two datasets), pivoted to v0/v1 and
 * turned into growth, CAGR, shares and contributions by the warehouse, with the formulas of
 * src/domain/trends/maths.ts.
 */
import "server-only";
import type { TrendSort } from "@/domain/trends/params";
import type { SqlParam, TableMeta } from "@/server/warehouse/db";
import { getCube, type CubeDef, type TableDef } from "@/server/warehouse/registry";
import { ident } from "@/server/warehouse/sql";

export type ReporterKind = "world" | "country" | "continent";

export interface TrendSqlSpec {
  /** The years to read, each with the cube the catalogue chose for it. */
  sources: readonly { year: number; cube: string; bilateral: boolean }[];
  flow: "export" | "import";
  by: "products" | "partners";
  /** Product level column for products ("section", "hs2", "hs4", "hs6"). */
  depth: string;
  reporter: { kind: ReporterKind; id: string };
  section?: string;
}

export class SqlParams {
  readonly values: Record<string, SqlParam> = {};
  private n = 0;
  add(value: SqlParam): string {
    const name = `t${this.n++}`;
    this.values[name] = value;
    return `$${name}`;
  }
}

/** The columns one cube's tables spell the question with. */
export function columnsFor(bilateral: boolean, spec: Pick<TrendSqlSpec, "flow" | "by" | "depth" | "reporter">) {
  const own = spec.flow === "export" ? "exporter" : "importer";
  const other = spec.flow === "export" ? "importer" : "exporter";
  const reporter =
    spec.reporter.kind === "world" ? null : bilateral ? (spec.reporter.kind === "continent" ? `${own}_continent` : own) : spec.reporter.kind === "continent" ? "continent" : "country";
  const member = spec.by === "partners" ? other : spec.depth;
  const group = spec.by === "partners" ? `${other}_continent` : "section";
  return { reporter, member, group, flow: bilateral ? null : "flow", partnerOf: spec.by === "partners" ? other : null };
}

/** The cheapest table holding `needed`: fewest rows after the reporter cut narrows its leading sort column. */
export function pickTable(cube: CubeDef, needed: readonly string[], cut: string | null, tables: Map<string, TableMeta>): TableDef {
  const candidates = cube.tables.filter((t) => needed.every((c) => t.columns.includes(c)));
  if (!candidates.length) throw new Error(`no table of ${cube.name} has ${needed.join(", ")}`);
  const cost = (t: TableDef, i: number) => {
    const meta = tables.get(t.name);
    if (!meta) return 1e15 + i;
    const lead = t.sortKey[0] ?? [];
    return cut && lead.includes(cut) ? meta.rows / Math.max(1, meta.distinct[cut] ?? 1) : meta.rows;
  };
  return candidates.map((t, i) => ({ t, c: cost(t, i) })).sort((a, b) => a.c - b.c)[0].t;
}

/** `SELECT year, id, grp, v` over the given years, one part per cube, all in one statement. */
export function baseSql(spec: TrendSqlSpec, years: readonly number[], params: SqlParams, tables: Map<string, TableMeta>, ids?: readonly string[]): string {
  const byCube = new Map<string, { bilateral: boolean; years: number[] }>();
  for (const s of spec.sources) {
    if (!years.includes(s.year)) continue;
    const g = byCube.get(s.cube) ?? { bilateral: s.bilateral, years: [] };
    g.years.push(s.year);
    byCube.set(s.cube, g);
  }
  const reporter = spec.reporter.kind === "world" ? null : params.add(spec.reporter.id);
  const section = spec.section ? params.add(spec.section) : null;
  // DuckDB refuses bound parameters a statement does not use: the flow is bound on first use.
  let flowParam: string | null = null;
  const flow = () => (flowParam ??= params.add(spec.flow === "export" ? 2 : 1));
  const idList = ids ? ids.map((id) => params.add(id)).join(", ") : null;
  const parts = [...byCube.entries()].map(([cubeName, g]) => {
    const cube = getCube(cubeName);
    if (!cube) throw new Error(`unknown cube ${cubeName}`);
    const col = columnsFor(g.bilateral, spec);
    const needed = ["year", col.member, col.group, ...(col.reporter ? [col.reporter] : []), ...(col.flow ? [col.flow] : []), ...(section ? ["section"] : [])];
    const table = pickTable(cube, [...new Set(needed)], col.reporter, tables);
    const where = [`${ident("year")} IN (${g.years.map((y) => params.add(y)).join(", ")})`];
    if (col.reporter && reporter) where.push(`${ident(col.reporter)} = ${reporter}`);
    if (col.flow) where.push(`${ident(col.flow)} = ${flow()}`);
    if (section) where.push(`${ident("section")} = ${section}`);
    // A country's trade with itself (re-imports) is no partner.
    if (col.partnerOf && spec.reporter.kind === "country" && reporter) where.push(`${ident(col.partnerOf)} <> ${reporter}`);
    if (idList !== null) where.push(`CAST(${ident(col.member)} AS VARCHAR) IN (${idList || "NULL"})`);
    return `SELECT CAST(${ident("year")} AS INTEGER) AS year, CAST(${ident(col.member)} AS VARCHAR) AS id, CAST(any_value(${ident(col.group)}) AS VARCHAR) AS grp, SUM(${ident("trade_value")}) AS v FROM ${ident(table.name)} WHERE ${where.join(" AND ")} GROUP BY 1, 2`;
  });
  if (!parts.length) return "SELECT NULL::INTEGER AS year, NULL::VARCHAR AS id, NULL::VARCHAR AS grp, NULL::DOUBLE AS v WHERE false";
  return parts.join("\nUNION ALL\n");
}

/** The measures of every member over the period (the CTEs `pv`, `tot`, `m`). */
export function measuresCte(spec: TrendSqlSpec, from: number, to: number, params: SqlParams, tables: Map<string, TableMeta>): string {
  const base = baseSql(spec, [from, to], params, tables);
  const f = params.add(from);
  const t = params.add(to);
  const n = params.add(to - from);
  return `WITH base AS (${base}),
pv AS (
  SELECT id, any_value(grp) AS grp,
    COALESCE(SUM(v) FILTER (WHERE year = ${f}), 0) AS v0,
    COALESCE(SUM(v) FILTER (WHERE year = ${t}), 0) AS v1
  FROM base GROUP BY id
),
tot AS (SELECT COALESCE(SUM(v0), 0) AS t0, COALESCE(SUM(v1), 0) AS t1 FROM pv),
m AS (
  SELECT pv.id, pv.grp, pv.v0, pv.v1, pv.v1 - pv.v0 AS change,
    CASE WHEN v0 > 0 AND v1 >= 0 THEN power(v1 / v0, 1.0 / ${n}) - 1 END AS cagr,
    CASE WHEN t0 > 0 THEN v0 / t0 END AS share0,
    CASE WHEN t1 > 0 THEN v1 / t1 END AS share1,
    CASE WHEN t0 > 0 OR t1 > 0 THEN 100 * (COALESCE(CASE WHEN t1 > 0 THEN v1 / t1 END, 0) - COALESCE(CASE WHEN t0 > 0 THEN v0 / t0 END, 0)) END AS share_change,
    CASE WHEN t0 > 0 THEN 100 * (v1 - v0) / t0 END AS contribution,
    CASE WHEN v0 > 0 AND v1 > 0 THEN 'continuing' WHEN v1 > 0 THEN 'new' WHEN v0 > 0 THEN 'lost' ELSE 'absent' END AS status
  FROM pv, tot
)`;
}

const SORT_COLUMNS: Record<TrendSort, string> = {
  change: "change",
  cagr: "cagr",
  shareChange: "share_change",
  contribution: "contribution",
  v0: "v0",
  v1: "v1",
};

/** One page of members (those in either year, worth at least `min` in one of them), sorted, with the count of all that match. */
export function pageSql(
  spec: TrendSqlSpec,
  o: { from: number; to: number; min: number; sort: TrendSort; dir: "asc" | "desc"; limit: number; offset: number },
  tables: Map<string, TableMeta>,
): { sql: string; params: Record<string, SqlParam> } {
  const params = new SqlParams();
  const cte = measuresCte(spec, o.from, o.to, params, tables);
  const min = params.add(o.min);
  const limit = params.add(o.limit);
  const offset = params.add(o.offset);
  const dir = o.dir === "asc" ? "ASC" : "DESC";
  const sql = `${cte}
SELECT m.*, count(*) OVER () AS matched FROM m
WHERE status <> 'absent' AND greatest(v0, v1) >= ${min}
ORDER BY ${ident(SORT_COLUMNS[o.sort])} ${dir} NULLS LAST, id ASC
LIMIT ${limit} OFFSET ${offset}`;
  return { sql, params: params.values };
}

/** Totals and the margins: members, first- and last-year values and change by status. */
export function summarySql(spec: TrendSqlSpec, from: number, to: number, tables: Map<string, TableMeta>): { sql: string; params: Record<string, SqlParam> } {
  const params = new SqlParams();
  const cte = measuresCte(spec, from, to, params, tables);
  const sql = `${cte}
SELECT status, count(*) AS n, SUM(v0) AS v0, SUM(v1) AS v1, SUM(change) AS change, any_value(t0) AS t0, any_value(t1) AS t1
FROM m, tot GROUP BY status`;
  return { sql, params: params.values };
}

/** Values of some members in every year of the period the data holds (the small multiples): one statement. */
export function seriesSql(spec: TrendSqlSpec, years: readonly number[], ids: readonly string[], tables: Map<string, TableMeta>): { sql: string; params: Record<string, SqlParam> } {
  const params = new SqlParams();
  const base = baseSql(spec, years, params, tables, ids);
  return { sql: `SELECT year, id, SUM(v) AS v FROM (${base}) GROUP BY 1, 2 ORDER BY 2, 1`, params: params.values };
}
