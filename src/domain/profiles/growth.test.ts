import { describe, expect, it } from "vitest";
import { comparable } from "@/domain/catalog/catalog";
import { growthPair, newestPairInOneSeries, productChanges } from "./growth";

/** The package's shape: OTS HS4 joins two releases (1962/1980/2017 older, 2018 newer), the Atlas adds 2019, the section file holds 1962-2018 in one release. */
const hs4 = [
  { year: 1962, dataset: "ots_hs4", vintage: "ots_ec2019" },
  { year: 1980, dataset: "ots_hs4", vintage: "ots_ec2019" },
  { year: 2017, dataset: "ots_hs4", vintage: "ots_ec2019" },
  { year: 2018, dataset: "ots_hs4", vintage: "ots_trd" },
  { year: 2019, dataset: "atlas_hs4", vintage: "atlas_2019" },
];
const sections = [2015, 2016, 2017, 2018].map((year) => ({ year, dataset: "ots_sections", vintage: "ots_trd" }));

describe("newestPairInOneSeries", () => {
  it("never pairs two releases of one dataset, nor two datasets", () => {
    expect(newestPairInOneSeries(hs4)).toEqual({ from: hs4[1], to: hs4[2] });
    expect(newestPairInOneSeries([hs4[2], hs4[3], hs4[4]])).toBeNull();
  });
  it("takes the two newest years of a single series", () => {
    expect(newestPairInOneSeries(sections)).toEqual({ from: sections[2], to: sections[3] });
  });
});

describe("growthPair", () => {
  it("prefers the newest comparable end year, then the finest depth", () => {
    const pair = growthPair([
      { depth: "hs4", years: hs4 },
      { depth: "section", years: sections },
    ]);
    expect(pair).toMatchObject({ depth: "section", from: { year: 2017 }, to: { year: 2018 } });
    expect(comparable(pair!.from, pair!.to)).toBe(true);
  });
  it("keeps the finer depth when both end in the same year", () => {
    const baci = [2017, 2018].map((year) => ({ year, dataset: "baci_hs92", vintage: "baci_202401" }));
    expect(growthPair([{ depth: "hs6", years: baci }, { depth: "section", years: sections }])?.depth).toBe("hs6");
  });
  it("never returns a pair across series, over every combination of the years", () => {
    const all = [...hs4, ...sections];
    for (let mask = 1; mask < 1 << all.length; mask++) {
      const picked = all.filter((_, i) => mask & (1 << i));
      const pair = growthPair([{ depth: "any", years: picked }]);
      if (pair) {
        expect(comparable(pair.from, pair.to)).toBe(true);
        expect(pair.from.year).toBeLessThan(pair.to.year);
      }
    }
  });
  it("is null when no series holds two years", () => {
    expect(growthPair([{ depth: "hs4", years: [hs4[3], hs4[4]] }])).toBeNull();
  });
});

describe("productChanges", () => {
  it("ranks gains and falls, counts an absent product as zero and leaves unspecified trade out", () => {
    const before = [
      { id: "2603", name: "Copper Ore", value: 10 },
      { id: "9999", name: "Unspecified", value: 1 },
      { id: "0810", name: "Other Fruits", value: 4 },
    ];
    const after = [
      { id: "2603", name: "Copper Ore", value: 15 },
      { id: "9999", name: "Unspecified", value: 100 },
      { id: "2836", name: "Carbonates", value: 2 },
    ];
    const { grew, shrank } = productChanges(before, after);
    expect(grew.map((c) => c.id)).toEqual(["2603", "2836"]);
    expect(shrank).toEqual([{ id: "0810", name: "Other Fruits", from: 4, to: 0, change: -4 }]);
  });
});
