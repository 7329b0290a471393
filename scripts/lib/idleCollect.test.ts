import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { collectWhenIdle, fullCollection } from "./idleCollect";

const servers: http.Server[] = [];
afterAll(() => servers.forEach((server) => server.close()));

async function serve(): Promise<{ server: http.Server; port: number; hold: http.ServerResponse[] }> {
  const hold: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => (req.url === "/hold" ? hold.push(res) : res.end("ok")));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, hold };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a full collection once a server falls quiet after work", () => {
  it("collects once after requests and a quiet spell, never while a request is under way, never with no new work", async () => {
    const { server, port, hold } = await serve();
    let calls = 0;
    const collector = collectWhenIdle(server, 200, () => calls++);
    await sleep(450);
    expect(calls, "no work yet").toBe(0);
    const held = fetch(`http://127.0.0.1:${port}/hold`);
    await sleep(450);
    expect(calls, "a request under way").toBe(0);
    hold[0]!.end("done");
    await held;
    await sleep(100);
    expect(calls, "quiet for less than 200 ms").toBe(0);
    await sleep(400);
    expect(calls).toBe(1);
    await sleep(400);
    expect(calls, "nothing new to collect").toBe(1);
    await fetch(`http://127.0.0.1:${port}/`);
    await sleep(600);
    expect(calls).toBe(2);
    expect(collector.collections).toBe(2);
    collector.stop();
  });

  it("reaches V8's full collection without a command-line flag", () => {
    const collect = fullCollection();
    expect(typeof collect).toBe("function");
    collect!();
  });
});
