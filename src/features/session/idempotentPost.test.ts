import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_WAIT_MS, idempotentPost, MAX_RETRY_WAIT_MS, newIdempotencyKey, retryDelayMs } from "./idempotentPost";

/** A fetch that answers from a script (a Response, or an Error to throw) and records each call. */
function scripted(...answers: (Response | Error)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error("no more answers scripted");
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const keyOf = (init: RequestInit) => (init.headers as Record<string, string>)["Idempotency-Key"];

describe("idempotentPost", () => {
  const init = { headers: { "Content-Type": "application/json" }, body: '{"visit":1}' };

  it("sends once with a fresh key when the first answer is not a 503", async () => {
    for (const status of [200, 201, 400, 409, 500, 502]) {
      const { fetch, calls } = scripted(new Response(null, { status }));
      const slept: number[] = [];
      const response = await idempotentPost("/api/history", init, { fetch, sleep: async (ms) => void slept.push(ms), newKey: () => "key-1234" });
      expect(response.status).toBe(status);
      expect(calls).toHaveLength(1);
      expect(calls[0]!.init).toMatchObject({ method: "POST", body: '{"visit":1}', headers: { "Content-Type": "application/json", "Idempotency-Key": "key-1234" } });
      expect(slept).toEqual([]);
    }
  });

  it("retries a 503 once, after its Retry-After, with the same key and body", async () => {
    const { fetch, calls } = scripted(new Response(null, { status: 503, headers: { "Retry-After": "2" } }), new Response("{}", { status: 200 }));
    const slept: number[] = [];
    const response = await idempotentPost("/api/consent", init, { fetch, sleep: async (ms) => void slept.push(ms) });
    expect(response.status).toBe(200);
    expect(slept).toEqual([2000]);
    expect(calls).toHaveLength(2);
    expect(keyOf(calls[1]!.init)).toBe(keyOf(calls[0]!.init));
    expect(calls[1]!.init.body).toBe(calls[0]!.init.body);
    // Never more than once: a second 503 is the answer.
    const twice = scripted(new Response(null, { status: 503 }), new Response(null, { status: 503 }));
    expect((await idempotentPost("/api/consent", init, { fetch: twice.fetch, sleep: async () => {} })).status).toBe(503);
    expect(twice.calls).toHaveLength(2);
  });

  it("caps the wait however long Retry-After asks for", async () => {
    const { fetch } = scripted(new Response(null, { status: 503, headers: { "Retry-After": "3600" } }), new Response(null, { status: 201 }));
    const slept: number[] = [];
    expect((await idempotentPost("/api/account/signup", init, { fetch, sleep: async (ms) => void slept.push(ms) })).status).toBe(201);
    expect(slept).toEqual([MAX_RETRY_WAIT_MS]);
  });

  it("retries a lost answer (network error) once with the same key; a second loss rejects", async () => {
    const { fetch, calls } = scripted(new TypeError("Failed to fetch"), new Response(null, { status: 200, headers: { "Idempotent-Replayed": "true" } }));
    const slept: number[] = [];
    const response = await idempotentPost("/api/history", init, { fetch, sleep: async (ms) => void slept.push(ms) });
    expect(response.headers.get("idempotent-replayed")).toBe("true");
    expect(slept).toEqual([DEFAULT_RETRY_WAIT_MS]);
    expect(keyOf(calls[1]!.init)).toBe(keyOf(calls[0]!.init));
    const lost = scripted(new TypeError("Failed to fetch"), new TypeError("Failed to fetch"));
    await expect(idempotentPost("/api/history", init, { fetch: lost.fetch, sleep: async () => {} })).rejects.toThrow("Failed to fetch");
  });

  it("answers the 503 when the retry after it gets no answer at all", async () => {
    const { fetch } = scripted(new Response(null, { status: 503 }), new TypeError("Failed to fetch"));
    expect((await idempotentPost("/api/history", init, { fetch, sleep: async () => {} })).status).toBe(503);
  });

  it("makes a new key for every write, in the form the server accepts", () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("retryDelayMs", () => {
  it("reads seconds and HTTP dates, within 0 and the cap, and falls back to the default", () => {
    expect(retryDelayMs("5")).toBe(5000);
    expect(retryDelayMs("0")).toBe(0);
    expect(retryDelayMs("120")).toBe(MAX_RETRY_WAIT_MS);
    expect(retryDelayMs("120", 60_000)).toBe(60_000);
    const now = Date.parse("2026-11-28T12:00:00Z");
    expect(retryDelayMs("Sat, 28 Nov 2026 12:00:03 GMT", MAX_RETRY_WAIT_MS, now)).toBe(3000);
    expect(retryDelayMs("Sat, 28 Nov 2026 11:00:00 GMT", MAX_RETRY_WAIT_MS, now)).toBe(0);
    expect(retryDelayMs(null)).toBe(DEFAULT_RETRY_WAIT_MS);
    expect(retryDelayMs("soon")).toBe(DEFAULT_RETRY_WAIT_MS);
    expect(retryDelayMs("-3")).toBe(DEFAULT_RETRY_WAIT_MS);
  });
});
