import { describe, expect, it } from "vitest";
import { CHARTS, type VizState } from "./state";
import { fixtureCatalog } from "./test-support";
import { buildVizPath, defaultState, parseVizPath } from "./urlCodec";
import { planView, switchChart, type ProblemCode } from "./views";

const catalog = fixtureCatalog();
const coverage = catalog.years;

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
      const result = planView(defaultState(chart), coverage);
      expect(result.ok, chart).toBe(true);
    }
  });

  it("plans what is broken down, at which depth, from which data", () => {
    const treemap = planView(stateOf("/visualize/tree_map/hs92/export/chl/all/show/2018"), coverage);
    expect(treemap.ok && treemap.plan).toMatchObject({ breakdown: "product", depth: "hs4", source: "hs4", years: [2018] });
    const old = planView(stateOf("/visualize/tree_map/hs92/export/chl/all/show/2000"), coverage);
    expect(old.ok && old.plan).toMatchObject({ breakdown: "product", depth: "section", source: "sections" });
    const partners = planView(stateOf("/visualize/tree_map/hs92/export/chl/show/5/2010"), coverage);
    expect(partners.ok && partners.plan).toMatchObject({ breakdown: "partner", source: "sections" });
    const exporters = planView(stateOf("/visualize/geomap/hs92/export/show/all/52603/2018"), coverage);
    expect(exporters.ok && exporters.plan).toMatchObject({ breakdown: "country", source: "hs4" });
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
    expect(!result.ok && buildVizPath(result.suggestion!, coverage.hs4)).toBe("/visualize/stacked/hs92/export/chl/all/show/1987-2010");
  });
});

describe("switchChart", () => {
  it("keeps the question where the chart can draw it and adapts it otherwise", () => {
    const treemap = stateOf("/visualize/tree_map/hs92/export/chl/all/show/2018");
    const path = (s: VizState) => buildVizPath(s, coverage.hs4);
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
