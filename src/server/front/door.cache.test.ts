/**
 * The front door on a real HTTP server, with a stand-in for Next.js that counts its renders and
 * echoes what it was sent: the page cache, its key, single flight, and the overload answer.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../../messages/en.json";
import es from "../../../messages/es.json";
import zh from "../../../messages/zh.json";
import { Admission } from "./admission";
import { frontDoor } from "./door";
import { fetchText, listen, renderThrough, type TestServer } from "./doorTestServer";
import { PageCache } from "./pageCache";

let server: TestServer;
let base = "";
let generation = "g1";
const renders: { url: string; cookie: string | undefined; publicPage: string | undefined }[] = [];
let holdSlow: (() => void) | null = null;
const admission = new Admission(1, 0);

function fakeNext(req: IncomingMessage, res: ServerResponse) {
  const url = req.url ?? "/";
  if (url.startsWith("/api/slow")) {
    holdSlow = () => res.end("{}");
    return;
  }
  renders.push({ url, cookie: req.headers.cookie, publicPage: req.headers["x-oto-public-page"] as string | undefined });
  const nonce = /'nonce-([^']+)'/.exec(String(req.headers["content-security-policy"]))?.[1];
  // Slow enough that concurrent requests overlap.
  setTimeout(() => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "private, no-cache, no-store, max-age=0, must-revalidate");
    res.end(`<html><script nonce="${nonce}"></script>render ${renders.length} of ${url} cookie=${req.headers.cookie ?? ""}</html>`);
  }, 30);
}

const get = (path: string, headers: Record<string, string> = {}) => fetchText(`${base}${path}`, headers);

/** A page's body with its script nonce taken out: each answer carries a fresh one. */
const sansNonce = (body: string) => body.replace(/nonce="[^"]*"/g, 'nonce=""');
const nonceOf = (headers: http.IncomingHttpHeaders) => /'nonce-([^']+)'/.exec(String(headers["content-security-policy"]))?.[1];

beforeAll(async () => {
  const secret = "test-secret";
  const door = frontDoor(fakeNext, {
    busyText: { en: en.busyPage, es: es.busyPage, zh: zh.busyPage },
    trustedHops: 0,
    origin: null,
    tagManager: false,
    admission,
    pages: { cache: new PageCache(1 << 24, 60_000), generation: () => generation, render: renderThrough(() => base), secret },
  });
  server = await listen(door);
  base = server.base;
});

afterAll(() => {
  holdSlow?.();
  return server.close();
});

describe("the page cache behind the front door", () => {
  it("renders a public page once, then serves it with an ETag, 304 on revalidation, and CDN headers when cookie-less", async () => {
    const before = renders.length;
    const first = await get("/en/profile/country/chl");
    const second = await get("/en/profile/country/chl");
    expect(first.status).toBe(200);
    expect([first.headers["x-front-cache"], second.headers["x-front-cache"]]).toEqual(["MISS", "HIT"]);
    expect(sansNonce(second.body)).toBe(sansNonce(first.body));
    expect(renders.length - before).toBe(1);
    expect(first.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(first.headers["vary"]).toContain("Cookie");
    // The nonce in the body is the one the CSP header names, and every answer has its own.
    const nonce = nonceOf(second.headers);
    expect(second.body).toContain(`nonce="${nonce}"`);
    const third = await get("/en/profile/country/chl");
    expect(third.headers["x-front-cache"]).toBe("HIT");
    expect(nonceOf(third.headers)).not.toBe(nonce);
    expect(third.body).toContain(`nonce="${nonceOf(third.headers)}"`);
    expect(third.body).not.toContain(String(nonce));
    // A client that takes no compression gets the page with its own nonce too.
    const plain = await get("/en/profile/country/chl", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain(`nonce="${nonceOf(plain.headers)}"`);
    expect(sansNonce(plain.body)).toBe(sansNonce(first.body));
    const etag = String(first.headers.etag);
    const revalidated = await get("/en/profile/country/chl", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    // The browser keeps its body and the nonce it came with: no new policy on a 304.
    expect(revalidated.headers["content-security-policy"]).toBeUndefined();
    expect((await get("/en/profile/country/chl", { "if-none-match": `W/${etag}` })).status).toBe(304);
  });

  it("gives signed-in visitors the same page as everyone, rendered without their cookies", async () => {
    const anonymous = await get("/es/profile/country/deu", { cookie: "ots-consent=f0t0" });
    const signedIn = await get("/es/profile/country/deu", { cookie: "ots-consent=f0t0; next-auth.session-token=secret-session; other=1" });
    expect(sansNonce(signedIn.body)).toBe(sansNonce(anonymous.body));
    expect(signedIn.headers["x-front-cache"]).toBe("HIT");
    expect(signedIn.headers["cache-control"]).toBe("private, no-cache");
    const seen = renders.filter((r) => r.url === "/es/profile/country/deu");
    expect(seen).toHaveLength(1);
    expect(seen[0]!.cookie).toBe("ots-consent=f0t0");
    expect(seen[0]!.publicPage).toBe("1");
    expect(signedIn.body).not.toContain("secret-session");
  });

  it("keys on the colour scheme and the cookie choice", async () => {
    const light = await get("/en/resources/methods", { cookie: "ots-color-scheme=light" });
    const dark = await get("/en/resources/methods", { cookie: "ots-color-scheme=dark" });
    expect(light.body).not.toBe(dark.body);
    expect(dark.headers["x-front-cache"]).toBe("MISS");
  });

  it("renders fresh after a new generation (a re-import)", async () => {
    await get("/en/rankings/eci/hs4/hs92");
    expect((await get("/en/rankings/eci/hs4/hs92")).headers["x-front-cache"]).toBe("HIT");
    generation = "g2";
    const fresh = await get("/en/rankings/eci/hs4/hs92");
    expect(fresh.headers["x-front-cache"]).toBe("MISS");
  });

  it("renders a page once for concurrent visitors (single flight)", async () => {
    const before = renders.length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get("/zh/profile/hs/2603")));
    expect(answers.every((a) => a.status === 200 && sansNonce(a.body) === sansNonce(answers[0]!.body))).toBe(true);
    expect(new Set(answers.map((a) => nonceOf(a.headers))).size).toBe(8);
    expect(renders.length - before).toBe(1);
  });

  it("never caches personal pages, and ignores the door's own headers when a client sends them", async () => {
    const before = renders.length;
    await get("/en/account", { "x-oto-public-page": "1", "x-oto-render": "guess" });
    await get("/en/account");
    expect(renders.length - before).toBe(2);
    expect(renders.at(-1)!.publicPage).toBeUndefined();
  });

  it("answers 503 with Retry-After at once when the admission limit and its queue are full", async () => {
    await get("/en/profile/country/chl");
    const slow = get("/api/slow");
    await new Promise((r) => setTimeout(r, 50));
    const api = await get("/api/other");
    expect(api.status).toBe(503);
    expect(api.headers["retry-after"]).toBe("1");
    expect(JSON.parse(api.body).error.code).toBe("server_busy");
    const page = await get("/en/profile/country/fra");
    expect(page.status).toBe(503);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain(en.busyPage.title);
    const spanish = await get("/es/profile/country/fra");
    expect(spanish.status).toBe(503);
    expect(spanish.body).toContain('lang="es"');
    expect(spanish.body).toContain(es.busyPage.text);
    // Cached pages still answer: they take no admission.
    expect((await get("/en/profile/country/chl")).status).toBe(200);
    holdSlow!();
    await slow;
    expect((await get("/en/profile/country/fra")).status).toBe(200);
  });
});
