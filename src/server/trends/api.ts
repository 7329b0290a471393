/**
 * GET /api/trends: the trend explorer's answer as JSON, for PRO accounts only (the page's rule,
 * checked here again on the server: the session cookie of a PRO, PREMIUM or bulk-access account).
 * Anyone else gets 403 `pro_required`; the free preview of the tool is the page itself.
 * Query: reporter (country id, continent id or "world"), flow, by (products|partners), depth,
 * from, to, min, section, sort, dir, page, locale. Bad input is a 4xx `{ error: { code, message } }`.
 */
import "server-only";
import { isLocale, type Locale } from "@/domain/i18n/locales";
import { parseTrendParams } from "@/domain/trends/params";
import { proAccess } from "@/server/auth/proAccess";
import { jsonError } from "@/server/http/jsonError";
import { isWarehouseError } from "@/server/warehouse/client";
import { isTrendError, trendExplorer } from "./trends";

const MAX_QUERY = 2048;

export async function handleTrendsGet(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.search.length > MAX_QUERY) return jsonError(414, "query_too_long", `The query string is longer than ${MAX_QUERY} characters.`);
  const access = await proAccess();
  if (!access.allowed) {
    return jsonError(
      403,
      "pro_required",
      access.signedIn
        ? "The trend explorer is part of the PRO plan and this account is on the Free plan: see /en/subscription."
        : "The trend explorer is part of the PRO plan: sign in with a PRO account (the session cookie authorises this API), or see /en/subscription.",
    );
  }
  const localeParam = url.searchParams.get("locale") ?? "en";
  if (!isLocale(localeParam)) return jsonError(400, "invalid_parameter", "locale: one of en, es, zh");
  const parsed = parseTrendParams(url.searchParams);
  if (!parsed.ok) return jsonError(400, "invalid_parameter", parsed.message);
  try {
    const result = await trendExplorer(parsed.params, localeParam as Locale);
    return Response.json(result, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (isTrendError(error)) return jsonError(error.status, error.code, error.message);
    if (isWarehouseError(error)) return Response.json(error.toJSON(), { status: error.status });
    throw error;
  }
}
