import { describe, expect, it } from "vitest";
import { firstRealProduct, isUnspecifiedProduct } from "./unspecified";

describe("isUnspecifiedProduct", () => {
  it("knows the package's 9999 and the Atlas's XXXX, at HS4 and below", () => {
    for (const code of ["9999", "XXXX", "xxxx", "999999", " 9999 "]) expect(isUnspecifiedProduct(code), code).toBe(true);
  });
  it("leaves real products and other ids alone", () => {
    for (const code of ["2603", "0999", "9990", "99", "21", "", null, undefined]) expect(isUnspecifiedProduct(code), String(code)).toBe(false);
    expect(isUnspecifiedProduct(2603)).toBe(false);
    expect(isUnspecifiedProduct(9999)).toBe(true);
  });
});

describe("firstRealProduct", () => {
  it("skips an unspecified line at the top and reports it", () => {
    const list = [{ id: "9999", value: 10 }, { id: "2603", value: 8 }, { id: "7403", value: 5 }];
    expect(firstRealProduct(list)).toEqual({ top: list[1], unspecifiedAbove: list[0] });
  });
  it("takes the top product when it is real, with no flag", () => {
    const list = [{ id: "2603", value: 8 }, { id: "9999", value: 7 }];
    expect(firstRealProduct(list)).toEqual({ top: list[0], unspecifiedAbove: null });
  });
  it("has no top product when only unspecified trade is recorded, or nothing", () => {
    expect(firstRealProduct([{ id: "XXXX" }])).toEqual({ top: null, unspecifiedAbove: { id: "XXXX" } });
    expect(firstRealProduct([])).toEqual({ top: null, unspecifiedAbove: null });
  });
});
