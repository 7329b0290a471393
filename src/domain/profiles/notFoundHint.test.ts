import { describe, expect, it } from "vitest";
import { productNotFoundHint } from "./notFoundHint";
import { parseProfilePath, type MemberLookup, type ProductRef } from "./path";

describe("productNotFoundHint", () => {
  it("offers the heading, then the chapter, of a subheading we hold no profile for", () => {
    expect(productNotFoundHint("/en/profile/hs/010121")).toEqual({ code: "010121", candidates: ["0101", "01"] });
    expect(productNotFoundHint("/es/profile/bilateral-product/870323/reporter/chl")).toEqual({ code: "870323", candidates: ["8703", "87"] });
  });
  it("walks a national tariff line up to the subheading first", () => {
    expect(productNotFoundHint("/zh/profile/hs/8703231910")).toEqual({ code: "8703231910", candidates: ["870323", "8703", "87"] });
  });
  it("offers only the chapter for an unknown heading", () => {
    expect(productNotFoundHint("/en/profile/hs/0177")).toEqual({ code: "0177", candidates: ["01"] });
  });
  it("offers no heading for unclassified trade (9999, chapter 99): the search is the way on", () => {
    expect(productNotFoundHint("/en/profile/hs/999999")).toEqual({ code: "999999", candidates: [] });
    expect(productNotFoundHint("/en/profile/hs/990100")).toEqual({ code: "990100", candidates: [] });
  });
  it("is null for other paths", () => {
    for (const path of ["/en/profile/country/xyz", "/en/profile/hs/copper", "/en/unknown", "/en/profile/hs/1"]) expect(productNotFoundHint(path), path).toBeNull();
  });
});

describe("an unclassified HS6 code is not read as a section-prefixed 'Unspecified'", () => {
  const products: Record<string, ProductRef> = { "9999": { kind: "hs4", id: "9999" }, "8703": { kind: "hs4", id: "8703" } };
  const lookup: MemberLookup = {
    geography: () => null,
    continent: () => null,
    product: (t) => products[t] ?? null,
    province: () => null,
    organization: () => null,
    sectionOf: (p) => ({ "9999": "99", "8703": "17" })[p.id] ?? null,
  };
  it("answers not found for /hs/999999 instead of redirecting to /hs/9999", () => {
    expect(parseProfilePath(["hs", "999999"], lookup)).toEqual({ kind: "not-found" });
  });
  it("still reads a real section-prefixed id", () => {
    expect(parseProfilePath(["hs", "178703"], lookup)).toEqual({ kind: "redirect", path: "/hs/8703" });
    expect(parseProfilePath(["hs", "9999"], lookup)).toEqual({ kind: "ok", target: { report: "hs", product: { kind: "hs4", id: "9999" } } });
  });
});
