/**
 * The company explorer's statements (src/server/warehouse/statements.ts) over dim_entity_company
 * (src/domain/entities) and the shared member tables dim_countries and dim_hs4. Filters, limits
 * and offsets are bound parameters; the sort is one of two fixed ORDER BY clauses; names of tables
 * and columns are our constants, quoted by the dialect.
 */
import "server-only";
import type { CompanyQuery } from "@/domain/companies/explorer";
import type { Locale } from "@/domain/i18n/locales";
import type { Row, SqlDialect, SqlParam } from "@/server/warehouse/db";
import { defineStatement } from "@/server/warehouse/statements";

export const COMPANY_TABLE = "dim_entity_company";

const NAME_COLUMN: Record<Locale, string> = { en: "name_en", es: "name_es", zh: "name_zh" };

/** Which shared member tables the warehouse has (a warehouse without them still lists its companies). */
export interface NameTables {
  countries: boolean;
  products: boolean;
}

export interface CompanyRecord {
  id: string;
  name: string;
  country: string;
  countryName: string | null;
  hs4: string | null;
  productName: string | null;
  value: number | null;
  year: number;
}

export interface FilterOption {
  id: string;
  name: string;
}

type Filter = Pick<CompanyQuery, "country" | "hs4">;

function where(filter: Filter, dialect: SqlDialect): { sql: string; params: Record<string, SqlParam> } {
  const clauses: string[] = [];
  const params: Record<string, SqlParam> = {};
  if (filter.country) {
    clauses.push(`c.country = ${dialect.param("country")}`);
    params.country = filter.country;
  }
  if (filter.hs4) {
    clauses.push(`c.hs4 = ${dialect.param("hs4")}`);
    params.hs4 = filter.hs4;
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

/** Ties broken by name, then id: a page never changes between two requests. */
function orderBy(query: Pick<CompanyQuery, "sort" | "direction">): string {
  const dir = query.direction === "asc" ? "ASC" : "DESC";
  return query.sort === "value" ? `c.exports_usd ${dir} NULLS LAST, c.name ASC, c.id ASC` : `c.name ${dir}, c.id ${dir}`;
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

function record(r: Row): CompanyRecord {
  const value = r.value === null || r.value === undefined ? null : Number(r.value);
  return {
    id: String(r.id),
    name: String(r.name),
    country: String(r.country),
    countryName: text(r.country_name),
    hs4: text(r.hs4),
    productName: text(r.product_name),
    value: value !== null && Number.isFinite(value) ? value : null,
    year: Number(r.year),
  };
}

/** How many companies the file holds, and how many match the filters. */
export const companyCounts = defineStatement<Filter, { count: number; matching: number }>({
  name: "companies.counts",
  sql: {
    duckdb: (filter, { dialect }) => {
      const table = dialect.ident(COMPANY_TABLE);
      const w = where(filter, dialect);
      return { sql: `SELECT (SELECT count(*) FROM ${table}) AS n, (SELECT count(*) FROM ${table} c ${w.sql}) AS matching`, params: w.params };
    },
  },
  map: (r) => ({ count: Number(r.n ?? 0), matching: Number(r.matching ?? 0) }),
});

/** The companies matching the filters, in the asked order, `limit` from `offset`, with names in the locale. */
export const companyRows = defineStatement<Omit<CompanyQuery, "page"> & { names: NameTables; locale: Locale; limit: number; offset: number }, CompanyRecord>({
  name: "companies.rows",
  sql: {
    duckdb: (p, { dialect }) => {
      const name = dialect.ident(NAME_COLUMN[p.locale]);
      const w = where(p, dialect);
      const select = `${p.names.countries ? `k.${name}` : "NULL"} AS country_name, ${p.names.products ? `h.${name}` : "NULL"} AS product_name`;
      const joins = [p.names.countries ? `LEFT JOIN ${dialect.ident("dim_countries")} k ON k.id = c.country` : "", p.names.products ? `LEFT JOIN ${dialect.ident("dim_hs4")} h ON h.id = c.hs4` : ""].join(" ");
      return {
        sql: `SELECT c.id, c.name, c.country, c.hs4, c.exports_usd AS value, c.year, ${select} FROM ${dialect.ident(COMPANY_TABLE)} c ${joins} ${w.sql} ORDER BY ${orderBy(p)} LIMIT ${dialect.param("limit")} OFFSET ${dialect.param("offset")}`,
        params: { ...w.params, limit: p.limit, offset: p.offset },
      };
    },
  },
  map: record,
});

/** The countries or the products the companies name, with their names in the locale (the code when the member table lacks it). */
export const companyOptions = defineStatement<{ column: "country" | "hs4"; named: boolean; locale: Locale }, FilterOption>({
  name: "companies.options",
  sql: {
    duckdb: ({ column, named, locale }, { dialect }) => {
      const col = dialect.ident(column);
      const name = named ? `MAX(d.${dialect.ident(NAME_COLUMN[locale])})` : "NULL";
      const join = named ? `LEFT JOIN ${dialect.ident(column === "country" ? "dim_countries" : "dim_hs4")} d ON d.id = c.${col}` : "";
      return { sql: `SELECT c.${col} AS id, ${name} AS name FROM ${dialect.ident(COMPANY_TABLE)} c ${join} WHERE c.${col} IS NOT NULL GROUP BY 1` };
    },
  },
  map: (r) => ({ id: String(r.id), name: r.name == null ? String(r.id).toUpperCase() : String(r.name) }),
});
