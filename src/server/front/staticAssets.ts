/**
 * The build's own assets (`/_next/static/…`: scripts, styles, fonts, all named by their content
 * and never changed), answered by the door from memory, compressed once per process.
 *
 * Next.js serves them from disk and gzips every response anew: a page's first visit asks for
 * about thirty of them at once, so on a busy node each waited 30–100 ms behind the renders, and
 * each cost the compression again. Here a file is read and compressed (gzip and brotli, on libuv's
 * thread pool) on its first request, or ahead of it by `warm()` at start, and every later request
 * is a copy from memory. Anything this does not know (an unknown type, a file not there, a path
 * that is not a plain asset name) is left to Next.js, which answers it as before.
 */
import "server-only";
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress as brotliCallback, constants, gzip as gzipCallback } from "node:zlib";
import { matches } from "@/server/http/etag";
import { EVERY_RESPONSE_HEADERS } from "./everyResponseHeaders";
import { exact, pickEncoding } from "./pageCache";

const gzip = promisify(gzipCallback);
const brotliCompress = promisify(brotliCallback);

export const STATIC_PREFIX = "/_next/static/";

/** Types answered here, and whether they are worth compressing (fonts and images already are). */
const TYPES: Record<string, { type: string; compress: boolean }> = {
  ".js": { type: "application/javascript; charset=UTF-8", compress: true },
  ".css": { type: "text/css; charset=UTF-8", compress: true },
  ".json": { type: "application/json; charset=UTF-8", compress: true },
  ".map": { type: "application/json; charset=UTF-8", compress: true },
  ".svg": { type: "image/svg+xml", compress: true },
  ".txt": { type: "text/plain; charset=UTF-8", compress: true },
  ".woff2": { type: "font/woff2", compress: false },
  ".woff": { type: "font/woff", compress: false },
  ".png": { type: "image/png", compress: false },
  ".jpg": { type: "image/jpeg", compress: false },
  ".webp": { type: "image/webp", compress: false },
  ".ico": { type: "image/x-icon", compress: false },
};

/** A file larger than this is left to Next.js (the build's are all far smaller). */
const MAX_BYTES = 8 * 1024 * 1024;
/** An asset name: letters, digits and a few marks in path segments, never "." or ".." segments. */
const ASSET_PATH = /^(?:[A-Za-z0-9_~@+-][A-Za-z0-9._~@+-]*\/)*[A-Za-z0-9_~@+-][A-Za-z0-9._~@+-]*$/;

interface Asset {
  type: string;
  etag: string;
  /** Uncompressed bytes (kept only for types not worth compressing). */
  raw: Buffer | null;
  gzip: Buffer | null;
  br: Buffer | null;
}

export class StaticAssets {
  private readonly assets = new Map<string, Promise<Asset | null>>();

  /** `root`: the build's static folder (`.next/static`). */
  constructor(private readonly root: string) {}

  /** Answers a GET or HEAD of a build asset; false when Next.js should (unknown path or type). */
  async serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    if ((req.method !== "GET" && req.method !== "HEAD") || !pathname.startsWith(STATIC_PREFIX)) return false;
    const asset = await this.load(pathname.slice(STATIC_PREFIX.length));
    if (!asset) return false;
    const headers: Record<string, string | number> = {
      ...EVERY_RESPONSE_HEADERS,
      "Content-Type": asset.type,
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: asset.etag,
      Vary: "Accept-Encoding",
    };
    if (matches(req.headers["if-none-match"], asset.etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    // The door's own choice (q=0 refuses an encoding).
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    let body: Buffer;
    if (asset.raw) body = asset.raw;
    else if (asset.br && encoding === "br") {
      body = asset.br;
      headers["Content-Encoding"] = "br";
    } else if (asset.gzip && encoding === "gzip") {
      body = asset.gzip;
      headers["Content-Encoding"] = "gzip";
    } else {
      // The rare client that takes no compression: the file as it is on disk.
      const file = await this.read(pathname.slice(STATIC_PREFIX.length));
      if (!file) return false;
      body = file;
    }
    headers["Content-Length"] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  /**
   * Compresses every script and stylesheet of the build ahead of its first request, one file at a
   * time (a background task at start: the pages' warm-up goes on meanwhile). Returns how many.
   */
  async warm(): Promise<number> {
    let count = 0;
    const walk = async (dir: string, prefix: string): Promise<void> => {
      let entries: import("node:fs").Dirent[];
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const name = `${prefix}${entry.name}`;
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${name}/`);
        else if (/\.(?:js|css)$/.test(entry.name) && (await this.load(name))) count++;
      }
    };
    await walk(this.root, "");
    return count;
  }

  private load(name: string): Promise<Asset | null> {
    let pending = this.assets.get(name);
    if (!pending) {
      pending = this.make(name).catch(() => null);
      this.assets.set(name, pending);
      // A file missing now may come with the next build in this folder: ask the disk again then.
      void pending.then((asset) => {
        if (!asset) this.assets.delete(name);
      });
    }
    return pending;
  }

  private async make(name: string): Promise<Asset | null> {
    const known = TYPES[path.extname(name).toLowerCase()];
    if (!known) return null;
    const bytes = await this.read(name);
    if (!bytes) return null;
    const etag = `"s-${createHash("sha1").update(bytes).digest("base64url").slice(0, 22)}"`;
    if (!known.compress) return { type: known.type, etag, raw: bytes, gzip: null, br: null };
    const [gzipped, brotli] = await Promise.all([
      gzip(bytes, { level: 9 }),
      brotliCompress(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    ]);
    return { type: known.type, etag, raw: null, gzip: exact(gzipped), br: exact(brotli) };
  }

  /** The file's bytes, or null when the name is not a plain asset path under the root, or no such file. */
  private async read(name: string): Promise<Buffer | null> {
    if (!ASSET_PATH.test(name)) return null;
    const file = path.resolve(this.root, name);
    if (!file.startsWith(this.root + path.sep)) return null;
    try {
      const stat = await fs.stat(file);
      if (!stat.isFile() || stat.size > MAX_BYTES) return null;
      return await fs.readFile(file);
    } catch {
      return null;
    }
  }
}
