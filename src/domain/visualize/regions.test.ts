import { describe, expect, it } from "vitest";
import { createVizCatalog } from "./catalog";
import { vizCoverage } from "./coverage";
import { parseRegionsToken, regionDatasets, regionsToken, withRegions } from "./regions";
import type { VizState } from "./state";
import { catalogEntry, PACKAGE_ENTRIES } from "./test-support";
import { buildVizPath, parseVizPath } from "./urlCodec";
import { planView, switchChart } from "./views";

// The package's subnational datasets as the importer records them: Spain's provinces and their
// communities (sections, 2022), Australia's states (HS6, two years here), and a generic import
// of Brazil's states (totals only); plus a level without a map (Uruguay's corridors exist, but no
// data) and a dataset whose name is no configured level.
const SUBNATIONAL = [
  catalogEntry({ dataset: "esp_provinces", cube: "trade_s_esp_a_hs", kind: "subnational", depth: "section", year: 2022, flows: ["export"] }),
  catalogEntry({ dataset: "esp_autonomous", cube: "trade_s_esp_a_hs", kind: "subnational", depth: "section", year: 2022, flows: ["export"] }),
  catalogEntry({ dataset: "aus_states", cube: "trade_s_aus_a_hs", kind: "subnational", classification: "ahecc", depth: "hs6", year: 2022, flows: ["export"] }),
  catalogEntry({ dataset: "aus_states", cube: "trade_s_aus_a_hs", kind: "subnational", classification: "ahecc", depth: "hs6", year: 2023, flows: ["export"] }),
  catalogEntry({ dataset: "aus_states_services", cube: "services_s_aus", kind: "subnational", depth: null, year: 2022, flows: ["export"] }),
  catalogEntry({ dataset: "bra_states", cube: "trade_s_sub_a_generic", kind: "subnational", classification: "hs", depth: "hs4", year: 2021, flows: ["export", "import"] }),
];
const GENERIC = "trade_s_sub_a_generic";
const entries = [...PACKAGE_ENTRIES, ...SUBNATIONAL];
const regions = regionDatasets(entries, (e) => e.cube !== GENERIC);
const catalog = createVizCatalog({
  countries: ["aus", "bra", "chl", "esp", "ury"].map((id) => ({ id, name: id.toUpperCase(), iso2: id.slice(0, 2).toUpperCase() })),
  sections: [{ id: "5", name: "Mineral Products" }],
  hs2: [{ id: "26", section: "5", name: "Ores" }],
  hs4: [{ id: "2603", section: "5", name: "Copper Ore" }],
  hs6: [{ id: "260300", section: "5", name: "Copper ores and concentrates" }],
  coverage: { ...vizCoverage(entries), regions },
});
const coverage = catalog.coverage;

