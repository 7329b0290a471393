import { describe, expect, it } from "vitest";
import type { CatalogEntry } from "@/domain/catalog/catalog";
import { bilateralDepths, bilateralSource, bilateralYears } from "./sources";

const entry = (over: Partial<CatalogEntry>): CatalogEntry => ({
  dataset: "x",
  cube: "cube_x",
  kind: "goods",
  classification: "hs92",
  depth: "section",
  bilateral: true,
  partial: false,
  source: "ots",
  priority: 2,
  year: 2000,
  flows: ["export", "import"],
  reporters: 100,
  rows: 1,
  total: 1,
  period: "2000",
  ...over,
  vintage: over.vintage ?? over.dataset ?? "ots_sections",
  scope: over.scope ?? "reporters",
});

const sections = [1989, 1990, 2018].map((year) => entry({ dataset: "ots_sections", cube: "sections", year }));
const sample = [1989, 1990].map((year) => entry({ dataset: "sample_hs4", cube: "sample", depth: "hs4", partial: true, priority: 0, year, reporters: 23 }));
const world = [entry({ dataset: "ots_hs4", cube: "hs4_world", depth: "hs4", bilateral: false, year: 2018 })];
const baci = [2018, 2019].map((year) => entry({ dataset: "baci_hs12", cube: "baci", depth: "hs6", priority: 3, classification: "hs12", year }));

describe("bilateral sources", () => {
  it("sections come from the full dataset even where a finer sample exists", () => {
    expect(bilateralYears([...sections, ...sample, ...world], "section").map((y) => [y.year, y.cube])).toEqual([
      [1989, "sections"],
      [1990, "sections"],
      [2018, "sections"],
    ]);
  });
  it("HS4 falls to the partial bilateral sample, flagged, never to data with the world", () => {
    const years = bilateralYears([...sections, ...sample, ...world], "hs4");
    expect(years.map((y) => [y.year, y.cube, y.partial])).toEqual([
      [1989, "sample", true],
      [1990, "sample", true],
    ]);
    expect(bilateralDepths([...sections, ...sample, ...world])).toEqual(["section", "hs2", "hs4"]);
  });
  it("BACI shows up by itself at every depth, preferred where it overlaps", () => {
    const all = [...sections, ...sample, ...baci];
    expect(bilateralDepths(all)).toEqual(["section", "hs2", "hs4", "hs6"]);
    expect(bilateralSource(all, "section", 2018)?.cube).toBe("baci");
    expect(bilateralSource(all, "hs6")?.year).toBe(2019);
    expect(bilateralSource(all, "hs6", 1990)).toBeNull();
  });
});
