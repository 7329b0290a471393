import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { ApiMeter, isMeteredPath, presentedKey } from "./apiMeter";
import { frontDoor } from "./door";

const KEY = `oto_${"a".repeat(43)}`;
const REVOKED = `oto_${"b".repeat(43)}`;
const PRO_KEY = `oto_${"p".repeat(43)}`;

function meter(now = () => 0) {
  return new ApiMeter({ anonymousPerMinute: 3, keyPerMinute: 5, proKeyPerMinute: 8, findKey: async (key) => (key === KEY ? { id: "k1", role: 0 } : key === PRO_KEY ? { id: "k2", role: 1 } : null), now });
}

describe("ApiMeter", async () => {
  it("meters the documented API and the bulk files, not pages or account routes", async () => {
    for (const path of ["/api/data", "/api/view", "/api/catalog", "/api/cubes", "/api/openapi.json", "/api/bulk/international/hs92/2018.csv.gz", "/api/pivot", "/api/query-builder/members", "/api/tariff", "/api/trends"]) expect(isMeteredPath(path)).toBe(true);
    for (const path of ["/api/auth/session", "/api/account/keys", "/en/resources/api", "/api/database", "/api/pivotx", "/api/chat"]) expect(isMeteredPath(path)).toBe(false);
  });

  it("reads the key from Authorization: Bearer or X-API-Key", async () => {
    expect(presentedKey({ authorization: `Bearer ${KEY}` })).toBe(KEY);
    expect(presentedKey({ "x-api-key": ` ${KEY} ` })).toBe(KEY);
    expect(presentedKey({ authorization: "Basic dXNlcjpwYXNz" })).toBe("");
    expect(presentedKey({})).toBeNull();
  });

  it("limits anonymous use per address and says so in RateLimit headers", async () => {
    const m = meter();
    const first = await m.check("198.51.100.1", {});
    expect(first).toMatchObject({ kind: "allowed", headers: { "RateLimit-Limit": "3", "RateLimit-Remaining": "2", "RateLimit-Reset": "60", "RateLimit-Policy": "3;w=60" } });
    await m.check("198.51.100.1", {});
    await m.check("198.51.100.1", {});
    expect(await m.check("198.51.100.1", {})).toMatchObject({ kind: "limited", retryAfterSeconds: 60, keyed: false });
    // Another address has its own count.
    expect((await m.check("198.51.100.2", {})).kind).toBe("allowed");
  });

  it("gives a key its own, higher limit, whatever address it comes from", async () => {
    const m = meter();
    for (let i = 0; i < 3; i++) await m.check("198.51.100.1", {});
    expect((await m.check("198.51.100.1", {})).kind).toBe("limited");
    const keyed = await m.check("198.51.100.1", { authorization: `Bearer ${KEY}` });
    expect(keyed).toMatchObject({ kind: "allowed", headers: { "RateLimit-Limit": "5", "RateLimit-Remaining": "4" } });
    for (let i = 0; i < 4; i++) await m.check(`203.0.113.${i}`, { "x-api-key": KEY });
    expect(await m.check("203.0.113.9", { "x-api-key": KEY })).toMatchObject({ kind: "limited", keyed: true });
  });

  it("gives the key of a PRO or PREMIUM account the paid plan's higher limit", async () => {
    const m = meter();
    expect(await m.check("a", { authorization: `Bearer ${PRO_KEY}` })).toMatchObject({ kind: "allowed", headers: { "RateLimit-Limit": "8", "RateLimit-Remaining": "7" } });
    expect(await m.check("a", { authorization: `Bearer ${KEY}` })).toMatchObject({ kind: "allowed", headers: { "RateLimit-Limit": "5" } });
  });

  it("refuses an unknown, revoked or malformed key instead of treating it as anonymous", async () => {
    const m = meter();
    expect(await m.check("a", { authorization: `Bearer ${REVOKED}` })).toEqual({ kind: "bad_key", reason: "unknown" });
    expect(await m.check("a", { authorization: "Bearer" })).toEqual({ kind: "bad_key", reason: "malformed" });
    expect(await m.check("a", { "x-api-key": "x".repeat(5000) })).toEqual({ kind: "bad_key", reason: "malformed" });
  });

  it("starts a fresh window after a minute", async () => {
    let time = 0;
    const m = meter(() => time);
    for (let i = 0; i < 4; i++) await m.check("a", {});
    expect((await m.check("a", {})).kind).toBe("limited");
    time = 60_000;
    expect((await m.check("a", {})).kind).toBe("allowed");
  });
});