function parse(path: string) {
  const url = new URL(path, "http://x");
  return parseVizPath(url.pathname.replace(/^\/visualize\//, "").split("/"), url.searchParams, catalog);
}
function stateOf(path: string): VizState {
  const result = parse(path);
  if (!result.ok) throw new Error(result.error.message);
  return result.state;
}
const problemsOf = (path: string) => {
  const result = planView(stateOf(path), coverage);
  return result.ok ? [] : result.problems.map((p) => p.code);
};

describe("regionDatasets", () => {
  it("lists the levels that have both data and a map, with their years, flows and product depths", () => {
    expect(regions.map(regionsToken).sort()).toEqual(["aus.states", "bra.states", "esp.autonomous", "esp.provinces"]);
    const aus = regions.find((r) => r.country === "aus")!;
    expect(aus).toMatchObject({ years: [2022, 2023], flows: ["export"], depths: ["section", "hs2", "hs4", "hs6"] });
    expect(regions.find((r) => regionsToken(r) === "esp.provinces")?.depths).toEqual(["section"]);
    // A generic import is mapped as totals, with both of its flows.
    expect(regions.find((r) => r.country === "bra")).toMatchObject({ depths: [], flows: ["export", "import"], years: [2021] });
  });
});

describe("the regions token", () => {
  it("reads country.level and refuses anything else", () => {
    expect(parseRegionsToken("ESP.Provinces")).toEqual({ country: "esp", level: "provinces" });
    for (const bad of ["", "esp", "esp.", ".provinces", "es.provinces", "esp.provinces/../x", "esp.<script>", "esp.provinces.x"]) expect(parseRegionsToken(bad)).toBeNull();
  });

  it("is a 4xx-style codec error when malformed, and is dropped from charts other than maps", () => {
    const bad = parse("/visualize/geomap/hs92/export/esp/all/all/2022?regions=%3Cscript%3E");
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe("invalid_parameter");
    const treemap = parse("/visualize/tree_map/hs92/export/chl/all/show/2018?regions=esp.provinces");
    expect(treemap.ok && treemap.canonical).toBe("/visualize/tree_map/hs92/export/chl/all/show/2018");
  });

  it("makes the region's country the reporter in the canonical path", () => {
    const result = parse("/visualize/geomap/hs92/export/chl/all/all/2022?regions=esp.provinces");
    expect(result.ok && result.canonical).toBe("/visualize/geomap/hs92/export/esp/all/all/2022?regions=esp.provinces");
  });
});

describe("planning a map of regions", () => {
  it("plans a level with data for a year it holds, with a product at a depth it holds", () => {
    const plain = planView(stateOf("/visualize/geomap/hs92/export/esp/all/all/2022?regions=esp.provinces"), coverage);
    expect(plain.ok && plain.plan.regions).toMatchObject({ country: "esp", level: "provinces" });
    expect(plain.ok && plain.plan.years).toEqual([2022]);
    expect(problemsOf("/visualize/geomap/hs92/export/aus/all/52603/2023?regions=aus.states")).toEqual([]);
    expect(problemsOf("/visualize/geomap/hs92/export/aus/all/5260300/2023?regions=aus.states")).toEqual([]);
  });

  it("explains what a map of regions cannot show, each with a fix that works", () => {
    expect(problemsOf("/visualize/geomap/hs92/export/esp/all/all/2019?regions=esp.provinces")).toEqual(["regionsYear"]);
    expect(problemsOf("/visualize/geomap/hs92/export/esp/all/52603/2022?regions=esp.provinces")).toEqual(["regionsProduct"]);
    expect(problemsOf("/visualize/geomap/hs92/export/esp/chl/all/2022?regions=esp.provinces")).toEqual(["regionsPartner"]);
    expect(problemsOf("/visualize/geomap/hs92/import/aus/all/all/2023?regions=aus.states")).toEqual(["regionsFlow"]);
    expect(problemsOf("/visualize/geomap/hs92/export/bra/all/5/2021?regions=bra.states")).toEqual(["regionsProduct"]);
    // A configured level without data, and one without a map.
    expect(problemsOf("/visualize/geomap/hs92/export/ury/all/all/2022?regions=ury.departments")).toEqual(["regionsNoData"]);
    expect(problemsOf("/visualize/geomap/hs92/export/esp/all/all/2022?regions=esp.nowhere")).toEqual(["regionsUnknown"]);
    const result = planView(stateOf("/visualize/geomap/hs92/export/esp/chl/52603/2019?regions=esp.provinces"), coverage);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems.map((p) => p.code).sort()).toEqual(["regionsPartner", "regionsProduct", "regionsYear"]);
      expect(result.suggestion && buildVizPath(result.suggestion, coverage)).toBe("/visualize/geomap/hs92/export/esp/all/all/2022?regions=esp.provinces");
    }
    const nearest = planView(stateOf("/visualize/geomap/hs92/export/aus/all/all/2030?regions=aus.states"), coverage);
    expect(!nearest.ok && nearest.problems[0].fix && buildVizPath(nearest.problems[0].fix, coverage)).toBe("/visualize/geomap/hs92/export/aus/all/all/2023?regions=aus.states");
    const noData = planView(stateOf("/visualize/geomap/hs92/export/ury/all/all/2018?regions=ury.departments"), coverage);
    expect(!noData.ok && noData.problems[0].fix && buildVizPath(noData.problems[0].fix, coverage)).toBe("/visualize/geomap/hs92/export/ury/all/all/2018");
  });

  it("leaves other charts alone: switching to a treemap drops the regions", () => {
    const map = stateOf("/visualize/geomap/hs92/export/esp/all/all/2022?regions=esp.provinces");
    const treemap = switchChart(map, "tree_map", coverage);
    expect(buildVizPath(treemap, coverage)).not.toContain("regions");
  });
});

describe("choosing what a map shows", () => {
  it("keeps what the level holds and moves the rest to what it holds", () => {
    const world = stateOf("/visualize/geomap/hs92/export/chl/show/all/2018");
    // Australia's states: 2018 is not held, so the newest year; no partners.
    expect(buildVizPath(withRegions(world, { country: "aus", level: "states" }, regions), coverage)).toBe("/visualize/geomap/hs92/export/aus/all/all/2023?regions=aus.states");
    // An HS4 product stays for Australia (HS6 data), goes for Spain (sections only).
    const copper = stateOf("/visualize/geomap/hs92/export/aus/all/52603/2022?regions=aus.states");
    expect(buildVizPath(withRegions(copper, { country: "aus", level: "states" }, regions), coverage)).toBe("/visualize/geomap/hs92/export/aus/all/52603/2022?regions=aus.states");
    expect(buildVizPath(withRegions(copper, { country: "esp", level: "provinces" }, regions), coverage)).toBe("/visualize/geomap/hs92/export/esp/all/all/2022?regions=esp.provinces");
    // Back to the world: the reporter's partners, all products.
    expect(buildVizPath(withRegions(copper, null, regions), coverage)).toBe("/visualize/geomap/hs92/export/aus/show/all/2022");
    // A level without data is the world map too.
    expect(buildVizPath(withRegions(copper, { country: "ury", level: "departments" }, regions), coverage)).toBe("/visualize/geomap/hs92/export/aus/show/all/2022");
  });
});
