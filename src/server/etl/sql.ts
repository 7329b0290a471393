/**
 * Small SQL helpers of the importer. Quoting lives with the warehouse (the query compiler needs it
 * too, and the importer already builds on the warehouse), re-exported here for the importer's files.
 */
import "server-only";
import type { DuckDBConnection, DuckDBValue } from "@duckdb/node-api";

export { ident, literal } from "@/server/warehouse/sql";

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
