/**
 * /api/auth/*: next-auth, behind our guards. Every POST must come from this site (Origin) and be
 * small; password sign-ins pass the login guard (per address and account, spraying, per account:
 * loginGuard.ts), sign-in link requests are limited per address and per email (429 with
 * Retry-After), so neither guessing nor mail bombing pays. The client address is the front door's
 * (server/front/door.ts): from the socket or the trusted proxies, never what a client wrote.
 */
import "server-only";
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { normaliseEmail } from "@/domain/auth/validation";
import { jsonError, readBodyLimited } from "@/server/http/jsonError";
import { clientKey } from "@/server/http/rateLimit";
import type { WindowCounter } from "@/server/http/counters";
import { isSameOrigin } from "./csrf";
import { authOptions } from "./options";
import { authOrigin } from "@/server/origin";
import { limiters } from "./rateLimits";
import { isDatabaseUnavailable, whileDatabaseAnswers } from "@/server/db/unavailable";

export interface AuthRouteContext {
  params: Promise<{ nextauth: string[] }>;
}

const MAX_BODY_BYTES = 16 * 1024;

function formOf(text: string, contentType: string | null): Record<string, string> {
  try {
    if (contentType?.includes("application/json")) {
      const value = JSON.parse(text) as unknown;
      return value && typeof value === "object" ? (value as Record<string, string>) : {};
    }
    return Object.fromEntries(new URLSearchParams(text));
  } catch {
    return {};
  }
}

/**
 * 429 in the shape next-auth's client reads (`url` carrying the error code) and in ours
 * (`error.code`), with Retry-After.
 */
function tooManyAttempts(retryAfterSeconds: number): Response {
  const url = `${authOrigin().origin}/api/auth/error?error=RateLimited`;
  return Response.json(
    { error: { code: "rate_limited", message: "Too many attempts. Try again later." }, url },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds), "Cache-Control": "no-store" } },
  );
}

async function succeeded(response: Response): Promise<boolean> {
  if (response.status !== 200) return false;
  try {
    const body = (await response.clone().json()) as { url?: string };
    return typeof body.url === "string" && !new URL(body.url).searchParams.has("error");
  } catch {
    return false;
  }
}

/** Each limiter in turn (all are counted): the first that refuses answers 429. */
async function limited(keys: [WindowCounter, string][], run: () => Promise<Response>): Promise<Response> {
  for (const [limiter, key] of keys) {
    const hit = await limiter.hit(key);
    if (!hit.allowed) return tooManyAttempts(hit.retryAfterSeconds);
  }
  return run();
}

/** A password sign-in behind the login guard: refused while limited, counted as a failure or cleared after. */
async function guardedLogin(address: string, account: string, run: () => Promise<Response>): Promise<Response> {
  const guard = limiters().login;
  const verdict = await guard.check(address, account);
  if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterSeconds);
  const response = await run();
  if (await succeeded(response)) await guard.succeeded(address, account);
  else await guard.failed(address, account);
  return response;
}

/** What next-auth's client reports to /api/auth/_log: its logger's levels and upper-case codes. */
const LOG_LEVELS = new Set(["error", "warn", "debug"]);
const LOG_CODE = /^[A-Za-z_]{1,64}$/;

/** next-auth's error codes are words ("Verification", "RateLimited"); anything else is not echoed. */
const ERROR_CODE = /^[A-Za-z]{1,64}$/;

/** A callback URL next-auth may follow: a path on this site, or an absolute URL of this origin. */
function acceptableCallback(value: string): boolean {
  if (value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) return true;
  try {
    return new URL(value).origin === authOrigin().origin;
  } catch {
    return false;
  }
}

/**
 * What next-auth would answer with a 500 (or a header it cannot write) is refused here with a 4xx
 * and the JSON error body: malformed JSON, a callback URL that is not ours, an error code that is
 * not a word, the credentials callback by GET.
 */
function refuseBadInput(request: NextRequest, action: string | undefined, provider: string | undefined, bodyText: string): Response | null {
  const params = request.nextUrl.searchParams;
  const callback = params.get("callbackUrl");
  if (callback !== null && !acceptableCallback(callback)) return jsonError(400, "invalid_parameter", "callbackUrl must be a path or a URL on this site.");
  const error = params.get("error");
  if (action === "error" && error !== null && !ERROR_CODE.test(error)) return jsonError(400, "invalid_parameter", "error must be a sign-in error code.");
  if (action === "callback" && provider === "credentials" && request.method !== "POST") {
    return jsonError(405, "method_not_allowed", "Password sign-in is a POST.", { Allow: "POST" });
  }
  if (request.method === "POST" && request.headers.get("content-type")?.includes("application/json") && bodyText.trim() !== "") {
    try {
      const value = JSON.parse(bodyText) as unknown;
      if (!value || typeof value !== "object" || Array.isArray(value)) return jsonError(400, "invalid_body", "The body must be a JSON object.");
    } catch {
      return jsonError(400, "invalid_body", "The body is not valid JSON.");
    }
  }
  return null;
}

/** next-auth throwing on input it cannot read is the caller's fault: 400, logged in one line. */
async function safely(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    console.warn(`[auth] refused a request next-auth could not read: ${String((error as Error)?.message ?? error).slice(0, 200)}`);
    return jsonError(400, "bad_request", "The sign-in request could not be read.");
  }
}

export async function handleAuthRequest(request: NextRequest, context: AuthRouteContext): Promise<Response> {
  const options = authOptions();
  const run = () => safely(async () => (await NextAuth(request, context, options)) as Response);
  const [action, provider] = (await context.params).nextauth ?? [];
  if (request.method !== "POST") return refuseBadInput(request, action, provider, "") ?? run();
  // Sign-in needs the accounts and the shared counters: while the app database cannot be reached
  // the answer is 503 with Retry-After (try again), not a 400 or an empty 500. Reading a session
  // (GET) does not come here: it is answered from the token meanwhile (options.ts).
  return whileDatabaseAnswers(`POST /api/auth/${action ?? ""}`, () => handlePost(request, run, action, provider));
}

async function handlePost(request: NextRequest, run: () => Promise<Response>, action: string | undefined, provider: string | undefined): Promise<Response> {
  if (!isSameOrigin(request.headers, authOrigin().origin)) {
    return jsonError(403, "cross_site", "This request must come from the site itself.");
  }
  const body = await readBodyLimited(request.clone(), MAX_BODY_BYTES);
  if (!body.ok) return jsonError(413, "too_large", "The request body is too large.");
  const refused = refuseBadInput(request, action, provider, body.text);
  if (refused) return refused;
  const form = formOf(body.text, request.headers.get("content-type"));
  const address = clientKey(request.headers);
  const email = normaliseEmail(form.email) ?? "-";

  if (action === "callback" && provider === "credentials") return guardedLogin(address, email, run);
  if (action === "signin" && provider === "email") {
    return limited([[limiters().magicLink, address], [limiters().magicLinkEmail, email]], run);
  }
  if (action === "_log") {
    const hit = await limiters().clientLog.hit(clientKey(request.headers));
    if (!hit.allowed) return tooManyAttempts(hit.retryAfterSeconds);
    if (body.text.length > 4096) return jsonError(413, "too_large", "A log report is at most 4 KB.");
    if (!LOG_LEVELS.has(form.level ?? "") || !LOG_CODE.test(form.code ?? "")) {
      return jsonError(400, "invalid_body", "A log report has a level (error, warn or debug) and a code.");
    }
  }
  return run();
}
