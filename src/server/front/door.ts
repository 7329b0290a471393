/**
 * The front door: what every request passes before Next.js sees it (scripts/serve.ts puts it in
 * front of Next's request handler).
 *
 * - Who is asking: the client address rate limits key on, from the socket or the trusted proxies
 *   (a client cannot write it).
 * - Methods no route answers (TRACE, CONNECT...) get a JSON 405 instead of Next's 500.
 * - Each rendered response gets its own script nonce (the Content-Security-Policy on the request,
 *   where Next.js reads it, and on the response) and HSTS on https.
 * - Public pages come from the page cache (pageCache.ts): rendered once per URL, generation and
 *   first-paint cookies, by an anonymous internal request, whatever session the visitor has;
 *   concurrent misses for one page share one render; ETag and 304; a CDN may keep the cookie-less
 *   variant for a minute.
 * - Pages and answers that vary by plan (pageCache.ts, isPlanPagePath / isPlanApiPath) are cached
 *   per plan, never per user: the visitor's plan is read from the verified session (`plan`), the
 *   page is rendered for that plan without a session (server/auth/renderPlan.ts), and it is only
 *   ever served to that plan, privately.
 * - The data API's limits (apiMeter.ts): per address, or per key with a higher limit; 429 with
 *   RateLimit headers, 401 for a bad key; open to other sites' scripts (CORS, no cookies read).
 * - One canonical target first (canonical.ts): every decision below sees the same path, and a
 *   spelling that would dodge the meter (`/api/./data`) is redirected or refused.
 * - Bounded work: every request that makes the server render or query (not static files, not cache
 *   hits) passes an admission lane: pages and sign-in in one, the data API in another, each with a
 *   deadline on the wait; beyond it, 503 with Retry-After at once. One client holds at most a few
 *   data requests under way; a client that leaves gives up its place in the queue, and the
 *   warehouse queries it started are interrupted once nobody else waits for them
 *   (server/warehouse/cancel.ts: the request's signal reaches the warehouse).
 */
