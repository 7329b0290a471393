/**
 * The tariff simulator's statements (src/server/warehouse/statements.ts): the form's members, a
 * table's columns, a section's chapters and an importer's candidate tariff rows.
 */
import "server-only";
import type { ProductDepth } from "@/domain/catalog/catalog";
import type { Locale } from "@/domain/i18n/locales";
import type { TariffRateRow } from "@/domain/tariff/rates";
import { defineStatement } from "@/server/warehouse/statements";

/** Same name as the importer's (src/server/etl/tariffs.ts); the server never imports the ETL. */
export const TARIFF_TABLE = "fact_tariffs";

const LOCALE_NAME: Record<Locale, string> = { en: "name_en", es: "name_es", zh: "name_zh" };

export interface Named {
  id: string;
  name: string;
}

const named = (r: Record<string, unknown>): Named => ({ id: String(r.id), name: String(r.name) });

/** Members of a level's table (from the cube registry) by id, or the one with `id`. */
export const tariffMembers = defineStatement<{ table: string; locale: Locale; id?: string }, Named>({
  name: "tariff.members",
  sql: {
    duckdb: ({ table, locale, id }, { dialect }) => ({
      sql: `SELECT id, COALESCE(${dialect.ident(LOCALE_NAME[locale])}, name_en, CAST(id AS VARCHAR)) AS name FROM ${dialect.ident(table)} ${id === undefined ? "" : `WHERE CAST(id AS VARCHAR) = ${dialect.param("id")}`} ORDER BY id`,
      params: id === undefined ? undefined : { id },
    }),
  },
  map: named,
});

/** The importers of the form by name, aggregates (regions, income groups) left out where the table marks them. */
export const tariffImporters = defineStatement<{ table: string; locale: Locale; marksAggregates: boolean }, Named>({
  name: "tariff.importers",
  sql: {
    duckdb: ({ table, locale, marksAggregates }, { dialect }) => ({
      sql: `SELECT id, COALESCE(${dialect.ident(LOCALE_NAME[locale])}, name_en, CAST(id AS VARCHAR)) AS name FROM ${dialect.ident(table)} ${marksAggregates ? "WHERE NOT COALESCE(is_aggregate, false)" : ""} ORDER BY name`,
    }),
  },
  map: named,
});

export const tableColumns = defineStatement<{ table: string }, string>({
  name: "tariff.tableColumns",
  sql: { duckdb: "SELECT column_name FROM duckdb_columns() WHERE table_name = $table" },
  map: (r) => String(r.column_name),
});

/** The HS2 chapters of a section, from the nomenclature. */
export const sectionChapters = defineStatement<{ section: string }, string>({
  name: "tariff.sectionChapters",
  sql: { duckdb: "SELECT id FROM dim_hs2 WHERE CAST(section_id AS VARCHAR) = $section" },
  map: (r) => String(r.id),
});

/**
 * Candidate tariff rows of an importer for a product, each with how it matches: 0 exact, 1 finer,
 * 2 coarser, 3 all products. A section matches through its chapters (`chapters`): every line in them is finer.
 */
export const tariffRates = defineStatement<{ importer: string; depth: ProductDepth; product: string; chapters: readonly string[] }, TariffRateRow>({
  name: "tariff.rates",
  sql: {
    duckdb: ({ importer, depth, product, chapters }, { dialect }) => {
      const params: Record<string, string> = { importer };
      let match: string;
      if (depth === "section") {
        const list = chapters.length ? chapters.map((c, i) => ((params[`c${i}`] = c.replace(/\D/g, "")), dialect.param(`c${i}`))).join(",") : "NULL";
        match = `CASE WHEN substr(product, 1, 2) IN (${list}) THEN 1 WHEN product = 'total' THEN 3 END`;
      } else {
        params.product = product;
        const p = dialect.param("product");
        match = `CASE WHEN product = ${p} THEN 0 WHEN length(product) > length(${p}) AND starts_with(product, ${p}) THEN 1
        WHEN product <> 'total' AND length(product) < length(${p}) AND starts_with(${p}, product) THEN 2 WHEN product = 'total' THEN 3 END`;
      }
      return {
        sql: `SELECT partner, product, year, duty_type, simple_average, match FROM (SELECT *, ${match} AS match FROM ${TARIFF_TABLE} WHERE reporter = ${dialect.param("importer")}) WHERE match IS NOT NULL`,
        params,
      };
    },
  },
  map: (r) => ({
    partner: String(r.partner),
    product: String(r.product),
    year: Number(r.year),
    dutyType: r.duty_type === null ? null : String(r.duty_type),
    rate: Number(r.simple_average),
    match: Number(r.match) as TariffRateRow["match"],
  }),
});
