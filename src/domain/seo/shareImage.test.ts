import { describe, expect, it } from "vitest";
import { cardColours, cardFontCovers, cardKindOf, parseShareImagePath, shareImagePath } from "./shareImage";

describe("share image URLs", () => {
  it("gives profiles, rankings and visualisations their own card, every other page the site's", () => {
    expect(cardKindOf("/profile/country/chl")).toBe("profile");
    expect(cardKindOf("/profile/hs/copper-ore-2603")).toBe("profile");
    expect(cardKindOf("/profile/world")).toBe("profile");
    expect(cardKindOf("/profile/country")).toBe("site");
    expect(cardKindOf("/rankings/eci/hs4/hs92")).toBe("ranking");
    expect(cardKindOf("/rankings/pci/hs4/hs92?year=2018")).toBe("ranking");
    expect(cardKindOf("/visualize/tree_map/hs92/export/chl/all/show/2018")).toBe("visualization");
    expect(cardKindOf("/visualize/embed/tree_map/hs92/export/chl/all/show/2018")).toBe("site");
    expect(cardKindOf("/data-availability")).toBe("site");
    expect(cardKindOf("/")).toBe("site");
  });

  it("mirrors the page path, keeping its query after the extension", () => {
    expect(shareImagePath("en", "/profile/country/chl")).toBe("/og/en/profile/country/chl.png");
    expect(shareImagePath("zh", "/rankings/eci/hs4/hs92?year=2018")).toBe("/og/zh/rankings/eci/hs4/hs92.png?year=2018");
    expect(shareImagePath("es", "/")).toBe("/og/es.png");
    expect(shareImagePath("es", "/resources/bulk-download/international")).toBe("/og/es.png");
  });

  it("reads a card URL back (and nothing else)", () => {
    for (const [locale, path] of [
      ["en", "/profile/country/chl"],
      ["es", "/visualize/tree_map/hs92/export/chl/all/show/2018"],
      ["zh", "/rankings/eci/hs4/hs92"],
    ] as const) {
      const url = shareImagePath(locale, path);
      const parsed = parseShareImagePath(url.split("?")[0]!.split("/").slice(2));
      expect(parsed).toEqual({ locale, kind: cardKindOf(path), segments: path.split("/").slice(1) });
    }
    expect(parseShareImagePath(["en.png"])).toEqual({ locale: "en", kind: "site", segments: [] });
    expect(parseShareImagePath(["fr.png"])).toBeNull();
    expect(parseShareImagePath(["en", "profile", "country", "chl"])).toBeNull();
    expect(parseShareImagePath(["en", "about.png"])).toBeNull();
    expect(parseShareImagePath(["en", "profile", "", "chl.png"])).toBeNull();
    expect(parseShareImagePath([])).toBeNull();
  });
});

describe("what a card draws", () => {
  it("knows which scripts its font covers", () => {
    expect(cardFontCovers("Chile · Exportaciones, 2018 · US$75,5 mil M")).toBe(true);
    expect(cardFontCovers("Côte d'Ivoire – Türkiye – Ελλάδα – Россия")).toBe(true);
    expect(cardFontCovers("智利")).toBe(false);
    expect(cardFontCovers("Chile · 2018年出口额")).toBe(false);
  });

  it("takes each chart colour once, largest items first, and ignores what is not a colour", () => {
    expect(cardColours(["#AE3EC9", "#ae3ec9", null, "red", "#2f9e44", undefined, "#f08c00"], 2)).toEqual(["#ae3ec9", "#2f9e44"]);
    expect(cardColours([])).toEqual([]);
  });
});
