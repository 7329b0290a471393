import { describe, expect, it } from "vitest";
import { buildProfilePath, parseProfilePath, slugify, type MemberLookup, type ProductRef } from "./path";

// "sa" and "af" are both ISO2 codes (Saudi Arabia, Afghanistan) and continent ids (South America, Africa).
const countries: Record<string, string> = { chl: "chl", cl: "chl", chile: "chl", deu: "deu", de: "deu", germany: "deu", alemania: "deu", fra: "fra", sau: "sau", sa: "sau", "saudi-arabia": "sau", afg: "afg", af: "afg" };
const continents: Record<string, string> = { sa: "sa", "south-america": "sa", sudamerica: "sa", af: "af", africa: "af", eu: "eu", europe: "eu" };
const products: Record<string, ProductRef> = {
  "2603": { kind: "hs4", id: "2603" },
  "8703": { kind: "hs4", id: "8703" },
  "1001": { kind: "hs4", id: "1001" },
  "26": { kind: "hs2", id: "26" },
  "260300": { kind: "hs6", id: "260300" },
  "section-5": { kind: "section", id: "5" },
  "copper-ore": { kind: "hs4", id: "2603" },
};
const sections: Record<string, string> = { "2603": "5", "26": "5", "8703": "17", "260300": "5", "1001": "2" };
const lookup: MemberLookup = {
  geography: (t) => (countries[t] ? { kind: "country", id: countries[t] } : continents[t] ? { kind: "continent", id: continents[t] } : null),
  continent: (t) => continents[t] ?? null,
  product: (t) => products[t] ?? null,
  province: (t) => ({ "28": "28", madrid: "28", "08": "8", "8": "8" })[t] ?? null,
  organization: (t) => ({ eu: "eu", "european-union": "eu" })[t] ?? null,
  subnational: (country, level, t) => (({ "bra/states": { "31": "31", "minas-gerais": "31" }, "aus/states": { "au.ns": "AU.NS", "new-south-wales": "AU.NS" } }) as Record<string, Record<string, string>>)[`${country}/${level}`]?.[t.toLowerCase()] ?? null,
  sectionOf: (p) => sections[p.id] ?? null,
};
const parse = (path: string) => parseProfilePath(path.split("/").filter(Boolean), lookup);

