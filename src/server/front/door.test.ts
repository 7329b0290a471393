import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { Admission } from "./admission";
import { proxyMatcher } from "./clientAddress";
import { frontDoor } from "./door";
import { PageCache } from "./pageCache";

function fakeRequest(method: string, url: string, headers: Record<string, string>, remoteAddress = "127.0.0.1") {
  return { method, url, headers: { ...headers }, socket: { remoteAddress } } as unknown as IncomingMessage;
}

function fakeResponse() {
  const headers: Record<string, unknown> = {};
  const state = { status: 0, body: "" };
  const res = Object.assign(new EventEmitter(), {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = value),
    writeHead: (status: number, head: Record<string, unknown>) => {
      state.status = status;
      for (const [name, value] of Object.entries(head)) headers[name.toLowerCase()] = value;
    },
    end: (body: string) => void (state.body = body),
  }) as unknown as ServerResponse;
  return { res, headers, state };
}

describe("frontDoor", () => {
  const seen: IncomingMessage[] = [];
  const door = (hops = 0, origin: URL | null = null) =>
    frontDoor((req) => void seen.push(req), { trustedHops: hops, origin, tagManager: false });

  it("hands Next.js the client address it decided on, never the client's own headers", () => {
    const req = fakeRequest("GET", "/en", { "x-forwarded-for": "203.0.113.9", "x-real-ip": "1.2.3.4", "x-forwarded-host": "evil.example" }, "::ffff:127.0.0.9");
    door()(req, fakeResponse().res);
    expect(req.headers["x-forwarded-for"]).toBe("127.0.0.9");
    expect(req.headers["x-real-ip"]).toBeUndefined();
    expect(req.headers["x-forwarded-host"]).toBeUndefined();
    const proxied = fakeRequest("GET", "/en", { "x-forwarded-for": "6.6.6.6, 198.51.100.7", "x-forwarded-proto": "https" }, "10.0.0.2");
    door(1)(proxied, fakeResponse().res);
    expect(proxied.headers["x-forwarded-for"]).toBe("198.51.100.7");
    expect(proxied.headers["x-forwarded-proto"]).toBe("https");
  });

  it("behind a proxy, trusts X-Forwarded-For only from the proxies' addresses (TRUSTED_PROXIES)", () => {
    const guarded = frontDoor((req) => void seen.push(req), { trustedHops: 1, isProxy: proxyMatcher(["127.0.0.1"]), origin: null, tagManager: false });
    const proxied = fakeRequest("GET", "/en", { "x-forwarded-for": "6.6.6.6, 198.51.100.7", "x-forwarded-proto": "https" }, "::ffff:127.0.0.1");
    guarded(proxied, fakeResponse().res);
    expect(proxied.headers["x-forwarded-for"]).toBe("198.51.100.7");
    expect(proxied.headers["x-forwarded-proto"]).toBe("https");
    // A client on the node's port (not the proxy) forging the headers: its own address, headers dropped.
    const direct = fakeRequest("GET", "/en", { "x-forwarded-for": "198.51.100.7", "x-forwarded-proto": "https", "x-real-ip": "1.2.3.4" }, "127.0.0.2");
    guarded(direct, fakeResponse().res);
    expect(direct.headers["x-forwarded-for"]).toBe("127.0.0.2");
    expect(direct.headers["x-forwarded-proto"]).toBeUndefined();
    expect(direct.headers["x-real-ip"]).toBeUndefined();
  });

  it("puts one fresh policy on the request (for Next.js) and the response, replacing the client's", () => {
    const req = fakeRequest("GET", "/en/profile/country/chl", { "content-security-policy": "script-src 'nonce-attacker'" });
    const { res, headers } = fakeResponse();
    door()(req, res);
    expect(req.headers["content-security-policy"]).toBe(headers["content-security-policy"]);
    expect(String(headers["content-security-policy"])).not.toContain("attacker");
    expect(headers["x-frame-options"]).toBe("DENY");
    const embed = fakeResponse();
    door()(fakeRequest("GET", "/es/visualize/embed/tree_map/hs92/export/chl/all/show/2018", {}), embed.res);
    expect(String(embed.headers["content-security-policy"])).toContain("frame-ancestors *");
    expect(embed.headers["x-frame-options"]).toBeUndefined();
    const asset = fakeResponse();
    door()(fakeRequest("GET", "/_next/static/chunks/app.js", {}), asset.res);
    expect(asset.headers["content-security-policy"]).toBeUndefined();
  });

  it("refuses TRACE and unknown methods with a JSON 405, without calling Next.js", () => {
    const before = seen.length;
    for (const method of ["TRACE", "CONNECT", "PROPFIND"]) {
      const { res, headers, state } = fakeResponse();
      door()(fakeRequest(method, "/api/data", {}), res);
      expect(state.status).toBe(405);
      expect(headers["allow"]).toContain("GET");
      expect(JSON.parse(state.body).error.code).toBe("method_not_allowed");
    }
    expect(seen.length).toBe(before);
  });

  it("sends HSTS when the site is https", () => {
    const secure = fakeResponse();
    door(0, new URL("https://trade.example.org"))(fakeRequest("GET", "/en", {}), secure.res);
    expect(secure.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    const plain = fakeResponse();
    door(0, new URL("http://localhost:3000"))(fakeRequest("GET", "/en", {}), plain.res);
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("frontDoor page cache", () => {
  it("shares one render among everyone asking while it waits for an admission place", async () => {
    const admission = new Admission(1, 8);
    const hold = (await admission.enter())!;
    let renders = 0;
    const door = frontDoor(() => {}, {
      trustedHops: 0,
      origin: null,
      tagManager: false,
      admission,
      pages: {
        cache: new PageCache(1 << 20, 60_000),
        generation: () => "g",
        secret: "s",
        render: async () => {
          renders++;
          return { status: 200, headers: { "content-type": "text/html" }, body: Buffer.from("<html>page</html>") };
        },
      },
    });
    const answers = [fakeResponse(), fakeResponse(), fakeResponse()];
    const waiting = answers.map(({ res }) => door(fakeRequest("GET", "/en/profile/country/chl", {}), res));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(admission.load.waiting).toBe(1);
    hold();
    await Promise.all(waiting);
    expect(renders).toBe(1);
    expect(answers.map(({ res }) => res.statusCode)).toEqual([200, 200, 200]);
  });
});

describe("frontDoor stale while revalidate", () => {
  it("answers a page past its age at once from the cache and renders it anew in the background", async () => {
    let now = 0;
    let renders = 0;
    const door = frontDoor(() => {}, {
      trustedHops: 0,
      origin: null,
      tagManager: false,
      now: () => now,
      pages: {
        cache: new PageCache(1 << 20, 1000, () => now, 60_000),
        generation: () => "g",
        secret: "s",
        render: async () => {
          renders++;
          return { status: 200, headers: { "content-type": "text/html" }, body: Buffer.from(`<html>render ${renders}</html>`) };
        },
      },
    });
    const ask = async () => {
      const answer = fakeResponse();
      await door(fakeRequest("GET", "/en/profile/country/chl", {}), answer.res);
      return answer;
    };
    expect((await ask()).headers["x-front-cache"]).toBe("MISS");
    now = 1500;
    const stale = await ask();
    expect(stale.headers["x-front-cache"]).toBe("STALE");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(renders).toBe(2);
    const fresh = await ask();
    expect(fresh.headers["x-front-cache"]).toBe("HIT");
    expect(renders).toBe(2);
  });
});
