import { describe, expect, it } from "vitest";
import type { VizData } from "./data";
import { flowSeriesData } from "./flows";

const view = (values: Record<number, number>, api: string): VizData => ({
  chart: "line",
  rows: Object.entries(values).map(([year, value]) => ({ id: "chl", name: "Chile", kind: "country", color: "#123456", year: Number(year), value })),
  groups: [],
  nested: false,
  dimension: "Country",
  years: Object.keys(values).map(Number),
  queries: [{ role: "main", api, csv: `${api}&format=csv` }],
  sources: ["ots"],
  fallbackNames: false,
  focus: "chl",
});

describe("flowSeriesData", () => {
  it("draws exports and imports as two named series over the years of both", () => {
    const data = flowSeriesData(
      { export: view({ 2009: 53, 2010: 77 }, "/api/data?flow=2"), import: view({ 2010: 64, 2011: 70 }, "/api/data?flow=1") },
      { export: "Exports", import: "Imports" },
    );
    expect(data.groups.map((g) => [g.id, g.name])).toEqual([
      ["export", "Exports"],
      ["import", "Imports"],
    ]);
    expect(data.groups[0].color).not.toBe(data.groups[1].color);
    expect(data.years).toEqual([2009, 2010, 2011]);
    const at = (id: string, year: number) => data.rows.find((r) => r.id === id && r.year === year)?.value;
    expect([at("export", 2010), at("import", 2010), at("import", 2009)]).toEqual([77, 64, undefined]);
    expect(data.rows.every((r) => r.name === (r.id === "export" ? "Exports" : "Imports"))).toBe(true);
    expect(data.queries.map((q) => [q.role, q.api])).toEqual([
      ["export", "/api/data?flow=2"],
      ["import", "/api/data?flow=1"],
    ]);
    expect(data.sources).toEqual(["ots"]);
  });
});
