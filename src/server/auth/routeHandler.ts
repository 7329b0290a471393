/**
 * /api/auth/*: next-auth, behind our guards. Every POST must come from this site (Origin) and be
 * small; password sign-ins are limited per client and email (10 per 15 minutes, then 429 with
 * Retry-After) and sign-in link requests likewise, so neither guessing nor mail bombing pays.
 */
import "server-only";
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { normaliseEmail } from "@/domain/auth/validation";
import { jsonError, readBodyLimited } from "@/server/http/jsonError";
import { clientKey, type RateLimiter } from "@/server/http/rateLimit";
import { isSameOrigin } from "./csrf";
import { authOptions } from "./options";
import { authOrigin } from "@/server/origin";
import { limiters } from "./rateLimits";

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

async function limited(
  limiter: RateLimiter,
  key: string,
  run: () => Promise<Response>,
  options: { resetOnSuccess: boolean },
): Promise<Response> {
  const hit = limiter.hit(key);
  if (!hit.allowed) return tooManyAttempts(hit.retryAfterSeconds);
  const response = await run();
  if (options.resetOnSuccess && (await succeeded(response))) limiter.reset(key);
  return response;
}

export async function handleAuthRequest(request: NextRequest, context: AuthRouteContext): Promise<Response> {
  const options = authOptions();
  const run = async () => (await NextAuth(request, context, options)) as Response;
  if (request.method !== "POST") return run();

  if (!isSameOrigin(request.headers, authOrigin().origin)) {
    return jsonError(403, "cross_site", "This request must come from the site itself.");
  }
  const body = await readBodyLimited(request.clone(), MAX_BODY_BYTES);
  if (!body.ok) return jsonError(413, "too_large", "The request body is too large.");
  const [action, provider] = (await context.params).nextauth ?? [];
  const form = formOf(body.text, request.headers.get("content-type"));
  const who = `${clientKey(request.headers)}|${normaliseEmail(form.email) ?? "-"}`;

  if (action === "callback" && provider === "credentials") {
    return limited(limiters().login, who, run, { resetOnSuccess: true });
  }
  if (action === "signin" && provider === "email") {
    return limited(limiters().magicLink, who, run, { resetOnSuccess: false });
  }
  return run();
}
