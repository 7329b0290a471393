import { describe, expect, it } from "vitest";
import { redirectTarget, safeRedirectPath } from "./redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site relative paths with their query and hash", () => {
    expect(safeRedirectPath("/es/support/faq")).toBe("/es/support/faq");
    expect(safeRedirectPath("/en/profile/country/esp?year=2018#trade")).toBe("/en/profile/country/esp?year=2018#trade");
    expect(safeRedirectPath("/")).toBe("/");
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeRedirectPath("/en/../es/account")).toBe("/es/account");
    expect(safeRedirectPath("/%2F%2Fevil.com")).toBe("/%2F%2Fevil.com");
  });

  it.each([
    ["//evil.com"],
    ["///evil.com"],
    ["/\\evil.com"],
    ["\\\\evil.com"],
    ["/\t/evil.com"],
    ["/\n/evil.com"],
    ["https://evil.com"],
    ["http://evil.com/en"],
    ["HTTPS://evil.com"],
    ["javascript:alert(1)"],
    ["JaVaScRiPt:alert(document.cookie)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["evil.com"],
    ["en/account"],
    [""],
    [" /en"],
    ["/api/auth/callback/email?token=x&email=a@b.co"],
    ["/_next/static/x.js"],
    ["/" + "a".repeat(3000)],
  ])("refuses %j", (input) => {
    expect(safeRedirectPath(input)).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(safeRedirectPath(undefined)).toBeNull();
    expect(safeRedirectPath(["/en"])).toBeNull();
    expect(safeRedirectPath(42)).toBeNull();
  });

  it("accepts an absolute URL only on the given origin, reduced to its path", () => {
    const origin = "http://localhost:3200";
    expect(safeRedirectPath("http://localhost:3200/es/account?x=1", origin)).toBe("/es/account?x=1");
    expect(safeRedirectPath("http://localhost:3200", origin)).toBe("/");
    expect(safeRedirectPath("http://localhost:3201/es/account", origin)).toBeNull();
    expect(safeRedirectPath("https://localhost:3200/es/account", origin)).toBeNull();
    expect(safeRedirectPath("http://localhost:3200@evil.com/", origin)).toBeNull();
    expect(safeRedirectPath("http://evil.com/http://localhost:3200/", origin)).toBeNull();
    expect(safeRedirectPath("http://localhost:3200/es/account")).toBeNull();
  });
});

describe("redirectTarget", () => {
  it("falls back to the home page", () => {
    expect(redirectTarget("//evil.com", "/es")).toBe("/es");
    expect(redirectTarget(null, "/zh")).toBe("/zh");
    expect(redirectTarget("/zh/account", "/zh")).toBe("/zh/account");
  });
});
