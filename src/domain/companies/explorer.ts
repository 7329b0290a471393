/**
 * The company explorer's question (/company-explorer, PREMIUM): which imported companies to list
 * (a country, an HS4 product), in what order (by value or by name) and which page. Read from the URL
 * and written back to it (links, pagination, the CSV download) by the same codec. Pure.
 *
 * The page ignores what it cannot read (a hostile or stale parameter falls back to the default);
 * the CSV route refuses it with a 400 naming the parameter (`invalid`).
 */

export const COMPANY_SORTS = ["value", "name"] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];
export type SortDirection = "asc" | "desc";

export interface CompanyQuery {
  /** ISO 3166 alpha-3, lowercase as the warehouse holds countries; null for every country. */
  country: string | null;
  /** A four-digit HS code; null for every product. */
  hs4: string | null;
  sort: CompanySort;
  direction: SortDirection;
  /** 1-based. */
  page: number;
}

export const COMPANY_PAGE_SIZE = 25;
/** Far beyond any real list; a larger page number is not a page. */
export const MAX_COMPANY_PAGE = 100_000;
/** The most rows one CSV download holds (a company file is a list, not a fact table). */
export const MAX_COMPANY_EXPORT_ROWS = 100_000;

export const DEFAULT_COMPANY_QUERY: CompanyQuery = { country: null, hs4: null, sort: "value", direction: "desc", page: 1 };

/** The order a sort starts in when none is asked: largest value first, names A to Z. */
export function defaultDirection(sort: CompanySort): SortDirection {
  return sort === "value" ? "desc" : "asc";
}

const PARAMS = ["country", "product", "sort", "dir", "page"] as const;
type ParamName = (typeof PARAMS)[number];

export interface ParsedCompanyQuery {
  query: CompanyQuery;
  /** Parameters given but not readable (the page ignores them, the CSV route answers 400). */
  invalid: ParamName[];
  /** Parameters that are not the explorer's. */
  unknown: string[];
}

type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

function get(raw: RawParams, name: string): string | undefined {
  if (raw instanceof URLSearchParams) return raw.get(name) ?? undefined;
  const value = raw[name];
  return Array.isArray(value) ? value[0] : value;
}

function keys(raw: RawParams): string[] {
  return raw instanceof URLSearchParams ? [...new Set(raw.keys())] : Object.keys(raw);
}

const ISO3 = /^[A-Za-z]{3}$/;
const HS4 = /^\d{4}$/;
const PAGE = /^[1-9]\d{0,5}$/;

/** Reads the explorer's parameters; what cannot be read is left at its default and listed. */
export function parseCompanyQuery(raw: RawParams): ParsedCompanyQuery {
  const invalid: ParamName[] = [];
  const read = <T>(name: ParamName, accept: (value: string) => T | null, fallback: T): T => {
    const value = get(raw, name)?.trim();
    if (value === undefined || value === "") return fallback;
    const parsed = value.length <= 16 ? accept(value) : null;
    if (parsed === null) {
      invalid.push(name);
      return fallback;
    }
    return parsed;
  };
  const country = read("country", (v) => (ISO3.test(v) ? v.toLowerCase() : null), null as string | null);
  const hs4 = read("product", (v) => (HS4.test(v) ? v : null), null as string | null);
  const sort = read("sort", (v) => ((COMPANY_SORTS as readonly string[]).includes(v) ? (v as CompanySort) : null), DEFAULT_COMPANY_QUERY.sort);
  const direction = read("dir", (v) => (v === "asc" || v === "desc" ? (v as SortDirection) : null), defaultDirection(sort));
  const page = read("page", (v) => (PAGE.test(v) && Number(v) <= MAX_COMPANY_PAGE ? Number(v) : null), 1);
  const unknown = keys(raw).filter((k) => !(PARAMS as readonly string[]).includes(k));
  return { query: { country, hs4, sort, direction, page }, invalid, unknown };
}

/** The query string of a question (without "?"); defaults are left out, so URLs stay short and canonical. */
export function companySearch(query: CompanyQuery, options: { page?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (query.country) params.set("country", query.country);
  if (query.hs4) params.set("product", query.hs4);
  if (query.sort !== DEFAULT_COMPANY_QUERY.sort) params.set("sort", query.sort);
  if (query.direction !== defaultDirection(query.sort)) params.set("dir", query.direction);
  if (options.page !== false && query.page > 1) params.set("page", String(query.page));
  return params.toString();
}

/** The question sorted by `sort`: the same column again flips its order, another starts at its default; back to page 1. */
export function sortedBy(query: CompanyQuery, sort: CompanySort): CompanyQuery {
  const direction = query.sort === sort ? (query.direction === "asc" ? "desc" : "asc") : defaultDirection(sort);
  return { ...query, sort, direction, page: 1 };
}

/** Pages for `total` rows, at least one; the page asked, kept within them. */
export function pagination(total: number, page: number): { pages: number; page: number; offset: number } {
  const pages = Math.max(1, Math.ceil(total / COMPANY_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  return { pages, page: current, offset: (current - 1) * COMPANY_PAGE_SIZE };
}

/** The CSV file's name for a question: companies[-country][-hs4].csv. */
export function companyCsvName(query: CompanyQuery): string {
  return ["companies", query.country, query.hs4].filter(Boolean).join("-") + ".csv";
}
