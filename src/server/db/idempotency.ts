/**
 * Idempotency keys for writes (issue 41). A client that may retry a POST (after a 502 from a
 * node that died, a timeout, a 503 during a database outage) sends `Idempotency-Key: <uuid>`;
 * the write and its answer are stored in one transaction under that key, so
 * - a retry with the same key never writes twice: it gets the stored answer again, marked
 *   `Idempotent-Replayed: true`;
 * - a client that did not see the answer learns whether its write landed by sending it again.
 * The same key with a different request is refused (422). Keys are kept a day, per scope (the user,
 * or the email signing up), so one client's key never answers for another.
 */
import "server-only";
import { createHash } from "node:crypto";
import { and, eq, gte, lt } from "drizzle-orm";

/** The API error shape of server/http/jsonError (server/http imports this folder, so not imported back). */
function jsonError(status: number, code: string, message: string, headers?: HeadersInit): Response {
  return Response.json({ error: { code, message } }, { status, headers });
}
import { getDb, type AppDb } from "./client";
import { processValue } from "@/server/processState";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** A UUID, a ULID or any token of 8 to 128 URL-safe characters. */
const KEY_SHAPE = /^[A-Za-z0-9_.:-]{8,128}$/;

export interface IdempotencyAsk {
  scope: string;
  key: string;
  fingerprint: string;
}

export interface Answer {
  status: number;
  body: unknown;
}

/** The request's key: none (null), a usable one, or a 400 for one we cannot take. */
export function readIdempotencyKey(headers: Headers): { ok: true; key: string | null } | { ok: false; response: Response } {
  const raw = headers.get(IDEMPOTENCY_HEADER);
  if (raw === null) return { ok: true, key: null };
  const key = raw.trim();
  if (!KEY_SHAPE.test(key)) {
    return { ok: false, response: jsonError(400, "invalid_idempotency_key", "Idempotency-Key must be 8 to 128 letters, digits, or - _ . : (a UUID is best).") };
  }
  return { ok: true, key };
}

/** SHA-256 of a value's JSON with its keys sorted: what makes two requests "the same". */
export function fingerprintOf(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])])) : v;
  return createHash("sha256").update(JSON.stringify(canonical(value)) ?? "null").digest("hex");
}

/** A scope that names no one: the hash of what identifies the writer (an email signing up). */
export function hashedScope(kind: string, who: string): string {
  return `${kind}:${createHash("sha256").update(who).digest("hex").slice(0, 32)}`;
}

function answer(found: { status: number; body: string; fingerprint: string }, ask: IdempotencyAsk): Response {
  if (found.fingerprint !== ask.fingerprint) {
    return jsonError(422, "idempotency_key_reused", "This Idempotency-Key was already used for a different request. Use a new key for a new request.", { "Cache-Control": "no-store" });
  }
  return new Response(found.body, {
    status: found.status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", [REPLAYED_HEADER]: "true" },
  });
}

/** The stored answer for this key (a replay, or a 422 for a reused key), or null when there is none. */
export async function replayed(ask: IdempotencyAsk, db: AppDb = getDb(), now = Date.now()): Promise<Response | null> {
  const { idempotencyKeys: keys } = db.t;
  const [found] = await db.use((orm) =>
    orm
      .select({ status: keys.status, body: keys.body, fingerprint: keys.fingerprint })
      .from(keys)
      .where(and(eq(keys.scope, ask.scope), eq(keys.key, ask.key), gte(keys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS))))
      .limit(1),
  );
  return found ? answer(found, ask) : null;
}

/** When this process last swept expired keys (one clock for every bundle). */
const sweep = processValue("db/idempotency:sweep", () => ({ sweptAt: 0 }));

/**
 * Runs `write` once per key: the stored answer when this key was seen, else the write and its
 * answer's record in one transaction (the write's own repository calls join it). When the write
 * fails because a request with the same key committed first (two retries racing on two nodes),
 * that request's answer is given; any other failure is thrown as it was.
 */
export async function idempotent(ask: IdempotencyAsk, write: () => Promise<Answer>, db: AppDb = getDb(), now = Date.now()): Promise<Response> {
  const before = await replayed(ask, db, now);
  if (before) return before;
  const { idempotencyKeys: keys } = db.t;
  let result: Answer;
  try {
    result = await db.tx(async (orm) => {
      // An expired record of this key is forgotten; the key starts again.
      await orm.delete(keys).where(and(eq(keys.scope, ask.scope), eq(keys.key, ask.key), lt(keys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS))));
      const done = await write();
      await orm.insert(keys).values({ scope: ask.scope, key: ask.key, fingerprint: ask.fingerprint, status: done.status, body: JSON.stringify(done.body), createdAt: new Date(now) });
      return done;
    });
  } catch (error) {
    const winner = await replayed(ask, db, now).catch(() => null);
    if (winner) return winner;
    throw error;
  }
  if (now - sweep.sweptAt > 10 * 60_000) {
    sweep.sweptAt = now;
    db.use((orm) => orm.delete(keys).where(lt(keys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)))).catch(() => undefined);
  }
  return Response.json(result.body, { status: result.status, headers: { "Cache-Control": "no-store" } });
}
