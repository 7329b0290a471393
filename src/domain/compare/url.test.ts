import { describe, expect, it } from "vitest";
import type { ProductRef } from "@/domain/profiles/path";
import { buildCompareSearch, comparePath, MAX_ENTITIES, parseCompare, resolverFromLookup, withEntity, withoutEntity, type CompareResolver } from "./url";

/** A few members, looked up as the warehouse's lookup does (ids, ISO2 codes, name slugs). */
const COUNTRIES: Record<string, string> = { chl: "chl", cl: "chl", chile: "chl", per: "per", pe: "per", peru: "per", arg: "arg", ar: "arg", argentina: "arg", bra: "bra", br: "bra", col: "col", co: "col", "united-states": "usa", usa: "usa", us: "usa" };
const PRODUCTS: Record<string, ProductRef> = {
  "2603": { kind: "hs4", id: "2603" },
  "copper-ore": { kind: "hs4", id: "2603" },
  "7403": { kind: "hs4", id: "7403" },
  "26": { kind: "hs2", id: "26" },
  "section-5": { kind: "section", id: "5" },
  "260300": { kind: "hs6", id: "260300" },
};
const resolver: CompareResolver = resolverFromLookup({
  geography: (t) => (COUNTRIES[t] ? { kind: "country", id: COUNTRIES[t] } : t === "sa" ? { kind: "continent", id: "sa" } : null),
  continent: (t) => (t === "sa" ? "sa" : null),
  product: (t) => PRODUCTS[t] ?? null,
  province: () => null,
  organization: () => null,
  sectionOf: (p) => (p.id.startsWith("26") ? "5" : null),
});

