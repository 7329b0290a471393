/**
 * The front door under a burst of expensive data queries, on a real HTTP server with a stand-in
 * for Next.js whose data answers hang until released: pages and sign-in keep their own lane, every
 * queued query gets its answer or a 503 within the deadline, one client cannot hold the data lane,
 * a client that leaves frees its place, and no spelling of a path dodges the meter.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Admission, ClientCap } from "./admission";
import { ApiMeter } from "./apiMeter";
import { frontDoor } from "./door";

let server: http.Server;
let port = 0;
const held: ServerResponse[] = [];
const seen: string[] = [];
const pages = new Admission(2, 8, 2_000);
const data = new Admission(1, 2, 300);

function fakeNext(req: IncomingMessage, res: ServerResponse) {
  seen.push(req.url ?? "");
  if ((req.url ?? "").startsWith("/api/data")) {
    held.push(res);
    return;
  }
  res.setHeader("Content-Type", "application/json");
  res.end(JSON.stringify({ ok: req.url }));
}

function releaseData() {
  for (const res of held.splice(0)) if (!res.writableEnded) res.end("{}");
}

/** A raw request: the path is sent exactly as written, from a loopback address of our choosing. */
function request(method: string, path: string, from = "127.0.0.1"): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, localAddress: from, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString(), ms: Date.now() - started }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  const door = frontDoor(fakeNext, {
    trustedHops: 0,
    origin: null,
    tagManager: false,
    admission: pages,
    dataAdmission: data,
    dataPerClient: new ClientCap(1),
    apiMeter: new ApiMeter({ anonymousPerMinute: 3, keyPerMinute: 10, proKeyPerMinute: 20, findKey: async () => null }),
  });
  server = http.createServer((req, res) => void door(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  releaseData();
  server.close();
});

describe("one canonical path before any decision", () => {
  it("redirects dot-segment, double-slash and fragment spellings instead of letting them past the meter", async () => {
    for (const path of ["/api/./data?cube=x", "/api/x/../data?cube=x", "/api/%2e/data?cube=x", "//api//data?cube=x", "/api/data?cube=x#f"]) {
      const answer = await request("GET", path, "127.0.0.50");
      expect(answer.status, path).toBe(308);
      expect(answer.headers.location, path).toBe("/api/data?cube=x");
    }
    expect(seen.some((url) => url.includes("/./") || url.includes(".."))).toBe(false);
  });

  it("meters the one path: the fourth request of a minute is refused however it is spelled", async () => {
    const from = "127.0.0.51";
    for (let i = 0; i < 3; i++) expect((await request("GET", "/api/catalog", from)).status).toBe(200);
    const refused = await request("GET", "/api/catalog", from);
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    // The dodge: a spelling Next.js would normalise to the same route.
    expect((await request("GET", "/api/./catalog", from)).status).toBe(308);
    expect((await request("GET", "/api/catalog/", from)).status).toBe(429);
  });

  it("answers malformed targets with a 4xx JSON error, at once", async () => {
    for (const [method, path] of [["GET", "*"], ["OPTIONS", "*"], ["GET", "/_next/static/%c3%28"], ["GET", "/static/%ff%fe"], ["GET", "/geo/%ed%a0%80"]] as const) {
      const answer = await request(method, path);
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(JSON.parse(answer.body).error.code).toBe("invalid_request_target");
      expect(answer.ms).toBeLessThan(1_000);
    }
  });
});

describe("lanes under a burst of expensive queries", () => {
  it("keeps pages and sign-in answering, and answers every queued query or refuses it within the deadline", async () => {
    // Six clients, one expensive query each: one runs (and hangs), two queue, three are refused at once.
    const burst = Array.from({ length: 6 }, (_, i) => request("GET", `/api/data?cube=c&i=${i}`, `127.0.1.${i + 1}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(data.load.running).toBe(1);
    const page = await request("GET", "/en/profile/country/chl", "127.0.2.1");
    const csrf = await request("GET", "/api/auth/csrf", "127.0.2.2");
    expect(page.status).toBe(200);
    expect(csrf.status).toBe(200);
    expect(page.ms).toBeLessThan(1_000);
    expect(csrf.ms).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    releaseData();
    const answers = await Promise.all(burst);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 503)).toHaveLength(5);
    for (const answer of answers) {
      if (answer.status === 503) {
        expect(answer.headers["retry-after"]).toBe("1");
        // The deadline is 300 ms: nobody waited for the held query to end.
        expect(answer.ms).toBeLessThan(400 + 300);
      }
    }
    expect(data.expired).toBeGreaterThanOrEqual(2);
    expect(data.load).toEqual({ running: 0, waiting: 0 });
  });

  it("caps one client's data requests under way", async () => {
    const first = request("GET", "/api/data?cube=c&one", "127.0.3.1");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await request("GET", "/api/data?cube=c&two", "127.0.3.1");
    expect(second.status).toBe(429);
    expect(second.headers["retry-after"]).toBe("1");
    expect(JSON.parse(second.body).error.code).toBe("too_many_concurrent");
    releaseData();
    expect((await first).status).toBe(200);
  });

  it("frees the place of a client that leaves while queued", async () => {
    const running = request("GET", "/api/data?cube=c&run", "127.0.4.1");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const leaving = http.request({ host: "127.0.0.1", port, path: "/api/data?cube=c&leave", localAddress: "127.0.4.2", agent: false });
    leaving.on("error", () => {});
    leaving.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(data.load.waiting).toBe(1);
    leaving.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(data.load.waiting).toBe(0);
    releaseData();
    expect((await running).status).toBe(200);
    expect(seen.some((url) => url.includes("leave"))).toBe(false);
  });
});
