import { beforeEach, describe, expect, it } from "vitest";
import { openDb, type AppDb } from "@/server/db/client";
import { apiKeys } from "@/server/db/schema";
import { createUser, deleteUser } from "@/server/auth/users";
import { createApiKey, findActiveApiKey, hashApiKey, listApiKeys, looksLikeApiKey, MAX_KEYS_PER_USER, normaliseKeyName, revokeApiKey, TooManyKeysError } from "./keys";

let db: AppDb;
let userId: string;
beforeEach(() => {
  db = openDb(":memory:");
  userId = createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db).id;
});

describe("API keys", () => {
  it("creates a key shown once and stores only its SHA-256", () => {
    const { key, summary } = createApiKey(userId, "thesis", db);
    expect(looksLikeApiKey(key)).toBe(true);
    expect(summary).toMatchObject({ name: "thesis", prefix: key.slice(0, 12), lastUsedAt: null });
    const rows = db.select().from(apiKeys).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.keyHash).toBe(hashApiKey(key));
    // Nothing stored holds the key in clear.
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(JSON.stringify(rows)).not.toContain(key.slice(12));
    expect(listApiKeys(userId, db).map((k) => k.name)).toEqual(["thesis"]);
  });

  it("finds an active key, records its use, and refuses it once revoked", () => {
    const { key, summary } = createApiKey(userId, "laptop", db);
    expect(findActiveApiKey(key, db, 1_000)).toEqual({ id: summary.id, userId });
    expect(listApiKeys(userId, db)[0]!.lastUsedAt).toBe(1_000);
    expect(findActiveApiKey(`${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`, db)).toBeNull();
    expect(findActiveApiKey("oto_' OR 1=1 --", db)).toBeNull();
    expect(revokeApiKey(userId, summary.id, db)).toBe(true);
    expect(revokeApiKey(userId, summary.id, db)).toBe(false);
    expect(findActiveApiKey(key, db)).toBeNull();
    expect(listApiKeys(userId, db)).toEqual([]);
  });

  it("lets nobody revoke another user's key", () => {
    const other = createUser({ name: "Bo", email: "bo@x.org", passwordHash: null }, db).id;
    const { key, summary } = createApiKey(userId, "mine", db);
    expect(revokeApiKey(other, summary.id, db)).toBe(false);
    expect(findActiveApiKey(key, db)).not.toBeNull();
  });

  it(`holds at most ${MAX_KEYS_PER_USER} active keys per user; revoking frees a place`, () => {
    const made = Array.from({ length: MAX_KEYS_PER_USER }, (_, i) => createApiKey(userId, `k${i}`, db));
    expect(() => createApiKey(userId, "one more", db)).toThrow(TooManyKeysError);
    revokeApiKey(userId, made[0]!.summary.id, db);
    expect(() => createApiKey(userId, "one more", db)).not.toThrow();
  });

  it("goes with its user", () => {
    const { key } = createApiKey(userId, "gone", db);
    deleteUser(userId, db);
    expect(findActiveApiKey(key, db)).toBeNull();
    expect(db.select().from(apiKeys).all()).toEqual([]);
  });

  it("normalises names and refuses empty, long and control-character names", () => {
    expect(normaliseKeyName("  my   notebook ")).toBe("my notebook");
    expect(normaliseKeyName("<script>alert(1)</script>")).toBe("<script>alert(1)</script>");
    expect(normaliseKeyName("")).toBeNull();
    expect(normaliseKeyName("   ")).toBeNull();
    expect(normaliseKeyName("x".repeat(61))).toBeNull();
    expect(normaliseKeyName("a\u0000b")).toBeNull();
    expect(normaliseKeyName(42)).toBeNull();
  });
});
