import { describe, expect, it } from "vitest";
import { computeComplexity } from "./compute";
import { DEFAULT_FILTERS, selectForComplexity } from "./filters";
import { randomTrade } from "./test-support/random";

describe("sample filters", () => {
  // 4 countries x 3 products, values in USD.
  const countries = ["big", "tiny", "poor", "nopop"];
  const products = ["p1", "p2", "thin"];
  const values = Float64Array.from([
    2e9, 1e9, 1e8, // big: 3.1 bn
    1e9, 2e9, 2e8, // tiny: 3.2 bn but 0.5 M people
    3e8, 2e8, 0, //   poor: 0.5 bn exports
    1e9, 1e9, 1e8, // nopop: no population figure
  ]);
  const population = new Map([
    ["big", 5e7],
    ["tiny", 5e5],
    ["poor", 2e6],
  ]);

  it("uses the published thresholds by default", () => {
    expect(DEFAULT_FILTERS).toEqual({ minPopulation: 1e6, minCountryExports: 1e9, minProductTrade: 5e8 });
  });

  it("excludes by population, exports and product world trade, and says why", () => {
    const s = selectForComplexity({ countries, products, values }, population);
    expect(s.excluded).toEqual([
      { kind: "country", id: "tiny", reason: "population", value: 5e5, threshold: 1e6 },
      { kind: "country", id: "poor", reason: "country-exports", value: 5e8, threshold: 1e9 },
      // world trade of "thin" counts every input country: 1e8 + 2e8 + 0 + 1e8 = 4e8
      { kind: "product", id: "thin", reason: "product-trade", value: 4e8, threshold: 5e8 },
    ]);
    expect(Array.from(s.countryIndex)).toEqual([0, 3]);
    expect(Array.from(s.productIndex)).toEqual([0, 1]);
    expect(s.populationUnknown).toEqual(["nopop"]);
  });

  it("each threshold can be switched off", () => {
    const s = selectForComplexity({ countries, products, values }, population, {
      minPopulation: null,
      minCountryExports: null,
      minProductTrade: null,
    });
    expect(s.excluded).toEqual([]);
    expect(s.populationUnknown).toEqual([]);
  });

  it("computeComplexity reports the exclusions and keeps ids aligned", () => {
    const trade = randomTrade(20, 30, 9);
    const population = new Map(trade.countries.map((id, i) => [id, i === 0 ? 10 : 1e7]));
    const result = computeComplexity({ ...trade, population }, { filters: { minCountryExports: 0, minProductTrade: 0 } });
    expect(result.excluded).toContainEqual(expect.objectContaining({ id: trade.countries[0], reason: "population" }));
    expect(result.countries).not.toContain(trade.countries[0]);
    expect(result.eci).toHaveLength(result.countries.length);
    expect(result.pci).toHaveLength(result.products.length);
    expect(result.relatedness).toHaveLength(result.countries.length * result.products.length);
  });
});