import "server-only";
import { processValue } from "@/server/processState";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { COLOR_SCHEME_COOKIE } from "@/domain/consent/storageKeys";
import { CONSENT_COOKIE } from "@/domain/consent/consent";
import { escapeXml } from "@/domain/format/xml";
import { LOCALE_TAGS, negotiateLocale, splitLocale, type Locale } from "@/domain/i18n/locales";
import type { RenderPlan } from "@/domain/billing/renderPlan";
import { readCookie } from "@/server/auth/csrf";
import { RENDER_PLAN_HEADER, renderPlanHeader } from "@/server/auth/renderPlan";
import { withRequestSignal } from "@/server/warehouse/cancel";
import { matches } from "@/server/http/etag";
import type { Admission, ClientCap } from "./admission";
import type { CostMeter } from "./cost";
import { canonicalTarget } from "./canonical";
import { isMeteredPath, isPageDataPath, type ApiMeter } from "./apiMeter";
import { clientAddress, limitKey } from "./clientAddress";
import { PUBLIC_PAGE_HEADER, RENDER_HEADER } from "./headerNames";
import { gzipWithNonce, withNonce } from "./noncedPage";
import { compressPage, inflate, isPlanApiPath, isPlanPagePath, isPublicApiPath, isPublicPagePath, pageCacheKey, pickEncoding, type CachedPage, type PageCache } from "./pageCache";
import { contentSecurityPolicy, isEmbedPath, newNonce, strictTransportSecurity } from "./securityHeaders";
import { STATIC_PREFIX, type StaticAssets } from "./staticAssets";

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** A page rendered by an internal request: what Next.js answered, whole. */
export interface Rendered {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PageCaching {
  cache: PageCache;
  /** Changes when the build or the warehouse file changes (a re-import): old entries stop matching. */
  generation: () => string;
  /** Renders a URL anonymously through this server, with the given headers (marked internal); `signal`: nobody waits for it any more. */
  render: (url: string, headers: Record<string, string>, signal?: AbortSignal) => Promise<Rendered>;
  /** The header (with a per-process secret value) that marks an internal render. */
  secret: string;
  /**
   * The plan of the visitor asking (sessionPlan.ts: the verified session, "anonymous" without
   * one), for pages and answers that vary by plan. Without it, or when it fails, those are never
   * cached and go to Next.js as they are.
   */
  plan?: (req: IncomingMessage) => Promise<RenderPlan>;
}

export interface DoorOptions {
  /** TRUST_PROXY_HOPS: how many proxies in front of this node append to X-Forwarded-For. */
  trustedHops: number;
  /**
   * TRUSTED_PROXIES (clientAddress.ts proxyMatcher): whether a socket peer is one of those
   * proxies. A connection from anyone else counts as no hops: its own address, proxy headers
   * dropped. Without it, every peer is taken for a proxy when `trustedHops` > 0.
   */
  isProxy?: (peer: string) => boolean;
  /** The public origin: HSTS when it is https. */
  origin: URL | null;
  /** A tag manager is configured. */
  tagManager: boolean;
  pages?: PageCaching;
  /** The lane of pages, sign-in and account calls. */
  admission?: Admission;
  /**
   * The lane of the data API (the metered paths): its own places and queue, so a burst of
   * expensive queries waits (or is refused) there and never takes the places of pages and sign-in.
   * Without it, data requests share `admission`.
   */
  dataAdmission?: Admission;
  /** At most this many data requests of one client under way at once (429 beyond). */
  dataPerClient?: ClientCap;
  /** Measured cost per family of paths: a request takes that many places in its lane (cost.ts); without it, one each. */
  cost?: CostMeter;
  /** IPv6 clients are one client per network of this many bits (default 64). */
  ipv6Prefix?: number;
  /** Sent as X-Node on every answer (several nodes behind a balancer). */
  nodeName?: string | null;
  /** The data API's limits (apiMeter.ts); without it the API is unmetered. */
  apiMeter?: ApiMeter;
  /** The 503 page's words; without them the answer is the JSON error body. */
  busyText?: BusyText;
  /** The build's assets from memory, compressed once (staticAssets.ts); without it Next.js serves them. */
  staticAssets?: StaticAssets;
  now?: () => number;
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const ALLOWED = new Set(METHODS);
/** Headers a client could send to pass for someone else; only a trusted proxy may set them. */
const PROXY_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip", "forwarded"];
/** Next.js's client navigations and prefetches: answered by Next, never from the page cache. */
const ROUTER_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action"];
// Bulk files stream from disk for minutes: they must not hold a render place meanwhile.
const UNCOUNTED = /^\/(?:_next\/static\/|_next\/image|favicon\.ico|robots\.txt|static\/|geo\/|api\/bulk\/|api\/health(?:\/live|\/ready)?$)/;
const API_EXPOSED_HEADERS = "RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Retry-After, ETag, Content-Range, Accept-Ranges, X-Total-Count";
/** A CDN may keep a cookie-less public page a minute and serve it stale while it revalidates. */
const SHARED_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
const PRIVATE_CACHE = "private, no-cache";
/** Headers of one connection or one message: never copied from an internal render's answer. */
const HOP_BY_HOP = ["content-length", "content-encoding", "transfer-encoding", "date", "connection", "keep-alive"];
/** Besides those, what a stored entry does not keep: the door sets these itself when serving it. */
const NOT_STORED = [...HOP_BY_HOP, "etag", "set-cookie", "x-frame-options"];
/** The first-paint cookies a public page's HTML depends on (the cache key's variant). */
const VARIANT_COOKIES = [COLOR_SCHEME_COOKIE, CONSENT_COOKIE];

/** A JSON error body ({ error: { code, message } }), never cached: every refusal and failure the door answers itself. */
export function sendJson(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) {
  const body = JSON.stringify({ error: { code, message } });
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body), "Cache-Control": "no-store", ...headers });
  res.end(body);
}

/** The words of the 503 page, per language (messages/*.json, busyPage). */
export type BusyText = Record<Locale, { title: string; text: string }>;

function busy(req: IncomingMessage, res: ServerResponse, pathname: string, words: BusyText | undefined) {
  const headers = { "Retry-After": "1" };
  if (pathname.startsWith("/api/") || !words) return sendJson(res, 503, "server_busy", "The server is answering many requests; try again in a second.", headers);
  // The page's own language, else the visitor's.
  const locale = splitLocale(pathname).locale ?? negotiateLocale(req.headers["accept-language"]);
  const { title, text } = words[locale];
  const body = `<!doctype html><html lang="${LOCALE_TAGS[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeXml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>${escapeXml(title)}</h1><p>${escapeXml(text)}</p></body></html>`;
  res.writeHead(503, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(body), "Cache-Control": "no-store", ...headers });
  res.end(body);
}

