import { describe, expect, it } from "vitest";
import { datasetLabel, historyLines, historyPoints, historyTable, pairDepths, pairYears, productTable, productTreemap, yearRuns, type BilateralRow } from "./bilateral";

describe("depths held for a pair", () => {
  it("list the finest first, each with its years, sections from the section data", () => {
    const depths = pairDepths(
      [
        { depth: "hs4", year: 1990 },
        { depth: "hs4", year: 1989 },
        { depth: "hs6", year: 2018 },
      ],
      [1962, 1963, 1989, 1990, 2018],
    );
    expect(depths).toEqual([
      { depth: "hs6", years: [2018] },
      { depth: "hs4", years: [1989, 1990] },
      { depth: "section", years: [1962, 1963, 1989, 1990, 2018] },
    ]);
    expect(pairYears(depths)).toEqual([1962, 1963, 1989, 1990, 2018]);
  });
  it("are empty for a pair with no trade", () => {
    expect(pairDepths([], [])).toEqual([]);
    expect(pairYears([])).toEqual([]);
  });
  it("group years into runs for the page's links", () => {
    expect(yearRuns([1990, 1962, 1963, 1964, 1989, 2004])).toEqual([
      { from: 1962, to: 1964 },
      { from: 1989, to: 1990 },
      { from: 2004, to: 2004 },
    ]);
  });
});

describe("a pair's history", () => {
  const out = new Map([
    [2016, 100],
    [2017, 120],
  ]);
  const back = new Map([
    [2016, 80],
    [2018, 90],
  ]);
  it("has a point per catalogue year, with the balance where both flows are known", () => {
    expect(historyPoints([2018, 2016, 2017], out, back)).toEqual([
      { year: 2016, exports: 100, imports: 80, balance: 20 },
      { year: 2017, exports: 120, imports: null, balance: null },
      { year: 2018, exports: null, imports: 90, balance: null },
    ]);
  });
  it("draws three lines and a table with a row per year", () => {
    const points = historyPoints([2016, 2017, 2018], out, back);
    const lines = historyLines(points, { exports: "Exports", imports: "Imports", balance: "Balance" });
    expect(lines.years).toEqual([2016, 2017, 2018]);
    expect(lines.rows.filter((r) => r.id === "exports").map((r) => [r.year, r.value])).toEqual([
      [2016, 100],
      [2017, 120],
    ]);
    expect(lines.rows.filter((r) => r.id === "balance").map((r) => [r.year, r.value])).toEqual([[2016, 20]]);
    const table = historyTable(points, { year: "Year", exports: "Exports", imports: "Imports", balance: "Balance" });
    expect(table.columns.map((c) => c.format)).toEqual(["year", "usd", "usd", "usd"]);
    expect(table.rows).toEqual([
      [2016, 100, 80, 20],
      [2017, 120, null, null],
      [2018, null, 90, null],
    ]);
  });
});

describe("products of a pair", () => {
  const machinery = { id: "16", name: "Machines", color: "#123456" };
  const rows: BilateralRow[] = [
    { id: "8703", name: "Cars", section: { id: "17", name: "Transport", color: "#abcdef" }, value: 60, share: 0.6 },
    { id: "8471", name: "Computers", section: machinery, value: 30, share: 0.3 },
    { id: "8473", name: "Parts", section: machinery, value: 10, share: 0.1 },
  ];
  it("nest in their sections in the treemap, the largest tiles and the rest as one Other tile", () => {
    const input = productTreemap(rows, "hs4", 1990, 2);
    expect(input.rows.map((r) => [r.id, r.group, r.color])).toEqual([
      ["8703", "17", "#abcdef"],
      ["8471", "16", "#123456"],
      ["__other__", null, "#b1bac6"],
    ]);
    expect(input.groups.map((g) => g.id)).toEqual(["17", "16"]);
    expect(input).toMatchObject({ year: 1990, dimension: "HS4" });
  });
  it("draw sections flat", () => {
    const input = productTreemap([{ id: "16", name: "Machines", section: machinery, value: 5, share: 1 }], "section", 2018);
    expect(input.groups).toEqual([]);
    expect(input.rows[0]).toMatchObject({ id: "16", group: null, kind: "section", color: "#123456" });
  });
  it("tabulate with their shares", () => {
    expect(productTable(rows, { code: "Code", name: "Name", value: "Value", share: "Share" }).rows[1]).toEqual(["8471", "Computers", 30, 0.3]);
  });
});

it("names BACI datasets by their revision", () => {
  expect(datasetLabel("baci_hs12")).toEqual({ key: "baci", values: { classification: "HS12" } });
  expect(datasetLabel("comtrade_hs4_sample")).toEqual({ key: "comtrade_hs4_sample", values: {} });
});

describe("a capped product treemap", () => {
  it("keeps the products past the cap as one Other tile, so every share is of the pair's whole total", () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ id: `010${i}`, name: `P${i}`, value: 10 - i, section: null }));
    const treemap = productTreemap(rows as never, "hs4", 1990, 3);
    expect(treemap.rows.map((r) => r.value)).toEqual([10, 9, 8, 13]);
    expect(treemap.rows.reduce((sum, r) => sum + (r.value ?? 0), 0)).toBe(40);
    expect(treemap.rows.at(-1)?.kind).toBe("other");
    expect(productTreemap(rows as never, "hs4", 1990, 10).rows).toHaveLength(5);
  });
});
