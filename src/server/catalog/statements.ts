/** The data-quality notes' statements (src/server/warehouse/statements.ts): the importer's flags and member names. */
import "server-only";
import type { Row } from "@/server/warehouse/db";
import { defineStatement } from "@/server/warehouse/statements";

/** Every row of `_meta_quality` (src/server/etl/quality.ts), parsed by src/domain/catalog/quality. */
export const qualityRows = defineStatement<Record<string, never>, Row>({
  name: "catalog.qualityFlags",
  sql: { duckdb: "SELECT * FROM _meta_quality" },
  map: (r) => r,
});

/** Every member of a member table (from the cube registry) with its names in each language. */
export const memberNamesOf = defineStatement<{ table: string }, { id: string; en: string; es: string; zh: string }>({
  name: "catalog.memberNames",
  sql: { duckdb: ({ table }, { dialect }) => ({ sql: `SELECT CAST(id AS VARCHAR) AS id, name_en, name_es, name_zh FROM ${dialect.ident(table)}` }) },
  map: (r) => ({ id: String(r.id), en: String(r.name_en ?? r.id), es: String(r.name_es ?? r.name_en ?? r.id), zh: String(r.name_zh ?? r.name_en ?? r.id) }),
});
