import { describe, expect, it } from "vitest";
import { availabilityMatrix, coverageLevel } from "./availability";
import type { CatalogEntry } from "./catalog";

const entry = (dataset: string, year: number, reporters: number, extra: Partial<CatalogEntry> = {}): CatalogEntry => ({
  dataset,
  cube: `c_${dataset}`,
  kind: "goods",
  classification: "hs92",
  depth: "hs4",
  bilateral: false,
  partial: false,
  source: "ots",
  priority: 2,
  year,
  flows: ["export"],
  reporters,
  rows: reporters * 10,
  total: 1,
  period: String(year),
  ...extra,
  vintage: extra.vintage ?? dataset,
  scope: extra.scope ?? "reporters",
});

describe("the data availability matrix", () => {
  it("spans every year from the first to the last, with gaps as empty cells", () => {
    const m = availabilityMatrix([entry("ots_hs4", 1962, 150), entry("ots_hs4", 1965, 200), entry("wdi_indicators", 1963, 210, { kind: "indicators" })]);
    expect(m.years).toEqual([1962, 1963, 1964, 1965]);
    const ots = m.rows.find((r) => r.dataset === "ots_hs4")!;
    expect(ots.cells.map((c) => c.level)).toEqual([3, 0, 0, 4]);
    expect(ots.years).toEqual([1962, 1965]);
    // Goods before indicators.
    expect(m.rows.map((r) => r.dataset)).toEqual(["ots_hs4", "wdi_indicators"]);
  });

  it("grades coverage against the dataset's best year, never zero where data exists", () => {
    expect(coverageLevel(0, 100)).toBe(0);
    expect(coverageLevel(10, 100)).toBe(1);
    expect(coverageLevel(30, 100)).toBe(2);
    expect(coverageLevel(60, 100)).toBe(3);
    expect(coverageLevel(100, 100)).toBe(4);
    const m = availabilityMatrix([entry("x", 2000, 1), entry("x", 2001, 1000)]);
    expect(m.rows[0].cells[0].level).toBe(1);
  });

  it("is empty without a catalogue", () => {
    expect(availabilityMatrix([])).toEqual({ years: [], rows: [] });
  });
});
