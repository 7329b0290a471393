import { describe, expect, it } from "vitest";
import { LoginGuard, LOGIN_LIMITS } from "./loginGuard";

function guard() {
  let time = 1_000_000;
  const g = new LoginGuard(LOGIN_LIMITS, () => time);
  return { g, advance: (ms: number) => (time += ms) };
}

describe("LoginGuard", async () => {
  it("stops one address guessing one account after 10 failures, for the rest of the window", async () => {
    const { g, advance } = guard();
    for (let i = 0; i < 10; i++) {
      expect((await g.check("1.1.1.1", "ana@x.org")).allowed).toBe(true);
      await g.failed("1.1.1.1", "ana@x.org");
    }
    const verdict = (await g.check("1.1.1.1", "ana@x.org"));
    expect(verdict).toMatchObject({ allowed: false, reason: "pair" });
    expect(verdict.allowed === false && verdict.retryAfterSeconds).toBe(900);
    advance(15 * 60_000);
    expect((await g.check("1.1.1.1", "ana@x.org")).allowed).toBe(true);
  });

  it("never locks the owner out from another address", async () => {
    const { g } = guard();
    for (let i = 0; i < 10; i++) await g.failed("6.6.6.6", "ana@x.org");
    expect((await g.check("6.6.6.6", "ana@x.org")).allowed).toBe(false);
    expect((await g.check("1.1.1.1", "ana@x.org")).allowed).toBe(true);
  });

  it("stops password spraying: failures on 10 accounts from one address", async () => {
    const { g } = guard();
    for (let i = 0; i < 10; i++) {
      expect((await g.check("6.6.6.6", `user${i}@x.org`)).allowed).toBe(true);
      await g.failed("6.6.6.6", `user${i}@x.org`);
    }
    expect((await g.check("6.6.6.6", "user10@x.org"))).toMatchObject({ allowed: false, reason: "spraying" });
    expect((await g.check("1.1.1.1", "user10@x.org")).allowed).toBe(true);
  });

  it("past 50 failures on an account refuses addresses that failed on it, not clean ones", async () => {
    const { g } = guard();
    for (let a = 0; a < 6; a++) for (let i = 0; i < 9; i++) await g.failed(`10.0.0.${a}`, "ana@x.org");
    expect((await g.check("10.0.0.0", "ana@x.org"))).toMatchObject({ allowed: false, reason: "account" });
    expect((await g.check("1.1.1.1", "ana@x.org")).allowed).toBe(true);
    await g.failed("1.1.1.1", "ana@x.org");
    expect((await g.check("1.1.1.1", "ana@x.org")).allowed).toBe(false);
  });

  it("forgets an address's failures on an account when it signs in", async () => {
    const { g } = guard();
    for (let i = 0; i < 9; i++) await g.failed("1.1.1.1", "ana@x.org");
    await g.succeeded("1.1.1.1", "ana@x.org");
    for (let i = 0; i < 9; i++) await g.failed("1.1.1.1", "ana@x.org");
    expect((await g.check("1.1.1.1", "ana@x.org")).allowed).toBe(true);
  });

  it("keeps memory bounded", async () => {
    const g = new LoginGuard({ ...LOGIN_LIMITS, maxKeys: 100 }, () => 0);
    for (let i = 0; i < 10_000; i++) await g.failed(`a${i}`, `u${i}`);
    const sizes = g as unknown as Record<string, { size: number }>;
    expect(sizes.pairs!.size).toBeLessThanOrEqual(100);
    expect(sizes.addresses!.size).toBeLessThanOrEqual(100);
    expect(sizes.accounts!.size).toBeLessThanOrEqual(100);
    expect(sizes.failedHere!.size).toBeLessThanOrEqual(100);
  });
});
