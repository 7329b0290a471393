import { describe, expect, it } from "vitest";
import { authOrigin, ensureNextAuthUrl, insecureOriginWarning, secureCookies } from "@/server/origin";

describe("authOrigin", () => {
  it("prefers NEXTAUTH_URL, then SITE_URL, then localhost:PORT", () => {
    expect(authOrigin({ NEXTAUTH_URL: "https://trade.example", SITE_URL: "https://x" }).origin).toBe("https://trade.example");
    expect(authOrigin({ SITE_URL: "https://site.example/" }).origin).toBe("https://site.example");
    expect(authOrigin({ PORT: "3201" }).origin).toBe("http://localhost:3201");
    expect(authOrigin({ NEXTAUTH_URL: "not a url" }).origin).toBe("http://localhost:3000");
  });
  it("defaults NEXTAUTH_URL for next-auth", () => {
    const env: Record<string, string | undefined> = { SITE_URL: "https://site.example" };
    ensureNextAuthUrl(env);
    expect(env.NEXTAUTH_URL).toBe("https://site.example");
  });
});

describe("secureCookies", () => {
  it("is on in production and over https", () => {
    expect(secureCookies({ NODE_ENV: "production", NEXTAUTH_URL: "https://trade.example" })).toBe(true);
    expect(secureCookies({ NODE_ENV: "development", NEXTAUTH_URL: "https://trade.example" })).toBe(true);
    expect(secureCookies({ NODE_ENV: "production", NEXTAUTH_URL: "http://trade.example" })).toBe(true);
  });
  it("is off for plain http on this machine, where a Secure cookie could not be kept", () => {
    expect(secureCookies({ NODE_ENV: "production", NEXTAUTH_URL: "http://localhost:3000" })).toBe(false);
    expect(secureCookies({ NODE_ENV: "production", NEXTAUTH_URL: "http://127.0.0.1:3000" })).toBe(false);
    expect(secureCookies({ NODE_ENV: "development" })).toBe(false);
  });
  it("warns about production over plain http", () => {
    expect(insecureOriginWarning({ NODE_ENV: "production", NEXTAUTH_URL: "http://trade.example" })).toMatch(/https/);
    expect(insecureOriginWarning({ NODE_ENV: "production", NEXTAUTH_URL: "http://localhost:3000" })).toBeNull();
  });
});
