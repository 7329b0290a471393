import { describe, expect, it } from "vitest";
import { rankChanges, rankDescending, seriesByMember, trailingYears } from "./rows";
import {
  countryRankingsPath,
  isCanonicalRanking,
  nearestYear,
  parseRankingPath,
  parseTradeDepth,
  parseYearQuery,
  parseYearSegment,
  productRankingsPath,
  rankingPath,
} from "./routes";
import { sparklinePath } from "./sparkline";

describe("ranking URLs", () => {
  it("parse the nav's paths and refuse anything else", () => {
    expect(parseRankingPath("eci", "hs6", "hs96")).toEqual({ kind: "eci", depth: "hs6", revision: "hs96" });
    expect(parseRankingPath("PCI", "HS4", "hs92")).toEqual({ kind: "pci", depth: "hs4", revision: "hs92" });
    expect(isCanonicalRanking({ kind: "PCI", depth: "HS4", revision: "hs92" }, parseRankingPath("PCI", "HS4", "hs92")!)).toBe(false);
    for (const [k, d, r] of [["eci", "hs5", "hs92"], ["fci", "hs4", "hs92"], ["eci", "hs4", "hs93"], ["eci", "sitc4", "hs92"], ["eci", "hs4", "%zz"]]) {
      expect(() => parseRankingPath(k, d, r)).not.toThrow(URIError);
    }
    expect(parseRankingPath("eci", "hs5", "hs92")).toBeNull();
    expect(parseRankingPath("eci", "hs4", "hs93")).toBeNull();
    expect(rankingPath("eci", "hs4", "hs92", 2018)).toBe("/rankings/eci/hs4/hs92?year=2018");
  });

  it("accept four-digit years only", () => {
    expect(parseYearSegment("2018")).toBe(2018);
    for (const bad of ["abc", "20188", "201", "1850", "2018.0", " 2018", "-201"]) expect(parseYearSegment(bad), bad).toBeNull();
    expect(parseYearQuery(undefined)).toEqual({ ok: true, year: null });
    expect(parseYearQuery("1990")).toEqual({ ok: true, year: 1990 });
    expect(parseYearQuery("x")).toEqual({ ok: false });
    expect(parseYearQuery(["1990", "1991"])).toEqual({ ok: false });
    expect(parseTradeDepth("hs4")).toEqual({ ok: true, depth: "hs4" });
    expect(parseTradeDepth("hs6")).toEqual({ ok: false });
    expect(countryRankingsPath(2018)).toBe("/country-rankings/2018/trade");
    expect(productRankingsPath(2018, "section")).toBe("/product-rankings/2018/trade?depth=section");
  });

  it("find the year to offer instead", () => {
    expect(nearestYear([1962, 2017, 2018], 2023)).toBe(2018);
    expect(nearestYear([1962, 2017, 2018], 2000)).toBe(1962);
    expect(nearestYear([1990, 2018], 1950)).toBe(2018);
    expect(nearestYear([], 2018)).toBeNull();
  });
});

describe("ranking rows", () => {
  it("rank largest first with shared ranks for ties, skipping missing values", () => {
    const ranks = rankDescending([
      { id: "a", value: 3 },
      { id: "b", value: 5 },
      { id: "c", value: 3 },
      { id: "d", value: null },
      { id: "e", value: 1 },
    ]);
    expect(Object.fromEntries(ranks)).toEqual({ b: 1, a: 2, c: 2, e: 4 });
  });

  it("count places gained, null where there is nothing to compare with", () => {
    const now = new Map([["a", 1], ["b", 2], ["c", 3]]);
    const before = new Map([["a", 2], ["b", 1]]);
    expect(Object.fromEntries(rankChanges(now, before))).toEqual({ a: 1, b: -1, c: null });
    expect(Object.fromEntries(rankChanges(now, null))).toEqual({ a: null, b: null, c: null });
  });

  it("lay out series on the requested years with gaps", () => {
    const series = seriesByMember(
      [
        { id: "a", year: 2016, value: 1 },
        { id: "a", year: 2018, value: 3 },
        { id: "b", year: 2017, value: 2 },
        { id: "b", year: 1990, value: 9 },
      ],
      [2016, 2017, 2018],
    );
    expect(series.get("a")).toEqual([1, null, 3]);
    expect(series.get("b")).toEqual([null, 2, null]);
    expect(trailingYears([1962, 2015, 2016, 2017, 2018], 2017, 2)).toEqual([2016, 2017]);
  });
});

describe("sparklines", () => {
  it("draw a path scaled to the box, broken at gaps", () => {
    const s = sparklinePath([0, 10, null, 5], 64, 20, 2)!;
    expect(s.d).toBe("M2 18L22 2M62 10");
    expect(s.last).toEqual({ x: 62, y: 10 });
    expect(sparklinePath([4, 4], 10, 10, 0)!.d).toBe("M0 5L10 5");
  });

  it("need two values", () => {
    expect(sparklinePath([1], 64, 20)).toBeNull();
    expect(sparklinePath([null, 2, NaN], 64, 20)).toBeNull();
  });
});
