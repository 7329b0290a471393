/**
 * The site's public origins in one place: the one in canonical links and sitemaps (SITE_URL), the
 * one next-auth builds sign-in links with (NEXTAUTH_URL), and whether its cookies are Secure.
 */
import "server-only";
import { defaultNextAuthUrl, settings, type Env } from "@/server/settings";

function localhost(env?: Env): URL {
  return new URL(`http://localhost:${settings(env).port}`);
}

/** The public origin used for canonical and alternate links, sitemaps and feeds (SITE_URL). */
export function siteUrl(env?: Env): URL {
  const configured = settings(env).siteUrl;
  return configured ? new URL(configured) : localhost(env); // a copy: callers may change theirs
}

/** NEXTAUTH_URL, else SITE_URL, else http://localhost:$PORT. */
export function authOrigin(env?: Env): URL {
  const { nextAuthUrl, siteUrl } = settings(env);
  const configured = nextAuthUrl ?? siteUrl;
  return configured ? new URL(configured) : localhost(env);
}

/**
 * next-auth reads NEXTAUTH_URL for every link it builds (sign-in links in emails, redirects);
 * without it it assumes http://localhost:3000. Default it to the site's own origin.
 */
export function ensureNextAuthUrl(env?: Env): void {
  defaultNextAuthUrl(authOrigin(env).origin, env);
}

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * Cookies are Secure in production. The one exception is plain http on this machine
 * (http://localhost after `npm start`), where a Secure cookie could not be set at all.
 */
export function secureCookies(env?: Env): boolean {
  const origin = authOrigin(env);
  if (origin.protocol === "https:") return true;
  return settings(env).production && !isLoopback(origin.hostname);
}

/** A start-up warning when production cookies are Secure but the site is served over http. */
export function insecureOriginWarning(env?: Env): string | null {
  const origin = authOrigin(env);
  if (!settings(env).production || origin.protocol === "https:" || isLoopback(origin.hostname)) return null;
  return `The site origin ${origin.origin} is plain http: session cookies are Secure in production, so browsers will not keep them. Serve the site over https and set NEXTAUTH_URL (or SITE_URL) to its https address.`;
}
