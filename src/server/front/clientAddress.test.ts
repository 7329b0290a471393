import { describe, expect, it } from "vitest";
import { clientAddress, limitKey } from "./clientAddress";

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
