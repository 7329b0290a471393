/**
 * The product-in-country loader against the package warehouse (skipped without it): every figure
 * of a year is of that year's dataset, as a plain SQL sum over the dataset's table says.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tradeYears } from "@/server/catalog/catalog";
import { withWarehouse } from "@/server/warehouse/db";
import { closeWarehouse } from "@/server/warehouse/db";
import { getCube } from "@/server/warehouse/registry";
import { ident } from "@/server/warehouse/sql";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";
import { loadProductInCountry } from "../productInCountry";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(Math.max(1e-9, Math.abs(b) * 1e-9));

/** Exports of HS4 `hs4` in `year` by `country` (or every country when null), summed in SQL over the year's dataset. */
async function hs4Exports(year: number, hs4: string | null, country: string | null): Promise<number> {
  const source = (await tradeYears({ depth: "hs4", flow: "export" })).find((y) => y.year === year)!;
  const table = getCube(source.cube)!.tables.find((t) => t.columns.includes("hs4"))!;
  const bilateral = table.columns.includes("exporter");
  const reporter = bilateral ? "exporter" : "country";
  const where = [`year = $year`, ...(bilateral ? [] : ["flow = 2"]), ...(hs4 ? ["hs4 = $hs4"] : []), ...(country ? [`${reporter} = $country`] : [])];
  const params: Record<string, string | number> = { year, ...(hs4 ? { hs4 } : {}), ...(country ? { country } : {}) };
  const [row] = await withWarehouse((s) => s.query(`SELECT SUM(trade_value) AS v FROM ${ident(table.name)} WHERE ${where.join(" AND ")}`, params));
  return Number(row.v ?? 0);
}

describe.skipIf(!fs.existsSync(WAREHOUSE))("product in country from the package warehouse", () => {
  beforeAll(() => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("gives Chile's share of world copper ore exports in 2018 as Chile's 2603 over the world's 2603 in that year's dataset", async () => {
    const data = (await loadProductInCountry({ kind: "hs4", id: "2603" }, "chl", "en", 2018))!;
    expect(data.chosen.year).toBe(2018);
    expect(data.missing).toBeNull();
    const [chile, world, chileAll, worldAll] = await Promise.all([hs4Exports(2018, "2603", "chl"), hs4Exports(2018, "2603", null), hs4Exports(2018, null, "chl"), hs4Exports(2018, null, null)]);
    expect(chile).toBeGreaterThan(0);
    close(data.point!.value, chile);
    close(data.point!.worldShare!, chile / world);
    close(data.point!.exportShare!, chileAll > 0 ? chile / chileAll : NaN);
    if (data.point!.rcaFrom === "computed") close(data.point!.rca!, chile / chileAll / (world / worldAll));
    else expect(data.point!.rca).toBeGreaterThan(1);
    expect(data.ranking.rows[data.ranking.position].id).toBe("chl");
    close(data.ranking.worldTotal, world);
  });

  it("has a history point per catalogue year with exports, each with its dataset, and marks where the source changes", async () => {
    const years = await tradeYears({ depth: "hs4", flow: "export" });
    const data = (await loadProductInCountry({ kind: "hs4", id: "2603" }, "chl", "en"))!;
    expect(data.years).toEqual(years.map((y) => y.year));
    expect(data.history.points.map((p) => p.year)).toEqual(data.years);
    for (const p of data.history.points) expect(p.dataset).toBe(years.find((y) => y.year === p.year)!.dataset);
    // Each break is a year whose dataset or release differs from the year before.
    for (const b of data.history.breaks) {
      const i = data.history.points.findIndex((p) => p.year === b);
      const [a, c] = [data.history.points[i - 1], data.history.points[i]];
      expect(a.dataset !== c.dataset || a.vintage !== c.vintage).toBe(true);
    }
    expect(data.history.breaks).toContain(years.at(-1)!.year);
  });

  it("falls back to the newest year for a year the catalogue does not hold, and says which was asked", async () => {
    const data = (await loadProductInCountry({ kind: "hs4", id: "2603" }, "chl", "en", 1234))!;
    expect(data.missing).toBe(1234);
    expect(data.chosen.year).toBe(data.years.at(-1));
  });

  it("gives destinations of the product's section, plainly as such, and the partner sample where it covers the country", async () => {
    const data = (await loadProductInCountry({ kind: "hs4", id: "2603" }, "chl", "en", 2018))!;
    const section = data.destinations.find((d) => d.kind === "section")!;
    expect(section.section?.id).toBe("5");
    expect(section.provenance.year).toBe(2018);
    expect(section.rows[0].value).toBeGreaterThan(0);
    expect(section.rows.some((r) => r.id === "chl")).toBe(false);
    const sample = data.destinations.find((d) => d.kind === "sample");
    if (sample) expect(sample.total).toBeGreaterThan(0);
  });
});
