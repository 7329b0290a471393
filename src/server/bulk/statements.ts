/**
 * The bulk export's statements (src/server/warehouse/statements.ts): a dataset's members and one
 * export file, both from a cube query compiled by the warehouse's compiler (unpaged, the API's
 * column names), so files hold exactly what /api/data answers.
 */
import "server-only";
import type { BulkFormat } from "@/domain/bulk/bulk";
import { compileQuery, type CompiledQuery } from "@/server/warehouse/compile";
import type { Row, SqlDialect, WarehouseMeta } from "@/server/warehouse/db";
import { resolveQuery } from "@/server/warehouse/query";
import { inlineParams, sqlLiteral } from "@/server/warehouse/sql";
import { defineStatement } from "@/server/warehouse/statements";
import type { DataQuery } from "@/server/warehouse/types";

/** A query compiled for a whole export, its parameters written in (COPY takes none). */
export function exportQuery(query: DataQuery, meta: WarehouseMeta, dialect: SqlDialect): { sql: string; columns: string[]; compiled: CompiledQuery } {
  const compiled = compileQuery(resolveQuery(query), { locale: "en", cube: meta.cubes.get(query.cube), tables: meta.tables, dialect });
  const { sql, columns } = compiled.unpaged();
  return { sql: inlineParams(sql, compiled.params), columns, compiled };
}

/** The members of a level that hold data in a cube, with their English names (`<Level> ID`, `<Level>`). */
export const exportMembers = defineStatement<{ cube: string; level: string }, Row>({
  name: "bulk.members",
  sql: { duckdb: ({ cube, level }, { meta, dialect }) => ({ sql: exportQuery({ cube, drilldowns: [level] }, meta, dialect).sql }) },
  map: (r) => r,
});

const COPY_OPTIONS: Record<BulkFormat, string> = {
  csv: "FORMAT csv, HEADER, COMPRESSION gzip",
  parquet: "FORMAT parquet, COMPRESSION zstd",
};

/** Writes one export file (a path of our own export folder) and answers how many rows it holds. */
export const exportFile = defineStatement<{ query: DataQuery; file: string; format: BulkFormat }, number>({
  name: "bulk.file",
  sql: {
    duckdb: ({ query, file, format }, { meta, dialect }) => ({ sql: `COPY (${exportQuery(query, meta, dialect).sql}) TO ${sqlLiteral(file)} (${COPY_OPTIONS[format]})` }),
  },
  map: (r) => Number(r.Count ?? r.count ?? 0),
  // Each run names a new file: nothing to keep prepared.
  prepared: false,
});
