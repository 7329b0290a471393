import { describe, expect, it } from "vitest";
import { LoginGuard, LOGIN_LIMITS } from "@/server/auth/loginGuard";
import { TEST_PG, useAppDb } from "@/server/db/__tests__/appDbs";
import { MemoryCounter, PgCounter } from "./counters";

describe("MemoryCounter", () => {
  it("counts in a fixed window", async () => {
    let time = 0;
    const c = new MemoryCounter(2, 60_000, 100, () => time);
    expect((await c.hit("a")).allowed).toBe(true);
    expect((await c.hit("a")).remaining).toBe(0);
    expect(await c.hit("a")).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    time = 60_000;
    expect((await c.hit("a")).allowed).toBe(true);
  });
});

describe.skipIf(!TEST_PG)("PgCounter (shared by every node)", () => {
  const db = useAppDb("postgres");

  it("counts one window for every process that shares the database, atomically", async () => {
    let time = 1_000_000;
    // Two "nodes": two counters on the same table and name.
    const a = new PgCounter(db().pool!, "test", 10, 60_000, () => time);
    const b = new PgCounter(db().pool!, "test", 10, 60_000, () => time);
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => (i % 2 ? a : b).hit("k")));
    expect(answers.filter((x) => x.allowed)).toHaveLength(10);
    expect((await a.count("k")).count).toBe(25);
    expect(await b.hit("other")).toMatchObject({ allowed: true, remaining: 9 });
    time += 60_000;
    expect(await a.hit("k")).toMatchObject({ allowed: true, remaining: 9 });
    await b.reset("k");
    expect((await a.count("k")).count).toBe(0);
  });

  it("gives the login guard one limit across nodes", async () => {
    const make = (name: string, limit: number, windowMs: number) => new PgCounter(db().pool!, name, limit, windowMs);
    const nodeA = new LoginGuard(LOGIN_LIMITS, Date.now, make);
    const nodeB = new LoginGuard(LOGIN_LIMITS, Date.now, make);
    for (let i = 0; i < 10; i++) await (i % 2 ? nodeA : nodeB).failed("6.6.6.6", "ana@x.org");
    expect(await nodeA.check("6.6.6.6", "ana@x.org")).toMatchObject({ allowed: false, reason: "pair" });
    expect(await nodeB.check("6.6.6.6", "ana@x.org")).toMatchObject({ allowed: false, reason: "pair" });
    expect((await nodeB.check("1.1.1.1", "ana@x.org")).allowed).toBe(true);
  });
});
