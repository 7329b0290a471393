/**
 * Admission by measured cost through the front door: the door times what it admits per family of
 * paths, and a family measured expensive takes more places in its lane, so a burst of expensive
 * renders cannot run more work at once than the lane is sized for.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Admission } from "./admission";
import { CostMeter } from "./cost";
import { frontDoor } from "./door";

let server: http.Server;
let port = 0;
const held: ServerResponse[] = [];
const lane = new Admission(2, 8, 5_000);
const cost = new CostMeter({ unitMs: 100, maxWeight: 2 });

function fakeNext(req: IncomingMessage, res: ServerResponse) {
  res.setHeader("Content-Type", "application/json");
  if ((req.url ?? "").startsWith("/slow")) {
    held.push(res);
    return;
  }
  res.end(JSON.stringify({ ok: req.url }));
}

function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    }).on("error", reject);
  });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

beforeAll(async () => {
  const door = frontDoor(fakeNext, { trustedHops: 0, origin: null, tagManager: false, admission: lane, cost });
  server = http.createServer((req, res) => void door(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  for (const res of held) res.end("{}");
  server.close();
});

describe("the front door admits by measured cost", () => {
  it("measures each family it answers", async () => {
    expect(await get("/fast?a=1")).toBe(200);
    expect(cost.average("fast")).not.toBeNull();
    expect(cost.weight("fast")).toBe(1);
  });

  it("gives a family measured expensive more places: while one runs, nothing else fits", async () => {
    cost.record("slow", 1_000); // measured: ten units, at most two
    const first = get("/slow?n=1");
    await until(() => held.length === 1);
    expect(lane.load).toEqual({ running: 2, waiting: 0 });
    // A cheap request waits for the expensive one rather than running beside it.
    let cheapDone = false;
    const cheap = get("/fast?b=1").then((status) => ((cheapDone = true), status));
    await until(() => lane.load.waiting === 1);
    expect(cheapDone).toBe(false);
    held.shift()!.end("{}");
    expect(await first).toBe(200);
    expect(await cheap).toBe(200);
    await until(() => lane.load.running === 0);
  });

  it("without a meter every request takes one place", async () => {
    const plain = new Admission(2, 8);
    const door = frontDoor(fakeNext, { trustedHops: 0, origin: null, tagManager: false, admission: plain });
    const other = http.createServer((req, res) => void door(req, res));
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const otherPort = (other.address() as AddressInfo).port;
    const ask = (path: string) => new Promise<void>((resolve) => http.get({ host: "127.0.0.1", port: otherPort, path, agent: false }, (res) => (res.resume(), res.on("end", resolve))));
    const one = ask("/slow?x=1");
    const two = ask("/slow?x=2");
    await until(() => held.length === 2);
    expect(plain.load).toEqual({ running: 2, waiting: 0 });
    for (const res of held.splice(0)) res.end("{}");
    await Promise.all([one, two]);
    other.close();
  });

  it("keeps a place for light requests: two expensive renders never fill the lane", async () => {
    const kept = new Admission(4, 8, 5_000, 1);
    const meter = new CostMeter({ unitMs: 100, maxWeight: 2 });
    meter.record("slow", 1_000);
    const door = frontDoor(fakeNext, { trustedHops: 0, origin: null, tagManager: false, admission: kept, cost: meter });
    const other = http.createServer((req, res) => void door(req, res));
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const otherPort = (other.address() as AddressInfo).port;
    const ask = (path: string) =>
      new Promise<number>((resolve) => http.get({ host: "127.0.0.1", port: otherPort, path, agent: false }, (res) => (res.resume(), res.on("end", () => resolve(res.statusCode ?? 0)))));
    const one = ask("/slow?k=1");
    await until(() => held.length === 1);
    // The second expensive render would take the last places: it waits.
    const two = ask("/slow?k=2");
    await until(() => kept.load.waiting === 1);
    expect(kept.load.running).toBe(2);
    // A light request goes straight past both, into a place heavy ones never take.
    expect(await ask("/fast?k=3")).toBe(200);
    expect(held.length).toBe(1);
    held.shift()!.end("{}");
    await until(() => held.length === 1);
    held.shift()!.end("{}");
    expect(await one).toBe(200);
    expect(await two).toBe(200);
    other.close();
  });
});

