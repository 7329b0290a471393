import { describe, expect, it } from "vitest";
import { scatterMeasure } from "@/domain/charts/measures";
import { chartTable, formatCell, toCsv, type TableLabels } from "./table";
import type { ChartRow } from "./types";

const labels: TableLabels = {
  code: "Code",
  name: "Name",
  group: "Group",
  year: "Year",
  value: "Trade value",
  share: "Share",
  rca: "RCA",
  worldTrade: "World trade",
  measures: { gdp_per_capita: "GDP per capita" },
};

describe("chartTable", () => {
  it("gives further measures (an index and its rank) a column each, once", () => {
    const rows: ChartRow[] = [{ id: "jpn", name: "Japan", kind: "country", color: "#000", value: 7e11, measures: { eci: 2.26, eci_rank: 1, gdp_per_capita: 39000 } }];
    const eci = scatterMeasure("country", "eci")!;
    const table = chartTable({ rows, groups: [], scatter: { x: scatterMeasure("country", "gdp_per_capita")!, y: eci }, measures: [eci, { key: "eci_rank", format: "number" }] }, labels);
    expect(table.columns.map((c) => [c.key, c.format])).toEqual([
      ["id", "text"],
      ["name", "text"],
      ["value", "usd"],
      ["share", "percent"],
      ["gdp_per_capita", "usd"],
      ["eci", "decimal"],
      ["eci_rank", "number"],
    ]);
    expect(table.rows).toEqual([["jpn", "Japan", 7e11, 1, 39000, 2.26, 1]]);
  });

  it("lists rows largest first with shares and group names", () => {
    const rows: ChartRow[] = [
      { id: "2601", name: "Iron Ore", kind: "hs4", color: "#000", group: "5", value: 100, rca: 0.5 },
      { id: "2603", name: 'Copper "Ore", concentrates', kind: "hs4", color: "#000", group: "5", value: 300, rca: 40 },
    ];
    const table = chartTable({ rows, groups: [{ id: "5", name: "Mineral Products", color: "#000", kind: "section" }] }, labels);
    expect(table.columns.map((c) => c.key)).toEqual(["id", "name", "group", "value", "share", "rca"]);
    expect(table.rows).toEqual([
      ["2603", 'Copper "Ore", concentrates', "Mineral Products", 300, 0.75, 40],
      ["2601", "Iron Ore", "Mineral Products", 100, 0.25, 0.5],
    ]);
    expect(toCsv(table)).toBe('Code,Name,Group,Trade value,Share,RCA\r\n2603,"Copper ""Ore"", concentrates",Mineral Products,300,0.75,40\r\n2601,Iron Ore,Mineral Products,100,0.25,0.5\r\n');
  });
  it("computes shares per year for time series", () => {
    const rows: ChartRow[] = [
      { id: "a", name: "A", kind: "section", color: "#000", value: 1, year: 2018 },
      { id: "b", name: "B", kind: "section", color: "#000", value: 3, year: 2018 },
      { id: "a", name: "A", kind: "section", color: "#000", value: 2, year: 2017 },
    ];
    const table = chartTable({ rows, groups: [] }, labels);
    expect(table.columns.map((c) => c.key)).toEqual(["id", "name", "year", "value", "share"]);
    expect(table.rows.map((r) => [r[2], r[0], r[4]])).toEqual([
      [2017, "a", 1],
      [2018, "b", 0.75],
      [2018, "a", 0.25],
    ]);
  });
  it("adds scatter measures", () => {
    const rows: ChartRow[] = [{ id: "chl", name: "Chile", kind: "country", color: "#000", value: 5, measures: { gdp_per_capita: 15000.5 } }];
    const table = chartTable({ rows, groups: [], scatter: { x: scatterMeasure("country", "gdp_per_capita")!, y: scatterMeasure("country", "trade_value")! } }, labels);
    expect(table.columns.map((c) => c.label)).toEqual(["Code", "Name", "Trade value", "Share", "GDP per capita"]);
    expect(table.rows[0][4]).toBe(15000.5);
  });
  it("formats cells per column", () => {
    expect(formatCell(1234567, "usd", "en")).toBe("$1,234,567");
    expect(formatCell(0.25, "percent", "en")).toBe("25%");
    expect(formatCell(2018, "year", "en")).toBe("2018");
    expect(formatCell(null, "usd", "en")).toBe("–");
    expect(formatCell(1.234, "decimal", "en")).toBe("1.23");
  });
});
