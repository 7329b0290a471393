/**
 * Public pages, rendered once and served from memory. A page's HTML depends only on its URL, the
 * warehouse generation, the build, and two cookies that shape the first paint (colour scheme and
 * the cookie choice); never on the session (the account menu fills in on the client). So the key
 * is exactly those, and signed-in visitors get the same cached page as everyone else.
 *
 * A few pages and answers depend on the visitor's plan (a PRO subnational profile, the trend and
 * data explorers, /api/trends): their key also holds the plan ("anonymous", "free", "pro",
 * "premium"; domain/billing/renderPlan.ts), never the user, and they are rendered for that plan
 * without a session, so one plan's page is never another's and nothing personal is in it.
 *
 * Entries are stored compressed (gzip and brotli, made once, off the event loop) and capped by bytes, oldest used
 * first out. An entry lives `maxAgeMs` at most, so its script nonce (one per rendered entry, sent
 * with it in the CSP header) changes at least that often.
 */
import "server-only";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress as brotliCompressCallback, constants, gunzipSync, gzip as gzipCallback } from "node:zlib";
import { isProGatedPath } from "@/domain/billing/proAccess";
import type { RenderPlan } from "@/domain/billing/renderPlan";
import { LruCache } from "@/server/warehouse/cache";
import { cutAtNonce, noncedBytes, withNonce, type NoncedBody } from "./noncedPage";

const gzip = promisify(gzipCallback);
const brotliCompress = promisify(brotliCompressCallback);

export interface CachedPage {
  status: number;
  headers: Record<string, string | string[]>;
  /** "page": our Cache-Control by cookies; "api": the route's own Cache-Control is kept. */
  kind: "page" | "api";
  gzip: Buffer;
  br: Buffer;
  etag: string;
  storedAt: number;
  bytes: number;
  /**
   * A page kept cut at its script nonce (noncedPage.ts): each answer gets a fresh nonce, in the
   * body and the Content-Security-Policy. `gzip` and `br` are then empty.
   */
  nonced?: { body: NoncedBody; nonce: string };
  /** The plan it was rendered for, when it varies by plan: served to that plan only, never to a shared cache. */
  plan?: RenderPlan;
}

/** Locale-prefixed public page families (not the account, sign-in or subscription pages). */
const PUBLIC_PAGE = /^\/(?:en|es|zh)(?:\/(?:profile|visualize|rankings|country-rankings|product-rankings|resources|data-availability|blog|sitemap|support|tariff-simulator-report|compare)(?:\/[^?]*)?)?\/?$/;

/** Not PRO-gated pages (subnational profiles): what they show depends on the visitor's plan. */
export function isPublicPagePath(pathname: string): boolean {
  return PUBLIC_PAGE.test(pathname) && !isProGatedPath(pathname);
}

/** Public GET APIs whose answer depends only on the URL and the generation. */
const PUBLIC_API = /^\/api\/(?:data|catalog|view|tariff|pivot|query-builder\/members|cms\/search\/reports|tesseract(?:\/(?:cubes(?:\/[^/]+)?|data\.[a-z]+|members))?)\/?$/;

export function isPublicApiPath(pathname: string): boolean {
  return PUBLIC_API.test(pathname);
}

/** PRO tools whose page is the tool for a paid plan and a preview for everyone else. */
const PLAN_PAGE = /^\/(?:en|es|zh)\/(?:trend-explorer|explorer)\/?$/;

/** Pages that depend on the visitor's plan, and nothing else of the session: cached per plan. */
export function isPlanPagePath(pathname: string): boolean {
  return isProGatedPath(pathname) || PLAN_PAGE.test(pathname);
}

/** APIs whose answer depends on the plan (403 below PRO, the data for PRO): cached per plan. */
export function isPlanApiPath(pathname: string): boolean {
  return /^\/api\/trends\/?$/.test(pathname);
}

/**
 * The cache key: generation, URL, the first-paint cookies, and the plan for what varies by plan
 * ("*" for what does not). No user id, name or session is ever part of it.
 */
export function pageCacheKey(generation: string, url: string, cookies: readonly (readonly [string, string])[], plan: RenderPlan | null): string {
  return `${generation}\n${url}\n${cookies.map(([name, value]) => `${name}=${value}`).join("; ")}\n${plan ?? "*"}`;
}

/**
 * Stored compressed only (gzip and brotli, made once); the rare client that takes neither gets
 * it inflated on the way out. The route's own ETag is kept, else one is made from the body.
 */
export async function compressPage(kind: CachedPage["kind"], headers: Record<string, string | string[]>, identity: Buffer, now: number, etag?: string, nonce?: string): Promise<CachedPage> {
  const tag = etag ?? `"p-${createHash("sha1").update(identity).digest("base64url").slice(0, 22)}"`;
  const cut = kind === "page" && nonce ? await cutAtNonce(identity, nonce) : null;
  if (cut && nonce) {
    const empty = Buffer.alloc(0);
    return { status: 200, kind, headers, gzip: empty, br: empty, etag: tag, storedAt: now, bytes: noncedBytes(cut) + 2048, nonced: { body: cut, nonce } };
  }
  // On libuv's thread pool, not the event loop: other requests go on meanwhile.
  const [gzipped, brotli] = await Promise.all([
    gzip(identity, { level: 6 }),
    brotliCompress(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ]);
  return { status: 200, kind, headers, gzip: exact(gzipped), br: exact(brotli), etag: tag, storedAt: now, bytes: gzipped.length + brotli.length + 2048 };
}

/** The bytes on their own: zlib answers a short output as a view into its 16 KB chunk, which a stored answer must not keep. */
export const exact = (bytes: Buffer): Buffer => (bytes.buffer.byteLength > bytes.length + 4096 ? Buffer.from(bytes) : bytes);

export function inflate(entry: CachedPage): Buffer {
  return entry.nonced ? withNonce(entry.nonced.body, entry.nonced.nonce) : gunzipSync(entry.gzip);
}

/**
 * The page store: the one LRU (warehouse/cache.ts), bounded by bytes only, with an age on top. An
 * entry past `maxAgeMs + staleMs` is forgotten when next looked up.
 */
export class PageCache {
  private readonly entries: LruCache<CachedPage>;

  constructor(
    readonly maxBytes: number,
    readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
    /** After its age, an entry may still be served this long while a fresh one renders (stale-while-revalidate). */
    readonly staleMs = 0,
  ) {
    // One page never crowds out the rest: LruCache refuses an entry over a quarter of maxBytes.
    this.entries = new LruCache<CachedPage>(Number.POSITIVE_INFINITY, maxBytes);
  }

  /** A fresh entry, else undefined. */
  get(key: string): CachedPage | undefined {
    const found = this.lookup(key);
    return found && !found.stale ? found.entry : undefined;
  }

  /** An entry, fresh or within its stale time (the caller renders anew in the background); else undefined. */
  lookup(key: string): { entry: CachedPage; stale: boolean } | undefined {
    const entry = this.entries.get(key); // most recently used now
    if (!entry) return undefined;
    const age = this.now() - entry.storedAt;
    if (age >= this.maxAgeMs + this.staleMs) {
      this.entries.delete(key);
      return undefined;
    }
    return { entry, stale: age >= this.maxAgeMs };
  }

  set(key: string, entry: CachedPage): void {
    this.entries.set(key, entry, entry.bytes);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.totalBytes };
  }
}

/** The client's preferred encoding among those we store. */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  const allows = (name: string) => new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=(?!0(?:\\.0*)?\\s*(?:,|$))[\\d.]+)?\\s*(?:,|$)`).test(accepted);
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return "identity";
}