describe("profile path codec", () => {
  it("accepts canonical paths", () => {
    for (const path of [
      "/country/chl",
      "/country/sau",
      "/continent/sa",
      "/world/wld",
      "/hs/2603",
      "/hs/section-5",
      "/hs/260300",
      "/bilateral-country/deu/partner/fra",
      "/bilateral-product/2603/reporter/chl",
      "/subnational_esp/28",
      "/international_organization/eu",
    ]) {
      const result = parse(path);
      expect(result.kind, path).toBe("ok");
      if (result.kind === "ok") expect(buildProfilePath(result.target)).toBe(path);
    }
  });

  it("redirects names, slugs, upper case and section-prefixed ids to the canonical form", () => {
    expect(parse("/country/CHL")).toEqual({ kind: "redirect", path: "/country/chl" });
    expect(parse("/country/Chile")).toEqual({ kind: "redirect", path: "/country/chl" });
    expect(parse("/country/cl")).toEqual({ kind: "redirect", path: "/country/chl" });
    expect(parse("/hs/52603")).toEqual({ kind: "redirect", path: "/hs/2603" });
    expect(parse("/hs/178703")).toEqual({ kind: "redirect", path: "/hs/8703" });
    expect(parse("/hs/copper-ore")).toEqual({ kind: "redirect", path: "/hs/2603" });
    expect(parse("/bilateral-country/Alemania/partner/FRA")).toEqual({ kind: "redirect", path: "/bilateral-country/deu/partner/fra" });
    expect(parse("/bilateral-product/52603/reporter/chile")).toEqual({ kind: "redirect", path: "/bilateral-product/2603/reporter/chl" });
    expect(parse("/subnational_esp/madrid")).toEqual({ kind: "redirect", path: "/subnational_esp/28" });
    expect(parse("/subnational_esp/08")).toEqual({ kind: "redirect", path: "/subnational_esp/8" });
    expect(parse("/international_organization/European%20Union")).toEqual({ kind: "redirect", path: "/international_organization/eu" });
    expect(parse("/world")).toEqual({ kind: "redirect", path: "/world/wld" });
  });

  it("resolves subnational members under their country's level slug", () => {
    expect(parse("/subnational_bra/states/31")).toEqual({ kind: "ok", target: { report: "subnational", country: "bra", level: "states", id: "31" } });
    expect(parse("/subnational_aus/states/AU.NS")).toEqual({ kind: "ok", target: { report: "subnational", country: "aus", level: "states", id: "AU.NS" } });
    expect(parse("/subnational_bra/states/minas-gerais")).toEqual({ kind: "redirect", path: "/subnational_bra/states/31" });
    expect(parse("/SUBNATIONAL_BRA/States/31")).toEqual({ kind: "redirect", path: "/subnational_bra/states/31" });
    // Spanish provinces keep their short canonical form.
    expect(parse("/subnational_esp/provinces/madrid")).toEqual({ kind: "redirect", path: "/subnational_esp/28" });
    expect(parse("/subnational_esp/provinces/28")).toEqual({ kind: "redirect", path: "/subnational_esp/28" });
    for (const path of ["/subnational_bra/regions/31", "/subnational_bra/states/99", "/subnational_xyz/states/31", "/subnational_bra/states/31/extra", "/subnational_bra/states/..%2F..%2Fetc"]) {
      expect(parse(path).kind, path).toBe("not-found");
    }
    expect(buildProfilePath({ report: "subnational", country: "bra", level: "municipalities", id: "3550308" })).toBe("/subnational_bra/municipalities/3550308");
  });

  it("keeps a real HS4 code rather than reading it as section-prefixed", () => {
    expect(parse("/hs/1001")).toEqual({ kind: "ok", target: { report: "hs", product: { kind: "hs4", id: "1001" } } });
  });

  it("refuses unknown members, wrong keywords, self pairs and hostile input", () => {
    for (const path of [
      "/country/zzz",
      "/hs/99999999",
      "/hs/62603",
      "/bilateral-country/deu/partner/deu",
      "/bilateral-country/deu/reporter/fra",
      "/bilateral-country/deu",
      "/bilateral-product/2603/reporter/europe",
      "/bilateral-country/deu/partner/eu",
      "/continent/chl",
      "/continent/zz",
      "/continent/sa/extra",
      "/continent/sa/partner/af",
      "/country/chl/extra",
      "/company/x",
      "/country/%E0%A4%A",
      "/country/..%2F..%2Fetc%2Fpasswd",
      `/country/${"a".repeat(500)}`,
    ]) {
      expect(parse(path).kind, path).toBe("not-found");
    }
  });

  it("keeps continents and countries apart: a continent id that is also an ISO2 code", () => {
    // /country/{code} names a country: "sa" is Saudi Arabia's ISO2 code.
    expect(parse("/country/sa")).toEqual({ kind: "redirect", path: "/country/sau" });
    expect(parse("/country/af")).toEqual({ kind: "redirect", path: "/country/afg" });
    // The continent has its own route, built for every continent target.
    expect(parse("/continent/sa")).toEqual({ kind: "ok", target: { report: "country", kind: "continent", id: "sa" } });
    expect(parse("/continent/af")).toEqual({ kind: "ok", target: { report: "country", kind: "continent", id: "af" } });
    expect(buildProfilePath({ report: "country", kind: "continent", id: "sa" })).toBe("/continent/sa");
    expect(buildProfilePath({ report: "country", kind: "country", id: "sau" })).toBe("/country/sau");
    // Names, case and old continent links by name canonicalise to the continent route.
    expect(parse("/continent/South%20America")).toEqual({ kind: "redirect", path: "/continent/sa" });
    expect(parse("/continent/SA")).toEqual({ kind: "redirect", path: "/continent/sa" });
    expect(parse("/continent/sudamerica")).toEqual({ kind: "redirect", path: "/continent/sa" });
    expect(parse("/country/south-america")).toEqual({ kind: "redirect", path: "/continent/sa" });
    expect(parse("/country/europe")).toEqual({ kind: "redirect", path: "/continent/eu" });
    expect(parse("/country/eu")).toEqual({ kind: "redirect", path: "/continent/eu" });
    // A pair takes countries only: "sa" there is Saudi Arabia, never South America.
    expect(parse("/bilateral-country/sa/partner/af")).toEqual({ kind: "redirect", path: "/bilateral-country/sau/partner/afg" });
    expect(parse("/bilateral-product/2603/reporter/sa")).toEqual({ kind: "redirect", path: "/bilateral-product/2603/reporter/sau" });
    // The bare family goes to the geography landing.
    expect(parse("/continent")).toEqual({ kind: "redirect", path: "/country" });
  });

  it("slugifies names", () => {
    expect(slugify("Côte d'Ivoire")).toBe("cote-d-ivoire");
    expect(slugify("  Copper Ore ")).toBe("copper-ore");
  });
});
