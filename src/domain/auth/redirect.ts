/**
 * Where to send a visitor after signing in. Only same-site relative paths are honoured; anything
 * else (other origins, protocol-relative "//host", backslash tricks, javascript: URLs, control
 * characters) goes to the home page of the locale. Pure: shared by the login page, the sign-in
 * form and next-auth's redirect callback.
 */
const MAX_REDIRECT_LENGTH = 2048;
const PROBE_ORIGIN = "http://same-site.invalid";

/**
 * The path (with query and hash) that `input` points to, when it is a same-site relative path;
 * otherwise null. With `origin`, an absolute URL on exactly that origin is accepted too and
 * reduced to its path (next-auth hands such URLs around as callbackUrl).
 */
export function safeRedirectPath(input: unknown, origin?: string): string | null {
  if (typeof input !== "string") return null;
  if (input.length === 0 || input.length > MAX_REDIRECT_LENGTH) return null;
  // Browsers strip tabs and newlines from URLs and read "\" as "/": "/\t/evil" and "/\evil"
  // would become "//evil". Refuse them rather than guess.
  if (/[\u0000-\u001f\u007f\\]/.test(input)) return null;
  if (input.startsWith("/")) {
    if (input.startsWith("//")) return null;
    return normalise(input, PROBE_ORIGIN);
  }
  if (origin && /^https?:\/\//i.test(input)) {
    let expected: string;
    try {
      expected = new URL(origin).origin;
    } catch {
      return null;
    }
    return normalise(input, expected);
  }
  return null;
}

function normalise(input: string, expectedOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(input, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== expectedOrigin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/%2F%2Fevil.com" stays a path on this site, but a path that normalises to "//..." does not.
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  // Pages only: a sign-in must not end on an API endpoint (say, another account's magic link).
  if (/^\/(api|_next)(\/|$)/i.test(url.pathname)) return null;
  return path;
}

/** The page to go to after sign-in: the safe redirect, else the locale's home page. */
export function redirectTarget(input: unknown, homePath: string, origin?: string): string {
  return safeRedirectPath(input, origin) ?? homePath;
}
