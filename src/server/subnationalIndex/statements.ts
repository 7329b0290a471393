/** The profile index's statement over package regions (src/server/warehouse/statements.ts). */
import "server-only";
import { defineStatement } from "@/server/warehouse/statements";

/**
 * A level's members with their names and their weight (the cube's measure in one year). Table,
 * column and measure come from the cube registry, never from input.
 */
export const regionWeights = defineStatement<
  { members: string; column: string; measure: string; table: string; year: number },
  { id: string; name_en: unknown; name_es: unknown; name_zh: unknown; weight: number }
>({
  name: "subnationalIndex.regionWeights",
  sql: {
    duckdb: ({ members, column, measure, table, year }, { dialect }) => ({
      sql: `SELECT CAST(m.id AS VARCHAR) AS id, m.name_en, m.name_es, m.name_zh, COALESCE(v.weight, 0) AS weight
         FROM ${dialect.ident(members)} m
         LEFT JOIN (SELECT ${dialect.ident(column)} AS id, ${measure} AS weight FROM ${dialect.ident(table)} WHERE year = ${dialect.param("year")} GROUP BY 1) v ON v.id = m.id`,
      params: { year },
    }),
  },
  map: (r) => ({ id: String(r.id), name_en: r.name_en, name_es: r.name_es, name_zh: r.name_zh, weight: Number(r.weight) }),
});
