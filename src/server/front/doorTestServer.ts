/**
 * For the front door's tests: a loopback server in front of a handler, and the page cache's render
 * through that same server (as scripts/serve.ts renders through itself).
 */
import "server-only";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import type { Rendered, RequestHandler } from "./door";

export interface TestServer {
  base: string;
  close: () => Promise<void>;
}

/** Listens on a free loopback port. */
export async function listen(handler: RequestHandler): Promise<TestServer> {
  const server = http.createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The page cache's render: a GET to the server at `base()` (known once it listens), abandoned when `signal` aborts. */
export function renderThrough(base: () => string) {
  return (url: string, headers: Record<string, string>, signal?: AbortSignal) =>
    new Promise<Rendered>((resolve, reject) => {
      http
        .get(`${base()}${url}`, { headers, signal }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
}

/** A GET taking gzip, its body unzipped: what a browser would read. */
export function fetchText(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res.headers["content-encoding"] === "gzip" ? gunzipSync(raw).toString() : raw.toString() });
        });
      })
      .on("error", reject);
  });
}
