/**
 * CSRF protection for our own POST routes, on top of SameSite=Lax cookies: the double-submit
 * token next-auth issues (GET /api/auth/csrf sets an HttpOnly cookie "token|hash" and returns the
 * token; the form posts the token back), plus a same-origin check on browsers' Origin header.
 */
import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";

export function csrfCookieName(secure: boolean): string {
  return `${secure ? "__Host-" : ""}next-auth.csrf-token`;
}

export function readCookie(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** True when the cookie was issued with this secret and the posted token is the one it carries. */
export function verifyCsrfToken(cookieValue: string | undefined, postedToken: unknown, secret: string): boolean {
  if (!cookieValue || typeof postedToken !== "string" || postedToken.length === 0 || postedToken.length > 256) return false;
  const [token, hash] = cookieValue.split("|");
  if (!token || !hash) return false;
  const expected = createHash("sha256").update(`${token}${secret}`).digest("hex");
  return safeEqual(hash, expected) && safeEqual(token, postedToken);
}

/**
 * False when a browser says the request comes from another site. Requests without Origin and
 * Sec-Fetch-Site (scripts, tests) pass here and still need the CSRF token.
 */
export function isSameOrigin(headers: Headers, siteOrigin: string): boolean {
  const origin = headers.get("origin");
  if (origin && origin !== "null") {
    if (origin === siteOrigin) return true;
    const host = headers.get("x-forwarded-host") ?? headers.get("host");
    try {
      return Boolean(host) && new URL(origin).host === host;
    } catch {
      return false;
    }
  }
  if (origin === "null") return false;
  const site = headers.get("sec-fetch-site");
  return !site || site === "same-origin" || site === "none";
}
