import { describe, expect, it } from "vitest";
import { parseTesseractParams, tesseractLocale } from "./params";

const parse = (query: string) => parseTesseractParams(new URLSearchParams(query), { timeLevel: "Year", years: [2016, 2017, 2018] });

describe("Tesseract parameters", () => {
  it("reads filters with decimals, exponents and dotted measure names", () => {
    expect(parse("cube=c&drilldowns=A&filters=Trade Value.gte.1.5.and.lt.2e3").query.filters).toEqual([
      { measure: "Trade Value", conditions: [{ op: "gte", value: 1.5 }, { op: "lt", value: 2000 }], joint: "and" },
    ]);
    expect(parse("cube=c&drilldowns=A&filters=R.C.A.gt.-1.or.eq.0").query.filters).toEqual([{ measure: "R.C.A", conditions: [{ op: "gt", value: -1 }, { op: "eq", value: 0 }], joint: "or" }]);
    expect(() => parse("cube=c&drilldowns=A&filters=Trade Value.gt.1.and.lt")).toThrow(/filters/);
    expect(() => parse("cube=c&drilldowns=A&filters=Trade Value.between.1")).toThrow(/filters/);
  });

  it("reads time forms against the cube's years; nothing selected is an empty answer", () => {
    expect(parse("cube=c&drilldowns=A&time=Year.latest.2").query.time).toEqual({ kind: "list", years: [2017, 2018] });
    expect(parse("cube=c&drilldowns=A&time=Year.gt.2016.and.lte.2017").query.time).toEqual({ kind: "list", years: [2017] });
    expect(parse("cube=c&drilldowns=A&time=Year.gt.2100").query.time).toEqual({ kind: "list", years: [0] });
  });

  it("falls back to the default language for an empty or unknown locale", () => {
    expect(tesseractLocale("")).toBe("en");
    expect(tesseractLocale("fr")).toBe("en");
    expect(tesseractLocale("es-CL")).toBe("es");
    expect(tesseractLocale("ZH_cn")).toBe("zh");
    expect(tesseractLocale(null)).toBe("en");
  });
});
