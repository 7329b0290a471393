import { describe, expect, it } from "vitest";
import { eciRankSeries, latestIndicator, releaseGroups, releaseOf, servicesByYear, tradeShareOfGdp, type IndicatorYear } from "./countryContext";

const indicators: IndicatorYear[] = [
  { year: 2016, gdp: 250e9, gdpPerCapita: 13_900, population: 18e6 },
  { year: 2017, gdp: null, gdpPerCapita: null, population: 18.2e6 },
  { year: 2018, gdp: 300e9, gdpPerCapita: 16_000, population: 18.7e6 },
  { year: 2019, gdp: 280e9, gdpPerCapita: 14_700, population: 19e6 },
  { year: 2020, gdp: null, gdpPerCapita: null, population: 19.3e6 },
];

describe("latestIndicator", () => {
  it("gives each indicator its own newest year with a value", () => {
    expect(latestIndicator(indicators, "gdp")).toEqual({ year: 2019, value: 280e9 });
    expect(latestIndicator(indicators, "gdpPerCapita")).toEqual({ year: 2019, value: 14_700 });
    expect(latestIndicator(indicators, "population")).toEqual({ year: 2020, value: 19.3e6 });
  });

  it("is null when no year has a value, and does not depend on row order", () => {
    expect(latestIndicator([{ year: 2000, gdp: null, gdpPerCapita: null, population: null }], "gdp")).toBeNull();
    expect(latestIndicator([...indicators].reverse(), "gdp")).toEqual({ year: 2019, value: 280e9 });
  });
});

describe("tradeShareOfGdp", () => {
  it("divides a year's goods trade by the GDP of that same year only", () => {
    const rows = tradeShareOfGdp(
      [
        { year: 2018, exports: 75e9, imports: 75e9 },
        { year: 2016, exports: 60e9, imports: 65e9 },
        // No GDP in 2017: never paired with 2016's or 2018's.
        { year: 2017, exports: 68e9, imports: 65e9 },
        // GDP but no trade in 2019 and 2015: left out.
        { year: 2015, exports: 0, imports: 0 },
      ],
      indicators,
    );
    expect(rows.map((r) => r.year)).toEqual([2016, 2018]);
    expect(rows[0]).toEqual({ year: 2016, exports: 60e9, imports: 65e9, gdp: 250e9, share: 125e9 / 250e9 });
    expect(rows[1].share).toBeCloseTo(0.5, 12);
  });

  it("counts a year with only imports as trade, and ignores years with a zero or missing GDP", () => {
    const rows = tradeShareOfGdp(
      [
        { year: 2000, exports: 0, imports: 10 },
        { year: 2001, exports: 5, imports: 5 },
        { year: 2002, exports: 5, imports: 5 },
      ],
      [
        { year: 2000, gdp: 100 },
        { year: 2001, gdp: 0 },
        { year: 2002, gdp: null },
      ],
    );
    expect(rows).toEqual([{ year: 2000, exports: 0, imports: 10, gdp: 100, share: 0.1 }]);
  });

  it("is empty without overlapping years", () => {
    expect(tradeShareOfGdp([{ year: 1990, exports: 1, imports: 1 }], indicators)).toEqual([]);
  });
});

describe("eciRankSeries", () => {
  const ranked = [
    { year: 2019, period: "2019", reporters: 142, source: "atlas_hs4", release: "atlas_2019" },
    { year: 1962, period: "1962", reporters: 20, source: "ots_hs4", release: "ots_ec2019" },
    { year: 1980, period: "1980", reporters: 98, source: "ots_hs4", release: "ots_ec2019" },
    { year: 2018, period: "2018", reporters: 142, source: "ots_hs4", release: "ots_trd" },
  ];

  it("has one point per ranked year, oldest first, with the rank among that year's ranked economies", () => {
    const points = eciRankSeries(ranked, [
      { year: 2018, eci: -0.09, rank: 76 },
      { year: 1980, eci: -0.37, rank: 60 },
      { year: 2019, eci: -0.35, rank: 86 },
    ]);
    expect(points.map((p) => p.year)).toEqual([1962, 1980, 2018, 2019]);
    expect(points[0]).toMatchObject({ year: 1962, eci: null, rank: null, ranked: 20 });
    expect(points[1]).toMatchObject({ year: 1980, eci: -0.37, rank: 60, ranked: 98, release: "ots_ec2019" });
    expect(points[3]).toMatchObject({ year: 2019, eci: -0.35, rank: 86, ranked: 142, source: "atlas_hs4" });
  });

  it("drops values of years that are not ranked (a partial sample) and non-numbers", () => {
    const points = eciRankSeries(ranked, [
      { year: 1989, eci: -1.5, rank: 19 },
      { year: 2018, eci: Number.NaN, rank: 3 },
    ]);
    expect(points.map((p) => p.year)).not.toContain(1989);
    expect(points.every((p) => p.eci === null && p.rank === null)).toBe(true);
  });

  it("splits the years where the release changes", () => {
    const groups = releaseGroups(eciRankSeries(ranked, []));
    expect(groups).toEqual([
      { release: "ots_ec2019", source: "ots_hs4", years: [1962, 1980] },
      { release: "ots_trd", source: "ots_hs4", years: [2018] },
      { release: "atlas_2019", source: "atlas_hs4", years: [2019] },
    ]);
  });
});

describe("releaseOf", () => {
  it("reads the vintage when the warehouse records one, else the source", () => {
    expect(releaseOf({ dataset: "complexity_hs92_hs4", source: "ots_hs4", vintage: "ots_trd" })).toBe("ots_trd");
    // Warehouses from before vintages give the dataset key: the source tells the releases apart.
    expect(releaseOf({ dataset: "complexity_hs92_hs4", source: "ots_hs4", vintage: "complexity_hs92_hs4" })).toBe("ots_hs4");
    expect(releaseOf({ dataset: "complexity_hs92_hs4", source: "atlas_hs4" })).toBe("atlas_hs4");
  });
});

describe("servicesByYear", () => {
  it("groups categories by year, largest first, with the year's total; empty years are dropped", () => {
    const years = servicesByYear([
      { year: 2016, id: "3", name: "Travel", value: 3 },
      { year: 2016, id: "2", name: "Transportation", value: 5 },
      { year: 2015, id: "2", name: "Transportation", value: 0 },
      { year: 2017, id: "3", name: "Travel", value: 4 },
    ]);
    expect(years.map((y) => [y.year, y.total, y.items.map((i) => i.id)])).toEqual([
      [2016, 8, ["2", "3"]],
      [2017, 4, ["3"]],
    ]);
  });
});
