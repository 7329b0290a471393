/**
 * The data API's limits, applied at the front door before anything else answers (the page cache
 * included, so a cached answer costs a request like any other and nobody dodges the limit by
 * asking for popular URLs). Anonymous clients are counted per address (the door's, which a client
 * cannot write); a key is counted per key and raises the limit. A key that is malformed, unknown
 * or revoked is refused with 401 rather than silently treated as anonymous, so its owner learns.
 *
 * Every metered answer carries the limit (IETF draft "RateLimit header fields for HTTP"):
 * `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (seconds) and `RateLimit-Policy`;
 * a refusal is 429 with `Retry-After`. Counters are WindowCounters: per process with SQLite,
 * shared by every node through PostgreSQL. If the shared store fails, the request is counted
 * on this node's own counters (and logged): an outage of the counters must not take the public API
 * down with it, nor leave it unmetered.
 */
import "server-only";
import type { IncomingHttpHeaders } from "node:http";
import { MemoryCounter, type WindowCounter } from "@/server/http/counters";
import { RateLimiter } from "@/server/http/rateLimit";
import { hasPaidPlan } from "@/domain/auth/roles";

/** The API paths the limits apply to: the documented data API and the bulk files. */
const METERED = /^\/api\/(?:data|view|catalog|cubes|openapi\.json|pivot|query-builder\/members|tariff|trends|bulk(?:\/.*)?|tesseract(?:\/.*)?)\/?$/;
export const API_WINDOW_SECONDS = 60;

export function isMeteredPath(pathname: string): boolean {
  return METERED.test(pathname);
}

/** The charts' own data: part of showing a page, metered apart (ApiMeterOptions.pageDataPerMinute). */
export function isPageDataPath(pathname: string): boolean {
  return /^\/api\/view\/?$/.test(pathname);
}

export type MeterDecision =
  | { kind: "allowed"; headers: Record<string, string> }
  | { kind: "limited"; headers: Record<string, string>; retryAfterSeconds: number; keyed: boolean }
  | { kind: "bad_key"; reason: "malformed" | "unknown" };

export interface ApiMeterOptions {
  anonymousPerMinute: number;
  keyPerMinute: number;
  /** Keys of PRO and PREMIUM accounts (a paid plan raises the limit). */
  proKeyPerMinute: number;
  /**
   * The site's own chart data (`/api/view`, about ten requests a profile): counted apart from the
   * public API, per address, and generously, so that browsing (a class behind one address) never
   * spends the API allowance a script is held to. Default: ten times the anonymous limit.
   */
  pageDataPerMinute?: number;
  /** The active key with this value and its owner's role, or null (unknown or revoked). */
  findKey: (key: string) => Promise<{ id: string; role: number } | null>;
  /** Makes the counters (default: in this process's memory). */
  counter?: (name: string, limit: number, windowMs: number, maxKeys: number) => WindowCounter;
  now?: () => number;
}

/** The key a request carries: `Authorization: Bearer <key>` or `X-API-Key: <key>`; "" when none. */
export function presentedKey(headers: IncomingHttpHeaders): string | null {
  const header = headers["x-api-key"];
  const direct = Array.isArray(header) ? header[0] : header;
  if (direct !== undefined) return direct.trim();
  const authorization = headers.authorization;
  if (authorization === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match ? match[1]! : "";
}

export class ApiMeter {
  private readonly anonymous: WindowCounter;
  private readonly keyed: WindowCounter;
  private readonly proKeyed: WindowCounter;
  private readonly pageData: WindowCounter;
  private readonly fallbacks = new Map<WindowCounter, RateLimiter>();
  private fallbackLogged = false;

  private fallbackFor(limiter: WindowCounter): RateLimiter {
    let local = this.fallbacks.get(limiter);
    if (!local) this.fallbacks.set(limiter, (local = new RateLimiter(limiter.limit, limiter.windowMs, 50_000, this.options.now)));
    return local;
  }

  constructor(private readonly options: ApiMeterOptions) {
    const windowMs = API_WINDOW_SECONDS * 1000;
    const make = options.counter ?? ((_name, limit, ms, maxKeys) => new MemoryCounter(limit, ms, maxKeys, options.now));
    this.anonymous = make("api-address", options.anonymousPerMinute, windowMs, 50_000);
    this.keyed = make("api-key", options.keyPerMinute, windowMs, 50_000);
    this.proKeyed = make("api-key-pro", options.proKeyPerMinute, windowMs, 50_000);
    this.pageData = make("page-data", options.pageDataPerMinute ?? options.anonymousPerMinute * 10, windowMs, 50_000);
  }

  /** Counts one request for `pathname` from `address` (the door's client address) with these headers. */
  async check(address: string, headers: IncomingHttpHeaders, pathname = ""): Promise<MeterDecision> {
    const key = presentedKey(headers);
    let limiter = this.anonymous;
    let counted = `a:${address}`;
    if (isPageDataPath(pathname)) {
      limiter = this.pageData;
    } else if (key !== null) {
      if (!key || key.length > 200) return { kind: "bad_key", reason: "malformed" };
      const found = await this.options.findKey(key);
      if (!found) return { kind: "bad_key", reason: "unknown" };
      limiter = hasPaidPlan(found.role) ? this.proKeyed : this.keyed;
      counted = `k:${found.id}`;
    }
    let hit;
    try {
      hit = await limiter.hit(counted);
    } catch (error) {
      // The shared counters are away (the app database): this node counts alone, with the same
      // limit, rather than letting everything through unmetered.
      if (!this.fallbackLogged) console.error(`[api] rate-limit counters unavailable, counting on this node meanwhile: ${(error as Error).message}`);
      this.fallbackLogged = true;
      hit = this.fallbackFor(limiter).hit(counted);
    }
    const rateHeaders = {
      "RateLimit-Limit": String(limiter.limit),
      "RateLimit-Remaining": String(hit.remaining),
      "RateLimit-Reset": String(hit.resetSeconds),
      "RateLimit-Policy": `${limiter.limit};w=${API_WINDOW_SECONDS}`,
    };
    if (hit.allowed) return { kind: "allowed", headers: rateHeaders };
    return { kind: "limited", headers: rateHeaders, retryAfterSeconds: hit.retryAfterSeconds, keyed: key !== null };
  }
}