describe("the front door with the meter", async () => {
  async function call(door: ReturnType<typeof frontDoor>, url: string, headers: Record<string, string> = {}, method = "GET") {
    const req = { method, url, headers: { ...headers }, socket: { remoteAddress: "127.0.0.1" } } as unknown as IncomingMessage;
    const out: Record<string, unknown> = {};
    const state = { status: 0, body: "", handled: false };
    const res = {
      setHeader: (name: string, value: unknown) => void (out[name.toLowerCase()] = value),
      writeHead: (status: number, head: Record<string, unknown> = {}) => {
        state.status = status;
        for (const [name, value] of Object.entries(head)) out[name.toLowerCase()] = value;
      },
      end: (body?: string) => void (state.body = body ?? ""),
    } as unknown as ServerResponse;
    await door(req, res);
    return { headers: out, state };
  }

  it("answers 429 with Retry-After past the limit, 401 for a bad key, and passes the rest with RateLimit headers", async () => {
    let handled = 0;
    const door = frontDoor(() => void handled++, { trustedHops: 0, origin: null, tagManager: false, apiMeter: meter() });
    const ok = await call(door, "/api/data?cube=x", { "x-forwarded-for": "6.6.6.6" });
    expect(handled).toBe(1);
    expect(ok.headers["ratelimit-remaining"]).toBe("2");
    expect(ok.headers["access-control-allow-origin"]).toBe("*");
    await call(door, "/api/data?cube=x", { "x-forwarded-for": "7.7.7.7" });
    // The charts' own data are counted apart (and generously): they do not spend the allowance.
    const view = await call(door, "/api/view?locale=en&state=x");
    expect(view.headers["ratelimit-limit"]).toBe("30");
    await call(door, "/api/cubes");
    // A client-written X-Forwarded-For changes nothing: all three came from 127.0.0.1.
    const refused = await call(door, "/api/catalog");
    expect(refused.state.status).toBe(429);
    expect(handled).toBe(4);
    expect(refused.headers["retry-after"]).toBe("60");
    expect(JSON.parse(refused.state.body).error.code).toBe("rate_limited");
    const bad = await call(door, "/api/data", { authorization: `Bearer ${REVOKED}` });
    expect(bad.state.status).toBe(401);
    expect(JSON.parse(bad.state.body).error.code).toBe("invalid_api_key");
    expect(handled).toBe(4);
    // Pages are not metered.
    await call(door, "/en/resources/api");
    expect(handled).toBe(5);
  });

  it("answers a CORS preflight on the API without counting it", async () => {
    let handled = 0;
    const door = frontDoor(() => void handled++, { trustedHops: 0, origin: null, tagManager: false, apiMeter: meter() });
    const pre = await call(door, "/api/data", { origin: "https://example.org", "access-control-request-headers": "authorization" }, "OPTIONS");
    expect(pre.state.status).toBe(204);
    expect(String(pre.headers["access-control-allow-headers"])).toContain("Authorization");
    expect(handled).toBe(0);
    expect((await call(door, "/api/data")).headers["ratelimit-remaining"]).toBe("2");
  });
});

describe("the site's own chart data", () => {
  it("is counted apart from the public API, so browsing never spends a script's allowance", async () => {
    const m = new ApiMeter({ anonymousPerMinute: 3, keyPerMinute: 10, proKeyPerMinute: 20, findKey: async () => null });
    // Thirty profiles of about ten charts would be 300 requests: well within ten times the API limit? Here 30 = 10 x 3.
    for (let i = 0; i < 30; i++) expect((await m.check("198.51.100.9", {}, "/api/view")).kind, `view ${i}`).toBe("allowed");
    expect((await m.check("198.51.100.9", {}, "/api/view")).kind).toBe("limited");
    // The same address's script still has its whole API allowance, and meets its 429 after it.
    for (let i = 0; i < 3; i++) expect((await m.check("198.51.100.9", {}, "/api/data")).kind).toBe("allowed");
    expect((await m.check("198.51.100.9", {}, "/api/data")).kind).toBe("limited");
  });
});

describe("the meter while its shared counters are away", () => {
  it("counts on this node with the same limit instead of letting everything through", async () => {
    const broken = (_name: string, limit: number, windowMs: number) => ({
      limit,
      windowMs,
      hit: async () => {
        throw new Error("connect ECONNREFUSED");
      },
      count: async () => ({ count: 0, retryAfterSeconds: 0 }),
      reset: async () => {},
    });
    const m = new ApiMeter({ anonymousPerMinute: 3, keyPerMinute: 10, proKeyPerMinute: 20, findKey: async () => null, counter: broken });
    for (let i = 0; i < 3; i++) expect((await m.check("198.51.100.7", {}, "/api/data")).kind).toBe("allowed");
    expect((await m.check("198.51.100.7", {}, "/api/data")).kind).toBe("limited");
    expect((await m.check("198.51.100.8", {}, "/api/data")).kind).toBe("allowed");
  });
});
