import "server-only";
import type { DuckDBConnection } from "@duckdb/node-api";
import { literal } from "../sql";
import { HS2_REVIEWED, HS4_REVIEWED, reviewedRows, type ReviewedName } from "./hsReviewed";

const text = (value: string | null) => (value === null ? "NULL::VARCHAR" : literal(value));

async function override(conn: DuckDBConnection, table: "dim_hs2" | "dim_hs4", names: Readonly<Record<string, ReviewedName>>): Promise<void> {
  const rows = reviewedRows(names);
  if (rows.length === 0) return;
  const values = rows.map(([code, zh, es]) => `(${literal(code)}, ${text(zh)}, ${text(es)})`).join(", ");
  await conn.run(`UPDATE ${table} SET
      name_zh = COALESCE(r.zh, ${table}.name_zh),
      name_zh_fallback = CASE WHEN r.zh IS NULL THEN ${table}.name_zh_fallback ELSE false END,
      long_name_es = CASE WHEN r.es IS NOT NULL AND ${table}.name_es_fallback THEN r.es ELSE ${table}.long_name_es END,
      name_es = COALESCE(r.es, ${table}.name_es),
      name_es_fallback = CASE WHEN r.es IS NULL THEN ${table}.name_es_fallback ELSE false END
    FROM (VALUES ${values}) AS r(code, zh, es)
    WHERE ${table}.id = r.code`);
}

/**
 * Lays the project's reviewed HS names (names/hsReviewed.ts) over the package's, then names every
 * six-digit subheading the package leaves without a Chinese or Spanish name by its heading in that
 * language plus its own code ("橄榄油（150910）"), rather than in English. Those subheadings keep
 * their fallback flag: the name is the heading's, not a translation of the subheading.
 */
export async function applyReviewedHsNames(conn: DuckDBConnection): Promise<void> {
  await override(conn, "dim_hs2", HS2_REVIEWED);
  await override(conn, "dim_hs4", HS4_REVIEWED);
  await conn.run(`UPDATE dim_hs6 SET name_zh = h.name_zh || '（' || dim_hs6.id || '）'
    FROM dim_hs4 h WHERE h.id = dim_hs6.hs4_id AND dim_hs6.name_zh_fallback AND NOT h.name_zh_fallback`);
  await conn.run(`UPDATE dim_hs6 SET name_es = h.name_es || ' (' || dim_hs6.id || ')'
    FROM dim_hs4 h WHERE h.id = dim_hs6.hs4_id AND dim_hs6.name_es_fallback AND NOT h.name_es_fallback`);
}
