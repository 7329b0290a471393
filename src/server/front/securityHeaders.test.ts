import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, isEmbedPath, newNonce, strictTransportSecurity } from "./securityHeaders";

describe("security headers", () => {
  it("allows scripts by this response's nonce only, and frames embeds alone", () => {
    const policy = contentSecurityPolicy({ nonce: "abc123==", embed: false, tagManager: false });
    expect(policy).toContain("script-src 'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("googletagmanager");
    expect(contentSecurityPolicy({ nonce: "n", embed: true, tagManager: false })).toContain("frame-ancestors *");
    expect(contentSecurityPolicy({ nonce: "n", embed: false, tagManager: true })).toContain("https://www.googletagmanager.com");
  });

  it("makes a new unguessable nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("knows the embed paths", () => {
    expect(isEmbedPath("/en/visualize/embed/tree_map/hs92/export/chl/all/show/2018")).toBe(true);
    expect(isEmbedPath("/zh/visualize/embed")).toBe(true);
    expect(isEmbedPath("/en/visualize/tree_map")).toBe(false);
    expect(isEmbedPath("/en/visualize/embedded")).toBe(false);
  });

  it("sends HSTS for an https origin only", () => {
    expect(strictTransportSecurity(new URL("https://trade.example.org"))).toMatch(/^max-age=31536000/);
    expect(strictTransportSecurity(new URL("http://localhost:3000"))).toBeNull();
    expect(strictTransportSecurity(null)).toBeNull();
  });
});
