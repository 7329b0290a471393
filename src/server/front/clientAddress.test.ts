import { describe, expect, it } from "vitest";
import { clientAddress, limitKey, proxyMatcher } from "./clientAddress";

describe("clientAddress", () => {
  it("without trusted proxies is the socket's peer, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.9", "127.0.0.1", 0)).toBe("127.0.0.1");
    expect(clientAddress(undefined, "::ffff:192.0.2.4", 0)).toBe("192.0.2.4");
    expect(clientAddress("1.1.1.1, 2.2.2.2", "2001:db8::1", 0)).toBe("2001:db8::1");
  });

  it("behind one proxy is the address that proxy appended; entries the client wrote are ignored", () => {
    expect(clientAddress("198.51.100.7", "10.0.0.2", 1)).toBe("198.51.100.7");
    expect(clientAddress("6.6.6.6, 198.51.100.7", "10.0.0.2", 1)).toBe("198.51.100.7");
    expect(clientAddress(["6.6.6.6", "198.51.100.7"], "10.0.0.2", 1)).toBe("198.51.100.7");
  });

  it("behind two proxies counts two from the right", () => {
    expect(clientAddress("6.6.6.6, 198.51.100.7, 10.0.0.1", "10.0.0.2", 2)).toBe("198.51.100.7");
  });

  it("with fewer entries than hops takes the leftmost, and never a malformed entry", () => {
    expect(clientAddress(undefined, "10.0.0.2", 1)).toBe("10.0.0.2");
    expect(clientAddress("not-an-ip", "10.0.0.2", 1)).toBe("10.0.0.2");
    expect(clientAddress("<script>", "10.0.0.2", 3)).toBe("10.0.0.2");
  });
});

describe("trusted proxies (TRUSTED_PROXIES)", () => {
  it("knows the default proxies, loopback, in both spellings of an IPv4 peer", () => {
    const loopback = proxyMatcher(["127.0.0.1", "::1"]);
    for (const peer of ["127.0.0.1", "::ffff:127.0.0.1", "::1"]) expect(loopback(peer), peer).toBe(true);
    // A client on the node's port from another address is no proxy (its X-Forwarded-For is ignored: door.test.ts).
    for (const peer of ["127.0.0.2", "203.0.113.50", "::2"]) expect(loopback(peer), peer).toBe(false);
  });

  it("matches addresses and networks of both families, and nothing when the list is empty", () => {
    const balancers = proxyMatcher(["10.0.0.0/24", "fd00::/8", "192.0.2.1"]);
    expect(balancers("10.0.0.200")).toBe(true);
    expect(balancers("::ffff:10.0.0.9")).toBe(true);
    expect(balancers("10.0.1.1")).toBe(false);
    expect(balancers("fd12:3456::1")).toBe(true);
    expect(balancers("2001:db8::1")).toBe(false);
    expect(balancers("192.0.2.1")).toBe(true);
    expect(balancers("192.0.2.2")).toBe(false);
    expect(balancers("unknown")).toBe(false);
    expect(proxyMatcher([])("127.0.0.1")).toBe(false);
    expect(proxyMatcher(["localhost", "10.0.0.0/99"])("10.0.0.1")).toBe(false);
  });
});

describe("limitKey", () => {
  it("counts IPv6 clients per /64 and IPv4 clients per address", () => {
    expect(limitKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(limitKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(limitKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(limitKey("::1")).toBe("0:0:0:0::/64");
    expect(limitKey("2001:db8::ffff:1.2.3.4", 64)).toBe("2001:db8:0:0::/64");
    expect(limitKey("2001:db8:1:2:3:4:5:6", 48)).toBe("2001:db8:1::/48");
    expect(limitKey("2001:db8:1:2:3:4:5:6", 128)).toBe("2001:db8:1:2:3:4:5:6");
    expect(limitKey("203.0.113.9")).toBe("203.0.113.9");
    expect(limitKey("unknown")).toBe("unknown");
  });
});
