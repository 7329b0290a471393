/** The Tesseract-compatible API's statement (src/server/warehouse/statements.ts). */
import "server-only";
import { literal } from "@/server/warehouse/sql";
import { defineStatement } from "@/server/warehouse/statements";

/**
 * Copies a Parquet file (our own temporary file) keeping some columns under new names, so their
 * types stay. Column names come from the cube registry and the request's validated aliases; quoted.
 */
export const reshapeParquetFile = defineStatement<{ input: string; output: string; columns: readonly { from: string; as: string }[] }, unknown>({
  name: "tesseract.reshapeParquet",
  sql: {
    duckdb: ({ input, output, columns }, { dialect }) => ({
      sql: `COPY (SELECT ${columns.map((c) => `${dialect.ident(c.from)} AS ${dialect.ident(c.as)}`).join(", ")} FROM read_parquet(${literal(input)})) TO ${literal(output)} (FORMAT parquet, COMPRESSION zstd)`,
    }),
  },
  map: (r) => r,
  // Each run reads and writes new files: nothing to keep prepared.
  prepared: false,
});
