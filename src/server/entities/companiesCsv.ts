/**
 * GET /api/companies.csv: the company explorer's filtered list as CSV (PREMIUM, like the page).
 * The explorer's own parameters (country, product, sort, dir) and `locale` for the names; anything
 * else, or a value that cannot be read, is a 400 naming the parameter. Written with the project's
 * one CSV writer (domain/format/csv: RFC 4180, spreadsheet formulas defused).
 */
import "server-only";
import { companyCsvName, parseCompanyQuery } from "@/domain/companies/explorer";
import { toCsvText } from "@/domain/format/csv";
import { isLocale, type Locale } from "@/domain/i18n/locales";
import { featureAccess } from "@/server/auth/featureAccess";
import { isWarehouseError } from "@/server/catalog/status";
import { jsonError, jsonErrorWith } from "@/server/http/jsonError";
import { loadCompanyExport, type CompanyRow } from "./companies";

const HEADER = ["id", "name", "country", "country_name", "hs4", "product_name", "exports_usd", "year"] as const;
/** Personal (it depends on the plan): never kept by a shared cache. */
const PRIVATE = { "Cache-Control": "private, no-store" };

export function companiesCsv(rows: readonly CompanyRow[]): string {
  return toCsvText([HEADER, ...rows.map((r) => [r.id, r.name, r.country.toUpperCase(), r.countryName, r.hs4, r.productName, r.value, r.year])]);
}

export async function handleCompaniesCsv(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.search.length > 2000) return jsonError(414, "query_too_long", "the query string is too long", PRIVATE);
  const localeParam = url.searchParams.get("locale") ?? "en";
  if (!isLocale(localeParam)) return jsonErrorWith(400, { code: "invalid", message: "locale: en, es or zh", parameter: "locale" }, PRIVATE);
  const locale: Locale = localeParam;
  const params = new URLSearchParams(url.searchParams);
  params.delete("locale");
  const parsed = parseCompanyQuery(params);
  if (parsed.unknown.length) return jsonErrorWith(400, { code: "unknown_parameter", message: `unknown parameter "${parsed.unknown[0].slice(0, 40)}"; known: country, product, sort, dir, locale`, parameter: parsed.unknown[0].slice(0, 40) }, PRIVATE);
  if (parsed.invalid.length) return jsonErrorWith(400, { code: "invalid", message: `${parsed.invalid[0]}: not a valid value`, parameter: parsed.invalid[0] }, PRIVATE);

  const access = await featureAccess("companyExplorer");
  if (!access.signedIn) return jsonError(401, "sign_in_required", "The company explorer is part of PREMIUM: sign in to an account that has it.", PRIVATE);
  if (!access.allowed) return jsonError(403, "premium_required", "The company explorer is part of PREMIUM; your account does not include it. See /subscription.", PRIVATE);
  try {
    const rows = await loadCompanyExport(parsed.query, locale);
    if (rows === null) return jsonError(404, "not_loaded", "No company data is loaded on this site.", PRIVATE);
    return new Response(companiesCsv(rows), {
      headers: { ...PRIVATE, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${companyCsvName(parsed.query)}"` },
    });
  } catch (error) {
    if (isWarehouseError(error)) {
      const headers: Record<string, string> = { ...PRIVATE, ...(error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {}) };
      return jsonError(error.status, error.code, error.message, headers);
    }
    throw error;
  }
}
