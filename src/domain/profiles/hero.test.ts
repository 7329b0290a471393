import { describe, expect, it } from "vitest";
import { heroYear } from "./hero";

describe("heroYear", () => {
  it("takes the asked year when the member traded then", () => {
    expect(heroYear([1995, 2017, 2018], 2017)).toBe(2017);
  });
  it("falls back to the newest traded year for a missing or absent year", () => {
    expect(heroYear([1995, 2018, 2017])).toBe(2018);
    expect(heroYear([1995, 2018, 2017], 2019)).toBe(2018);
    expect(heroYear([1962, 1991], 2018)).toBe(1991);
  });
  it("has no year without trade", () => {
    expect(heroYear([], 2018)).toBeNull();
  });
});
