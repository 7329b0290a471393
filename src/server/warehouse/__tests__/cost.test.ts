import { describe, expect, it } from "vitest";
import { checkCost, estimateCost } from "../cost";
import { resolveQuery } from "../query";
import type { DataQuery } from "../types";

// The section file's exporter table as the package warehouse records it (_meta_tables).
const sections = { rows: 10_250_450, distinct: { exporter: 233, year: 52, importer: 233, section: 24 } };
const BUDGET = 3_000_000;
const cube = "trade_i_ots_a_sections";

const cost = (query: Omit<DataQuery, "cube">) => estimateCost(resolveQuery({ cube, ...query }), sections);

describe("the cost of a query, before it runs", () => {
  it("refuses the burst query of the hostile-load report: every year x exporter x importer x section, with growth", () => {
    const q = resolveQuery({
      cube,
      drilldowns: ["Year", "Exporter Country", "Importer Country", "Section"],
      measures: ["Trade Value"],
      growth: { level: "Year", measure: "Trade Value" },
    });
    expect(estimateCost(q, sections)).toEqual({ groups: 10_250_450, weighted: 20_500_900 });
    const tables = new Map([["fact_ots_sections_by_exporter", sections]]);
    expect(() => checkCost(q, tables, BUDGET)).toThrow(/over the limit/);
    try {
      checkCost(q, tables, BUDGET);
    } catch (error) {
      expect((error as { code: string; status: number }).code).toBe("query_too_expensive");
      expect((error as { status: number }).status).toBe(400);
    }
  });

  it("lets every question a page asks through: one country, one year, a world map", () => {
    const chile = cost({ drilldowns: ["Year", "Section"], cuts: [{ level: "Exporter Country", ids: ["chl"] }] });
    expect(chile.groups).toBeLessThanOrEqual(52 * 24);
    const worldMap = cost({ drilldowns: ["Exporter Country"], cuts: [{ level: "Year", ids: [2018] }] });
    expect(worldMap.groups).toBe(233);
    const pairs = cost({ drilldowns: ["Exporter Country", "Importer Country", "Section"], cuts: [{ level: "Year", ids: [2018] }] });
    expect(pairs.weighted).toBeLessThan(BUDGET);
    expect(() => checkCost(resolveQuery({ cube, drilldowns: ["Exporter Country", "Importer Country"], time: { kind: "list", years: [2017, 2018] } }), new Map([["fact_ots_sections_by_exporter", sections]]), BUDGET)).not.toThrow();
  });

  it("counts a level by the statistics of whichever table records it (continents on their aggregate)", () => {
    const continents = { rows: 48_175, distinct: { year: 52, exporter_continent: 7, importer_continent: 7, section: 24 } };
    const q = resolveQuery({ cube, drilldowns: ["Exporter Continent"] });
    expect(estimateCost(q, sections, [continents]).groups).toBe(7);
    // Without any table naming it, the rows are the bound (and the member list of a continent would be refused).
    expect(estimateCost(q, sections).groups).toBe(10_250_450);
  });

  it("counts nothing it cannot see (a table without statistics)", () => {
    expect(estimateCost(resolveQuery({ cube, drilldowns: ["Year"] }), undefined)).toEqual({ groups: 0, weighted: 0 });
  });
});
