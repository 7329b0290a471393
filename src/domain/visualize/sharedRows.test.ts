import { describe, expect, it } from "vitest";
import type { VizData } from "./data";
import { profileView } from "./profileViews";
import { asChart, rowsState } from "./sharedRows";
import { encodeVizState } from "./stateCodec";
import { fixtureCatalog } from "./test-support";

const { coverage } = fixtureCatalog();
const copper = { level: "hs4" as const, code: "2603", section: "5" };

const mapRows: VizData = {
  chart: "geomap",
  rows: [{ id: "chl", name: "Chile", kind: "country", color: "#000", group: "sa", value: 10 }],
  groups: [{ id: "sa", name: "South America", color: "#000", kind: "continent" }],
  nested: true,
  dimension: "Country",
  years: [2018],
  queries: [{ role: "main", api: "/api/data?x", csv: "/api/data?x&format=csv" }],
  sources: ["ots"],
  fallbackNames: false,
  focus: "chl",
  m49: [[152, "chl"]],
};

describe("one question drawn twice loads its rows once", () => {
  it("a treemap of countries and the map of the same question ask for the same rows", () => {
    const treemap = profileView({ chart: "tree_map", country: "show", product: copper, time: 2018 });
    const map = profileView({ chart: "geomap", country: "show", product: copper, time: 2018 });
    expect(encodeVizState(rowsState(treemap, coverage))).toBe(encodeVizState(rowsState(map, coverage)));
    expect(rowsState(map, coverage)).toBe(map);
    // A country's partners too.
    const partners = profileView({ chart: "tree_map", country: "chl", partner: "show", time: 2018 });
    expect(rowsState(partners, coverage).chart).toBe("geomap");
  });

  it("leaves every other chart its own rows", () => {
    for (const state of [
      profileView({ chart: "tree_map", country: "chl", product: "show", time: 2018 }),
      profileView({ chart: "stacked", country: "chl", product: "show", time: { from: 1995, to: 2018 } }),
      profileView({ chart: "line", country: "chl", time: { from: 1995, to: 2018 } }),
      profileView({ chart: "network", country: "chl", product: "show", time: 2018 }),
      // A treemap the map could not draw (a range of years) keeps its own.
      profileView({ chart: "tree_map", country: "show", product: copper, time: { from: 2000, to: 2018 } }),
    ]) {
      expect(rowsState(state, coverage), state.chart).toBe(state);
    }
  });

  it("draws the map's rows as a treemap: same rows, groups and queries, no map joins or focus", () => {
    const treemap = asChart(mapRows, "tree_map");
    expect(treemap).toEqual({ ...mapRows, chart: "tree_map", focus: null, m49: undefined });
    expect("m49" in treemap).toBe(false);
    expect(asChart(mapRows, "geomap")).toBe(mapRows);
    expect(() => asChart(mapRows, "line")).toThrow();
  });
});
