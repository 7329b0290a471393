/**
 * GET /api/view?path=/en/visualize/tree_map/hs92/export/chl/all/show/2018: the rows of one view,
 * as the view service loads them (VizData), for charts that fetch their data after the page has
 * loaded (profile sections), so the page's HTML does not carry every chart's rows. The path is a
 * visualize URL (locale-prefixed, as the page links it), parsed by the visualize URL codec: the
 * same validation as the page. Public and cacheable; the front door keeps whole answers.
 */
import "server-only";
import { isLocale } from "@/domain/i18n/locales";
import { parseVizPath } from "@/domain/visualize/urlCodec";
import { jsonError } from "@/server/http/jsonError";
import { isWarehouseError } from "@/server/warehouse/client";
import { loadView } from "./view";
import { vizCatalog } from "./members";

const CACHE_CONTROL = "public, max-age=300";

export async function handleViewRequest(request: Request): Promise<Response> {
  const raw = new URL(request.url).searchParams.get("path") ?? "";
  if (!raw || raw.length > 512) return jsonError(400, "invalid_parameter", "path must be a visualize URL such as /en/visualize/tree_map/hs92/export/chl/all/show/2018.");
  let target: URL;
  try {
    target = new URL(raw, "http://view.invalid");
  } catch {
    return jsonError(400, "invalid_parameter", "path is not a URL path.");
  }
  let parts: string[];
  try {
    parts = target.pathname.split("/").filter(Boolean).map((s) => decodeURIComponent(s));
  } catch {
    return jsonError(400, "invalid_parameter", "path does not decode to UTF-8.");
  }
  const [locale, visualize, ...segments] = parts;
  if (target.origin !== "http://view.invalid" || !isLocale(locale) || visualize !== "visualize" || segments[0] === "embed") {
    return jsonError(400, "invalid_parameter", "path must be a visualize URL such as /en/visualize/tree_map/hs92/export/chl/all/show/2018.");
  }
  try {
    const parsed = parseVizPath(segments, target.searchParams, await vizCatalog());
    if (!parsed.ok) return jsonError(400, parsed.error.code, parsed.error.message);
    const view = await loadView(parsed.state, locale);
    if (view.kind === "problems") {
      return jsonError(422, "no_view", view.problems.map((p) => p.code).join(", "));
    }
    return Response.json({ data: view.data }, { headers: { "Cache-Control": CACHE_CONTROL, "Content-Language": locale } });
  } catch (error) {
    if (isWarehouseError(error)) {
      const headers: Record<string, string> = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
      return jsonError(error.status ?? 503, error.code, error.message, headers);
    }
    throw error;
  }
}
