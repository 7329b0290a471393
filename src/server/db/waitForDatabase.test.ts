import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffDelay, waitForDatabase } from "./waitForDatabase";

const refused = () => Object.assign(new Error("Failed query: CREATE SCHEMA IF NOT EXISTS \"drizzle\""), { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }) });

describe("backoffDelay", () => {
  it("starts at half a second, doubles, and stays at ten seconds", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50, 5000].map((n) => backoffDelay(n))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000, 10_000]);
  });
});

describe("waitForDatabase", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("retries with back-off until the database answers, logging the real cause each time", async () => {
    let calls = 0;
    const log = { warn: vi.fn(), info: vi.fn() };
    const check = vi.fn(async () => {
      calls++;
      if (calls <= 4) throw refused();
    });
    let attempts = 0;
    const done = waitForDatabase(check, { log, where: () => "postgres://oto:***@db/oto" }).then((n) => (attempts = n));
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    // The waits: 0.5 s, 1 s, 2 s, 4 s.
    await vi.advanceTimersByTimeAsync(499);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(check).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(check).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(3999);
    expect(check).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(attempts).toBe(5);
    expect(log.warn).toHaveBeenCalledTimes(4);
    const first = log.warn.mock.calls[0]![0] as string;
    // The cause behind Drizzle's "Failed query", not only the query.
    expect(first).toContain("ECONNREFUSED 127.0.0.1:5432");
    expect(first).toContain("postgres://oto:***@db/oto");
    expect(first).toContain("0.5 s");
    expect(log.warn.mock.calls[3]![0]).toContain("in 4 s");
    expect(log.info).toHaveBeenCalledTimes(1);
  });

  it("never gives up: after a long outage it still tries every ten seconds", async () => {
    let up = false;
    const log = { warn: vi.fn(), info: vi.fn() };
    const check = vi.fn(async () => {
      if (!up) throw refused();
    });
    const done = waitForDatabase(check, { log });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    // 0.5+1+2+4+8 s, then every 10 s: about 63 attempts in ten minutes.
    expect(check.mock.calls.length).toBeGreaterThan(55);
    expect(check.mock.calls.length).toBeLessThan(70);
    up = true;
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(done).resolves.toBe(check.mock.calls.length);
  });

  it("stops at once on a failure no retry mends", async () => {
    const check = vi.fn(async () => {
      throw new TypeError("DATABASE_URL has an unsupported scheme");
    });
    await expect(waitForDatabase(check, { fatal: (error) => error instanceof TypeError, log: { warn: vi.fn(), info: vi.fn() } })).rejects.toThrow(TypeError);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it("answers at once when the database is there", async () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    await expect(waitForDatabase(async () => {}, { log })).resolves.toBe(1);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
