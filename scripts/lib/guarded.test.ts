import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { guarded } from "./guarded";

let base = "";
let server: http.Server;

beforeAll(async () => {
  server = http.createServer(
    guarded("test", async (req, res) => {
      if (req.url === "/throws") throw new Error("thrown at once");
      await Promise.resolve();
      if (req.url === "/rejects") throw new Error("rejected later");
      if (req.url === "/begun") {
        res.writeHead(200, { "Content-Type": "text/plain" });
        res.write("part of it");
        throw new Error("failed half way");
      }
      res.end("fine");
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("guarded", () => {
  it("answers a failure (thrown at once or later) 500 with the JSON error body and logs it; an answer already begun is ended", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const path of ["/throws", "/rejects"]) {
        const response = await fetch(`${base}${path}`);
        expect(response.status, path).toBe(500);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(await response.json()).toEqual({ error: { code: "internal", message: "Something went wrong on our side." } });
      }
      const begun = await fetch(`${base}/begun`);
      expect(begun.status).toBe(200);
      expect(await begun.text()).toBe("part of it");
      expect(log.mock.calls.map((call) => String(call[0]))).toEqual([
        expect.stringContaining("[test] GET /throws: Error: thrown at once"),
        expect.stringContaining("[test] GET /rejects: Error: rejected later"),
        expect.stringContaining("[test] GET /begun: Error: failed half way"),
      ]);
      expect(await (await fetch(`${base}/`)).text()).toBe("fine");
    } finally {
      log.mockRestore();
    }
  });
});
