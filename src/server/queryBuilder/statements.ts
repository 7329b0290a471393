/**
 * The pivot's statements (src/server/warehouse/statements.ts): a cube query compiled by the
 * warehouse's compiler (`source`), folded by conditional aggregation. Level and measure names come
 * from the resolved query (the cube registry); every member id, limit and offset is a bound parameter.
 */
import "server-only";
import type { SqlDialect, SqlParam } from "@/server/warehouse/db";
import { defineStatement, type BoundSql } from "@/server/warehouse/statements";

/** The compiled query and the names of its two levels and measure, as the compiler's columns call them. */
export interface PivotSource {
  sql: string;
  params: Readonly<Record<string, SqlParam>>;
  rowLevel: string;
  columnLevel: string;
  /** The compiled query has a caption column for the level. */
  rowCaption: boolean;
  columnCaption: boolean;
  measure: string;
  /** Which level, if either, is time (ordered by year rather than by size). */
  time: "rows" | "columns" | null;
}

/** The parameters a statement names (DuckDB refuses values for placeholders it does not have). */
function usedParams(sql: string, params: Readonly<Record<string, SqlParam>>): Record<string, SqlParam> {
  const names = new Set([...sql.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]));
  return Object.fromEntries(Object.entries(params).filter(([name]) => names.has(name)));
}

function parts(source: PivotSource, dialect: SqlDialect) {
  const q = dialect.ident;
  const params: Record<string, SqlParam> = { ...source.params };
  return {
    rid: q(`${source.rowLevel} ID`),
    cid: q(`${source.columnLevel} ID`),
    rcap: source.rowCaption ? q(source.rowLevel) : null,
    ccap: source.columnCaption ? q(source.columnLevel) : null,
    m: q(source.measure),
    param: (name: string, value: SqlParam) => {
      params[name] = value;
      return dialect.param(name);
    },
    bound: (sql: string): BoundSql => ({ sql, params: usedParams(sql, params) }),
  };
}

/** The columns: the largest `max` members of the column level (the latest years for time), with how many there are. */
export const pivotColumns = defineStatement<{ source: PivotSource; max: number }, { id: unknown; name: unknown; n: unknown }>({
  name: "queryBuilder.pivotColumns",
  sql: {
    duckdb: ({ source, max }, { dialect }) => {
      const { cid, ccap, m, param, bound } = parts(source, dialect);
      const columnOrder = source.time === "columns" ? `${cid} DESC` : `total DESC NULLS LAST, ${cid} ASC`;
      return bound(`WITH src AS (${source.sql})
SELECT ${cid} AS id, ${ccap ? `any_value(${ccap})` : `CAST(${cid} AS VARCHAR)`} AS name, sum(${m}) AS total, count(*) OVER () AS n
FROM src WHERE ${cid} IS NOT NULL GROUP BY ${cid} ORDER BY ${columnOrder} LIMIT ${param("cmax", max)}`);
    },
  },
  map: (r) => ({ id: r.id, name: r.name, n: r.n }),
});

/** One page of rows, each column's sum as v0, v1, … and the row's total, with how many rows there are. */
export const pivotRows = defineStatement<{ source: PivotSource; columns: readonly (string | number)[]; limit: number; offset: number }, Record<string, unknown>>({
  name: "queryBuilder.pivotRows",
  sql: {
    duckdb: ({ source, columns, limit, offset }, { dialect }) => {
      const { rid, cid, rcap, m, param, bound } = parts(source, dialect);
      const cells = columns.map((id, i) => `sum(CASE WHEN ${cid} = ${param(`c${i}`, id)} THEN ${m} END) AS v${i}`);
      const rowOrder = source.time === "rows" ? `${rid} ASC` : `total DESC NULLS LAST, ${rid} ASC`;
      return bound(`WITH src AS (${source.sql})
SELECT ${rid} AS id, ${rcap ? `any_value(${rcap})` : `CAST(${rid} AS VARCHAR)`} AS name, ${cells.join(", ")}, sum(${m}) AS total, count(*) OVER () AS __total
FROM src GROUP BY ${rid} ORDER BY ${rowOrder} LIMIT ${param("lim", limit)} OFFSET ${param("off", offset)}`);
    },
  },
  map: (r) => r,
});

/** How many rows the pivot has (for a page past the end). */
export const pivotRowCount = defineStatement<{ source: PivotSource }, unknown>({
  name: "queryBuilder.pivotRowCount",
  sql: {
    duckdb: ({ source }, { dialect }) => {
      const { rid, bound } = parts(source, dialect);
      return bound(`WITH src AS (${source.sql}) SELECT count(DISTINCT ${rid}) AS n FROM src`);
    },
  },
  map: (r) => r.n,
});
