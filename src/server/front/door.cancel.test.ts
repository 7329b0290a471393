/**
 * A client that leaves stops its work: the front door runs each request it hands to Next.js with a
 * signal (server/warehouse/cancel.ts) that aborts when the client goes before its answer is
 * complete, both for a request answered directly and for the page cache's own render, which the
 * door abandons when everyone asking for that page has left. The warehouse's queries listen to it
 * (tested on DuckDB in server/warehouse/__tests__/cancel.test.ts).
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestSignal } from "@/server/warehouse/cancel";
import { Admission } from "./admission";
import { frontDoor } from "./door";
import { listen, renderThrough, type TestServer } from "./doorTestServer";
import { PageCache } from "./pageCache";

let server: TestServer;
let base = "";
const signals = new Map<string, AbortSignal | undefined>();
const held: ServerResponse[] = [];

/** Next.js, stand-in: records the signal its work would run with and answers only when released (or at once for /done). */
function fakeNext(req: IncomingMessage, res: ServerResponse) {
  const url = req.url ?? "/";
  signals.set(url, requestSignal());
  if (url.endsWith("/done")) {
    res.setHeader("Content-Type", "text/html");
    return void res.end("<html>done</html>");
  }
  held.push(res);
}

/** Sends a request and drops it once Next.js has it. */
async function leaveDuring(path: string): Promise<void> {
  const req = http.get(`${base}${path}`);
  req.on("error", () => {});
  await until(() => signals.has(path));
  req.destroy();
}

async function until(check: () => boolean, ms = 2_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  const door = frontDoor(fakeNext, {
    trustedHops: 0,
    origin: null,
    tagManager: false,
    admission: new Admission(4, 8),
    pages: { cache: new PageCache(1 << 20, 60_000), generation: () => "g1", render: renderThrough(() => base), secret: "s" },
  });
  server = await listen(door);
  base = server.base;
});

afterAll(() => {
  for (const res of held) res.destroy();
  return server.close();
});

describe("a client that leaves", () => {
  it("aborts the signal its request's work runs with", async () => {
    await leaveDuring("/en/account");
    const signal = signals.get("/en/account");
    expect(signal).toBeDefined();
    await until(() => signal!.aborted);
  });

  it("aborts the page cache's render once nobody waits for the page", async () => {
    await leaveDuring("/en/profile/country/chl");
    const signal = signals.get("/en/profile/country/chl");
    expect(signal).toBeDefined();
    await until(() => signal!.aborted);
  });

  it("leaves the signal alone for a client that got its whole answer", async () => {
    await new Promise<void>((resolve, reject) => http.get(`${base}/en/account/done`, (res) => res.resume().on("end", resolve)).on("error", reject));
    const signal = signals.get("/en/account/done");
    expect(signal).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signal!.aborted).toBe(false);
  });
});
