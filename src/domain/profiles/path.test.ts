import { describe, expect, it } from "vitest";
import { buildProfilePath, parseProfilePath, slugify, type MemberLookup, type ProductRef } from "./path";

const countries: Record<string, string> = { chl: "chl", cl: "chl", chile: "chl", deu: "deu", de: "deu", germany: "deu", alemania: "deu", fra: "fra" };
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
  geography: (t) => (countries[t] ? { kind: "country", id: countries[t] } : t === "sa" ? { kind: "continent", id: "sa" } : null),
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
      "/country/sa",
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
      "/bilateral-product/2603/reporter/sa",
      "/country/chl/extra",
      "/company/x",
      "/country/%E0%A4%A",
      "/country/..%2F..%2Fetc%2Fpasswd",
      `/country/${"a".repeat(500)}`,
    ]) {
      expect(parse(path).kind, path).toBe("not-found");
    }
  });

  it("slugifies names", () => {
    expect(slugify("Côte d'Ivoire")).toBe("cote-d-ivoire");
    expect(slugify("  Copper Ore ")).toBe("copper-ore");
  });
});
