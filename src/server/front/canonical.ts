/**
 * One canonical request target before any decision. The meter, the page cache and the routing
 * must all see the same path: Next.js normalises a path after the door has looked at it, so
 * `/api/./data`, `/api/x/../data`, `//api/data` or a raw `#` would otherwise reach the data API
 * under a name the meter does not count. The door decodes and normalises the target once:
 *
 * - an origin-form target only ("/..."): `*`, absolute and authority forms are refused (400);
 * - percent-escapes must decode to UTF-8 (`/_next/static/%c3%28` is a 400, not Next's 500);
 * - dot-segments (also spelled `%2e`) are resolved and repeated slashes collapsed, a fragment is
 *   dropped: a GET or HEAD for such a spelling is redirected to the canonical target (308), any
 *   other method gets a 400 (a redirect would lose its body).
 *
 * The query string is left as sent: its parameters are each route's to validate.
 */
import "server-only";

export type TargetVerdict =
  | { kind: "canonical"; pathname: string; url: string }
  | { kind: "redirect"; location: string }
  | { kind: "invalid"; message: string };

/** A dot-segment, as sent or percent-encoded ("%2e", "%2E%2e"). */
function dotSegment(segment: string): "." | ".." | null {
  const plain = segment.replace(/%2e/gi, ".");
  return plain === "." ? "." : plain === ".." ? ".." : null;
}

/** RFC 3986 5.2.4, on segments: "." dropped, ".." removes the one before (never above the root). */
function resolveDots(pathname: string): string {
  const out: string[] = [];
  const segments = pathname.split("/").slice(1);
  segments.forEach((segment, index) => {
    const dot = dotSegment(segment);
    const last = index === segments.length - 1;
    if (dot === ".") {
      if (last) out.push("");
    } else if (dot === "..") {
      out.pop();
      if (last) out.push("");
    } else out.push(segment);
  });
  return `/${out.join("/")}`;
}

export function canonicalTarget(raw: string, method: string): TargetVerdict {
  if (!raw.startsWith("/")) return { kind: "invalid", message: "The request target must be a path starting with '/'." };
  const hash = raw.indexOf("#");
  const target = hash === -1 ? raw : raw.slice(0, hash);
  const question = target.indexOf("?");
  const pathname = question === -1 ? target : target.slice(0, question);
  const query = question === -1 ? "" : target.slice(question);
  try {
    decodeURIComponent(pathname);
  } catch {
    return { kind: "invalid", message: "The path has a percent-escape that is not valid UTF-8." };
  }
  const canonical = resolveDots(pathname.replace(/\/{2,}/g, "/"));
  if (canonical === pathname && hash === -1) return { kind: "canonical", pathname, url: target };
  if (method !== "GET" && method !== "HEAD") return { kind: "invalid", message: `Send the request to the canonical path ${canonical}.` };
  // A backslash is percent-encoded: browsers read "/\\host" in a Location as "//host" (another site).
  return { kind: "redirect", location: canonical.replace(/\\/g, "%5C") + query };
}
