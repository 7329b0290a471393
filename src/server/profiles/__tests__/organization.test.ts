/**
 * The organisation loader against the package warehouse (skipped without it): exports to members
 * and to everyone else add up to the bloc's exports, and intra-bloc trade is what a plain SQL sum
 * over the year's partner table gives.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOrganization } from "@/domain/organizations";
import { tradeYears } from "@/server/catalog/catalog";
import { closeWarehouse, withWarehouse } from "@/server/warehouse/db";
import { getCube } from "@/server/warehouse/registry";
import { ident } from "@/server/warehouse/sql";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";
import { loadOrganization } from "../organization";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(Math.max(1, Math.abs(b) * 1e-9));

describe.skipIf(!fs.existsSync(WAREHOUSE))("organisation profiles from the package warehouse", () => {
  beforeAll(() => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it.each(["mercosur", "eu"])("splits %s's exports of a year into intra-bloc and extra-bloc trade that add up to its exports", async (id) => {
    const years = await tradeYears({ depth: "section", bilateral: true });
    const year = years.at(-1)!.year;
    const data = (await loadOrganization(id, "en", year))!;
    expect(data.chosen.year).toBe(year);
    expect(data.totals.exports).toBeGreaterThan(0);
    close(data.totals.intra + data.totals.extra, data.totals.exports);
    // Intra-bloc: exports from members to members, summed in SQL over the year's dataset.
    const members = findOrganization(id)!.members;
    const table = getCube(years.at(-1)!.cube)!.tables.find((t) => t.columns.includes("exporter") && t.columns.includes("importer"))!;
    const list = members.map((m) => `'${m}'`).join(",");
    const [row] = await withWarehouse((s) => s.query(`SELECT SUM(trade_value) AS v FROM ${ident(table.name)} WHERE year = $year AND exporter IN (${list}) AND importer IN (${list})`, { year }));
    close(data.totals.intra, Number(row.v));
    // Partners outside the bloc are never members, and the history's year agrees with the snapshot.
    expect(data.partners.rows.some((r) => members.includes(r.id))).toBe(false);
    const point = data.history.points.find((p) => p.year === year)!;
    close(point.intra, data.totals.intra);
    close(point.total, data.totals.exports);
    close(point.intra + point.extra, point.total);
  });

  it("has a history point per year of partner data, and products from one HS4 dataset and year", async () => {
    const years = await tradeYears({ depth: "section", bilateral: true });
    const data = (await loadOrganization("mercosur", "en", 1990))!;
    expect(data.chosen.year).toBe(1990);
    expect(data.history.points.map((p) => p.year)).toEqual(years.map((y) => y.year));
    const hs4 = await tradeYears({ depth: "hs4", flow: "export" });
    const products = data.products!;
    expect(hs4.map((y) => y.year)).toContain(products.chosen.year);
    close(products.rows.reduce((s, r) => s + r.value, 0), products.total);
  });

  it("falls back to the newest year for a year without data and keeps unknown organisations out", async () => {
    const data = (await loadOrganization("mercosur", "en", 1800))!;
    expect(data.missing).toBe(1800);
    expect(data.chosen.year).toBe(data.years.at(-1));
    expect(await loadOrganization("nope", "en")).toBeNull();
  });
});
