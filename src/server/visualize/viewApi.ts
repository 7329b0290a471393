/**
 * GET /api/view?locale=en&state={"chart":"tree_map",...}: the rows of one view, as the view service
 * loads them (VizData), for charts that fetch their data after the page has loaded (profile
 * sections), so the page's HTML does not carry every chart's rows and the server never loads them
 * for the page. The state is the typed view state in its canonical text (domain/visualize/
 * stateCodec: `viewApiUrl` writes the address), read strictly: the same state is always the same
 * URL, which the front door keeps whole. Public and cacheable.
 */
import "server-only";
import { isLocale } from "@/domain/i18n/locales";
import { decodeVizState, MAX_STATE_CHARS, unknownMember } from "@/domain/visualize/stateCodec";
import { jsonError, jsonErrorWith } from "@/server/http/jsonError";
import { isWarehouseError } from "@/server/warehouse/client";
import { loadView } from "./view";
import { vizCatalog } from "./members";

const CACHE_CONTROL = "public, max-age=300";
const PARAMETERS = ["locale", "state"];
const EXAMPLE = '/api/view?locale=en&state={"chart":"tree_map","classification":"hs92","flow":"export","country":{"kind":"country","id":"chl"},"partner":{"kind":"all"},"product":{"kind":"show"},"time":{"kind":"year","year":2018}} (URL-encoded)';

/** A 400 naming the parameter at fault. */
const bad = (code: string, message: string, parameter: string) => jsonErrorWith(400, { code, message, parameter });

export async function handleViewRequest(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  for (const name of new Set(params.keys())) {
    if (!PARAMETERS.includes(name)) return bad("unknown_parameter", `Unknown parameter "${name.slice(0, 40)}": use locale and state.`, name.slice(0, 40));
    if (params.getAll(name).length > 1) return bad("invalid_parameter", `${name} is given more than once.`, name);
  }
  const locale = params.get("locale") ?? "";
  if (!isLocale(locale)) return bad("invalid_parameter", "locale must be en, es or zh.", "locale");
  const text = params.get("state") ?? "";
  if (!text) return bad("invalid_parameter", `state is required, as in ${EXAMPLE}.`, "state");
  if (text.length > MAX_STATE_CHARS) return bad("invalid_parameter", `state is longer than ${MAX_STATE_CHARS} characters.`, "state");
  const decoded = decodeVizState(text);
  if (!decoded.ok) return bad("invalid_parameter", decoded.message, "state");
  try {
    const unknown = unknownMember(decoded.state, await vizCatalog());
    if (unknown) return bad(unknown.code, `Unknown ${unknown.code === "unknown_country" ? "country" : "product"} "${unknown.value}".`, "state");
    const view = await loadView(decoded.state, locale);
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
