import { describe, expect, it } from "vitest";
import { bilateralProductEntries, deepestPairSource, goodsYears } from "./catalog";
import { catalogEntry } from "./test-support";

// The package as imported: sections between countries every year, HS4 with the world, a 23-country
// bilateral HS4 sample (partial) for 1989-1990, and a BACI HS6 import for 2017-2018.
const sections = [1989, 1990, 2017, 2018].map((year) => catalogEntry({ dataset: "ots_sections", year, depth: "section", bilateral: true }));
const world = [2017, 2018].map((year) => catalogEntry({ dataset: "ots_hs4", year }));
const sample = [1989, 1990].map((year) => catalogEntry({ dataset: "comtrade_hs4_sample", year, bilateral: true, partial: true, priority: 0, reporters: 23, source: "comtrade_sample" }));
const baci = [2017, 2018].map((year) => catalogEntry({ dataset: "baci_hs12", year, depth: "hs6", bilateral: true, priority: 3, classification: "hs12", source: "baci" }));
const worldOnly = [2018].map((year) => catalogEntry({ dataset: "atlas_world_hs4", year, scope: "world", flows: ["export"] }));
const entries = [...sections, ...world, ...sample, ...baci, ...worldOnly];

const everyPair = () => true;
/** The sample holds DEU-FRA (every dataset does); it does not hold DEU-AUS (Australia is not among its 23 countries). */
const deuFra = everyPair;
const deuAus = (e: { dataset: string }) => e.dataset !== "comtrade_hs4_sample";

describe("bilateral product entries", () => {
  it("keep trade between countries finer than sections, partial samples included, world-only data and sections left out", () => {
    const found = bilateralProductEntries(entries).map((e) => `${e.dataset}:${e.year}`);
    expect(found).toEqual(["comtrade_hs4_sample:1989", "comtrade_hs4_sample:1990", "baci_hs12:2017", "baci_hs12:2018"]);
  });

  it("where a general question never sees the sample", () => {
    expect(goodsYears(entries, { depth: "hs4", bilateral: true }).map((y) => y.dataset)).toEqual(["baci_hs12", "baci_hs12"]);
  });
});

describe("the deepest source for a pair and a year", () => {
  it("is the partial HS4 sample in 1990 for a pair it holds", () => {
    const source = deepestPairSource(entries, 1990, deuFra);
    expect(source).toMatchObject({ dataset: "comtrade_hs4_sample", depth: "hs4", year: 1990, bilateral: true, source: "comtrade_sample" });
  });

  it("is nothing in 1990 for a pair the sample does not hold (the page falls back to sections)", () => {
    expect(deepestPairSource(entries, 1990, deuAus)).toBeNull();
  });

  it("is BACI HS6 where it holds the pair, and nothing in a year without product data between countries", () => {
    expect(deepestPairSource(entries, 2018, everyPair)).toMatchObject({ dataset: "baci_hs12", depth: "hs6", classification: "hs12" });
    expect(deepestPairSource(entries, 2005, everyPair)).toBeNull();
  });

  it("prefers the finer depth over priority, and the better dataset at one depth", () => {
    const hs6Sample = catalogEntry({ dataset: "tiny_hs6", year: 1990, depth: "hs6", bilateral: true, partial: true, priority: 0, reporters: 5 });
    expect(deepestPairSource([...entries, hs6Sample], 1990, everyPair)?.dataset).toBe("tiny_hs6");
    const otherHs4 = catalogEntry({ dataset: "full_hs4", year: 1990, bilateral: true, priority: 2 });
    expect(deepestPairSource([...entries, otherHs4], 1990, everyPair)?.dataset).toBe("full_hs4");
    // ... unless that dataset does not hold the pair.
    expect(deepestPairSource([...entries, otherHs4], 1990, (e) => e.dataset !== "full_hs4")?.dataset).toBe("comtrade_hs4_sample");
  });

  it("asks `holds` about that year only", () => {
    const asked: string[] = [];
    deepestPairSource(entries, 1989, (e) => (asked.push(`${e.dataset}:${e.year}`), true));
    expect(asked).toEqual(["comtrade_hs4_sample:1989"]);
  });
});
