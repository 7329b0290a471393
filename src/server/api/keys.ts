/**
 * API keys, read and written in one place. A key is `oto_` and 43 base64url characters (256
 * random bits); only its SHA-256 is stored, and the key itself is returned once, at creation.
 */
import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { createHash, randomBytes } from "node:crypto";
import { normaliseName } from "@/domain/auth/validation";
import { getDb, type AppDb } from "@/server/db/client";

export const API_KEY_PREFIX = "oto_";
/** Active keys one user may hold at once. */
export const MAX_KEYS_PER_USER = 10;
export const KEY_NAME_MAX = 60;
const KEY_SHAPE = /^oto_[A-Za-z0-9_-]{43}$/;
/** The last-use time is written at most this often per key (one write per request would be waste). */
const LAST_USED_EVERY_MS = 60_000;

export interface ApiKeySummary {
  id: string;
  name: string;
  /** The key's first 12 characters. */
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Whether a string has the shape of one of our keys (checked before any lookup). */
export function looksLikeApiKey(value: string): boolean {
  return KEY_SHAPE.test(value);
}

/** A key name as stored: a display name (normaliseName) of 1 to KEY_NAME_MAX characters; else null. */
export function normaliseKeyName(input: unknown): string | null {
  return normaliseName(input, KEY_NAME_MAX);
}

export class TooManyKeysError extends Error {
  override name = "TooManyKeysError";
}

/** Creates a key; the returned `key` is the only time it exists in clear. */
export async function createApiKey(userId: string, name: string, db: AppDb = getDb(), now = Date.now()): Promise<{ key: string; summary: ApiKeySummary }> {
  const { apiKeys } = db.t;
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = {
    id: crypto.randomUUID(),
    userId,
    name,
    prefix: key.slice(0, 12),
    keyHash: hashApiKey(key),
    createdAt: new Date(now),
  };
  await db.tx(async (orm) => {
    const [active] = await orm
      .select({ n: sql<number>`count(*)` })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    // PostgreSQL answers count(*) as a string (bigint).
    if (Number(active?.n ?? 0) >= MAX_KEYS_PER_USER) throw new TooManyKeysError(`at most ${MAX_KEYS_PER_USER} keys`);
    await orm.insert(apiKeys).values(row);
  });
  return { key, summary: { id: row.id, name, prefix: row.prefix, createdAt: now, lastUsedAt: null } };
}

/** A user's active keys, newest first. */
export async function listApiKeys(userId: string, db: AppDb = getDb()): Promise<ApiKeySummary[]> {
  const { apiKeys } = db.t;
  const rows = await db.use((orm) =>
    orm
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .orderBy(desc(apiKeys.createdAt)),
  );
  return rows.map((row) => ({ id: row.id, name: row.name, prefix: row.prefix, createdAt: row.createdAt.getTime(), lastUsedAt: row.lastUsedAt?.getTime() ?? null }));
}

/** Revokes one of the user's own keys; false when it is not theirs or already revoked. */
export async function revokeApiKey(userId: string, id: string, db: AppDb = getDb(), now = Date.now()): Promise<boolean> {
  const { apiKeys } = db.t;
  const changed = await db.use((orm) =>
    orm
      .update(apiKeys)
      .set({ revokedAt: new Date(now) })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id }),
  );
  return changed.length > 0;
}

const lastWritten = new Map<string, number>();

/**
 * The active key with this value, or null (unknown, malformed or revoked). Records the use, at
 * most once a minute per key.
 */
export async function findActiveApiKey(key: string, db: AppDb = getDb(), now = Date.now()): Promise<{ id: string; userId: string; role: number } | null> {
  if (!looksLikeApiKey(key)) return null;
  const { apiKeys, users } = db.t;
  const [row] = await db.use((orm) =>
    orm
      .select({ id: apiKeys.id, userId: apiKeys.userId, revokedAt: apiKeys.revokedAt, role: users.role })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(eq(apiKeys.keyHash, hashApiKey(key)))
      .limit(1),
  );
  if (!row || row.revokedAt) return null;
  const written = lastWritten.get(row.id);
  if (written === undefined || now - written >= LAST_USED_EVERY_MS) {
    if (lastWritten.size > 10_000) lastWritten.clear();
    lastWritten.set(row.id, now);
    await db.use((orm) => orm.update(apiKeys).set({ lastUsedAt: new Date(now) }).where(eq(apiKeys.id, row.id)));
  }
  return { id: row.id, userId: row.userId, role: row.role };
}
