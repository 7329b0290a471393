/**
 * The trend explorer compares two years of one series only (issue 34), on the package warehouse
 * (data/warehouse.duckdb; skipped without it). The world preview once read 2017 from the older OTS
 * HS4 file and 2018 from the newer ($20.1T -> $22.7T, +13%); on one series (the section file holds
 * both years) world exports grew some 8%. Expected totals are summed here from the fact table.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { formatGrowth } from "@/domain/format";
import { parseTrendParams, type TrendParams } from "@/domain/trends/params";
import { closeWarehouse, withWarehouse } from "@/server/warehouse/db";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

const access = vi.hoisted(() => ({ value: { signedIn: true, allowed: true } }));
vi.mock("@/server/auth/proAccess", () => ({ proAccess: async () => access.value }));

const { handleTrendsGet } = await import("./api");
const { previewSelection, trendExplorer, isTrendError } = await import("./trends");

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");

function params(query: string): TrendParams {
  const r = parseTrendParams(new URLSearchParams(query));
  if (!r.ok) throw new Error(r.message);
  return r.params;
}

describe.skipIf(!fs.existsSync(WAREHOUSE))("trend explorer: one series per comparison", () => {
  beforeAll(() => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });
  beforeEach(() => {
    access.value = { signedIn: true, allowed: true };
  });

  it("previews world exports 2017 -> 2018 on the section file: +8%, not +13%", async () => {
    const selection = (await previewSelection("export"))!;
    expect(selection).toMatchObject({ reporter: "world", depth: "section", from: 2017, to: 2018 });
    const result = await trendExplorer(params(`reporter=world&depth=${selection.depth}&from=${selection.from}&to=${selection.to}`), "en");
    expect(result.comparedOn).toMatchObject({ dataset: "ots_sections", source: "ots" });
    const [ref] = await withWarehouse((s) =>
      s.query(`SELECT SUM(trade_value) FILTER (WHERE year = 2017) AS t0, SUM(trade_value) FILTER (WHERE year = 2018) AS t1 FROM fact_ots_sections_by_exporter WHERE year IN (2017, 2018)`, {}),
    );
    expect(result.totals.t0).toBeCloseTo(Number(ref.t0), -3);
    expect(result.totals.t1).toBeCloseTo(Number(ref.t1), -3);
    expect(result.totals.growth!).toBeCloseTo(Number(ref.t1) / Number(ref.t0) - 1, 9);
    // $21.0T -> $22.7T: +8.2%, as the page writes it ("+8.2%").
    expect(result.totals.growth!).toBeGreaterThan(0.075);
    expect(result.totals.growth!).toBeLessThan(0.09);
    expect(formatGrowth(result.totals.growth, "en")).toMatch(/^\+8(\.\d)?%$/);
  });

  it("refuses 2017 -> 2018 by HS4 heading (two OTS releases) and points to the section depth", async () => {
    let error: unknown = null;
    try {
      await trendExplorer(params("reporter=world&depth=hs4&from=2017&to=2018"), "en");
    } catch (e) {
      error = e;
    }
    expect(isTrendError(error)).toBe(true);
    expect(error).toMatchObject({ code: "not_comparable", status: 400, comparableDepth: "section" });
    // Years of one release at HS4 still compare.
    const older = await trendExplorer(params("reporter=chl&depth=hs4&from=1980&to=2017"), "en");
    expect(older.comparedOn).toMatchObject({ dataset: "ots_hs4", vintage: "ots_ec2019" });
  });

  it("GET /api/trends answers such a period with a 400 JSON error", async () => {
    const response = await handleTrendsGet(new Request("http://localhost/api/trends?reporter=world&depth=hs4&from=2017&to=2018"));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe("not_comparable");
    expect(body.error.message).toContain("depth=section");
    const ok = await handleTrendsGet(new Request("http://localhost/api/trends?reporter=world&depth=section&from=2017&to=2018"));
    expect(ok.status).toBe(200);
    expect((await ok.json()).comparedOn.dataset).toBe("ots_sections");
  });
});