/** The first-paint cookies as sent, or null when one is too long to be one we wrote. */
function variantCookies(req: IncomingMessage): [string, string][] | null {
  const header = req.headers.cookie ?? null;
  const found = VARIANT_COOKIES.map((name): [string, string] => [name, readCookie(header, name) ?? ""]);
  return found.some(([, value]) => value.length > 64) ? null : found.filter(([, value]) => value);
}

/**
 * What the page cache may answer: a public page (varies by two cookies), a public API, a page or
 * an API that varies by plan (`byPlan`), or nothing (personal pages, writes, client navigations).
 */
function cacheable(req: IncomingMessage, url: string, pathname: string): { kind: CachedPage["kind"]; byPlan: boolean } | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (url.length > 1024 || url.includes("_rsc=")) return null;
  if (ROUTER_HEADERS.some((name) => req.headers[name] !== undefined)) return null;
  if (isPublicPagePath(pathname)) return { kind: "page", byPlan: false };
  if (isPublicApiPath(pathname)) return { kind: "api", byPlan: false };
  if (isPlanPagePath(pathname)) return { kind: "page", byPlan: true };
  return isPlanApiPath(pathname) ? { kind: "api", byPlan: true } : null;
}

/** Aborts when the client goes before its answer is complete: the work done for it may stop. */
function clientGone(res: ServerResponse): AbortSignal {
  const gone = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) gone.abort();
  });
  return gone.signal;
}

function copyHeaders(headers: IncomingHttpHeaders, drop: readonly string[]): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !drop.includes(name)) kept[name] = value;
  return kept;
}

function serveCached(req: IncomingMessage, res: ServerResponse, entry: CachedPage, state: "HIT" | "MISS" | "STALE") {
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
  if (entry.kind === "page") {
    const vary = String(entry.headers["vary"] ?? "");
    res.setHeader("Vary", vary ? `${vary}, Cookie` : "Accept-Encoding, Cookie");
    // A plan's page is never for a shared cache: the next visitor behind it may be on another plan.
    res.setHeader("Cache-Control", req.headers.cookie || entry.plan ? PRIVATE_CACHE : SHARED_CACHE);
  } else {
    // An answer for one plan differs by the session cookie it was chosen by.
    res.setHeader("Vary", entry.plan ? "Accept-Encoding, Cookie" : "Accept-Encoding");
  }
  res.setHeader("ETag", entry.etag);
  res.setHeader("X-Front-Cache", state);
  if (matches(req.headers["if-none-match"], entry.etag)) {
    // The browser keeps the body it has, with the nonce it was sent: a new policy would block its scripts.
    res.removeHeader("Content-Security-Policy");
    res.statusCode = 304;
    res.end();
    return;
  }
  if (entry.nonced) return serveNonced(req, res, entry, entry.nonced);
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : inflate(entry);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.statusCode = entry.status;
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A stored page with a nonce of its own, in the body and in the policy: never one shared by visitors. */
function serveNonced(req: IncomingMessage, res: ServerResponse, entry: CachedPage, nonced: NonNullable<CachedPage["nonced"]>) {
  const nonce = newNonce();
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy === "string") res.setHeader("Content-Security-Policy", policy.replaceAll(`'nonce-${nonced.nonce}'`, `'nonce-${nonce}'`));
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  // Stored pages answer in gzip (assembled without compressing); a client taking brotli only gets it plain.
  const gzip = encoding !== "identity" && /(?:^|,)\s*gzip/i.test(String(req.headers["accept-encoding"] ?? ""));
  const body = gzip ? gzipWithNonce(nonced.body, nonce) : withNonce(nonced.body, nonce);
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.statusCode = entry.status;
  res.end(req.method === "HEAD" ? undefined : body);
}

function servePassThrough(req: IncomingMessage, res: ServerResponse, rendered: Rendered) {
  for (const [name, value] of Object.entries(copyHeaders(rendered.headers, HOP_BY_HOP))) res.setHeader(name, value);
  res.setHeader("Content-Length", rendered.body.length);
  res.statusCode = rendered.status;
  res.end(req.method === "HEAD" ? undefined : rendered.body);
}

/**
 * The data API's queries take the data lane. A profile's charts (`/api/view`, about ten a page,
 * all at once) are part of showing a page: they take the page lane and no per-client cap.
 */
