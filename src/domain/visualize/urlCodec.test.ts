import { describe, expect, it } from "vitest";
import { parseProductUrlId, productUrlId, slugify } from "./catalog";
import { CHARTS, type VizState } from "./state";
import { fixtureCatalog } from "./test-support";
import { buildVizPath, canonicalState, defaultDepth, defaultState, parseVizPath, requestedVizPath } from "./urlCodec";

const catalog = fixtureCatalog();
const HS4_YEARS = catalog.coverage;

function parse(path: string) {
  const url = new URL(path, "http://x");
  const segments = url.pathname.replace(/^\/visualize\//, "").split("/").map(decodeURIComponent);
  return parseVizPath(segments, url.searchParams, catalog);
}

function canonicalOf(path: string): string {
  const result = parse(path);
  if (!result.ok) throw new Error(`${path}: ${result.error.message}`);
  return result.canonical;
}

describe("catalog", () => {
  it("resolves countries by ISO3, ISO2 and slug", () => {
    expect(catalog.country("CHL")).toBe("chl");
    expect(catalog.country("cl")).toBe("chl");
    expect(catalog.country("united-states")).toBe("usa");
    expect(catalog.country("cote-d-ivoire")).toBe("civ");
    expect(catalog.country("zzz")).toBeNull();
  });
  it("resolves products by OEC id, HS code and slug", () => {
    expect(catalog.product("52601")).toEqual({ level: "hs4", code: "2601", section: "5" });
    expect(catalog.product("2601")).toEqual({ level: "hs4", code: "2601", section: "5" });
    expect(catalog.product("hs2603")).toEqual({ level: "hs4", code: "2603", section: "5" });
    expect(catalog.product("168471")).toEqual({ level: "hs4", code: "8471", section: "16" });
    expect(catalog.product("526")).toEqual({ level: "hs2", code: "26", section: "5" });
    expect(catalog.product("1047")).toEqual({ level: "hs2", code: "47", section: "10" });
    expect(catalog.product("hs10")).toEqual({ level: "hs2", code: "10", section: "2" });
    expect(catalog.product("10")).toEqual({ level: "section", code: "10", section: "10" });
    expect(catalog.product("01")).toEqual({ level: "hs2", code: "01", section: "1" });
    expect(catalog.product("5")).toEqual({ level: "section", code: "5", section: "5" });
    expect(catalog.product("copper-ore")).toEqual({ level: "hs4", code: "2603", section: "5" });
    expect(catalog.product("mineral-products")).toEqual({ level: "section", code: "5", section: "5" });
    // Wrong section prefix, unknown codes.
    expect(catalog.product("62601")).toBeNull();
    expect(catalog.product("9999")).toBeNull();
    expect(catalog.product("1234567")).toBeNull();
  });
  it("builds OEC ids and slugs", () => {
    expect(productUrlId({ level: "hs4", code: "2601", section: "5" })).toBe("52601");
    expect(productUrlId({ level: "section", code: "16", section: "16" })).toBe("16");
    expect(slugify("Côte d'Ivoire")).toBe("cote-d-ivoire");
    for (const ref of [
      { level: "hs4" as const, code: "2601", section: "5" },
      { level: "hs4" as const, code: "8471", section: "16" },
      { level: "hs2" as const, code: "47", section: "10" },
      { level: "hs2" as const, code: "01", section: "1" },
      { level: "section" as const, code: "21", section: "21" },
    ]) {
      expect(parseProductUrlId(productUrlId(ref))).toEqual(ref);
    }
    expect(parseProductUrlId("abc")).toBeNull();
  });
});

describe("canonical paths", () => {
  it("keeps canonical paths as they are", () => {
    for (const path of [
      "/visualize/tree_map/hs92/export/chl/all/show/2018",
      "/visualize/tree_map/hs92/import/deu/show/all/2018",
      "/visualize/tree_map/hs92/export/show/all/52603/2018",
      "/visualize/stacked/hs92/export/chl/all/show/1995-2018",
      "/visualize/stacked/hs92/export/chl/arg/show/2000-2018",
      "/visualize/line/hs92/export/chl/all/all/1995-2018",
      "/visualize/geomap/hs92/export/chl/show/5/2018",
      "/visualize/network/hs92/export/chl/all/show/2018",
      "/visualize/scatter/hs92/export/show/all/all/2018",
      "/visualize/scatter/hs92/export/show/all/all/2018?x=population",
      "/visualize/tree_map/hs92/export/chl/all/show/2018?depth=hs2",
      "/visualize/tree_map/hs92/export/chl/all/show/2010?depth=hs4",
    ]) {
      expect(canonicalOf(path), path).toBe(path);
    }
  });
  it("canonicalises aliases", () => {
    expect(canonicalOf("/visualize/treemap/hs92/exports/CHL/all/show/2018")).toBe("/visualize/tree_map/hs92/export/chl/all/show/2018");
    expect(canonicalOf("/visualize/tree_map/hs92/export/chile/all/show/2018")).toBe("/visualize/tree_map/hs92/export/chl/all/show/2018");
    expect(canonicalOf("/visualize/tree_map/hs92/2/show/all/2603/2018")).toBe("/visualize/tree_map/hs92/export/show/all/52603/2018");
    expect(canonicalOf("/visualize/tree_map/hs92/export/show/all/copper-ore/2018")).toBe("/visualize/tree_map/hs92/export/show/all/52603/2018");
    expect(canonicalOf("/visualize/stacked_area/hs92/1/cl/all/show/1995.2018")).toBe("/visualize/stacked/hs92/import/chl/all/show/1995-2018");
    expect(canonicalOf("/visualize/map/hs92/export/chl/show/all/2018-2018")).toBe("/visualize/geomap/hs92/export/chl/show/all/2018");
    expect(canonicalOf("/visualize/product_space/hs92/export/chl/all/show/2018")).toBe("/visualize/network/hs92/export/chl/all/show/2018");
  });
  it("drops defaults and parameters the chart does not use", () => {
    expect(canonicalOf("/visualize/tree_map/hs92/export/chl/all/show/2018?depth=hs4")).toBe("/visualize/tree_map/hs92/export/chl/all/show/2018");
    expect(canonicalOf("/visualize/tree_map/hs92/export/chl/all/show/2010?depth=section")).toBe("/visualize/tree_map/hs92/export/chl/all/show/2010");
    expect(canonicalOf("/visualize/tree_map/hs92/export/chl/show/all/2018?depth=hs2")).toBe("/visualize/tree_map/hs92/export/chl/show/all/2018");
    expect(canonicalOf("/visualize/tree_map/hs92/export/chl/all/show/2018?x=gdp")).toBe("/visualize/tree_map/hs92/export/chl/all/show/2018");
    expect(canonicalOf("/visualize/scatter/hs92/export/show/all/all/2018?x=gdp_per_capita&y=trade_value")).toBe("/visualize/scatter/hs92/export/show/all/all/2018");
    expect(canonicalOf("/visualize/scatter/hs92/export/show/all/all/2018?y=gdp&x=population")).toBe("/visualize/scatter/hs92/export/show/all/all/2018?x=population&y=gdp");
  });
  it("opens a default view for a bare chart", () => {
    expect(canonicalOf("/visualize/tree_map")).toBe("/visualize/tree_map/hs92/export/chl/all/show/2018");
    expect(canonicalOf("/visualize/stacked")).toBe("/visualize/stacked/hs92/export/chl/all/show/1995-2018");
    expect(canonicalOf("/visualize/scatter")).toBe("/visualize/scatter/hs92/export/show/all/all/2018");
    expect(canonicalOf("/visualize/network")).toBe("/visualize/network/hs92/export/chl/all/show/2018");
    expect(canonicalOf("/visualize/geomap")).toBe("/visualize/geomap/hs92/export/chl/show/all/2018");
    expect(canonicalOf("/visualize/line")).toBe("/visualize/line/hs92/export/chl/all/all/1995-2018");
  });
});

describe("the spec's link form", () => {
  it("is migrated to the canonical form", () => {
    // {chart}/{flow?}/{partner or all}/{show or all}/{product?}/{time}/?locale=
    expect(canonicalOf("/visualize/tree_map/export/chl/all/show/2018/")).toBe("/visualize/tree_map/hs92/export/chl/all/show/2018");
    expect(canonicalOf("/visualize/tree_map/chl/all/show/2018")).toBe("/visualize/tree_map/hs92/export/chl/all/show/2018");
    expect(canonicalOf("/visualize/tree_map/import/chl/all/2018")).toBe("/visualize/tree_map/hs92/import/chl/all/show/2018");
    expect(canonicalOf("/visualize/tree_map/export/chl/show/2018")).toBe("/visualize/tree_map/hs92/export/chl/show/all/2018");
    expect(canonicalOf("/visualize/geomap/export/all/show/2603/2018")).toBe("/visualize/geomap/hs92/export/all/show/52603/2018");
    expect(canonicalOf("/visualize/tree_map/all/all/2018")).toBe("/visualize/tree_map/hs92/export/all/all/show/2018");
  });
  it("carries the locale query parameter", () => {
    const result = parse("/visualize/tree_map/export/chl/all/show/2018/?locale=es");
    expect(result.ok && result.locale).toBe("es");
    const bad = parse("/visualize/tree_map/export/chl/all/show/2018/?locale=fr");
    expect(bad.ok && bad.locale).toBeUndefined();
  });
});

describe("errors", () => {
  it("names what is wrong", () => {
    const cases: [string, string][] = [
      ["/visualize/pie/hs92/export/chl/all/show/2018", "unknown_chart"],
      ["/visualize/tree_map/hs92/export/zzz/all/show/2018", "unknown_country"],
      ["/visualize/tree_map/hs92/export/chl/all/99999/2018", "unknown_product"],
      ["/visualize/tree_map/hs92/export/chl/all/show/18", "invalid_time"],
      ["/visualize/tree_map/hs92/export/chl/all/show/2018-1995", "invalid_time"],
      ["/visualize/tree_map/hs92/export/chl/show/2018/extra/x", "malformed_path"],
      ["/visualize/tree_map/hs92/export/2018", "malformed_path"],
      ["/visualize/tree_map/hs92/export/chl/all/show/2018?depth=hs8", "invalid_parameter"],
      ["/visualize/tree_map/hs92/export/chl/all/59999999/2018", "unknown_product"],
      ["/visualize/scatter/hs92/export/show/all/all/2018?x=happiness", "invalid_parameter"],
    ];
    for (const [path, code] of cases) {
      const result = parse(path);
      expect(result.ok, path).toBe(false);
      if (!result.ok) expect(result.error.code, path).toBe(code);
    }
    expect(parseVizPath([], {}, catalog).ok).toBe(false);
  });
});

describe("round trips", () => {
  const states: VizState[] = [
    ...CHARTS.map((chart) => defaultState(chart, catalog.coverage)),
    {
      chart: "tree_map",
      classification: "hs92",
      flow: "import",
      country: { kind: "country", id: "deu" },
      partner: { kind: "country", id: "usa" },
      product: { kind: "show" },
      time: { kind: "year", year: 2001 },
    },
    {
      chart: "stacked",
      classification: "hs92",
      flow: "export",
      country: { kind: "show" },
      partner: { kind: "all" },
      product: { kind: "product", product: { level: "section", code: "16", section: "16" } },
      time: { kind: "range", from: 1970, to: 2018 },
    },
    {
      chart: "scatter",
      classification: "hs92",
      flow: "export",
      country: { kind: "country", id: "chl" },
      partner: { kind: "all" },
      product: { kind: "show" },
      time: { kind: "year", year: 2018 },
      x: "market_share",
      y: "trade_value",
    },
    {
      chart: "tree_map",
      classification: "hs92",
      flow: "export",
      country: { kind: "country", id: "chl" },
      partner: { kind: "all" },
      product: { kind: "show" },
      time: { kind: "year", year: 2018 },
      depth: "hs2",
    },
  ];
  it("state -> URL -> state -> URL gives the same URL and state", () => {
    for (const state of states) {
      const path = buildVizPath(state, HS4_YEARS);
      const result = parse(path);
      expect(result.ok, path).toBe(true);
      if (!result.ok) continue;
      expect(result.state, path).toEqual(canonicalState(state, HS4_YEARS));
      expect(buildVizPath(result.state, HS4_YEARS), path).toBe(path);
    }
  });
  it("builds embed paths", () => {
    expect(buildVizPath(defaultState("tree_map", catalog.coverage), HS4_YEARS, { embed: true })).toBe("/visualize/embed/tree_map/hs92/export/chl/all/show/2018");
  });
  it("compares requested and canonical paths", () => {
    expect(requestedVizPath(["tree_map", "hs92", "export", "chl", "all", "show", "2018"], { y: "a", depth: "hs2", utm: "x" })).toBe(
      "/visualize/tree_map/hs92/export/chl/all/show/2018?depth=hs2&y=a",
    );
  });
  it("defaults the depth to HS4 only where HS4 data exists", () => {
    const base = defaultState("tree_map", catalog.coverage);
    expect(defaultDepth(base, HS4_YEARS)).toBe("hs4");
    expect(defaultDepth({ ...base, time: { kind: "year", year: 2000 } }, HS4_YEARS)).toBe("section");
    expect(defaultDepth({ ...base, partner: { kind: "country", id: "arg" } }, HS4_YEARS)).toBe("section");
    expect(defaultDepth(defaultState("stacked", catalog.coverage), HS4_YEARS)).toBe("section");
    expect(defaultDepth(defaultState("network", catalog.coverage), HS4_YEARS)).toBe("hs4");
  });
});
