import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { warmUp } from "./warmup";

process.env.APP_DB_PATH = ":memory:";

let server: http.Server;
let base = "";
const asked: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    asked.push(req.url ?? "");
    if (req.url === "/slow") return void setTimeout(() => res.end("late"), 2_000);
    res.statusCode = req.url === "/missing" ? 404 : 200;
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => void server.close());

describe("warming before serving", () => {
  it("asks for every path once and counts the pages that answered", async () => {
    const result = await warmUp(base, ["/en", "/es", "/missing", "/en/profile/country/chl"], { concurrency: 2 });
    expect(result.warmed).toBe(3);
    expect(asked.sort()).toEqual(["/en", "/en/profile/country/chl", "/es", "/missing"]);
  });

  it("stops at its time budget rather than holding the node out of service", async () => {
    const started = Date.now();
    const result = await warmUp(base, ["/slow", "/slow", "/slow"], { concurrency: 1, budgetMs: 300 });
    expect(result.warmed).toBe(0);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("keeps health from saying ready while it warms", async () => {
    const { health, setWarming } = await import("@/server/health/health");
    setWarming(true);
    const warming = await health();
    expect(warming.status).toBe(503);
    expect(warming.body.status).toBe("warming");
    setWarming(false);
    const ready = await health();
    expect(ready.body.status).toBe("ok");
    expect(ready.status).toBe(200);
  });
});
