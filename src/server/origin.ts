/**
 * The site's public origins in one place: the one in canonical links and sitemaps (SITE_URL), the
 * one next-auth builds sign-in links with (NEXTAUTH_URL), and whether its cookies are Secure.
 */
import "server-only";
type Env = Record<string, string | undefined>;

/** The public origin used for canonical and alternate links, sitemaps and feeds (SITE_URL). */
export function siteUrl(env: Env = process.env): URL {
  const fallback = `http://localhost:${env.PORT || 3000}`;
  try {
    return new URL(env.SITE_URL || fallback);
  } catch {
    return new URL(fallback);
  }
}

export function authOrigin(env: Env = process.env): URL {
  const fallback = `http://localhost:${env.PORT || 3000}`;
  for (const candidate of [env.NEXTAUTH_URL, env.SITE_URL, fallback]) {
    if (!candidate) continue;
    try {
      return new URL(candidate);
    } catch {
      // An unparsable value: try the next one.
    }
  }
  return new URL(fallback);
}

/**
 * next-auth reads NEXTAUTH_URL for every link it builds (sign-in links in emails, redirects);
 * without it it assumes http://localhost:3000. Default it to the site's own origin.
 */
export function ensureNextAuthUrl(env: Env = process.env): void {
  if (!env.NEXTAUTH_URL) env.NEXTAUTH_URL = authOrigin(env).origin;
}

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * Cookies are Secure in production. The one exception is plain http on this machine
 * (http://localhost after `npm start`), where a Secure cookie could not be set at all.
 */
export function secureCookies(env: Env = process.env): boolean {
  const origin = authOrigin(env);
  if (origin.protocol === "https:") return true;
  return env.NODE_ENV === "production" && !isLoopback(origin.hostname);
}

/** A start-up warning when production cookies are Secure but the site is served over http. */
export function insecureOriginWarning(env: Env = process.env): string | null {
  const origin = authOrigin(env);
  if (env.NODE_ENV !== "production" || origin.protocol === "https:" || isLoopback(origin.hostname)) return null;
  return `The site origin ${origin.origin} is plain http: session cookies are Secure in production, so browsers will not keep them. Serve the site over https and set NEXTAUTH_URL (or SITE_URL) to its https address.`;
}
