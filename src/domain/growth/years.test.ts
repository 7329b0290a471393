import { describe, expect, it } from "vitest";
import type { CatalogEntry } from "@/domain/catalog/catalog";
import { growthYears } from "./years";

function entry(kind: CatalogEntry["kind"], dataset: string, year: number, reporters = 100, partial = false): CatalogEntry {
  return { dataset, cube: `cube_${dataset}`, kind, classification: null, depth: null, bilateral: false, partial, source: dataset, priority: 0, year, flows: [], reporters, rows: 0, total: null, period: String(year), vintage: dataset, scope: "reporters" };
}

const wdi = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => entry("indicators", "wdi_indicators", from + i, 200));

describe("growthYears", () => {
  it("starts a decade where ECI and GDP per capita ten years later exist, and projects from the newest ECI year with GDP", () => {
    const entries = [
      ...wdi(1962, 2023),
      entry("complexity", "complexity_hs92_hs4", 1962, 20),
      entry("complexity", "complexity_hs92_hs4", 1980, 83),
      entry("complexity", "complexity_hs92_hs4", 1989, 19, true),
      entry("complexity", "complexity_hs92_hs4", 2017, 142),
      entry("complexity", "complexity_hs92_hs4", 2019, 142),
      entry("complexity", "complexity_sitc2_sitc4", 2000, 151),
      entry("goods", "ots_sections", 2000),
    ];
    const years = growthYears(entries);
    expect(years.starts.map((e) => [e.year, e.dataset])).toEqual([
      [1962, "complexity_hs92_hs4"],
      [1980, "complexity_hs92_hs4"],
      [2000, "complexity_sitc2_sitc4"],
    ]);
    expect(years.base?.year).toBe(2019);
    expect(years.indicators).toHaveLength(62);
  });

  it("takes the set ranking most countries when two rank the same year", () => {
    const entries = [...wdi(2000, 2010), entry("complexity", "complexity_a", 2000, 90), entry("complexity", "complexity_b", 2000, 120)];
    const years = growthYears(entries);
    expect(years.starts.map((e) => e.dataset)).toEqual(["complexity_b"]);
    expect(years.base?.dataset).toBe("complexity_b");
  });

  it("has no start year or base without GDP data", () => {
    const years = growthYears([entry("complexity", "complexity_hs92_hs4", 2019)]);
    expect(years).toEqual({ starts: [], base: null, indicators: [] });
    // GDP in 2019 only: a base, but no decade to fit on.
    const some = growthYears([...wdi(2019, 2019), entry("complexity", "complexity_hs92_hs4", 2019)]);
    expect(some.starts).toEqual([]);
    expect(some.base?.year).toBe(2019);
  });
});
