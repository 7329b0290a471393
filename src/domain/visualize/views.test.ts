import { describe, expect, it } from "vitest";
import { CHARTS, revisionYear, type VizState } from "./state";
import { allYears, coveredDepths } from "./coverage";
import { catalogEntry, fixtureCatalog, PACKAGE_ENTRIES } from "./test-support";
import { buildVizPath, defaultState, parseVizPath } from "./urlCodec";
import { planView, switchChart, type ProblemCode } from "./views";

const catalog = fixtureCatalog();
const coverage = catalog.coverage;

function stateOf(path: string): VizState {
  const url = new URL(path, "http://x");
  const result = parseVizPath(url.pathname.replace(/^\/visualize\//, "").split("/"), url.searchParams, catalog);
  if (!result.ok) throw new Error(result.error.message);
  return result.state;
}

function problemsOf(path: string): ProblemCode[] {
  const result = planView(stateOf(path), coverage);
  return result.ok ? [] : result.problems.map((p) => p.code);
}

describe("planView", () => {
  it("accepts every chart's default view", () => {
    for (const chart of CHARTS) {
      const result = planView(defaultState(chart, coverage), coverage);
      expect(result.ok, chart).toBe(true);
    }
  });

  it("plans what is broken down, at which depth, from which data", () => {
    const treemap = planView(stateOf("/visualize/tree_map/hs92/export/chl/all/show/2018"), coverage);
    expect(treemap.ok && treemap.plan).toMatchObject({ breakdown: "product", depth: "hs4", question: { depth: "hs4", bilateral: false }, years: [2018] });
    const old = planView(stateOf("/visualize/tree_map/hs92/export/chl/all/show/2000"), coverage);
    expect(old.ok && old.plan).toMatchObject({ breakdown: "product", depth: "section", question: { depth: "section", bilateral: false } });
    const partners = planView(stateOf("/visualize/tree_map/hs92/export/chl/show/5/2010"), coverage);
    expect(partners.ok && partners.plan).toMatchObject({ breakdown: "partner", question: { depth: "section", bilateral: true } });
    const exporters = planView(stateOf("/visualize/geomap/hs92/export/show/all/52603/2018"), coverage);
    expect(exporters.ok && exporters.plan).toMatchObject({ breakdown: "country", question: { depth: "hs4", bilateral: false } });
    const stacked = planView(stateOf("/visualize/stacked/hs92/export/chl/all/show/1995-2018"), coverage);
    expect(stacked.ok && stacked.plan.years).toHaveLength(24);
    const scatter = planView(stateOf("/visualize/scatter/hs92/export/show/all/all/2018"), coverage);
    expect(scatter.ok && scatter.plan.scatter?.x.key).toBe("gdp_per_capita");
    expect(scatter.ok && scatter.plan.scatter?.entity).toBe("country");
    const products = planView(stateOf("/visualize/scatter/hs92/export/chl/all/show/2018"), coverage);
    expect(products.ok && products.plan.scatter).toMatchObject({ entity: "product", x: { key: "world_trade" }, y: { key: "rca" } });
  });

  it("explains combinations that make no sense", () => {
    const cases: [string, ProblemCode[]][] = [
      ["/visualize/tree_map/hs92/export/show/all/show/2018", ["manyShows"]],
      ["/visualize/tree_map/hs92/export/chl/all/all/2018", ["nothingShown"]],
      ["/visualize/tree_map/hs92/export/chl/chl/show/2010", ["samePartner"]],
      ["/visualize/tree_map/hs92/export/chl/all/show/2000-2018", ["needsYear"]],
      ["/visualize/stacked/hs92/export/chl/all/show/2010", ["needsRange"]],
      ["/visualize/geomap/hs92/export/chl/all/show/2018", ["mapNeedsGeo"]],
      ["/visualize/network/hs92/export/all/all/show/2018", ["networkNeedsCountry"]],
      ["/visualize/network/hs92/export/chl/show/all/2018", ["networkNeedsProducts"]],
      ["/visualize/network/hs92/export/chl/arg/show/2018", ["networkNeedsWorld"]],
      ["/visualize/network/hs92/export/chl/all/show/2018?depth=section", ["needsHs4"]],
      ["/visualize/scatter/hs92/export/chl/show/all/2018", ["scatterNeedsMembers"]],
      ["/visualize/scatter/hs92/export/all/all/show/2018", ["scatterNeedsCountry"]],
      ["/visualize/scatter/hs92/export/show/all/all/2018?x=eci", ["measureUnavailable"]],
      ["/visualize/scatter/hs92/export/chl/all/show/2018?x=relatedness", ["measureUnavailable"]],
      ["/visualize/scatter/hs92/export/show/all/all/2018?x=rca", ["measureNotFor"]],
      ["/visualize/scatter/hs92/export/show/all/5/2018", ["scatterProductFilter"]],
      ["/visualize/tree_map/hs92/export/chl/all/show/2010?depth=hs4", ["productDetailYears"]],
      ["/visualize/tree_map/hs92/export/chl/arg/show/2018?depth=hs4", ["productDetailPartner"]],
      ["/visualize/tree_map/hs92/export/chl/show/52603/2018", ["productDetailPartner"]],
      ["/visualize/stacked/hs92/export/show/all/52603/2000-2018", ["productDetailYears"]],
      ["/visualize/tree_map/hs92/export/chl/all/show/1950", ["noDataYears"]],
    ];
    for (const [path, codes] of cases) expect(problemsOf(path), path).toEqual(codes);
  });

  it("offers fixes that solve the problem and a suggestion that works", () => {
    const paths = [
      "/visualize/tree_map/hs92/export/show/all/show/2018",
      "/visualize/stacked/hs92/export/chl/all/show/2010",
      "/visualize/geomap/hs92/export/chl/all/show/2018",
      "/visualize/network/hs92/export/all/show/all/1990",
      "/visualize/scatter/hs92/export/show/all/all/2018?x=eci&y=rca",
      "/visualize/tree_map/hs92/export/chl/arg/show/2018?depth=hs4",
      "/visualize/stacked/hs92/export/show/all/52603/2000-2018",
      "/visualize/tree_map/hs92/export/chl/all/show/1950",
    ];
    for (const path of paths) {
      const result = planView(stateOf(path), coverage);
      expect(result.ok, path).toBe(false);
      if (result.ok) continue;
      expect(result.suggestion, path).toBeDefined();
      expect(planView(result.suggestion!, coverage).ok, path).toBe(true);
      for (const problem of result.problems) {
        if (!problem.fix) continue;
        const after = planView(problem.fix, coverage);
        expect(after.ok || !after.problems.some((p) => p.code === problem.code), `${path} ${problem.code}`).toBe(true);
      }
    }
  });

  it("suggests the range that ends at the asked year", () => {
    const result = planView(stateOf("/visualize/stacked/hs92/export/chl/all/show/2010"), coverage);
    expect(!result.ok && buildVizPath(result.suggestion!, coverage)).toBe("/visualize/stacked/hs92/export/chl/all/show/1987-2010");
  });
});

describe("switchChart", () => {
  it("keeps the question where the chart can draw it and adapts it otherwise", () => {
    const treemap = stateOf("/visualize/tree_map/hs92/export/chl/all/show/2018");
    const path = (s: VizState) => buildVizPath(s, coverage);
    expect(path(switchChart(treemap, "stacked", coverage))).toBe("/visualize/stacked/hs92/export/chl/all/show/1995-2018");
    expect(path(switchChart(treemap, "geomap", coverage))).toBe("/visualize/geomap/hs92/export/chl/show/all/2018");
    expect(path(switchChart(treemap, "network", coverage))).toBe("/visualize/network/hs92/export/chl/all/show/2018");
    expect(path(switchChart(treemap, "scatter", coverage))).toBe("/visualize/scatter/hs92/export/chl/all/show/2018");
    const stacked = stateOf("/visualize/stacked/hs92/export/chl/show/all/1995-2010");
    expect(path(switchChart(stacked, "tree_map", coverage))).toBe("/visualize/tree_map/hs92/export/chl/show/all/2010");
    expect(path(switchChart(stacked, "line", coverage))).toBe("/visualize/line/hs92/export/chl/show/all/1995-2010");
    const scatter = stateOf("/visualize/scatter/hs92/export/show/all/all/2018?x=population");
    expect(path(switchChart(scatter, "geomap", coverage))).toBe("/visualize/geomap/hs92/export/show/all/all/2018");
  });
});

describe("the catalogue decides (pages follow the data)", () => {
  // The package plus a BACI HS12 import: bilateral HS6, 2012-2023, both flows.
  const baci = Array.from({ length: 12 }, (_, i) => catalogEntry({ dataset: "baci_hs12", year: 2012 + i, classification: "hs12", depth: "hs6", bilateral: true, priority: 3, source: "baci" }));
  const withBaci = fixtureCatalog([...PACKAGE_ENTRIES, ...baci]);
  const cov = withBaci.coverage;
  const stateIn = (path: string, cat = withBaci) => {
    const url = new URL(path, "http://x");
    const result = parseVizPath(url.pathname.replace(/^\/visualize\//, "").split("/"), url.searchParams, cat);
    if (!result.ok) throw new Error(result.error.message);
    return result.state;
  };

  it("opens on the newest revision and year, and reads a URL without a revision in it", () => {
    expect(cov.classifications).toEqual(["hs12", "hs92"]);
    expect(buildVizPath(defaultState("tree_map", cov), cov)).toBe("/visualize/tree_map/hs12/export/chl/all/show/2023");
    // Sections come from any revision: the default range runs across the package and BACI years.
    expect(buildVizPath(defaultState("stacked", cov), cov)).toBe("/visualize/stacked/hs12/export/chl/all/show/2000-2023");
    expect(stateIn("/visualize/tree_map/export/chl/all/show/2020").classification).toBe("hs12");
    for (const chart of CHARTS) expect(planView(defaultState(chart, cov), cov).ok, chart).toBe(true);
  });

  it("draws HS6 between two countries where BACI has it, and not before", () => {
    const hs6 = planView(stateIn("/visualize/tree_map/hs12/export/chl/arg/show/2015?depth=hs6"), cov);
    expect(hs6.ok && hs6.plan).toMatchObject({ depth: "hs6", question: { depth: "hs6", bilateral: true }, years: [2015] });
    // HS4 between two countries is the default depth once bilateral HS4 detail exists.
    expect(buildVizPath(stateIn("/visualize/tree_map/hs12/export/chl/arg/show/2015?depth=hs4"), cov)).toBe("/visualize/tree_map/hs12/export/chl/arg/show/2015");
    const early = planView(stateIn("/visualize/tree_map/hs12/export/chl/arg/show/2005?depth=hs6"), cov);
    expect(!early.ok && early.problems.map((p) => p.code)).toEqual(["productDetailYears"]);
    expect(!early.ok && early.problems[0].params).toMatchObject({ depth: "hs6", years: "2012–2023", partner: "yes" });
    // The fix goes up to the finest depth that has 2005 between two countries: sections.
    expect(!early.ok && early.problems[0].fix?.depth).toBe("section");
    // An HS6 product filter: the exporters of copper ore, a map.
    const map = planView(stateIn("/visualize/geomap/hs12/export/show/all/5260300/2020"), cov);
    expect(map.ok && map.plan).toMatchObject({ breakdown: "country", question: { depth: "hs6", bilateral: false } });
    // HS92 still means the package: no HS6 there, and its HS4 is with the world only.
    const hs92 = planView(stateIn("/visualize/tree_map/hs92/export/chl/arg/show/2018?depth=hs4"), cov);
    expect(!hs92.ok && hs92.problems.map((p) => p.code)).toEqual(["productDetailPartner"]);
    // HS2 chapters are the same in every revision: BACI answers them between two countries.
    expect(!hs92.ok && hs92.problems[0].fix?.depth).toBe("hs2");
  });

  it("explains a revision the warehouse does not hold and links the one it does", () => {
    const result = planView(stateOf("/visualize/tree_map/hs12/export/chl/all/show/2018"), coverage);
    expect(!result.ok && result.problems[0]).toMatchObject({ code: "classificationMissing", params: { classification: "HS12", available: "HS92" } });
    expect(!result.ok && result.suggestion && buildVizPath(result.suggestion, coverage)).toBe("/visualize/tree_map/hs92/export/chl/all/show/2018");
  });

  it("follows the years of each flow (HS4 imports exist only where the data has them)", () => {
    const entries = [...PACKAGE_ENTRIES, catalogEntry({ dataset: "ots_hs4", year: 2017, depth: "hs4", flows: ["export"] })];
    const cat = fixtureCatalog(entries);
    const exports = planView(stateIn("/visualize/tree_map/hs92/export/chl/all/show/2017?depth=hs4", cat), cat.coverage);
    expect(exports.ok).toBe(true);
    const imports = planView(stateIn("/visualize/tree_map/hs92/import/chl/all/show/2017?depth=hs4", cat), cat.coverage);
    expect(!imports.ok && imports.problems.map((p) => p.code)).toEqual(["productDetailYears"]);
    expect(coveredDepths(cat.coverage, "hs92")).toEqual(["section", "hs2", "hs4"]);
    expect(coveredDepths(cov, "hs12")).toEqual(["section", "hs2", "hs4", "hs6"]);
    expect(allYears(cat.coverage, "hs92").slice(0, 2)).toEqual([2018, 2017]);
  });
});

describe("a depth the warehouse does not hold", () => {
  it("says HS6 is not loaded and offers HS4", () => {
    const result = planView(stateOf("/visualize/tree_map/hs92/export/chl/all/show/2018?depth=hs6"), coverage);
    expect(!result.ok && result.problems[0]).toMatchObject({ code: "depthNotLoaded", params: { depth: "hs6", flow: "export" } });
    expect(!result.ok && result.suggestion && buildVizPath(result.suggestion, coverage)).toBe("/visualize/tree_map/hs92/export/chl/all/show/2018");
  });
});

describe("revisionYear", () => {
  it("reads the year an HS revision took effect from its code", () => {
    expect(["hs92", "hs96", "hs02", "hs12", "hs22"].map((c) => revisionYear(c as Parameters<typeof revisionYear>[0]))).toEqual([1992, 1996, 2002, 2012, 2022]);
  });
});
