import { describe, expect, it } from "vitest";
import { catalogEntry } from "./test-support";
import { answerGoods, comparable, comparableSource, complexityYears, datasets, finestDepth, goodsYears, latestComplexitySet, nearestYear, seriesBreaks } from "./catalog";

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

describe("series: one dataset, one release", () => {
  const entries = [
    catalogEntry({ dataset: "ots_hs4", year: 1962, vintage: "ots_ec2019", flows: ["export"] }),
    catalogEntry({ dataset: "ots_hs4", year: 2017, vintage: "ots_ec2019", flows: ["export"] }),
    catalogEntry({ dataset: "ots_hs4", year: 2018, vintage: "ots_trd" }),
    catalogEntry({ dataset: "atlas_hs4", year: 2019, vintage: "atlas_2019", priority: 1, flows: ["export"] }),
    catalogEntry({ dataset: "ots_sections", year: 2017, vintage: "ots_trd", depth: "section", bilateral: true }),
    catalogEntry({ dataset: "ots_sections", year: 2018, vintage: "ots_trd", depth: "section", bilateral: true }),
    catalogEntry({ dataset: "atlas_world_hs4", year: 2023, vintage: "atlas_2026", scope: "world", reporters: 0, flows: ["export"] }),
  ];

  it("compares only within one dataset and release", () => {
    expect(comparable(entries[0], entries[1])).toBe(true);
    expect(comparable(entries[1], entries[2])).toBe(false);
    expect(comparable(entries[4], entries[5])).toBe(true);
  });

  it("marks where a series changes release or dataset", () => {
    expect(seriesBreaks(goodsYears(entries, { depth: "hs4", flow: "export" }))).toEqual([2018, 2019]);
  });

  it("finds the one dataset that holds both years of a comparison", () => {
    const pair = comparableSource(entries, { depth: "section", flow: "export" }, 2017, 2018);
    expect(pair?.from.dataset).toBe("ots_sections");
    expect(pair?.to.year).toBe(2018);
    expect(comparableSource(entries, { depth: "hs4", flow: "export" }, 2017, 2018)).toBeNull();
    expect(comparableSource(entries, { depth: "hs4", flow: "export" }, 1962, 2017)?.from.vintage).toBe("ots_ec2019");
  });

  it("never answers a country question with a world-only dataset", () => {
    expect(goodsYears(entries, { depth: "hs4", flow: "export" }).map((y) => y.year)).not.toContain(2023);
    expect(goodsYears(entries, { depth: "hs4", flow: "export", scope: "world" }).map((y) => y.year)).toContain(2023);
  });
});
