import { describe, expect, it } from "vitest";
import { englishLeaks, flattenMessages, latinRuns, literalFragments, sameInEveryLanguage, untranslatedPhrases } from "./untranslated";

const en = {
  home: { lead: "Explore the trade of every country", top: "Top export: {name} ({value})" },
  nav: { blog: "Blog", badge: "PRO" },
  count: "{n, plural, one {# company on this site} other {# companies on this site}}",
  rich: "Read <link>the methods page</link> before you start",
  source: "Source: {dataset}, {year}",
  kept: "Open Trade Statistics (UN Comtrade)",
};
const es = {
  home: { lead: "Explore el comercio de todos los países", top: "Principal exportación: {name} ({value})" },
  nav: { blog: "Blog", badge: "PRO" },
  count: "{n, plural, one {# empresa en este sitio} other {# empresas en este sitio}}",
  rich: "Lea <link>la página de métodos</link> antes de empezar",
  source: "Fuente: {dataset}, {year}",
  kept: "Open Trade Statistics (UN Comtrade)",
};

describe("literal fragments of a message", () => {
  it("splits at placeholders, tags and branches", () => {
    expect(literalFragments("Top export: {name} ({value})")).toEqual(["Top export:", "(", ")"]);
    expect(literalFragments(en.count)).toEqual(["company on this site", "companies on this site"]);
    expect(literalFragments(en.rich)).toEqual(["Read", "the methods page", "before you start"]);
    expect(literalFragments("broken {")).toEqual(["broken {"]);
  });
});

describe("untranslated phrases", () => {
  const phrases = untranslatedPhrases(en, es);

  it("keeps English fragments of two words and twelve characters whose key is translated", () => {
    expect(phrases).toEqual(["before you start", "companies on this site", "company on this site", "Explore the trade of every country", "the methods page"]);
    // Too short to tell ("Top export"), or read the same in both ("Blog", a brand name).
    expect(phrases).not.toContain("Top export");
    expect(phrases.some((p) => p.includes("Comtrade"))).toBe(false);
  });

  it("finds them in a page's text, whatever the case and spacing, as whole words only", () => {
    const page = "Observatorio\nExplore el comercio\nEXPLORE THE TRADE   of every country\n3 empresas en este sitio";
    expect(englishLeaks(page, phrases)).toEqual(["Explore the trade of every country"]);
    expect(englishLeaks("Lea la página de métodos antes de empezar", phrases)).toEqual([]);
    expect(englishLeaks("xthe methods pages", ["the methods page"])).toEqual([]);
    // Chinese characters around an English phrase do not hide it.
    expect(englishLeaks("请先阅读the methods page再开始", ["the methods page"])).toEqual(["the methods page"]);
  });

  it("leaves out a phrase the translation itself uses (a name kept on purpose)", () => {
    expect(untranslatedPhrases({ a: "Harmonized System codes" }, { a: "Códigos del Harmonized System", b: "x" })).toEqual(["Harmonized System codes"]);
    expect(untranslatedPhrases({ a: "Harmonized System" }, { a: "el Harmonized System" })).toEqual([]);
  });
});

describe("Latin runs on a Chinese page", () => {
  it("flags three Latin words in a row", () => {
    expect(latinRuns("最大的出口产品是Other articles of iron（2018 年）")).toEqual(["Other articles of iron"]);
    expect(latinRuns("数据来源 Open data from somewhere")).toEqual(["Open data from somewhere"]);
  });

  it("lets codes, units, acronyms, names and short runs stand", () => {
    expect(latinRuns("按 HS4 分类的出口 CSV PNG SVG API，ECI 与 PCI 排名；PRO PREMIUM USD")).toEqual([]);
    expect(latinRuns("数据：CEPII BACI 与 Open Trade Statistics (UN Comtrade)")).toEqual([]);
    expect(latinRuns("数据来自Open Trade Statistics与CEPII BACI")).toEqual([]);
    expect(latinRuns("燃气轮机 Gas Turbines")).toEqual([]);
    expect(latinRuns("品牌 Acme Mining Works", { allowed: ["Acme Mining Works"] })).toEqual([]);
  });

  it("does not join words across lines (menu items stacked one per line)", () => {
    expect(latinRuns("Blog\nTradle\nConnectrade\n博客")).toEqual([]);
  });
});

describe("messages that may read the same as in English", () => {
  it("allows placeholders, punctuation, numbers, codes and brand names", () => {
    for (const value of ["PRO", "{source}, {years}", "; ", "#", "25–50%", "HS4", "CSV (gzip)", "SHA-256", "{km} km", "R²", "CEPII BACI", "Export Hold'em", "{count, number} / {max, number}"]) {
      expect(sameInEveryLanguage(value, "zh"), value).toBe(true);
    }
  });

  it("allows the loanwords a language shares with English, and only there", () => {
    expect(sameInEveryLanguage("Total", "es")).toBe(true);
    expect(sameInEveryLanguage("{place}: total, {year}", "es")).toBe(true);
    expect(sameInEveryLanguage("Total", "zh")).toBe(false);
    expect(sameInEveryLanguage("Cookie", "zh")).toBe(true);
    expect(sameInEveryLanguage("Blog", "zh")).toBe(false);
  });

  it("refuses words", () => {
    expect(sameInEveryLanguage("Data sources", "es")).toBe(false);
    expect(sameInEveryLanguage("{name}: total, {year}", "zh")).toBe(false);
    expect(sameInEveryLanguage("PRO plan", "zh")).toBe(false);
  });

  it("flattens nested messages to dotted keys", () => {
    expect([...flattenMessages({ a: { b: "x", c: { d: "y" } }, e: "z" }).keys()]).toEqual(["a.b", "a.c.d", "e"]);
  });
});
