import { describe, expect, it } from "vitest";
import {
  isLocale,
  looksLikeUnknownLocale,
  negotiateLocale,
  splitLocale,
  switchLocale,
  tileLocalePrefix,
  withLocale,
} from "./locales";

describe("negotiateLocale", () => {
  it("defaults to en without a header", () => {
    expect(negotiateLocale(null)).toBe("en");
    expect(negotiateLocale("")).toBe("en");
  });
  it("matches regional variants to our locales", () => {
    expect(negotiateLocale("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
    expect(negotiateLocale("zh-TW")).toBe("zh");
    expect(negotiateLocale("zh-Hans-CN,zh;q=0.9")).toBe("zh");
  });
  it("respects weights over order", () => {
    expect(negotiateLocale("en;q=0.5, zh;q=0.9")).toBe("zh");
    expect(negotiateLocale("fr-FR, de;q=0.9, es;q=0.1")).toBe("es");
  });
  it("ignores q=0 and garbage", () => {
    expect(negotiateLocale("es;q=0, fr")).toBe("en");
    expect(negotiateLocale(";;;,,,q=abc")).toBe("en");
    expect(negotiateLocale("es;q=abc, zh")).toBe("zh");
  });
});

describe("locale path helpers", () => {
  it("recognises our locales only", () => {
    expect(isLocale("es")).toBe(true);
    expect(isLocale("ES")).toBe(false);
    expect(isLocale("fr")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
  it("spots unknown locale-like segments", () => {
    expect(looksLikeUnknownLocale("xx")).toBe(true);
    expect(looksLikeUnknownLocale("pt-BR")).toBe(true);
    expect(looksLikeUnknownLocale("en")).toBe(false);
    expect(looksLikeUnknownLocale("profile")).toBe(false);
    expect(looksLikeUnknownLocale("visualize")).toBe(false);
  });
  it("splits the locale from a path", () => {
    expect(splitLocale("/es/profile/country/chl")).toEqual({ locale: "es", rest: "/profile/country/chl" });
    expect(splitLocale("/zh")).toEqual({ locale: "zh", rest: "/" });
    expect(splitLocale("/profile")).toEqual({ locale: null, rest: "/profile" });
    expect(splitLocale("/english")).toEqual({ locale: null, rest: "/english" });
  });
  it("adds the locale to shell links that lack it", () => {
    expect(withLocale("/profile/world/wld", "es")).toBe("/es/profile/world/wld");
    expect(withLocale("/", "zh")).toBe("/zh");
    expect(withLocale("/en/resources/privacy", "es")).toBe("/en/resources/privacy");
    expect(withLocale("https://example.org/x", "es")).toBe("https://example.org/x");
    expect(withLocale("//evil.example/x", "es")).toBe("//evil.example/x");
    expect(withLocale("mailto:hello@example.org", "es")).toBe("mailto:hello@example.org");
    expect(withLocale("/api/blog/rss.xml?locale=es", "es")).toBe("/api/blog/rss.xml?locale=es");
  });
  it("switches the locale keeping path, query and hash", () => {
    expect(switchLocale("/en/profile/country/chl?year=2018#exports", "zh")).toBe(
      "/zh/profile/country/chl?year=2018#exports",
    );
    expect(switchLocale("/es", "en")).toBe("/en");
    expect(switchLocale("/", "es")).toBe("/es");
  });
  it("omits the prefix in tile links for the default locale only", () => {
    expect(tileLocalePrefix("en")).toBe("");
    expect(tileLocalePrefix("es")).toBe("/es");
  });
});
