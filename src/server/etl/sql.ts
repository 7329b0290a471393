/**
 * Small SQL helpers shared by the importer and the query compiler. Identifiers that reach SQL come
 * from the cube registry or from datapackage.json field names; both are quoted, never interpolated raw.
 */
import type { DuckDBConnection, DuckDBValue } from "@duckdb/node-api";

/** A double-quoted identifier; embedded quotes are doubled. */
export function ident(name: string): string {
  if (name.includes("\u0000")) throw new Error("identifier contains NUL");
  return `"${name.replace(/"/g, '""')}"`;
}

/** A single-quoted string literal, for DDL positions that cannot take bound parameters. */
export function literal(value: string): string {
  if (value.includes("\u0000")) throw new Error("literal contains NUL");
  return `'${value.replace(/'/g, "''")}'`;
}

export async function all<T = Record<string, unknown>>(
  conn: DuckDBConnection,
  sql: string,
  params: DuckDBValue[] | Record<string, DuckDBValue> = [],
): Promise<T[]> {
  const reader = await conn.runAndReadAll(sql, params);
  return reader.getRowObjectsJS() as T[];
}

export async function scalar<T = unknown>(
  conn: DuckDBConnection,
  sql: string,
  params: DuckDBValue[] | Record<string, DuckDBValue> = [],
): Promise<T> {
  const reader = await conn.runAndReadAll(sql, params);
  const rows = reader.getRowsJS();
  return (rows[0]?.[0] ?? null) as T;
}

export function toNumber(value: unknown): number {
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "number") return value;
  if (typeof value === "string" && value.trim() !== "") return Number(value);
  return 0;
}
