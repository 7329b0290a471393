import { describe, expect, it } from "vitest";
import { clientKey, RateLimiter } from "./rateLimit";

describe("RateLimiter", () => {
  it("allows up to the limit per window, then says when to retry", () => {
    let now = 0;
    const limiter = new RateLimiter(3, 60_000, 100, () => now);
    expect([1, 2, 3].map(() => limiter.hit("a").allowed)).toEqual([true, true, true]);
    now = 15_000;
    const refused = limiter.hit("a");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(45);
    expect(limiter.hit("b").allowed).toBe(true);
    expect(limiter.count("a")).toEqual({ count: 4, retryAfterSeconds: 45 });
    expect(limiter.count("nobody")).toEqual({ count: 0, retryAfterSeconds: 0 });
    now = 60_000;
    expect(limiter.hit("a").allowed).toBe(true);
  });
  it("keeps memory bounded", () => {
    const limiter = new RateLimiter(1, 60_000, 10, () => 0);
    for (let i = 0; i < 1000; i++) limiter.hit(`k${i}`);
    // The overflow window newcomers share while all are live counts among them.
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBeLessThanOrEqual(10);
  });
});

it("takes the first forwarded address as the client", () => {
  expect(clientKey(new Headers({ "x-forwarded-for": "1.2.3.4, 10.0.0.1" }))).toBe("1.2.3.4");
  expect(clientKey(new Headers())).toBe("local");
});

describe("RateLimiter under a flood of fresh keys", () => {
  it("never evicts a live window: newcomers share one overflow window while it is full", () => {
    let time = 0;
    const limiter = new RateLimiter(3, 60_000, 100, () => time);
    for (let i = 0; i < 3; i++) limiter.hit("victim");
    expect(limiter.hit("victim").allowed).toBe(false);
    // An attacker with 10,000 fresh addresses tries to push the victim's count out.
    for (let i = 0; i < 10_000; i++) limiter.hit(`flood-${i}`);
    expect(limiter.size).toBeLessThanOrEqual(100);
    expect(limiter.hit("victim").allowed).toBe(false);
    // The flood itself is limited together.
    expect(limiter.hit("flood-fresh").allowed).toBe(false);
    // Once windows end, room comes back and a newcomer has its own window again.
    time = 60_000;
    expect(limiter.hit("newcomer")).toMatchObject({ allowed: true, remaining: 2 });
    expect(limiter.hit("victim").allowed).toBe(true);
  });
});
