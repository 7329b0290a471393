/**
 * Who is asking: the address a rate limit may key on. Without a proxy it is the socket's peer,
 * which a client cannot forge. Behind N trusted proxies (TRUST_PROXY_HOPS) each proxy appends the
 * address it saw to X-Forwarded-For, so the client is the N-th entry from the right; anything
 * further left was written by the client and is ignored. The header counts only on a connection
 * from a proxy (TRUSTED_PROXIES, `proxyMatcher`): a client that reaches the node's port directly is
 * its socket's peer, whatever it writes.
 */
import "server-only";
import { BlockList, isIP } from "node:net";

/** "::ffff:10.0.0.1" (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
function normalise(address: string): string {
  const bare = address.trim().replace(/^\[|\]$/g, "");
  return bare.toLowerCase().startsWith("::ffff:") && isIP(bare.slice(7)) === 4 ? bare.slice(7) : bare;
}

/**
 * Whether a socket peer is one of the proxies whose X-Forwarded-For counts. An IPv4 peer seen on
 * a dual-stack socket ("::ffff:127.0.0.1") is matched as IPv4. `entries` are addresses or networks
 * ("10.0.0.5", "10.0.0.0/24", "fd00::/8"), as the settings validate TRUSTED_PROXIES; anything else
 * is skipped.
 */
export function proxyMatcher(entries: readonly string[]): (peer: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", bits] = entry.split("/");
    const type = isIP(address) === 4 ? "ipv4" : "ipv6";
    try {
      if (bits === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(bits), type);
    } catch {
      // not an address or a network
    }
  }
  return (peer) => {
    const address = normalise(peer);
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
  };
}

/** `trustedHops`: 0 for a connection that is not from a trusted proxy (the front door asks `proxyMatcher`). */
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

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part counts as two). */
function groups(address: string): number[] | null {
  const bare = address.split("%")[0]!.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
  );
  const [head, rest] = bare.includes("::") ? bare.split("::") : [bare, null];
  const left = head ? head.split(":").map((p) => parseInt(p, 16)) : [];
  const right = rest ? rest.split(":").map((p) => parseInt(p, 16)) : [];
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (rest === null && missing !== 0)) return null;
  const all = [...left, ...Array<number>(missing).fill(0), ...right];
  return all.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffff) ? all : null;
}

/**
 * The key a limit counts an address under: an IPv4 address as it is, an IPv6 address by its
 * network of `prefix` bits ("2001:db8:1:2::/64"), since one subscriber holds a whole /64 and could
 * otherwise take a fresh address for every request.
 */
export function limitKey(address: string, prefix = 64): string {
  if (isIP(address) !== 6 || prefix >= 128) return address;
  const parts = groups(address);
  if (!parts) return address;
  const masked = parts.map((value, index) => {
    const bits = Math.min(16, Math.max(0, prefix - index * 16));
    return bits === 0 ? 0 : value & (0xffff << (16 - bits)) & 0xffff;
  });
  const kept = masked.slice(0, Math.ceil(prefix / 16)).map((n) => n.toString(16));
  return `${kept.join(":")}${kept.length < 8 ? "::" : ""}/${prefix}`;
}
