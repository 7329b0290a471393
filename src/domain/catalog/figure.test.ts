import { describe, expect, it } from "vitest";
import { changeOf, figure, ProvenanceMismatch, shareOf, type Provenance } from "./figure";

const ots = (year: number, vintage = "ots_trd"): Provenance => ({ dataset: "ots_hs4", vintage, source: "ots", year });
const atlas = (year: number): Provenance => ({ dataset: "atlas_hs4", vintage: "atlas_2019", source: "atlas", year });

describe("figures carry their provenance", () => {
  it("takes a share of a total of the same dataset and year", () => {
    expect(shareOf(figure(19.2, ots(2018)), figure(96.4, ots(2018)))).toBeCloseTo(0.19917, 5);
    expect(shareOf(figure(1, ots(2018)), figure(0, ots(2018)))).toBeNull();
  });

  it("refuses a share across datasets (Chile: an Atlas 2019 value over an OTS 2018 total)", () => {
    expect(() => shareOf(figure(16.5, atlas(2019)), figure(82.9, ots(2018)))).toThrow(ProvenanceMismatch);
    expect(() => shareOf(figure(16.5, ots(2017)), figure(82.9, ots(2018)))).toThrow(/share across/);
  });

  it("compares two years of one series only", () => {
    expect(changeOf(figure(21.0, { ...ots(2017), dataset: "ots_sections" }), figure(22.7, { ...ots(2018), dataset: "ots_sections" }))).toBeCloseTo(0.081, 3);
    // 2017 from the older OTS release, 2018 from the newer: the +13% the trend preview showed.
    expect(() => changeOf(figure(20.1, ots(2017, "ots_ec2019")), figure(22.7, ots(2018)))).toThrow(/change across series/);
    expect(changeOf(figure(0, ots(2017)), figure(1, ots(2018)))).toBeNull();
  });
});
