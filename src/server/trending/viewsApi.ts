/**
 * POST /api/views {path}: counts one view of a profile for the trending page. The browser sends
 * it only while tracking is allowed; the server refuses it too when the consent cookie says
 * otherwise. Same-origin only, rate limited per client address, and nothing about the visitor is
 * kept: the day's count of the path goes up by one.
 */
import "server-only";
import { z } from "zod";
import { CONSENT_COOKIE, parseConsentCookie, trackingAllowed } from "@/domain/consent/consent";
import { parseProfilePath } from "@/domain/profiles/path";
import { isProfileViewPath, profileSegments, utcDay } from "@/domain/trending/views";
import { isSameOrigin, readCookie } from "@/server/auth/csrf";
import { getDb, type AppDb } from "@/server/db/client";
import { windowCounter, type WindowCounter } from "@/server/http/counters";
import { jsonError, readBodyLimited, tooManyRequests } from "@/server/http/jsonError";
import { clientKey } from "@/server/http/rateLimit";
import { authOrigin } from "@/server/origin";
import { buildLookup } from "@/server/profiles/lookup";
import { profileIndex } from "@/server/search/build";
import type { ProfileIndex } from "@/server/search/engine";
import { pruneViews, recordView } from "./repository";
import { keyedValue, processValue } from "@/server/processState";

const MINUTE = 60_000;
/** Per client address: a person opens far fewer profiles a minute; a script is held to this. */
export const VIEWS_PER_MINUTE = 60;
const BODY_LIMIT = 1024;

export const viewBodySchema = z.strictObject({ path: z.string().refine(isProfileViewPath, { message: "not_a_profile_path" }) });

export interface ViewDeps {
  db: AppDb;
  limiter: WindowCounter;
  index: () => Promise<ProfileIndex>;
  origin: string;
  now: () => Date;
}

/** The process's own pieces, for whatever a caller (a test) did not give. */
function withDefaults(given: Partial<ViewDeps>): ViewDeps {
  return {
    db: given.db ?? getDb(),
    limiter: given.limiter ?? processValue("trending/viewsApi:limiter", () => windowCounter("views", VIEWS_PER_MINUTE, MINUTE)),
    index: given.index ?? profileIndex,
    origin: given.origin ?? authOrigin().origin,
    now: given.now ?? (() => new Date()),
  };
}

const noStore = { "Cache-Control": "no-store" };

/** Old days go at most once a day per process, after a counted view; a failure only waits for tomorrow. */
function pruneDaily(deps: ViewDeps) {
  keyedValue("trending/viewsApi:prunedOn", utcDay(deps.now()), () => pruneViews(deps.now(), deps.db).catch((error: Error) => console.warn(`[views] prune failed: ${error.message}`)));
}

export async function handleViewPost(request: Request, overrides: Partial<ViewDeps> = {}): Promise<Response> {
  const deps = withDefaults(overrides);
  if (!isSameOrigin(request.headers, deps.origin)) return jsonError(403, "cross_site", "This request must come from the site itself.", noStore);
  const hit = await deps.limiter.hit(clientKey(request.headers));
  if (!hit.allowed) return tooManyRequests(hit.retryAfterSeconds, "Too many requests. Try again later.");
  const body = await readBodyLimited(request, BODY_LIMIT);
  if (!body.ok) return jsonError(413, "too_large", "The request body is too large.", noStore);
  let json: unknown;
  try {
    json = JSON.parse(body.text);
  } catch {
    return jsonError(400, "invalid_json", "The request body must be JSON.", noStore);
  }
  const parsed = viewBodySchema.safeParse(json);
  if (!parsed.success) return jsonError(400, "invalid", 'The body must be {"path": "/profile/<type>/..."}, a profile path without the language.', noStore);
  if (!trackingAllowed(parseConsentCookie(readCookie(request.headers.get("cookie"), CONSENT_COOKIE)))) {
    return jsonError(409, "consent_required", "Views are counted only when tracking cookies are allowed.", noStore);
  }
  let index: ProfileIndex;
  try {
    index = await deps.index();
  } catch {
    return jsonError(503, "unavailable", "Profiles are not available right now; try again later.", { ...noStore, "Retry-After": "30" });
  }
  const lookup = buildLookup(index);
  const result = parseProfilePath(profileSegments(parsed.data.path), lookup);
  if (result.kind === "not-found") return jsonError(404, "unknown_profile", "No profile has this path.", noStore);
  // A path spelled another way (a slug, an old code) counts for its canonical profile.
  const path = result.kind === "redirect" ? `/profile${result.path}` : parsed.data.path;
  await recordView(path, deps.now(), deps.db);
  pruneDaily(deps);
  return new Response(null, { status: 204, headers: noStore });
}
