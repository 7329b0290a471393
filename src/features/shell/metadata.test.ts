import { describe, expect, it } from "vitest";
import { feedAlternates, localizedAlternates, pageMetadata } from "./metadata";

describe("localizedAlternates", () => {
  it("gives a canonical and every language for a page", () => {
    expect(localizedAlternates("es", "/profile/country/chl")).toEqual({
      canonical: "/es/profile/country/chl",
      languages: {
        en: "/en/profile/country/chl",
        es: "/es/profile/country/chl",
        "zh-Hans": "/zh/profile/country/chl",
        "x-default": "/en/profile/country/chl",
      },
    });
  });
  it("uses the bare locale for the home page", () => {
    expect(localizedAlternates("zh", "/")).toMatchObject({ canonical: "/zh", languages: { en: "/en" } });
  });
});

describe("pageMetadata", () => {
  const meta = (path: string, locale: "en" | "es" | "zh" = "en") => pageMetadata({ locale, path, title: "Chile", description: "Trade of Chile.", siteName: "Open Trade Observatory" });

  it("gives a profile its own share image, as a large Twitter card", () => {
    const m = meta("/profile/country/chl", "es");
    const images = m.openGraph?.images as { url: string; width: number; height: number; type: string }[];
    expect(images).toEqual([{ url: "/og/es/profile/country/chl.png", width: 1200, height: 630, alt: "Chile | Open Trade Observatory", type: "image/png" }]);
    expect(m.twitter).toMatchObject({ card: "summary_large_image", images });
  });

  it("gives rankings and visualisations their own cards, other pages the site's", () => {
    expect((meta("/rankings/eci/hs4/hs92?year=2018").openGraph?.images as { url: string }[])[0]!.url).toBe("/og/en/rankings/eci/hs4/hs92.png?year=2018");
    expect((meta("/visualize/tree_map/hs92/export/chl/all/show/2018").openGraph?.images as { url: string }[])[0]!.url).toBe("/og/en/visualize/tree_map/hs92/export/chl/all/show/2018.png");
    expect((meta("/data-availability", "zh").openGraph?.images as { url: string }[])[0]!.url).toBe("/og/zh.png");
  });

  it("links the feed in the page's language from every page's head", () => {
    expect(meta("/about", "zh").alternates?.types).toEqual({ "application/rss+xml": [{ url: "/api/blog/rss.xml?locale=zh", title: "Open Trade Observatory" }] });
    expect(meta("/", "en").alternates).toMatchObject({ canonical: "/en", types: feedAlternates("en", "Open Trade Observatory") });
  });
});
