/**
 * The trend explorer's statements (src/server/warehouse/statements.ts): the page, the summary and
 * the movers' series, compiled from the spec by ./sql.ts, and members' names.
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import type { Row } from "@/server/warehouse/db";
import { defineStatement } from "@/server/warehouse/statements";
import { pageSql, seriesSql, summarySql, type TrendSqlSpec } from "./sql";

type PageOptions = Parameters<typeof pageSql>[1];
const asRow = (row: Row): Row => row;

export const trendPage = defineStatement<{ spec: TrendSqlSpec; page: PageOptions }, Row>({
  name: "trends.page",
  sql: { duckdb: ({ spec, page }, { meta }) => pageSql(spec, page, meta.tables) },
  map: asRow,
});

export const trendSummary = defineStatement<{ spec: TrendSqlSpec; from: number; to: number }, Row>({
  name: "trends.summary",
  sql: { duckdb: ({ spec, from, to }, { meta }) => summarySql(spec, from, to, meta.tables) },
  map: asRow,
});

export const trendSeries = defineStatement<{ spec: TrendSqlSpec; years: readonly number[]; ids: readonly string[] }, Row>({
  name: "trends.series",
  sql: { duckdb: ({ spec, years, ids }, { meta }) => seriesSql(spec, years, ids, meta.tables) },
  map: asRow,
});

const NAME_COLUMN: Record<Locale, string> = { en: "name_en", es: "name_es", zh: "name_zh" };

/** Names of some members from one member table (from the cube registry), in the reader's language. */
export const trendMemberNames = defineStatement<{ table: string; ids: readonly string[]; locale: Locale }, { id: string; name: string | null }>({
  name: "trends.memberNames",
  sql: {
    duckdb: ({ table, ids, locale }, { dialect }) => ({
      sql: `SELECT CAST(id AS VARCHAR) AS id, COALESCE(${dialect.ident(NAME_COLUMN[locale])}, name_en) AS name FROM ${dialect.ident(table)} WHERE CAST(id AS VARCHAR) IN (${ids.map((_, i) => dialect.param(`n${i}`)).join(", ")})`,
      params: Object.fromEntries(ids.map((id, i) => [`n${i}`, id])),
    }),
  },
  map: (r) => ({ id: String(r.id), name: r.name === null ? null : String(r.name) }),
});