function isDataLanePath(pathname: string): boolean {
  return isMeteredPath(pathname) && !isPageDataPath(pathname);
}

type Answer = CachedPage | Rendered | null;

/** What the door's steps share: its options and the renders under way. */
interface Door {
  handle: RequestHandler;
  options: DoorOptions;
  hsts: string | null;
  now: () => number;
  pages: PageCaching | undefined;
  inFlight: Map<string, { promise: Promise<Answer>; controller: AbortController; askers: number }>;
}

/** A page cache answer's key, kind, first-paint cookies and plan. */
interface CacheTarget {
  key: string;
  kind: CachedPage["kind"];
  url: string;
  cookies: [string, string][];
  plan: RenderPlan | null;
}

/**
 * The door, in named steps: who is asking, the canonical target, the internal render, the data
 * API's meter, the page cache (lookup, per-plan key, render-and-store), then admission to Next.js.
 */
export function frontDoor(handle: RequestHandler, options: DoorOptions): RequestHandler {
  const door: Door = { handle, options, hsts: strictTransportSecurity(options.origin), now: options.now ?? Date.now, pages: options.pages, inFlight: new Map() };
  return async (req, res) => {
    if (!ALLOWED.has(req.method ?? "")) return sendJson(res, 405, "method_not_allowed", `This site answers ${METHODS.join(", ")} only.`, { Allow: METHODS.join(", ") });
    const internal = whoIsAsking(door, req);
    const target = canonicalTarget(req.url ?? "/", req.method ?? "GET");
    if (target.kind === "invalid") return sendJson(res, 400, "invalid_request_target", target.message);
    if (target.kind === "redirect") {
      res.writeHead(308, { Location: target.location, "Cache-Control": "no-store", "Content-Length": 0 });
      return void res.end();
    }
    const { url, pathname } = target;
    transportHeaders(door, res, pathname);
    if (internal) return internalRender(door, req, res, pathname);
    if (pathname.startsWith(STATIC_PREFIX) && door.options.staticAssets) {
      // The build's files are only read (Next.js answered a POST to one with a bare 500).
      if (req.method !== "GET" && req.method !== "HEAD") return sendJson(res, 405, "method_not_allowed", "The build's files are only read: use GET or HEAD.", { Allow: "GET, HEAD" });
      if (await door.options.staticAssets.serve(req, res, pathname)) return;
    }
    if (isMeteredPath(pathname) && (await meteredApi(door, req, res, pathname))) return;
    const cached = door.pages ? cacheable(req, url, pathname) : null;
    const plan = cached?.byPlan ? await planOf(door, req) : null;
    const cacheTarget = cached ? pageCacheTarget(door, req, url, cached, plan) : null;
    if (cacheTarget) return fromPageCache(door, req, res, pathname, cacheTarget);
    return admitted(door, req, res, pathname);
  };
}


/** Says once per peer (at most 100) that its X-Forwarded-For was ignored: a balancer missing from TRUSTED_PROXIES shows up here. */
function untrustedPeer(peer: string | undefined) {
  const address = peer ?? "unknown";
  // Peers already named in the log, once per process (every bundle of the door shares it).
  const untrustedLogged = processValue("front/door:untrustedLogged", () => new Set<string>());
  if (untrustedLogged.has(address) || untrustedLogged.size >= 100) return;
  untrustedLogged.add(address);
  console.warn(`[front] X-Forwarded-For from ${address} ignored: it is not in TRUSTED_PROXIES, so it counts as the client. If it is your balancer, add its address to TRUSTED_PROXIES.`);
}

/**
 * Who is asking: whether it is the door's own render (it carries the secret), and the one client
 * address every limit downstream keys on. Headers only a trusted proxy or the door may set go.
 */
function whoIsAsking({ pages, options }: Door, req: IncomingMessage): boolean {
  const internal = pages !== undefined && req.headers[RENDER_HEADER] === pages.secret;
  delete req.headers[RENDER_HEADER];
  delete req.headers[PUBLIC_PAGE_HEADER];
  // Only the door's own render names a plan (and it carries a proof no client has: renderPlan.ts).
  if (!internal) delete req.headers[RENDER_PLAN_HEADER];
  // Every limit downstream keys on this one value: an IPv6 client by its /64 (limitKey).
  // X-Forwarded-For counts only on a connection from a trusted proxy.
  const peer = req.socket.remoteAddress;
  const untrusted = !internal && options.trustedHops > 0 && options.isProxy !== undefined && !options.isProxy(peer ?? "");
  if (untrusted && req.headers["x-forwarded-for"]) untrustedPeer(peer);
  const hops = internal || untrusted ? 0 : options.trustedHops;
  req.headers["x-forwarded-for"] = limitKey(clientAddress(req.headers["x-forwarded-for"], peer, hops), options.ipv6Prefix ?? 64);
  if (hops <= 0 && !internal) for (const name of PROXY_HEADERS) delete req.headers[name];
  return internal;
}

