/**
 * POST /api/consent (spec section 7, call 5) and the profile-history API. Route files only call
 * these. All need a session (401 without), and the writes the same-origin, CSRF and body checks
 * of the account API. Consent and history writes may carry an `Idempotency-Key`.
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
import { fingerprintOf, idempotent, readIdempotencyKey, type Answer } from "@/server/db/idempotency";
import { whileDatabaseAnswers } from "@/server/db/unavailable";
import { processValue } from "@/server/processState";

const MINUTE = 60_000;
const BODY_LIMIT = 4 * 1024;

interface Limiters {
  consent: WindowCounter;
  history: WindowCounter;
}

/** Per user (shared by every node with PostgreSQL): generous for people, tight enough for scripts. */
function limiters(): Limiters {
  return processValue("auth/consentApi:limiters", () => ({ consent: windowCounter("consent", 30, 5 * MINUTE), history: windowCounter("history", 120, MINUTE) }));
}


const noStore = { "Cache-Control": "no-store" };

/**
 * A write under the request's `Idempotency-Key`, when it sent one (scoped to the user): a retry
 * gets the first answer and never writes twice (db/idempotency.ts).
 */
function onceFor(key: string | null, scope: string, fields: unknown, write: () => Promise<Answer>): Promise<Response> {
  if (key) return idempotent({ scope, key, fingerprint: fingerprintOf(fields) }, write);
  return write().then((done) => Response.json(done.body, { status: done.status, headers: noStore }));
}

async function consent(request: Request): Promise<Response> {
  const idempotency = readIdempotencyKey(request.headers);
  if (!idempotency.ok) return idempotency.response;
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const hit = await limiters().consent.hit(auth.session.row.id);
  if (!hit.allowed) return tooManyRequests(hit.retryAfterSeconds, "Too many requests. Try again later.");
  const input = await readProtectedPost(request, consentBodySchema, BODY_LIMIT);
  if (!input.ok) return input.response;
  const userId = auth.session.row.id;
  return onceFor(idempotency.key, `consent:${userId}`, input.data, async () => {
    const row = await saveConsent(userId, input.data.consent);
    if (!row) return { status: 401, body: { error: { code: "unauthenticated", message: "Sign in first." } } };
    return { status: 200, body: { consent: row.bespokeUserMetadata.consent, user: toSessionUser(row) } };
  });
}

async function historyList(): Promise<Response> {
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const entries = mayKeepHistory(auth.session.row) ? await listHistory(auth.session.row.id) : [];
  return Response.json({ entries }, { headers: noStore });
}

async function historyVisit(request: Request): Promise<Response> {
  const idempotency = readIdempotencyKey(request.headers);
  if (!idempotency.ok) return idempotency.response;
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const hit = await limiters().history.hit(auth.session.row.id);
  if (!hit.allowed) return tooManyRequests(hit.retryAfterSeconds, "Too many requests. Try again later.");
  const input = await readProtectedPost(request, historyPostSchema, 16 * 1024);
  if (!input.ok) return input.response;
  if (!mayKeepHistory(auth.session.row)) {
    return jsonError(409, "consent_required", "Profile history is kept only with functional cookies allowed.");
  }
  const userId = auth.session.row.id;
  const data = input.data;
  return onceFor(idempotency.key, `history:${userId}`, data, async () => {
    const entries = "visit" in data ? await recordVisit(userId, data.visit) : await recordVisits(userId, data.visits);
    return { status: 200, body: { entries } };
  });
}

async function historyClear(request: Request): Promise<Response> {
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const hit = await limiters().history.hit(auth.session.row.id);
  if (!hit.allowed) return tooManyRequests(hit.retryAfterSeconds, "Too many requests. Try again later.");
  const input = await readProtectedPost(request, z.strictObject({}), BODY_LIMIT);
  if (!input.ok) return input.response;
  await clearHistory(auth.session.row.id);
  return Response.json({ entries: [] }, { headers: noStore });
}

/**
 * These routes need the app database: while it cannot be reached they answer 503 with Retry-After
 * and the JSON error body (nothing was written), never an empty 500.
 */
export const handleConsent = (request: Request) => whileDatabaseAnswers("POST /api/consent", () => consent(request));
export const handleHistoryList = () => whileDatabaseAnswers("GET /api/history", () => historyList());
export const handleHistoryVisit = (request: Request) => whileDatabaseAnswers("POST /api/history", () => historyVisit(request));
export const handleHistoryClear = (request: Request) => whileDatabaseAnswers("DELETE /api/history", () => historyClear(request));
