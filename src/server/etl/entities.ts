/**
 * The optional entity step of the import: `entities/<type>.csv` in the data package folder
 * (company, digital_product, fund, manager; layouts in src/domain/entities/entities.ts and
 * docs/entities.md) becomes the warehouse table `dim_entity_<type>`. A file that is absent loads
 * nothing; a file with bad rows fails the import (all or nothing, like every other file). Runs
 * after the member tables, so country and HS4 codes are checked against them.
 */
import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { DuckDBConnection } from "@duckdb/node-api";
import { importOrder, validateEntityCsv, type ColumnKind, type EntityRecord, type EntityType, type EntityTypeDef } from "@/domain/entities/entities";
import { all, ident } from "./sql";
import type { RowError } from "./validate";

export interface EntityImportResult {
  loaded: Array<{ type: EntityType; table: string; rows: number }>;
  errors: RowError[];
  warnings: string[];
}

function entityFile(dataDir: string, d: EntityTypeDef): string {
  return path.join(dataDir, d.file);
}

/** Folds the entity files into the import fingerprint, so adding or editing one triggers a rebuild. */
export function entitiesFingerprint(dataDir: string): string {
  const hash = crypto.createHash("sha256");
  for (const d of importOrder()) {
    const file = entityFile(dataDir, d);
    try {
      const stat = fs.statSync(file);
      hash.update(`${d.file}:${stat.size}:${Math.round(stat.mtimeMs)}\n`);
    } catch {
      hash.update(`${d.file}:missing\n`);
    }
  }
  return hash.digest("hex");
}

const SQL_TYPES: Record<ColumnKind, string> = { id: "VARCHAR", ref: "VARCHAR", text: "VARCHAR", iso3: "VARCHAR", hs4: "VARCHAR", year: "INTEGER", usd: "DOUBLE" };

async function idSet(conn: DuckDBConnection, table: string): Promise<Set<string>> {
  const exists = await all<{ n: number | bigint }>(conn, `SELECT count(*) AS n FROM duckdb_tables() WHERE table_name = $1`, [table]);
  if (Number(exists[0]?.n ?? 0) === 0) return new Set();
  return new Set((await all<{ id: string }>(conn, `SELECT id FROM ${ident(table)}`)).map((r) => String(r.id)));
}

async function writeTable(conn: DuckDBConnection, d: EntityTypeDef, records: EntityRecord[]): Promise<void> {
  const columns = d.columns.map((c) => `${ident(c.name)} ${SQL_TYPES[c.kind]}${c.required ? " NOT NULL" : ""}`);
  await conn.run(`CREATE OR REPLACE TABLE ${ident(d.table)} (${columns.join(", ")}, PRIMARY KEY (id))`);
  const appender = await conn.createAppender(d.table);
  try {
    for (const record of records) {
      for (const c of d.columns) {
        const value = record[c.name];
        if (value === null || value === undefined) appender.appendNull();
        else if (c.kind === "year") appender.appendInteger(Number(value));
        else if (c.kind === "usd") appender.appendDouble(Number(value));
        else appender.appendVarchar(String(value));
      }
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}

/**
 * Validates and loads every entity file present in `dataDir`. Validation errors are returned (with
 * the file, line and reason) for the caller to fail the import; nothing is written for a bad file.
 */
export async function importEntities(
  conn: DuckDBConnection,
  dataDir: string,
  options: { maxErrors: number },
): Promise<EntityImportResult> {
  const result: EntityImportResult = { loaded: [], errors: [], warnings: [] };
  const present = importOrder().filter((d) => fs.existsSync(entityFile(dataDir, d)));
  if (present.length === 0) return result;
  const countries = await idSet(conn, "dim_countries");
  const hs4 = await idSet(conn, "dim_hs4");
  const ids: Partial<Record<EntityType, ReadonlySet<string>>> = {};
  for (const d of present) {
    const text = fs.readFileSync(entityFile(dataDir, d), "utf8");
    const validation = validateEntityCsv(d, text, { countries, hs4, ids, maxErrors: options.maxErrors });
    if (validation.badRows > 0) {
      result.errors.push({ file: d.file, line: null, field: null, reason: `${validation.badRows} bad row${validation.badRows === 1 ? "" : "s"}${validation.errors.length < validation.badRows ? ` (first ${validation.errors.length} listed)` : ""}` });
      result.errors.push(...validation.errors.map((e) => ({ file: d.file, line: e.line, field: e.column, reason: e.reason })));
      continue;
    }
    if (validation.records.length === 0) {
      result.warnings.push(`${d.file} has a header but no rows: no ${d.type} profiles loaded`);
      continue;
    }
    ids[d.type] = new Set(validation.records.map((r) => String(r.id)));
    await writeTable(conn, d, validation.records);
    result.loaded.push({ type: d.type, table: d.table, rows: validation.records.length });
  }
  return result;
}
