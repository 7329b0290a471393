import { describe, expect, it } from "vitest";
import { comparisonChoices, COMPARISON_YEARS_BACK, HERO_YEARS_BACK } from "./comparison";
import { catalogEntry } from "./test-support";

const SECTION = { depth: "section", bilateral: true } as const;
const section = (dataset: string, year: number, vintage = dataset) => catalogEntry({ dataset, year, vintage, depth: "section", bilateral: true });

describe("compared with N years earlier", () => {
  it("offers the ten years before and twenty years back", () => {
    expect(COMPARISON_YEARS_BACK).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20]);
    expect(HERO_YEARS_BACK.every((n) => COMPARISON_YEARS_BACK.includes(n))).toBe(true);
  });

  it("offers only the years one dataset and release holds together with the latest", () => {
    const entries = [...[1998, 2008, 2013, 2017].map((y) => section("ots", y, "ots_trd")), section("ots", 2018, "ots_trd")];
    const choices = comparisonChoices(entries, SECTION, 2018);
    expect(choices.map((c) => c.yearsBack)).toEqual([1, 5, 10, 20]);
    for (const c of choices) {
      expect(c.to.year).toBe(2018);
      expect(c.from.year).toBe(2018 - c.yearsBack);
      expect(`${c.from.dataset}@${c.from.vintage}`).toBe(`${c.to.dataset}@${c.to.vintage}`);
    }
  });

  it("never compares across a change of release", () => {
    const entries = [section("ots", 2008, "ots_ec2019"), section("ots", 2018, "ots_trd")];
    expect(comparisonChoices(entries, SECTION, 2018)).toEqual([]);
  });

  it("finds the one dataset holding both years when the newest year's best dataset lacks the earlier one", () => {
    const entries = [
      { ...section("baci", 2018), priority: 1 },
      section("ots", 2008),
      section("ots", 2018),
    ];
    const [choice] = comparisonChoices(entries, SECTION, 2018, [10]);
    expect(choice.from.dataset).toBe("ots");
    expect(choice.to.dataset).toBe("ots");
  });

  it("ignores data that cannot answer the question (world-only series) and offsets of zero", () => {
    const entries = [catalogEntry({ dataset: "atlas_world", year: 2003, scope: "world" }), catalogEntry({ dataset: "atlas_world", year: 2023, scope: "world" })];
    expect(comparisonChoices(entries, SECTION, 2023)).toEqual([]);
    expect(comparisonChoices([section("ots", 2018)], SECTION, 2018, [0])).toEqual([]);
  });
});
