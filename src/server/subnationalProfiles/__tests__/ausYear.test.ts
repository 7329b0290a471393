/**
 * The Australian state profile's year choice against the package warehouse (skipped without it):
 * an asked year the catalogue holds is the year of the standings and products, an unheld year
 * falls back to the newest with a note, and the basket's complexity is measured in the asked year
 * when a ranking exists for it.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWarehouse, withWarehouse } from "@/server/warehouse/db";
import { getCube } from "@/server/warehouse/registry";
import { ident } from "@/server/warehouse/sql";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";
import { ausBasketComplexity, ausGoodsYear, ausProducts, ausSources, ausStandings, audValue } from "../aus";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(Math.max(1, Math.abs(b) * 1e-9));

describe.skipIf(!fs.existsSync(WAREHOUSE))("an Australian state profile in a chosen year", () => {
  beforeAll(() => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("shows the asked year's standings and products, as the year's rows add up in SQL", async () => {
    const sources = await ausSources();
    expect(sources.goods.length).toBeGreaterThan(1);
    const older = sources.goods[Math.floor(sources.goods.length / 2)].year;
    const { entry, missing } = ausGoodsYear(sources, older);
    expect(missing).toBeNull();
    expect(entry!.year).toBe(older);
    const table = getCube(entry!.cube)!.tables.find((t) => t.columns.includes("hs6"))!;
    const [row] = await withWarehouse((s) => s.query(`SELECT SUM(trade_value_aud) AS v FROM ${ident(table.name)} WHERE year = $year AND state = 'WA'`, { year: older }));
    const standings = await ausStandings(entry!, "en");
    expect(standings.year).toBe(older);
    close(standings.states.find((s) => s.id === "WA")!.value, Number(row.v));
    const products = await ausProducts(entry!, "WA", "HS2", "en");
    close(products.rows.reduce((s, r) => s + audValue(r), 0), Number(row.v));
  });

  it("falls back to the newest goods year for a year it does not hold", async () => {
    const sources = await ausSources();
    const { entry, missing } = ausGoodsYear(sources, 1066);
    expect(missing).toBe(1066);
    expect(entry!.year).toBe(sources.goods.at(-1)!.year);
    expect(ausGoodsYear(sources).missing).toBeNull();
  });

  it("measures the basket in the asked year when a complexity ranking exists for it", async () => {
    const sources = await ausSources();
    const goods = new Set(sources.goods.map((e) => e.year));
    const shared = sources.complexity.map((e) => e.year).filter((y) => goods.has(y));
    expect(shared.length).toBeGreaterThan(1);
    const asked = shared[0];
    const cx = (await ausBasketComplexity(sources, "WA", "en", asked))!;
    expect(cx.year).toBe(asked);
    const newest = (await ausBasketComplexity(sources, "WA", "en"))!;
    expect(newest.year).toBe(Math.max(...shared));
  });
});
