import { describe, expect, it } from "vitest";
import { figure, ProvenanceMismatch, type Provenance } from "@/domain/catalog/figure";
import { catalogEntry } from "@/domain/catalog/test-support";
import { flowPair, neighbourValues, rankWithShares, totalOf } from "./snapshot";

/** The package's product detail: OTS HS4 (1962, 1980, 2017 exports; 2018 both flows) and the Atlas 2019 file (exports only). */
const ENTRIES = [
  ...[1962, 1980, 2017].map((year) => catalogEntry({ dataset: "ots_hs4", year, flows: ["export"], vintage: "ots_ec2019" })),
  catalogEntry({ dataset: "ots_hs4", year: 2018, flows: ["export", "import"], vintage: "ots_trd" }),
  catalogEntry({ dataset: "atlas_hs4", year: 2019, flows: ["export"], source: "atlas", priority: 1, vintage: "atlas_2019" }),
  // Section trade between countries answers sections only, never a heading.
  catalogEntry({ dataset: "ots_sections", year: 2018, depth: "section", bilateral: true }),
  // The world-only series never answers a question about exporters.
  catalogEntry({ dataset: "atlas_world_hs4", year: 2019, flows: ["export"], source: "atlas", priority: 1, scope: "world", reporters: 0 }),
];

describe("exporters and importers of one year", () => {
  it("shows the newest year with exports, and says importers are not in it with the nearest year that has them", () => {
    const pair = flowPair(ENTRIES, { depth: "hs4" });
    expect(pair.year).toBe(2019);
    expect(pair.exports?.dataset).toBe("atlas_hs4");
    expect(pair.imports).toBeNull();
    expect(pair.importsNearest?.year).toBe(2018);
    expect(pair.missing).toBeNull();
    expect(pair.exportYears.map((y) => y.year)).toEqual([1962, 1980, 2017, 2018, 2019]);
    expect(pair.importYears.map((y) => y.year)).toEqual([2018]);
  });

  it("takes both flows of a year from the one dataset that holds both", () => {
    const pair = flowPair(ENTRIES, { depth: "hs4" }, 2018);
    expect(pair.exports?.dataset).toBe("ots_hs4");
    expect(pair.imports?.dataset).toBe("ots_hs4");
    expect(pair.importsNearest).toBeNull();
  });

  it("prefers a dataset holding both flows over a better-ranked exports-only one in the same year", () => {
    const entries = [
      catalogEntry({ dataset: "exports_only", year: 2018, flows: ["export"], priority: 9 }),
      catalogEntry({ dataset: "both", year: 2018, flows: ["export", "import"], priority: 1 }),
    ];
    const pair = flowPair(entries, { depth: "hs4" }, 2018);
    expect(pair.exports?.dataset).toBe("both");
    expect(pair.imports?.dataset).toBe("both");
  });

  it("falls back to the newest year for a year it does not hold, and keeps the asked year to say so", () => {
    for (const asked of [1995, 99999, -1]) {
      const pair = flowPair(ENTRIES, { depth: "hs4" }, asked);
      expect(pair.year).toBe(2019);
      expect(pair.missing).toBe(asked);
    }
  });

  it("answers nothing without data, without throwing", () => {
    const pair = flowPair([], { depth: "hs6" }, 2019);
    expect(pair.year).toBeNull();
    expect(pair.exports).toBeNull();
    expect(pair.imports).toBeNull();
  });
});

const atlas2019: Provenance = { dataset: "atlas_hs4", vintage: "atlas_2019", source: "atlas", year: 2019 };

describe("shares of the true total", () => {
  // World exports 2019 in the Atlas file: USD 17,288.8 bn; crude petroleum 819.5 bn (4.74%).
  const rows = [
    { id: "2709", name: "Crude Petroleum", value: 819.5 },
    { id: "8703", name: "Cars", value: 713.1 },
    { id: "8542", name: "Integrated Circuits", value: 508.8 },
  ];
  const everything = [...rows, { id: "rest", name: "Everything else", value: 17_288.8 - 819.5 - 713.1 - 508.8 }];

  it("takes each share of the total of every product that year, not of the rows listed", () => {
    const total = totalOf(everything, atlas2019);
    const ranking = rankWithShares(rows, total, atlas2019);
    expect(ranking.rows[0].id).toBe("2709");
    expect(ranking.rows[0].share).toBeCloseTo(0.0474, 4);
    // Over the three rows alone it would read 40%: the defect this replaces.
    expect(ranking.rows[0].share).not.toBeCloseTo(819.5 / (819.5 + 713.1 + 508.8), 2);
  });

  it("refuses a total of another dataset or year", () => {
    const ots2018 = figure(22_686.3, { dataset: "ots_hs4", vintage: "ots_trd", source: "ots", year: 2018 });
    expect(() => rankWithShares(rows, ots2018, atlas2019)).toThrow(ProvenanceMismatch);
  });

  it("leaves non-positive values out of the list, never out of the total", () => {
    const total = totalOf([...rows, { id: "x", name: "x", value: -5 }], atlas2019);
    expect(total.value).toBeCloseTo(819.5 + 713.1 + 508.8 - 5, 6);
    expect(rankWithShares([...rows, { id: "x", name: "x", value: 0 }], total, atlas2019).rows.map((r) => r.id)).toEqual(["2709", "8703", "8542"]);
  });
});

describe("product-space neighbours carry a one-year value", () => {
  const names: Record<string, string> = { "8708": "Vehicle Parts", "8703": "Cars", "8704": "Delivery Trucks", "0000": "Unknown" };
  const nameOf = (id: string) => (id === "0000" ? null : (names[id] ?? null));

  it("uses the value of the one year given (never a sum over years), largest first, with none where nothing was traded", () => {
    // Vehicle Parts in 2019: a one-year value, not the four-year search weight ($943.8 bn).
    const values = new Map([
      ["8708", 404.1e9],
      ["8703", 713.1e9],
    ]);
    const out = neighbourValues(["8708", "8703", "8704", "0000", "8708"], nameOf, values, atlas2019);
    expect(out.provenance).toEqual(atlas2019);
    expect(out.list.map((n) => [n.id, n.value])).toEqual([
      ["8703", 713.1e9],
      ["8708", 404.1e9],
      ["8704", null],
    ]);
    expect(out.list.find((n) => n.id === "8708")!.value).not.toBe(943.8e9);
  });

  it("has no values and no year without a year of trade", () => {
    const out = neighbourValues(["8708"], nameOf, null, null);
    expect(out.provenance).toBeNull();
    expect(out.list).toEqual([{ id: "8708", name: "Vehicle Parts", value: null }]);
  });
});
