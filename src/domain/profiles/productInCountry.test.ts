import { describe, expect, it } from "vitest";
import { ProvenanceMismatch, figure, type Provenance } from "@/domain/catalog/figure";
import { rcaOf, seriesRuns } from "./productInCountry";

const ots2018: Provenance = { dataset: "ots_hs4", vintage: "ots_trd", source: "ots", year: 2018 };
const f = (value: number, p: Provenance = ots2018) => figure(value, p);

describe("rcaOf", () => {
  it("is the country's share of the product over the world's share", () => {
    // Chile-like: 20 of 80 of its exports are the product (25%); the world's share is 50 of 20,000 (0.25%).
    expect(rcaOf({ countryProduct: f(20), countryTotal: f(80), worldProduct: f(50), worldTotal: f(20_000) })).toBeCloseTo(100, 10);
    expect(rcaOf({ countryProduct: f(1), countryTotal: f(100), worldProduct: f(10), worldTotal: f(1000) })).toBeCloseTo(1, 10);
  });

  it("is null when a total or the world's product is zero", () => {
    expect(rcaOf({ countryProduct: f(0), countryTotal: f(0), worldProduct: f(50), worldTotal: f(100) })).toBeNull();
    expect(rcaOf({ countryProduct: f(0), countryTotal: f(10), worldProduct: f(0), worldTotal: f(100) })).toBeNull();
  });

  it("refuses figures of two datasets or two years", () => {
    const atlas: Provenance = { dataset: "atlas_hs4", vintage: "atlas_2019", source: "atlas", year: 2018 };
    expect(() => rcaOf({ countryProduct: f(20), countryTotal: f(80), worldProduct: f(50, atlas), worldTotal: f(100, atlas) })).toThrow(ProvenanceMismatch);
    expect(() => rcaOf({ countryProduct: f(20), countryTotal: f(80, { ...ots2018, year: 2017 }), worldProduct: f(50), worldTotal: f(100) })).toThrow(ProvenanceMismatch);
  });
});

describe("seriesRuns", () => {
  it("starts a new run where the dataset or its release changes", () => {
    const points = [
      { year: 2019, dataset: "atlas_hs4", vintage: "atlas_2019" },
      { year: 1962, dataset: "ots_hs4", vintage: "ots_ec2019" },
      { year: 2018, dataset: "ots_hs4", vintage: "ots_trd" },
      { year: 1980, dataset: "ots_hs4", vintage: "ots_ec2019" },
      { year: 2017, dataset: "ots_hs4", vintage: "ots_ec2019" },
    ];
    const runs = seriesRuns(points);
    expect(runs.map((r) => [r.key, r.points.map((p) => p.year)])).toEqual([
      ["ots_hs4@ots_ec2019", [1962, 1980, 2017]],
      ["ots_hs4@ots_trd", [2018]],
      ["atlas_hs4@atlas_2019", [2019]],
    ]);
  });
});
