import { describe, expect, it } from "vitest";
import { parseTariffParams, tariffSearch } from "./params";

const ok = (q: string) => {
  const r = parseTariffParams(new URLSearchParams(q));
  if (!r.ok) throw new Error(r.message);
  return r.params;
};
const fail = (q: string) => {
  const r = parseTariffParams(new URLSearchParams(q));
  if (r.ok) throw new Error(`expected a failure for ${q}`);
  return r;
};

describe("parseTariffParams", () => {
  it("reads a full request and fills defaults", () => {
    const p = ok("importer=USA&depth=hs4&product=0901&year=1990&current=12.5&new=0&partner=bra");
    expect(p).toMatchObject({ importer: "usa", depth: "hs4", product: "0901", year: 1990, current: 12.5, next: 0, partner: "bra", em: -1.5, sigma: 1.5, ex: 99, base: "imported" });
  });
  it("accepts a decimal comma", () => {
    expect(ok("importer=usa&product=5&new=7,5").next).toBe(7.5);
  });
  it("names negative and absurd tariffs", () => {
    expect(fail("importer=usa&product=5&new=-3")).toMatchObject({ field: "new", code: "tariff_negative" });
    expect(fail("importer=usa&product=5&new=10000")).toMatchObject({ field: "new", code: "tariff_too_high" });
    expect(fail("importer=usa&product=5&new=5&current=1001").code).toBe("tariff_too_high");
    expect(ok("importer=usa&product=5&new=1000").next).toBe(1000);
  });
  it("rejects malformed members, numbers and elasticities", () => {
    expect(fail("product=5&new=1")).toMatchObject({ field: "importer", code: "missing" });
    expect(fail("importer=<script>&product=5&new=1")).toMatchObject({ field: "importer", code: "invalid" });
    expect(fail("importer=usa&depth=hs4&product=5&new=1")).toMatchObject({ field: "product", code: "invalid" });
    expect(fail("importer=usa&product=22&new=1").field).toBe("product");
    expect(fail("importer=usa&product=5&new=abc")).toMatchObject({ field: "new", code: "invalid" });
    expect(fail("importer=usa&product=5&new=Infinity").code).toBe("invalid");
    expect(fail("importer=usa&product=5&new=1&em=1.5")).toMatchObject({ field: "em", code: "elasticity_range" });
    expect(fail("importer=usa&product=5&new=1&ex=0").field).toBe("ex");
    expect(fail("importer=usa&product=5&new=1&year=18")).toMatchObject({ field: "year" });
    expect(fail("importer=usa&product=5&new=1&partner=usa").field).toBe("partner");
    expect(fail("importer=usa&product=5&new=1&depth=hs3").field).toBe("depth");
  });
  it("round-trips through the query string", () => {
    const p = ok("importer=deu&depth=hs2&product=09&year=2018&current=4&new=0&partner=bra&em=-2&sigma=3&ex=10&base=manual");
    expect(ok(tariffSearch(p))).toEqual(p);
    expect(tariffSearch({ importer: "usa", product: "5", next: 0, depth: "section", current: 0, em: -1.5 })).toBe("importer=usa&product=5&new=0");
  });
});
