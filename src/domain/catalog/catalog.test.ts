import { describe, expect, it } from "vitest";
import { catalogEntry } from "./test-support";
import { answerGoods, complexityYears, datasets, finestDepth, goodsYears, latestComplexitySet, nearestYear } from "./catalog";

const entry = catalogEntry;

const sections = [1962, 2004, 2018].map((year) => entry({ dataset: "ots_sections", depth: "section", bilateral: true, year }));
const hs4 = [
  entry({ dataset: "ots_hs4", year: 1962, flows: ["export"] }),
  entry({ dataset: "ots_hs4", year: 2018 }),
  entry({ dataset: "atlas_hs4", year: 2019, source: "atlas", priority: 1, flows: ["export"] }),
];
const sample = [1989, 1990].map((year) => entry({ dataset: "comtrade_hs4_sample", bilateral: true, partial: true, priority: 0, year }));
const baci = [2002, 2004].map((year) => entry({ dataset: "baci_hs12", classification: "hs12", depth: "hs6", bilateral: true, source: "baci", priority: 3, year, reporters: 2 }));
const complexity = [
  entry({ dataset: "complexity_hs92_hs4", kind: "complexity", cube: "complexity_eci_a_hs92_hs4", year: 2018, reporters: 133 }),
  entry({ dataset: "complexity_hs92_hs4", kind: "complexity", cube: "complexity_eci_a_hs92_hs4", year: 1962, reporters: 60 }),
  entry({ dataset: "complexity_sitc2_sitc4", kind: "complexity", depth: "sitc4", classification: "sitc2", year: 2000, period: "1998-2000" }),
];
const all = [...sections, ...hs4, ...sample, ...baci, ...complexity];

describe("the data catalogue's choice", () => {
  it("lists every year that answers a product question, with the dataset for each", () => {
    expect(goodsYears(all, { depth: "hs4" }).map((y) => [y.year, y.dataset])).toEqual([
      [1962, "ots_hs4"],
      [2002, "baci_hs12"],
      [2004, "baci_hs12"],
      [2018, "ots_hs4"],
      [2019, "atlas_hs4"],
    ]);
  });

  it("never answers with a partial sample", () => {
    expect(goodsYears(all, { depth: "hs4" }).some((y) => y.year === 1989)).toBe(false);
  });

  it("lets BACI win a year that the package covers too (reconciled, finer)", () => {
    const years = goodsYears(all, { depth: "section" });
    expect(years.find((y) => y.year === 2004)?.dataset).toBe("baci_hs12");
    expect(years.find((y) => y.year === 1962)?.dataset).toBe("ots_sections");
  });

  it("answers bilateral questions only from bilateral data", () => {
    expect(goodsYears(all, { depth: "hs4", bilateral: true }).map((y) => y.year)).toEqual([2002, 2004]);
    expect(goodsYears(all, { depth: "section", bilateral: true }).map((y) => y.dataset)).toEqual(["ots_sections", "baci_hs12", "baci_hs12", "ots_sections"]);
  });

  it("drops years without the flow asked for", () => {
    expect(goodsYears(all, { depth: "hs4", flow: "import" }).map((y) => y.year)).toEqual([2002, 2004, 2018]);
  });

  it("picks the newest year by default, the asked year when present, and the nearest when not", () => {
    expect(answerGoods(all, { depth: "hs4" }).chosen?.year).toBe(2019);
    expect(answerGoods(all, { depth: "hs4" }, 2018).chosen?.dataset).toBe("ots_hs4");
    const missing = answerGoods(all, { depth: "hs4" }, 2010);
    expect(missing.chosen).toBeNull();
    expect(missing.missing).toBe(2010);
    expect(missing.nearest?.year).toBe(2004);
  });

  it("prefers the later year on a tie of distance", () => {
    expect(nearestYear([{ year: 2000 }, { year: 2004 }], 2002)?.year).toBe(2004);
  });

  it("knows the finest depth loaded", () => {
    expect(finestDepth(all)).toBe("hs6");
    expect(finestDepth([...sections, ...hs4])).toBe("hs4");
    expect(finestDepth([...sections, ...hs4], { bilateral: true })).toBe("section");
    expect(finestDepth([])).toBeNull();
  });

  it("answers nothing from an empty catalogue", () => {
    expect(answerGoods([], { depth: "section" })).toEqual({ years: [], chosen: null, missing: null, nearest: null });
  });

  it("lists complexity years per set and finds the newest set", () => {
    expect(complexityYears(all, "hs92_hs4").map((e) => e.year)).toEqual([1962, 2018]);
    expect(latestComplexitySet(all)?.dataset).toBe("complexity_hs92_hs4");
    expect(latestComplexitySet(all, ["sitc4"])?.period).toBe("1998-2000");
  });

  it("orders datasets goods first, BACI before the package, complexity last", () => {
    expect(datasets(all).map((d) => d.dataset)).toEqual([
      "baci_hs12",
      "ots_hs4",
      "ots_sections",
      "atlas_hs4",
      "comtrade_hs4_sample",
      "complexity_hs92_hs4",
      "complexity_sitc2_sitc4",
    ]);
  });
});
