import { describe, expect, it } from "vitest";
import { chooseYear } from "./yearChoice";

const years = [{ year: 1962 }, { year: 2017 }, { year: 2019 }, { year: 2018 }];

describe("chooseYear", () => {
  it("takes the asked year when the catalogue holds it", () => {
    expect(chooseYear(years, 2017)).toEqual({ chosen: { year: 2017 }, missing: null });
  });
  it("falls back to the newest year and keeps the asked one as missing", () => {
    expect(chooseYear(years, 1990)).toEqual({ chosen: { year: 2019 }, missing: 1990 });
  });
  it("gives the newest year when none is asked, and nothing when there are no years", () => {
    expect(chooseYear(years)).toEqual({ chosen: { year: 2019 }, missing: null });
    expect(chooseYear([], 2000)).toEqual({ chosen: null, missing: null });
  });
});
