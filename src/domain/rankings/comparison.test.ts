import { describe, expect, it } from "vitest";
import { rankComparison } from "./comparison";

const hs4 = [
  { year: 1962, dataset: "ots_hs4", vintage: "ots_ec2019" },
  { year: 1980, dataset: "ots_hs4", vintage: "ots_ec2019" },
  { year: 2017, dataset: "ots_hs4", vintage: "ots_ec2019" },
  { year: 2018, dataset: "ots_hs4", vintage: "ots_trd" },
  { year: 2019, dataset: "atlas_hs4", vintage: "atlas_2019" },
];
const sections = [2016, 2017, 2018].map((year) => ({ year, dataset: "ots_sections", vintage: "ots_trd" }));

describe("rankComparison", () => {
  it("compares with the year before when it is of the same series", () => {
    expect(rankComparison(sections, 2018, "previousYear")).toEqual({ series: sections, previous: sections[1], notComparable: null });
  });
  it("marks a change across two releases of one dataset as not comparable", () => {
    const r = rankComparison(hs4, 2018, "previousYear");
    expect(r).toMatchObject({ previous: null, notComparable: 2017 });
    expect(r.series.map((y) => y.year)).toEqual([2018]);
  });
  it("marks a change across two datasets as not comparable", () => {
    expect(rankComparison(hs4, 2019, "previousYear")).toMatchObject({ previous: null, notComparable: 2018 });
  });
  it("has nothing to compare with when the year before has no data", () => {
    expect(rankComparison(hs4, 1980, "previousYear")).toMatchObject({ previous: null, notComparable: null });
  });
  it("compares complexity rankings with the latest earlier ranked year of the same series", () => {
    expect(rankComparison(hs4, 2017, "previousRanked")).toMatchObject({ previous: { year: 1980 }, notComparable: null });
    expect(rankComparison(hs4, 2018, "previousRanked")).toMatchObject({ previous: null, notComparable: 2017 });
    expect(rankComparison(hs4, 1962, "previousRanked")).toMatchObject({ previous: null, notComparable: null });
    expect(rankComparison(hs4, 2030, "previousRanked")).toEqual({ series: [], previous: null, notComparable: null });
    // A sample of another source ranked in between does not hide the series' own earlier year.
    const sample = [1989, 1990].map((year) => ({ year, dataset: "comtrade_hs4_sample", vintage: "comtrade_hs4_sample" }));
    expect(rankComparison([...hs4, ...sample], 2017, "previousRanked")).toMatchObject({ previous: { year: 1980 }, notComparable: null });
    expect(rankComparison([...hs4, ...sample], 1989, "previousRanked")).toMatchObject({ previous: null, notComparable: 1980 });
  });
});
