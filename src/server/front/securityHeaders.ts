/**
 * The headers that depend on the request: a Content-Security-Policy with a fresh script nonce for
 * every response, and HSTS when the site is served over https. (Headers that are the same on every
 * response, such as nosniff and Permissions-Policy, are in next.config.ts.)
 *
 * Scripts: only those carrying this response's nonce, and what they load ('strict-dynamic'), so
 * an injected <script> or inline handler never runs. Next.js puts the nonce on every script it
 * writes when the request carries the policy (it reads the request's Content-Security-Policy
 * header), and our code loads the tag manager only when it is configured and consented.
 * Styles may be inline: Mantine and ECharts set style attributes.
 */
import "server-only";
import { randomBytes } from "node:crypto";

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Chart embeds are made to be framed by other sites; nothing else is framed at all. */
export function isEmbedPath(pathname: string): boolean {
  return /^\/(?:en|es|zh)\/visualize\/embed(?:\/|$)/.test(pathname);
}

export interface PolicyOptions {
  nonce: string;
  embed: boolean;
  /** A tag manager is configured (GTM_ID): its hosts may be reached once the visitor consents. */
  tagManager: boolean;
}

export function contentSecurityPolicy({ nonce, embed, tagManager }: PolicyOptions): string {
  const google = tagManager ? " https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com" : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${google}`,
    "font-src 'self' data:",
    `connect-src 'self'${google}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-src 'self'",
    `frame-ancestors ${embed ? "*" : "'none'"}`,
    "base-uri 'self'",
    "object-src 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** HSTS for a year, only when the public origin is https (a plain-http install must stay reachable). */
export function strictTransportSecurity(origin: URL | null): string | null {
  return origin?.protocol === "https:" ? "max-age=31536000; includeSubDomains" : null;
}
