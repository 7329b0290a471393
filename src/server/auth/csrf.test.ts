import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { csrfCookieName, isSameOrigin, readCookie, verifyCsrfToken } from "./csrf";

const secret = "test-secret-test-secret-test-secret";
const token = "a".repeat(64);
const cookie = `${token}|${createHash("sha256").update(`${token}${secret}`).digest("hex")}`;

describe("verifyCsrfToken", () => {
  it("accepts the token the cookie was issued for", () => {
    expect(verifyCsrfToken(cookie, token, secret)).toBe(true);
  });
  it("refuses a missing, different or forged token", () => {
    expect(verifyCsrfToken(undefined, token, secret)).toBe(false);
    expect(verifyCsrfToken(cookie, undefined, secret)).toBe(false);
    expect(verifyCsrfToken(cookie, "b".repeat(64), secret)).toBe(false);
    expect(verifyCsrfToken(cookie, token, "another secret")).toBe(false);
    expect(verifyCsrfToken(`${"b".repeat(64)}|${"0".repeat(64)}`, "b".repeat(64), secret)).toBe(false);
    expect(verifyCsrfToken("garbage", "garbage", secret)).toBe(false);
    expect(verifyCsrfToken(cookie, ["x"], secret)).toBe(false);
  });
});

describe("cookies", () => {
  it("names the cookie as next-auth does", () => {
    expect(csrfCookieName(false)).toBe("next-auth.csrf-token");
    expect(csrfCookieName(true)).toBe("__Host-next-auth.csrf-token");
  });
  it("reads one cookie from the header", () => {
    const header = `a=1; next-auth.csrf-token=${encodeURIComponent(cookie)}; b=2`;
    expect(readCookie(header, "next-auth.csrf-token")).toBe(cookie);
    expect(readCookie(header, "missing")).toBeUndefined();
    expect(readCookie(null, "a")).toBeUndefined();
    expect(readCookie("a=%E0%A4%A", "a")).toBeUndefined();
  });
});

describe("isSameOrigin", () => {
  const site = "http://localhost:3200";
  it("accepts the site's own origin, or the host it was reached on", () => {
    expect(isSameOrigin(new Headers({ origin: site }), site)).toBe(true);
    expect(isSameOrigin(new Headers({ origin: "http://127.0.0.1:3200", host: "127.0.0.1:3200" }), site)).toBe(true);
  });
  it("refuses other sites", () => {
    expect(isSameOrigin(new Headers({ origin: "https://evil.com", host: "localhost:3200" }), site)).toBe(false);
    expect(isSameOrigin(new Headers({ origin: "null" }), site)).toBe(false);
    expect(isSameOrigin(new Headers({ "sec-fetch-site": "cross-site" }), site)).toBe(false);
    expect(isSameOrigin(new Headers({ "sec-fetch-site": "same-site" }), site)).toBe(false);
  });
  it("lets requests without browser headers through to the token check", () => {
    expect(isSameOrigin(new Headers(), site)).toBe(true);
  });
});
