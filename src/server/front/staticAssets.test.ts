import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { frontDoor } from "./door";
import { StaticAssets } from "./staticAssets";

const dir = mkdtempSync(path.join(os.tmpdir(), "ots-static-"));
const root = path.join(dir, "static");
const script = `console.log(${JSON.stringify("x".repeat(5000))});`;
const font = Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3, 4]);
let base = "";
let server: http.Server;
const passedOn: string[] = [];

beforeAll(async () => {
  mkdirSync(path.join(root, "chunks"), { recursive: true });
  mkdirSync(path.join(root, "media"), { recursive: true });
  writeFileSync(path.join(root, "chunks", "0abc.js"), script);
  writeFileSync(path.join(root, "chunks", "1def.css"), "body{color:red}".repeat(100));
  writeFileSync(path.join(root, "chunks", "page.html"), "<p>not an asset type</p>");
  writeFileSync(path.join(root, "media", "inter.woff2"), font);
  writeFileSync(path.join(dir, "secret.js"), "the server's own file");
  const assets = new StaticAssets(root);
  // What the door does not answer reaches "Next.js": here, a handler that says so.
  const door = frontDoor(
    (req, res) => {
      passedOn.push(req.url ?? "");
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("next");
    },
    { trustedHops: 0, origin: null, tagManager: false, staticAssets: assets },
  );
  server = http.createServer((req, res) => void door(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** A raw GET (fetch would decompress and hide what was sent). */
function get(pathname: string, headers: Record<string, string> = {}, method = "GET"): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${pathname}`, { method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the door's build assets", () => {
  it("answers a script compressed as the client asks (brotli, else gzip, else as is), immutable, with the site's headers", async () => {
    const br = await get("/_next/static/chunks/0abc.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["x-content-type-options"]).toBe("nosniff");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(script.length / 10);

    const gz = await get("/_next/static/chunks/0abc.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(script);

    // q=0 refuses an encoding.
    const refused = await get("/_next/static/chunks/0abc.js", { "accept-encoding": "br;q=0, gzip" });
    expect(refused.headers["content-encoding"]).toBe("gzip");

    const plain = await get("/_next/static/chunks/0abc.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);

    const css = await get("/_next/static/chunks/1def.css", { "accept-encoding": "br" });
    expect(css.headers["content-type"]).toBe("text/css; charset=UTF-8");
    expect(passedOn).toEqual([]);
  });

  it("answers a font as it is, 304 for a copy the client holds, and no body to HEAD", async () => {
    const first = await get("/_next/static/media/inter.woff2", { "accept-encoding": "gzip, br" });
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("font/woff2");
    expect(first.headers["content-encoding"]).toBeUndefined();
    expect(first.body.equals(font)).toBe(true);
    const again = await get("/_next/static/media/inter.woff2", { "if-none-match": `W/${first.headers.etag}` });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get("/_next/static/chunks/0abc.js", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
  });

  it("leaves to Next.js what is not a build asset it knows: another type, a missing file, a path out of the folder", async () => {
    passedOn.length = 0;
    for (const pathname of ["/_next/static/chunks/page.html", "/_next/static/chunks/missing.js", "/_next/static/../secret.js", "/_next/static/%2e%2e/secret.js", "/_next/static/chunks/..%2f..%2fsecret.js", "/_next/static/.hidden.js"]) {
      const answer = await get(pathname, { "accept-encoding": "gzip" });
      expect(answer.body.toString(), pathname).not.toContain("the server's own file");
      expect(answer.status, pathname).not.toBe(200);
    }
    expect(passedOn.length).toBeGreaterThan(0);
  });

  it("refuses to write to a build asset: 405 with the JSON error body, for a file there or not", async () => {
    for (const [method, pathname] of [["POST", "/_next/static/chunks/0abc.js"], ["PUT", "/_next/static/chunks/new.js"], ["DELETE", "/_next/static/media/inter.woff2"]] as const) {
      const answer = await get(pathname, { "content-length": "0" }, method);
      expect(answer.status, `${method} ${pathname}`).toBe(405);
      expect(answer.headers.allow).toBe("GET, HEAD");
      expect(JSON.parse(answer.body.toString()).error.code).toBe("method_not_allowed");
    }
  });

  it("compresses every script and stylesheet ahead of the first request (warm)", async () => {
    const assets = new StaticAssets(root);
    expect(await assets.warm()).toBe(2);
  });
});
