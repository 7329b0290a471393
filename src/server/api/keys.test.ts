import { beforeEach, describe, expect, it } from "vitest";
import { createUser, deleteUser } from "@/server/auth/users";
import { DIALECTS, useAppDb } from "@/server/db/__tests__/appDbs";
import { createApiKey, findActiveApiKey, hashApiKey, listApiKeys, looksLikeApiKey, MAX_KEYS_PER_USER, normaliseKeyName, revokeApiKey, TooManyKeysError } from "./keys";

describe.each(DIALECTS)("API keys on %s", (dialect) => {
  const db = useAppDb(dialect);
  let userId: string;
  beforeEach(async () => {
    userId = (await createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db())).id;
  });
  const rows = () => db().use((orm) => orm.select().from(db().t.apiKeys));

  it("creates a key shown once and stores only its SHA-256", async () => {
    const { key, summary } = await createApiKey(userId, "thesis", db());
    expect(looksLikeApiKey(key)).toBe(true);
    expect(summary).toMatchObject({ name: "thesis", prefix: key.slice(0, 12), lastUsedAt: null });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.keyHash).toBe(hashApiKey(key));
    // Nothing stored holds the key in clear.
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(JSON.stringify(stored)).not.toContain(key.slice(12));
    expect((await listApiKeys(userId, db())).map((k) => k.name)).toEqual(["thesis"]);
  });

  it("finds an active key, records its use, and refuses it once revoked", async () => {
    const { key, summary } = await createApiKey(userId, "laptop", db());
    expect(await findActiveApiKey(key, db(), 1_000)).toEqual({ id: summary.id, userId, role: 0 });
    expect((await listApiKeys(userId, db()))[0]!.lastUsedAt).toBe(1_000);
    expect(await findActiveApiKey(`${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`, db())).toBeNull();
    expect(await findActiveApiKey("oto_' OR 1=1 --", db())).toBeNull();
    expect(await revokeApiKey(userId, summary.id, db())).toBe(true);
    expect(await revokeApiKey(userId, summary.id, db())).toBe(false);
    expect(await findActiveApiKey(key, db())).toBeNull();
    expect(await listApiKeys(userId, db())).toEqual([]);
  });

  it("lets nobody revoke another user's key", async () => {
    const other = (await createUser({ name: "Bo", email: "bo@x.org", passwordHash: null }, db())).id;
    const { key, summary } = await createApiKey(userId, "mine", db());
    expect(await revokeApiKey(other, summary.id, db())).toBe(false);
    expect(await findActiveApiKey(key, db())).not.toBeNull();
  });

  it(`holds at most ${MAX_KEYS_PER_USER} active keys per user; revoking frees a place`, async () => {
    const made = [];
    for (let i = 0; i < MAX_KEYS_PER_USER; i++) made.push(await createApiKey(userId, `k${i}`, db()));
    await expect(createApiKey(userId, "one more", db())).rejects.toThrow(TooManyKeysError);
    await revokeApiKey(userId, made[0]!.summary.id, db());
    await expect(createApiKey(userId, "one more", db())).resolves.toBeTruthy();
  });

  it("goes with its user", async () => {
    const { key } = await createApiKey(userId, "gone", db());
    await deleteUser(userId, db());
    expect(await findActiveApiKey(key, db())).toBeNull();
    expect(await rows()).toEqual([]);
  });
});

describe("key names", () => {
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
