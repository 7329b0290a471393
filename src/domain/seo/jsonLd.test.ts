import { describe, expect, it } from "vitest";
import en from "../../../messages/en.json";
import es from "../../../messages/es.json";
import zh from "../../../messages/zh.json";
import { breadcrumbJsonLd, datasetJsonLd, licencesOf, nonceOf, placeJsonLd, serializeJsonLd } from "./jsonLd";

const ORIGIN = "https://trade.example.org";

describe("Dataset", () => {
  const dataset = datasetJsonLd({
    origin: ORIGIN,
    path: "/en/resources/bulk-download/international",
    name: "Open Trade Observatory: international files",
    description: "Trade in goods between countries by product, with every figure's source and year named.",
    inLanguage: "en",
    licenses: licencesOf(["CC BY-NC 4.0 (non-commercial); subject to UN Comtrade terms", "MIT (package); UN Comtrade data"]),
    creator: { name: "Open Trade Observatory", url: "/en" },
    years: { from: 1962, to: 2018 },
    keywords: ["international trade"],
    distributions: [
      { url: "/api/bulk/0123456789abcdef/datapackage.json", encodingFormat: "application/json", name: "datapackage.json" },
      { url: "/api/bulk/0123456789abcdef/international/trade_i_ots_a_hs4/2018.csv.gz", encodingFormat: "application/gzip", name: "trade_i_ots_a_hs4_2018_csv", bytes: 1234 },
    ],
  });

  it("is a schema.org Dataset with absolute URLs, its period, licences and downloads", () => {
    expect(dataset).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Dataset",
      url: `${ORIGIN}/en/resources/bulk-download/international`,
      isAccessibleForFree: true,
      temporalCoverage: "1962/2018",
      creator: { "@type": "Organization", name: "Open Trade Observatory", url: `${ORIGIN}/en` },
      license: [
        { "@type": "CreativeWork", name: "CC BY-NC 4.0", url: "https://creativecommons.org/licenses/by-nc/4.0/" },
        { "@type": "CreativeWork", name: "MIT (package); UN Comtrade data" },
      ],
    });
    expect(dataset.distribution).toEqual([
      { "@type": "DataDownload", contentUrl: `${ORIGIN}/api/bulk/0123456789abcdef/datapackage.json`, encodingFormat: "application/json", name: "datapackage.json" },
      { "@type": "DataDownload", contentUrl: `${ORIGIN}/api/bulk/0123456789abcdef/international/trade_i_ots_a_hs4/2018.csv.gz`, encodingFormat: "application/gzip", name: "trade_i_ots_a_hs4_2018_csv", contentSize: "1234 B" },
    ]);
  });

  it("says one year as one year, and leaves out a period it does not know", () => {
    const base = { origin: ORIGIN, path: "/en/data-availability", name: "n", description: "d", inLanguage: "en", licenses: [], creator: { name: "c" }, distributions: [] };
    expect(datasetJsonLd({ ...base, years: { from: 2018, to: 2018 } }).temporalCoverage).toBe("2018");
    expect(datasetJsonLd({ ...base, years: null })).not.toHaveProperty("temporalCoverage");
    expect(datasetJsonLd(base)).not.toHaveProperty("license");
  });

  it("has descriptions long enough for dataset search (50 to 5000 characters) in every language", () => {
    for (const messages of [en, es, zh]) {
      const text = messages.seo.dataset.description;
      expect(text.length).toBeGreaterThanOrEqual(50);
      expect(text.length).toBeLessThanOrEqual(5000);
    }
  });
});

describe("licences named in the registry's prose", () => {
  it("finds the open licences by name with their deeds, keeps other texts as they are, each once", () => {
    expect(licencesOf(["CC BY-NC-SA 4.0 (non-commercial); terms not verified offline", "CC BY-NC-SA 4.0 (non-commercial)", "ABS data, normally CC BY 4.0 (credit the ABS)", "", null, "Etalab Open Licence 2.0 (check the terms)"])).toEqual([
      { name: "CC BY-NC-SA 4.0", url: "https://creativecommons.org/licenses/by-nc-sa/4.0/" },
      { name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
      { name: "Etalab Open Licence 2.0", url: "https://www.etalab.gouv.fr/licence-ouverte-open-licence/" },
    ]);
    expect(licencesOf(["As the data package says"])).toEqual([{ name: "As the data package says", url: null }]);
  });
});

describe("profiles", () => {
  it("a country is a Country with its ISO 3166 code", () => {
    expect(placeJsonLd({ origin: ORIGIN, path: "/es/profile/country/chl", name: "Chile", kind: "Country", iso3: "chl" })).toEqual({
      "@context": "https://schema.org",
      "@type": "Country",
      name: "Chile",
      url: `${ORIGIN}/es/profile/country/chl`,
      identifier: { "@type": "PropertyValue", propertyID: "ISO 3166-1 alpha-3", value: "CHL" },
    });
    const continent = placeJsonLd({ origin: ORIGIN, path: "/en/profile/continent/sa", name: "South America", kind: "Place" });
    expect(continent["@type"]).toBe("Place");
    expect(continent).not.toHaveProperty("identifier");
  });

  it("the breadcrumb numbers its items from 1 with absolute URLs", () => {
    expect(breadcrumbJsonLd(ORIGIN, [{ name: "Home", path: "/en" }, { name: "Country profiles", path: "/en/profile/country" }, { name: "Chile", path: "/en/profile/country/chl" }])).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/en` },
        { "@type": "ListItem", position: 2, name: "Country profiles", item: `${ORIGIN}/en/profile/country` },
        { "@type": "ListItem", position: 3, name: "Chile", item: `${ORIGIN}/en/profile/country/chl` },
      ],
    });
  });
});

describe("the script element", () => {
  it("cannot be closed early by a name, and parses back to the same data", () => {
    const data = placeJsonLd({ origin: ORIGIN, path: "/en/x", name: "</script><script>alert(1)</script> & \u2028", kind: "Place" });
    const text = serializeJsonLd(data);
    expect(text).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(text)).toEqual(data);
  });

  it("reads the nonce of the response's policy", () => {
    expect(nonceOf("default-src 'self'; script-src 'self' 'nonce-AbC123+/=' 'strict-dynamic'")).toBe("AbC123+/=");
    expect(nonceOf("default-src 'self'")).toBeUndefined();
    expect(nonceOf(null)).toBeUndefined();
  });
});
