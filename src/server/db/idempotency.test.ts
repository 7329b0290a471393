import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createUser, findUserByEmail } from "@/server/auth/users";
import { recordVisit } from "@/server/history/repository";
import { DIALECTS, useAppDb } from "./__tests__/appDbs";
import { fingerprintOf, hashedScope, IDEMPOTENCY_TTL_MS, idempotent, readIdempotencyKey, REPLAYED_HEADER } from "./idempotency";

describe("readIdempotencyKey", () => {
  it("takes none, a UUID or a token, and refuses anything else with a 400", () => {
    expect(readIdempotencyKey(new Headers())).toEqual({ ok: true, key: null });
    expect(readIdempotencyKey(new Headers({ "Idempotency-Key": " 0b7c1a4e-1111-4222-8333-444455556666 " }))).toEqual({ ok: true, key: "0b7c1a4e-1111-4222-8333-444455556666" });
    for (const bad of ["short", "x".repeat(129), "has space inside", "<script>alert(1)</script>"]) {
      const read = readIdempotencyKey(new Headers({ "Idempotency-Key": bad }));
      expect(read.ok).toBe(false);
      if (!read.ok) expect(read.response.status).toBe(400);
    }
  });
});

describe("fingerprintOf and hashedScope", () => {
  it("does not care about key order, and cares about values", () => {
    expect(fingerprintOf({ a: 1, b: { c: [1, 2], d: "x" } })).toBe(fingerprintOf({ b: { d: "x", c: [1, 2] }, a: 1 }));
    expect(fingerprintOf({ a: 1 })).not.toBe(fingerprintOf({ a: 2 }));
  });
  it("keeps the email out of the scope", () => {
    const scope = hashedScope("signup", "ana@x.org");
    expect(scope).toMatch(/^signup:[0-9a-f]{32}$/);
    expect(scope).not.toContain("ana");
    expect(hashedScope("signup", "ana@x.org")).toBe(scope);
  });
});

describe.each(DIALECTS)("idempotent writes on %s", (dialect) => {
  const db = useAppDb(dialect);
  const ask = (key: string, fields: unknown = { email: "ana@x.org" }, scope = "signup:ana") => ({ scope, key, fingerprint: fingerprintOf(fields) });

  it("writes once per key; a retry gets the first answer, marked as replayed", async () => {
    let writes = 0;
    const write = async () => {
      writes++;
      const row = await createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db());
      return { status: 201, body: { ok: true, id: row.id } };
    };
    const first = await idempotent(ask("key-00000001"), write, db());
    expect(first.status).toBe(201);
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();
    const firstBody = await first.json();
    const again = await idempotent(ask("key-00000001"), write, db());
    expect(again.status).toBe(201);
    expect(again.headers.get(REPLAYED_HEADER)).toBe("true");
    expect(await again.json()).toEqual(firstBody);
    expect(writes).toBe(1);
  });

  it("refuses the same key for a different request with a 422", async () => {
    const write = async () => ({ status: 200, body: { n: 1 } });
    expect((await idempotent(ask("key-00000002", { a: 1 }), write, db())).status).toBe(200);
    const reused = await idempotent(ask("key-00000002", { a: 2 }), write, db());
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { error: { code: string } }).error.code).toBe("idempotency_key_reused");
  });

  it("keeps keys apart per scope: one user's key never answers for another", async () => {
    let writes = 0;
    const write = async () => ({ status: 200, body: { n: ++writes } });
    await idempotent(ask("key-00000003", {}, "history:u1"), write, db());
    const other = await idempotent(ask("key-00000003", {}, "history:u2"), write, db());
    expect(other.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await other.json()).toEqual({ n: 2 });
  });

  it("stores nothing when the write fails: its changes are rolled back and a retry writes", async () => {
    let attempts = 0;
    const write = async () => {
      attempts++;
      await createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db());
      if (attempts === 1) throw new Error("the node died mid-request");
      return { status: 201, body: { ok: true } };
    };
    await expect(idempotent(ask("key-00000004"), write, db())).rejects.toThrow("the node died");
    expect(await findUserByEmail("ana@x.org", db())).toBeUndefined();
    const retry = await idempotent(ask("key-00000004"), write, db());
    expect(retry.status).toBe(201);
    expect(retry.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await findUserByEmail("ana@x.org", db())).toBeDefined();
  });

  it("gives two racing retries of one key one write and the same answer", async () => {
    const user = await createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db());
    let writes = 0;
    const write = async () => {
      writes++;
      const entries = await recordVisit(user.id, { link: `/profile/country/w${writes}`, title: "Chile" }, new Date(), db());
      return { status: 200, body: { entries } };
    };
    const answers = await Promise.all([1, 2, 3].map(() => idempotent(ask("key-00000005", { link: "/x" }, `history:${user.id}`), write, db())));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    // However many writes began, one landed: the others were rolled back with their key's insert.
    const { profileHistory } = db().t;
    const rows = await db().use((orm) => orm.select().from(profileHistory).where(eq(profileHistory.userId, user.id)));
    expect(rows).toHaveLength(1);
  });

  it("forgets a key after a day", async () => {
    let writes = 0;
    const write = async () => ({ status: 200, body: { n: ++writes } });
    const now = Date.now();
    await idempotent(ask("key-00000006"), write, db(), now);
    const later = await idempotent(ask("key-00000006"), write, db(), now + IDEMPOTENCY_TTL_MS + 1000);
    expect(later.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await later.json()).toEqual({ n: 2 });
    const replay = await idempotent(ask("key-00000006"), write, db(), now + IDEMPOTENCY_TTL_MS + 2000);
    expect(await replay.json()).toEqual({ n: 2 });
  });
});