/** On every response: framing (embeds only, by anyone) and HSTS on https. */
function transportHeaders({ options, hsts }: Door, res: ServerResponse, pathname: string) {
  if (options.nodeName) res.setHeader("X-Node", options.nodeName);
  if (!isEmbedPath(pathname) && !pathname.startsWith("/_next/static/")) res.setHeader("X-Frame-Options", "DENY");
  if (hsts) res.setHeader("Strict-Transport-Security", hsts);
}

/** Before Next.js renders: a fresh nonce in the policy on the request (Next reads it there) and the response. */
function scriptPolicy({ options }: Door, req: IncomingMessage, res: ServerResponse, pathname: string) {
  if (pathname.startsWith("/_next/static/")) return;
  const policy = contentSecurityPolicy({ nonce: newNonce(), embed: isEmbedPath(pathname), tagManager: options.tagManager });
  // Never the client's own policy (it would choose the nonce): always ours.
  req.headers["content-security-policy"] = policy;
  delete req.headers["content-security-policy-report-only"];
  res.setHeader("Content-Security-Policy", policy);
}

/** The page cache's own render: anonymous, no session read in the layout, already admitted. */
function internalRender(door: Door, req: IncomingMessage, res: ServerResponse, pathname: string) {
  req.headers[PUBLIC_PAGE_HEADER] = "1";
  scriptPolicy(door, req, res, pathname);
  // When the door stops waiting for this render (everyone asking left), its queries stop too.
  return withRequestSignal(clientGone(res), () => door.handle(req, res));
}

/**
 * The open data API: CORS for any web page (no cookies are read on it), the preflight, and the
 * meter (401 for a bad key, 429 over the limit). True when it has answered.
 */
async function meteredApi({ options }: Door, req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Expose-Headers", API_EXPOSED_HEADERS);
  if (req.method === "OPTIONS") {
    res.writeHead(204, { "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS", "Access-Control-Allow-Headers": "Authorization, X-API-Key, Range, If-None-Match", "Access-Control-Max-Age": "86400" });
    res.end();
    return true;
  }
  if (!options.apiMeter) return false;
  const decision = await options.apiMeter.check(String(req.headers["x-forwarded-for"]), req.headers, pathname);
  if (decision.kind === "bad_key") {
    const message = decision.reason === "malformed" ? "The API key is malformed: send it as 'Authorization: Bearer oto_...' or 'X-API-Key: oto_...'." : "This API key is not valid: it was revoked or never existed. Create one on your account page.";
    sendJson(res, 401, "invalid_api_key", message, { "WWW-Authenticate": 'Bearer realm="api"' });
    return true;
  }
  for (const [name, value] of Object.entries(decision.headers)) res.setHeader(name, value);
  if (decision.kind !== "limited") return false;
  const message = decision.keyed
    ? `This key's limit of ${decision.headers["RateLimit-Limit"]} requests a minute is used up; try again in ${decision.retryAfterSeconds} s.`
    : `The limit of ${decision.headers["RateLimit-Limit"]} requests a minute per address without a key is used up; try again in ${decision.retryAfterSeconds} s, or send an API key (free, from your account page) for a higher limit.`;
  sendJson(res, 429, "rate_limited", message, { "Retry-After": String(decision.retryAfterSeconds) });
  return true;
}

/**
 * The page cache's key for this request (generation, URL, first-paint cookies, and the plan for
 * what varies by plan), or null when the cache does not answer it (odd cookies, no plan known).
 */
function pageCacheTarget({ pages }: Door, req: IncomingMessage, url: string, cached: { kind: CachedPage["kind"]; byPlan: boolean }, plan: RenderPlan | null): CacheTarget | null {
  const { kind } = cached;
  const cookies = kind === "page" ? variantCookies(req) : [];
  if (!pages || !cookies || (cached.byPlan && !plan)) return null;
  return { key: pageCacheKey(pages.generation(), url, cookies, plan), kind, url, cookies, plan };
}