describe("compare URL codec", () => {
  it("accepts the canonical form as it is", () => {
    expect(parseCompare({ countries: "chl,per,arg" }, resolver)).toEqual({ kind: "ok", state: { kind: "countries", ids: ["chl", "per", "arg"] } });
    expect(parseCompare({ products: "2603,7403" }, resolver)).toEqual({ kind: "ok", state: { kind: "products", ids: ["2603", "7403"] } });
  });

  it("redirects ISO2 codes, names, case, spaces and duplicates to the canonical ids, in the order given", () => {
    expect(parseCompare({ countries: "CL, Peru ,chl,AR" }, resolver)).toEqual({ kind: "redirect", state: { kind: "countries", ids: ["chl", "per", "arg"] }, search: "countries=chl,per,arg" });
    expect(parseCompare({ countries: "united states,chile" }, resolver)).toMatchObject({ kind: "redirect", search: "countries=usa,chl" });
    expect(parseCompare({ products: "copper-ore,section-5" }, resolver)).toMatchObject({ kind: "redirect", search: "products=2603,section-5" });
    // A section-prefixed HS code (as old OEC URLs write them) is the product itself.
    expect(parseCompare({ products: "52603,7403" }, resolver)).toMatchObject({ kind: "redirect", search: "products=2603,7403" });
  });

  it("redirects repeated parameters and drops unrelated ones", () => {
    expect(parseCompare({ countries: ["chl", "per"] }, resolver)).toMatchObject({ kind: "redirect", search: "countries=chl,per" });
    expect(parseCompare({ countries: "chl,per", utm_source: "x" }, resolver)).toMatchObject({ kind: "redirect", search: "countries=chl,per" });
    expect(parseCompare({ countries: "chl,per", products: "" }, resolver)).toMatchObject({ kind: "redirect", search: "countries=chl,per" });
  });

  it("offers the picker when nothing is asked", () => {
    expect(parseCompare({}, resolver)).toEqual({ kind: "empty" });
    expect(parseCompare({ year: "2018" }, resolver)).toEqual({ kind: "empty" });
  });

  it("says too few for an empty list or a single entity, keeping the entity for the picker", () => {
    expect(parseCompare({ countries: "" }, resolver)).toEqual({ kind: "invalid", problem: { code: "too-few", count: 0 }, state: null });
    expect(parseCompare({ countries: ",,," }, resolver)).toEqual({ kind: "invalid", problem: { code: "too-few", count: 0 }, state: null });
    expect(parseCompare({ countries: "chl" }, resolver)).toEqual({ kind: "invalid", problem: { code: "too-few", count: 1 }, state: { kind: "countries", ids: ["chl"] } });
    expect(parseCompare({ countries: "chl,cl,chile" }, resolver)).toEqual({ kind: "invalid", problem: { code: "too-few", count: 1 }, state: { kind: "countries", ids: ["chl"] } });
  });

  it("refuses more than four, and fifty ids without looking each up", () => {
    expect(parseCompare({ countries: "chl,per,arg,bra,col" }, resolver)).toEqual({ kind: "invalid", problem: { code: "too-many", count: 5 }, state: { kind: "countries", ids: ["chl", "per", "arg", "bra"] } });
    const fifty = Array.from({ length: 50 }, (_, i) => `c${String(i).padStart(2, "0")}`).join(",");
    let lookups = 0;
    const counting: CompareResolver = { country: (t) => (lookups++, resolver.country(t)), product: resolver.product };
    expect(parseCompare({ countries: fifty }, counting)).toEqual({ kind: "invalid", problem: { code: "too-many", count: 50 }, state: null });
    expect(lookups).toBe(0);
    expect(parseCompare({ countries: "chl,".repeat(200) }, resolver)).toMatchObject({ kind: "invalid", problem: { code: "too-many" } });
  });

  it("names unknown ids, shortened, and never mixes countries with products", () => {
    expect(parseCompare({ countries: "chl,xyz" }, resolver)).toEqual({ kind: "invalid", problem: { code: "unknown", tokens: ["xyz"] }, state: { kind: "countries", ids: ["chl"] } });
    // A continent is not a country; an HS code is not a country.
    expect(parseCompare({ countries: "chl,sa" }, resolver)).toMatchObject({ problem: { code: "unknown", tokens: ["sa"] } });
    expect(parseCompare({ countries: "chl,2603" }, resolver)).toMatchObject({ problem: { code: "unknown", tokens: ["2603"] } });
    expect(parseCompare({ products: "2603,chl" }, resolver)).toMatchObject({ problem: { code: "unknown", tokens: ["chl"] } });
    expect(parseCompare({ countries: "chl,per", products: "2603,7403" }, resolver)).toEqual({ kind: "invalid", problem: { code: "both-kinds" }, state: null });
    const long = parseCompare({ countries: `chl,${"a".repeat(60)}` }, resolver);
    expect(long.kind === "invalid" && long.problem.code === "unknown" && long.problem.tokens[0].length).toBeLessThanOrEqual(24);
  });

  it("refuses six-digit products by name, not as unknown", () => {
    expect(parseCompare({ products: "2603,260300" }, resolver)).toEqual({ kind: "invalid", problem: { code: "unsupported", tokens: ["260300"] }, state: { kind: "products", ids: ["2603"] } });
  });

  it("treats hostile input as unknown tokens, never looked up and never a throw", () => {
    const seen: string[] = [];
    const spy: CompareResolver = { country: (t) => (seen.push(t), resolver.country(t)), product: (t) => (seen.push(t), resolver.product(t)) };
    const script = parseCompare({ countries: "chl,<script>alert(1)</script>" }, spy);
    expect(script).toMatchObject({ kind: "invalid", problem: { code: "unknown" }, state: { ids: ["chl"] } });
    const sql = parseCompare({ countries: "chl';DROP TABLE dim_countries;--,per" }, spy);
    expect(sql).toMatchObject({ kind: "invalid", problem: { code: "unknown", tokens: ["chl';DROP TABLE dim_countries;--".slice(0, 23) + "…"] } });
    expect(parseCompare({ products: "2603) OR 1=1 --,7403" }, spy)).toMatchObject({ kind: "invalid", problem: { code: "unknown" } });
    expect(parseCompare({ countries: "\u0000,\uffff,%00,../../etc/passwd" }, spy)).toMatchObject({ kind: "invalid", problem: { code: "unknown" } });
    // Only token-shaped input reached the lookups.
    expect(seen.every((t) => /^[\p{L}\p{N}][\p{L}\p{N} .'()&-]*$/u.test(t))).toBe(true);
    expect(seen).not.toContain("<script>alert(1)</script>");
  });

  it("builds the paths the picker and the profiles link to", () => {
    expect(buildCompareSearch({ kind: "countries", ids: ["chl", "per"] })).toBe("countries=chl,per");
    expect(comparePath("es", { kind: "products", ids: ["2603"] })).toBe("/es/compare?products=2603");
    expect(comparePath("zh", null)).toBe("/zh/compare");
    const state = { kind: "countries" as const, ids: ["chl", "per"] };
    expect(withEntity(state, "arg").ids).toEqual(["chl", "per", "arg"]);
    expect(withEntity(state, "per").ids).toEqual(["chl", "per"]);
    const full = { kind: "countries" as const, ids: ["a", "b", "c", "d"] };
    expect(withEntity(full, "e").ids).toHaveLength(MAX_ENTITIES);
    expect(withoutEntity(state, "chl").ids).toEqual(["per"]);
  });

  it("round-trips: what it builds parses as canonical", () => {
    for (const ids of [["chl", "per"], ["arg", "bra", "col", "usa"]]) {
      const search = new URLSearchParams(buildCompareSearch({ kind: "countries", ids }));
      expect(parseCompare(Object.fromEntries(search), resolver)).toEqual({ kind: "ok", state: { kind: "countries", ids } });
    }
  });
});

describe("product ids", () => {
  it("reads the canonical product ids back as products, and nothing else", async () => {
    const { productOfId } = await import("./url");
    expect(productOfId("2603")).toEqual({ kind: "hs4", id: "2603" });
    expect(productOfId("26")).toEqual({ kind: "hs2", id: "26" });
    expect(productOfId("section-5")).toEqual({ kind: "section", id: "5" });
    for (const bad of ["260300", "chl", "section-", "2603;", ""]) expect(productOfId(bad)).toBeNull();
  });
});

describe("picker tokens", () => {
  it("reads a search result's profile path as the token the codec resolves", async () => {
    const { pickerToken } = await import("./url");
    expect(pickerToken("/country/chl")).toBe("chl");
    expect(pickerToken("/hs/52603")).toBe("52603");
    expect(pickerToken("/hs/section-5/")).toBe("section-5");
    expect(pickerToken("")).toBe("");
  });
});
