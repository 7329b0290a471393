/** Reads a warehouse file the importer tests wrote (read-only, closed after the query). */
import { DuckDBInstance } from "@duckdb/node-api";

export async function query(file: string, sql: string): Promise<Record<string, unknown>[]> {
  const db = await DuckDBInstance.create(file, { access_mode: "READ_ONLY" });
  try {
    const conn = await db.connect();
    const rows = (await conn.runAndReadAll(sql)).getRowObjectsJS();
    conn.closeSync();
    return rows;
  } finally {
    db.closeSync();
  }
}
