/**
 * The entity pages' statements (src/server/warehouse/statements.ts) over the entity tables
 * (dim_entity_<type>, named by src/domain/entities) and the shared member tables.
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import type { Row } from "@/server/warehouse/db";
import { defineStatement } from "@/server/warehouse/statements";

export interface EntityLink {
  id: string;
  name: string;
}

const link = (r: Row): EntityLink => ({ id: String(r.id), name: String(r.name) });

export const entityRows = defineStatement<{ table: string }, number>({
  name: "entities.count",
  sql: { duckdb: ({ table }, { dialect }) => ({ sql: `SELECT count(*) AS n FROM ${dialect.ident(table)}` }) },
  map: (r) => Number(r.n ?? 0),
});

/** The first records by name. */
export const entityFirst = defineStatement<{ table: string; limit: number }, EntityLink>({
  name: "entities.first",
  sql: {
    duckdb: ({ table, limit }, { dialect }) => ({ sql: `SELECT id, name FROM ${dialect.ident(table)} ORDER BY name, id LIMIT ${dialect.param("limit")}`, params: { limit } }),
  },
  map: link,
});

/** Records whose `column` is `value`, by name (at most 500). */
export const entityLinks = defineStatement<{ table: string; column: string; value: string }, EntityLink>({
  name: "entities.links",
  sql: {
    duckdb: ({ table, column, value }, { dialect }) => ({
      sql: `SELECT id, name FROM ${dialect.ident(table)} WHERE ${dialect.ident(column)} = ${dialect.param("value")} ORDER BY name, id LIMIT 500`,
      params: { value },
    }),
  },
  map: link,
});

/** One record, every column. */
export const entityRecord = defineStatement<{ table: string; id: string }, Row>({
  name: "entities.record",
  sql: { duckdb: ({ table, id }, { dialect }) => ({ sql: `SELECT * FROM ${dialect.ident(table)} WHERE id = ${dialect.param("id")}`, params: { id } }) },
  map: (r) => r,
});

const NAME_COLUMN: Record<Locale, string> = { en: "name_en", es: "name_es", zh: "name_zh" };

/** A member's name in the reader's language, from a shared member table. */
export const memberName = defineStatement<{ table: string; id: string; locale: Locale }, string>({
  name: "entities.memberName",
  sql: {
    duckdb: ({ table, id, locale }, { dialect }) => ({
      sql: `SELECT ${dialect.ident(NAME_COLUMN[locale])} AS name FROM ${dialect.ident(table)} WHERE id = ${dialect.param("id")}`,
      params: { id },
    }),
  },
  map: (r) => String(r.name),
});
