/**
 * POST /api/consent (spec section 7, call 5) and the profile-history API. Route files only call
 * these. All need a session (401 without), and the writes the same-origin, CSRF and body checks
 * of the account API.
 */
import "server-only";
import { historyPostSchema } from "@/server/history/schemas";
import { consentBodySchema } from "@/server/consent/schemas";
import { z } from "zod";
import { readProtectedPost, requireApiSession } from "./guard";
import { toSessionUser } from "./options";
import { jsonError, tooManyRequests } from "@/server/http/jsonError";
import { windowCounter, type WindowCounter } from "@/server/http/counters";
import { clearHistory, listHistory, recordVisit, recordVisits } from "@/server/history/repository";
import { mayKeepHistory, saveConsent } from "@/server/consent/store";

const MINUTE = 60_000;
const BODY_LIMIT = 4 * 1024;

interface Limiters {
  consent: WindowCounter;
  history: WindowCounter;
}

const holder = globalThis as unknown as { __otoConsentLimiters?: Limiters };

/** Per user (shared by every node with PostgreSQL): generous for people, tight enough for scripts. */
function limiters(): Limiters {
  holder.__otoConsentLimiters ??= { consent: windowCounter("consent", 30, 5 * MINUTE), history: windowCounter("history", 120, MINUTE) };
  return holder.__otoConsentLimiters;
}


const noStore = { "Cache-Control": "no-store" };

export async function handleConsent(request: Request): Promise<Response> {
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const hit = await limiters().consent.hit(auth.session.row.id);
  if (!hit.allowed) return tooManyRequests(hit.retryAfterSeconds, "Too many requests. Try again later.");
  const input = await readProtectedPost(request, consentBodySchema, BODY_LIMIT);
  if (!input.ok) return input.response;
  const row = await saveConsent(auth.session.row.id, input.data.consent);
  if (!row) return jsonError(401, "unauthenticated", "Sign in first.");
  return Response.json({ consent: row.bespokeUserMetadata.consent, user: toSessionUser(row) }, { headers: noStore });
}

export async function handleHistoryList(): Promise<Response> {
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const entries = mayKeepHistory(auth.session.row) ? await listHistory(auth.session.row.id) : [];
  return Response.json({ entries }, { headers: noStore });
}

export async function handleHistoryVisit(request: Request): Promise<Response> {
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const hit = await limiters().history.hit(auth.session.row.id);
  if (!hit.allowed) return tooManyRequests(hit.retryAfterSeconds, "Too many requests. Try again later.");
  const input = await readProtectedPost(request, historyPostSchema, 16 * 1024);
  if (!input.ok) return input.response;
  if (!mayKeepHistory(auth.session.row)) {
    return jsonError(409, "consent_required", "Profile history is kept only with functional cookies allowed.");
  }
  const entries = "visit" in input.data ? await recordVisit(auth.session.row.id, input.data.visit) : await recordVisits(auth.session.row.id, input.data.visits);
  return Response.json({ entries }, { headers: noStore });
}

export async function handleHistoryClear(request: Request): Promise<Response> {
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const hit = await limiters().history.hit(auth.session.row.id);
  if (!hit.allowed) return tooManyRequests(hit.retryAfterSeconds, "Too many requests. Try again later.");
  const input = await readProtectedPost(request, z.strictObject({}), BODY_LIMIT);
  if (!input.ok) return input.response;
  await clearHistory(auth.session.row.id);
  return Response.json({ entries: [] }, { headers: noStore });
}