/** A hit (or a stale entry, renewed in the background), else one shared render, stored when it may be. */
async function fromPageCache(door: Door, req: IncomingMessage, res: ServerResponse, pathname: string, target: CacheTarget) {
  const { key, kind, url, cookies, plan } = target;
  // The answer carries the policy (and nonce) it was rendered with.
  const found = door.pages!.cache.lookup(key);
  // The key holds the plan; the entry says it again, and a mismatch is never served.
  if (found && (found.entry.plan ?? null) === plan) {
    if (!found.stale) return serveCached(req, res, found.entry, "HIT");
    // Stale: answered at once from the cache, rendered anew in the background for the next visitor.
    void renderShared(door, key, kind, url, renderHeaders(door, req, kind, cookies, plan), plan).catch(() => {});
    return serveCached(req, res, found.entry, "STALE");
  }
  const capped = kind === "api" && isDataLanePath(pathname) ? takeClientPlace(door, req, res) : () => {};
  if (!capped) return;
  let rendered: Answer;
  try {
    rendered = await renderShared(door, key, kind, url, renderHeaders(door, req, kind, cookies, plan), plan, res);
  } finally {
    capped();
  }
  if (res.destroyed) return;
  if (!rendered) return busy(req, res, pathname, door.options.busyText);
  if ("etag" in rendered) return serveCached(req, res, rendered, "MISS");
  return servePassThrough(req, res, rendered);
}

/** What the internal render is sent: anonymous, only what the page may depend on (and the plan it is for). */
function renderHeaders({ pages }: Door, req: IncomingMessage, kind: CachedPage["kind"], cookies: [string, string][], plan: RenderPlan | null): Record<string, string> {
  const headers: Record<string, string> = { [RENDER_HEADER]: pages!.secret, "accept-encoding": "identity" };
  if (plan) headers[RENDER_PLAN_HEADER] = renderPlanHeader(plan);
  if (req.headers.host) headers.host = req.headers.host;
  if (req.headers["accept-language"]) headers["accept-language"] = String(req.headers["accept-language"]);
  if (kind === "page" && cookies.length) headers.cookie = cookies.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
  for (const name of ["x-forwarded-proto", "x-forwarded-host"]) if (typeof req.headers[name] === "string") headers[name] = req.headers[name] as string;
  return headers;
}

function laneOf({ options }: Door, kind: "page" | "data"): Admission | undefined {
  return kind === "data" ? (options.dataAdmission ?? options.admission) : options.admission;
}

/** One render through its admission lane; stored when it is a public answer. Null: too busy, or everyone asking left. */
async function renderOnce(door: Door, key: string, kind: CachedPage["kind"], url: string, headers: Record<string, string>, plan: RenderPlan | null, signal: AbortSignal): Promise<Answer> {
  const pathname = new URL(url, "http://door").pathname;
  const lane = laneOf(door, kind === "api" && isDataLanePath(pathname) ? "data" : "page");
  const timing = door.options.cost?.time(pathname);
  const release = lane ? await lane.enter({ signal, weight: timing?.weight }) : () => {};
  if (!release) return null;
  if (signal.aborted) {
    release();
    return null;
  }
  try {
    let rendered: Rendered;
    timing?.restart();
    try {
      rendered = await door.pages!.render(url, headers, signal);
    } catch (error) {
      if (signal.aborted) return null;
      throw error;
    }
    if (rendered.status < 500) timing?.done();
    return await stored(door, key, kind, plan, rendered);
  } finally {
    release();
  }
}

