import { describe, expect, it } from "vitest";
import { signInTarget } from "./target";

const origin = "http://localhost:3200";

describe("signInTarget", () => {
  it("honours a same-site relative redirect", () => {
    expect(signInTarget({ redirect: "/es/support/faq" }, "es", origin)).toBe("/es/support/faq");
  });
  it("sends anything else home", () => {
    for (const redirect of ["//evil.com", "/\\evil.com", "https://evil.com", "javascript:alert(1)", `${origin}/en/account`]) {
      expect(signInTarget({ redirect }, "zh", origin), redirect).toBe("/zh");
    }
  });
  it("reads next-auth's callbackUrl, absolute on this origin", () => {
    expect(signInTarget({ callbackUrl: `${origin}/en/account` }, "en", origin)).toBe("/en/account");
    expect(signInTarget({ callbackUrl: "https://evil.com/en/account" }, "en", origin)).toBe("/en");
  });
  it("lets a hostile redirect win over a good callbackUrl", () => {
    expect(signInTarget({ redirect: "//evil.com", callbackUrl: "/en/account" }, "en", origin)).toBe("/en");
  });
  it("never comes back to a sign-in page, and takes the first of repeated parameters", () => {
    expect(signInTarget({ redirect: "/en/login?redirect=/en/login" }, "en", origin)).toBe("/en");
    expect(signInTarget({ redirect: "/es/signup" }, "es", origin)).toBe("/es");
    expect(signInTarget({ redirect: ["/en/account", "//evil.com"] }, "en", origin)).toBe("/en/account");
  });
});
