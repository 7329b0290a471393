/**
 * The company explorer's loaders (/company-explorer, PREMIUM): the companies an operator imported
 * from `entities/company.csv` (dim_entity_company; docs/entities.md), filtered by country and HS4
 * product, sorted by value or name, a page at a time, with their names in the reader's language.
 * No warehouse, or no company file, is "none loaded" (`loaded: false`), never an error. The SQL is
 * in ./companyStatements.ts (named statements, src/server/warehouse/statements.ts).
 */
import "server-only";
import { COMPANY_PAGE_SIZE, MAX_COMPANY_EXPORT_ROWS, pagination, type CompanyQuery } from "@/domain/companies/explorer";
import type { Locale } from "@/domain/i18n/locales";
import { warehouseMeta } from "@/server/warehouse/db";
import { withStatements, type StatementSession } from "@/server/warehouse/statements";
import { COMPANY_TABLE, companyCounts, companyOptions, companyRows, type CompanyRecord, type FilterOption, type NameTables } from "./companyStatements";

export type { FilterOption };
/** One company as the explorer shows it: ISO3 lowercase, exports in US dollars as the file states them (null when left out), and their year. */
export type CompanyRow = CompanyRecord;

export interface CompanyPage {
  /** Whether a company file is imported at all. */
  loaded: boolean;
  /** Companies in the file. */
  count: number;
  /** Companies matching the filters. */
  total: number;
  page: number;
  pages: number;
  rows: CompanyRow[];
  /** The countries and products the companies name, for the filters. */
  countries: FilterOption[];
  products: FilterOption[];
}

/** Runs `work` when the warehouse holds companies; null when there is no warehouse or no company table. */
async function withCompanies<T>(work: (session: StatementSession, names: NameTables) => Promise<T>): Promise<T | null> {
  if (!(await warehouseMeta().catch(() => null))) return null;
  return withStatements(async (session) => {
    if (!(await session.hasTable(COMPANY_TABLE))) return null;
    // One connection per session: its queries run one after the other.
    const countries = await session.hasTable("dim_countries");
    const products = await session.hasTable("dim_hs4");
    return work(session, { countries, products });
  });
}

function rows(session: StatementSession, names: NameTables, query: CompanyQuery, locale: Locale, limit: number, offset: number): Promise<CompanyRow[]> {
  return session.run(companyRows, { country: query.country, hs4: query.hs4, sort: query.sort, direction: query.direction, names, locale, limit, offset });
}

async function options(session: StatementSession, column: "country" | "hs4", named: boolean, locale: Locale): Promise<FilterOption[]> {
  const found = await session.run(companyOptions, { column, named, locale });
  return found.sort((a, b) => a.name.localeCompare(b.name, locale) || a.id.localeCompare(b.id));
}

const NONE: CompanyPage = { loaded: false, count: 0, total: 0, page: 1, pages: 1, rows: [], countries: [], products: [] };

/** One page of the companies matching `query`, with the filters' choices; `loaded: false` when there are none to explore. */
export async function loadCompanyExplorer(query: CompanyQuery, locale: Locale): Promise<CompanyPage> {
  const page = await withCompanies(async (session, names) => {
    const [{ count, matching: total }] = await session.run(companyCounts, { country: query.country, hs4: query.hs4 });
    const at = pagination(total, query.page);
    const list = total > 0 ? await rows(session, names, query, locale, COMPANY_PAGE_SIZE, at.offset) : [];
    const countries = await options(session, "country", names.countries, locale);
    const products = await options(session, "hs4", names.products, locale);
    return { loaded: count > 0, count, total, page: at.page, pages: at.pages, rows: list, countries, products };
  });
  return page ?? NONE;
}

/** Every company matching `query` in its order (up to MAX_COMPANY_EXPORT_ROWS), for the CSV download; null when none are loaded. */
export async function loadCompanyExport(query: CompanyQuery, locale: Locale): Promise<CompanyRow[] | null> {
  return withCompanies((session, names) => rows(session, names, query, locale, MAX_COMPANY_EXPORT_ROWS, 0));
}

/** The largest companies by value, for the preview a visitor without PREMIUM sees; empty when none are loaded. */
export async function loadCompanyPreview(locale: Locale, limit = 5): Promise<{ count: number; rows: CompanyRow[] }> {
  const got = await withCompanies(async (session, names) => {
    const [{ count }] = await session.run(companyCounts, { country: null, hs4: null });
    const largest = await rows(session, names, { country: null, hs4: null, sort: "value", direction: "desc", page: 1 }, locale, Math.max(1, Math.min(limit, 10)), 0);
    return { count, rows: largest };
  });
  return got ?? { count: 0, rows: [] };
}