/** Keeps a render in the page cache when it is a public answer (200, the right type, no cookie, not private). */
async function stored(door: Door, key: string, kind: CachedPage["kind"], plan: RenderPlan | null, rendered: Rendered): Promise<CachedPage | Rendered> {
  const type = String(rendered.headers["content-type"] ?? "");
  const storable = kind === "page" ? type.startsWith("text/html") : /^(application\/json|text\/csv)/.test(type);
  // An answer for one plan says "private" to browsers and CDNs; here it is kept under its plan.
  const privateApi = kind === "api" && !plan && /no-store|private/.test(String(rendered.headers["cache-control"] ?? ""));
  if (rendered.status !== 200 || !storable || rendered.headers["set-cookie"] || privateApi) return rendered;
  const etag = kind === "api" && typeof rendered.headers.etag === "string" ? rendered.headers.etag : undefined;
  // A page's Cache-Control is the door's to say (Next.js marks every dynamic page no-store).
  const drop = kind === "page" ? [...NOT_STORED, "cache-control"] : NOT_STORED;
  const nonce = kind === "page" ? /'nonce-([^']+)'/.exec(String(rendered.headers["content-security-policy"] ?? ""))?.[1] : undefined;
  const entry = await compressPage(kind, copyHeaders(rendered.headers, drop), rendered.body, door.now(), etag, nonce);
  if (plan) entry.plan = plan;
  door.pages!.cache.set(key, entry);
  return entry;
}

/**
 * Everyone asking for the same key meanwhile, queued or rendering, shares one render. When every
 * one of them has gone before it is admitted, it leaves the queue: no render for nobody.
 */
function renderShared(door: Door, key: string, kind: CachedPage["kind"], url: string, headers: Record<string, string>, plan: RenderPlan | null, res?: ServerResponse) {
  const { inFlight } = door;
  let running = inFlight.get(key);
  if (!running) {
    const controller = new AbortController();
    const promise = renderOnce(door, key, kind, url, headers, plan, controller.signal).finally(() => inFlight.delete(key));
    running = { promise, controller, askers: 0 };
    inFlight.set(key, running);
  }
  const shared = running;
  // A background refresh (no res) has nobody to leave: it is never abandoned.
  if (res) {
    shared.askers++;
    res.once("close", () => {
      if (res.writableFinished) return;
      if (--shared.askers <= 0) shared.controller.abort();
    });
  }
  return shared.promise;
}

/** Everything else goes to Next.js, through its admission lane (not static files) and, for data, the client's cap. */
async function admitted(door: Door, req: IncomingMessage, res: ServerResponse, pathname: string) {
  const { handle, options } = door;
  scriptPolicy(door, req, res, pathname);
  const data = isDataLanePath(pathname);
  const lane = laneOf(door, data ? "data" : "page");
  if (!lane || UNCOUNTED.test(pathname)) return handle(req, res);
  const capped = data ? takeClientPlace(door, req, res) : () => {};
  if (!capped) return;
  // A client that gives up while waiting must not keep its place: it leaves the queue at once; one
  // that leaves mid-answer stops the warehouse queries started for it (cancel.ts). One listener for
  // both (and the release below): Next.js adds its own on every response, and Node warns past ten.
  const gone = new AbortController();
  const left = new AbortController();
  let release: (() => void) | null = null;
  res.once("close", () => {
    gone.abort();
    if (!res.writableFinished) left.abort();
    release?.();
  });
  const timing = options.cost?.time(pathname);
  const admission = await lane.enter({ signal: gone.signal, weight: timing?.weight });
  if (!admission) {
    capped();
    if (gone.signal.aborted || res.destroyed) return;
    return busy(req, res, pathname, options.busyText);
  }
  timing?.restart();
  release = () => {
    // A finished answer is a measure of its family's cost; one cut short by its client is not.
    if (res.writableFinished && res.statusCode < 500) timing?.done();
    admission();
    capped();
  };
  if (res.destroyed) return release();
  res.once("finish", release);
  try {
    return await withRequestSignal(left.signal, () => handle(req, res));
  } catch (error) {
    release();
    throw error;
  }
}

/** The plan of the visitor, for what varies by plan; null (not cached) without a reader or when it fails. */
async function planOf({ pages }: Door, req: IncomingMessage): Promise<RenderPlan | null> {
  if (!pages?.plan) return null;
  try {
    return await pages.plan(req);
  } catch (error) {
    console.error(`[door] could not read the visitor's plan: ${(error as Error).message}`);
    return null;
  }
}

/** One client's place among the data requests under way; null (and a 429 sent) when it has its share. */
function takeClientPlace({ options }: Door, req: IncomingMessage, res: ServerResponse): (() => void) | null {
  if (!options.dataPerClient) return () => {};
  const release = options.dataPerClient.take(String(req.headers["x-forwarded-for"]));
  if (release) return release;
  sendJson(res, 429, "too_many_concurrent", `At most ${options.dataPerClient.perClient} data requests of one client are answered at once; wait for one to finish.`, { "Retry-After": "1" });
  return null;
}
