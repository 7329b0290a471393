/**
 * Who is asking: the address a rate limit may key on. Without a proxy it is the socket's peer,
 * which a client cannot forge. Behind N trusted proxies (TRUST_PROXY_HOPS) each proxy appends the
 * address it saw to X-Forwarded-For, so the client is the N-th entry from the right; anything
 * further left was written by the client and is ignored.
 */
import "server-only";
import { isIP } from "node:net";

/** "::ffff:10.0.0.1" (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
function normalise(address: string): string {
  const bare = address.trim().replace(/^\[|\]$/g, "");
  return bare.toLowerCase().startsWith("::ffff:") && isIP(bare.slice(7)) === 4 ? bare.slice(7) : bare;
}

export function clientAddress(forwardedFor: string | string[] | undefined, socketAddress: string | undefined, trustedHops: number): string {
  const socket = normalise(socketAddress ?? "") || "unknown";
  if (trustedHops <= 0) return socket;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor ?? "";
  const chain = [...header.split(",").map(normalise).filter(Boolean), socket];
  // chain[i] was reported by chain[i + 1]; only the last trustedHops reporters are ours.
  for (let index = Math.max(0, chain.length - 1 - trustedHops); index < chain.length; index++) {
    const candidate = chain[index]!;
    // A trusted proxy passes on a well-formed address; anything else falls back to the reporter.
    if (isIP(candidate)) return candidate.slice(0, 64);
  }
  return socket;
}
