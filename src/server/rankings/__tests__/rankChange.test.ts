/**
 * Rank changes stay within one series (issue 34), on the package warehouse (skipped without it):
 * the ECI ranking of 2018 (OTS 2018 extract) does not compare with 2017 (an older OTS release),
 * the product ranking of 2018 by HS4 not with 2017, and the Atlas's 2019 not with OTS's 2018.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWarehouse } from "@/server/warehouse/db";
import { getComplexitySet } from "@/server/warehouse/registry";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");

describe.skipIf(!fs.existsSync(WAREHOUSE))("rank changes on the package warehouse", () => {
  beforeAll(() => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("ECI: 2018 is not compared with 2017 (two releases), 2017 is with 1980, 2019 not with 2018", async () => {
    const { rankingSource, loadEciRanking } = await import("../complexity");
    const set = getComplexitySet("hs92_hs4")!;
    const y2018 = (await rankingSource(set, 2018)).source!;
    expect(y2018).toMatchObject({ previousYear: null, notComparableYear: 2017 });
    const eci = await loadEciRanking(set, y2018, "en");
    expect(eci.rows.every((r) => r.change === null)).toBe(true);
    expect((await rankingSource(set, 2017)).source).toMatchObject({ previousYear: 1980, notComparableYear: null });
    expect((await rankingSource(set, 2019)).source).toMatchObject({ previousYear: null, notComparableYear: 2018 });
  });

  it("trade: HS4 products of 2018 show no change against 2017; sections of 2018 do against 2017 (one file)", async () => {
    const { loadProductTradeRanking, tradeRankingSources } = await import("../trade");
    const sources = await tradeRankingSources();
    const hs4 = await loadProductTradeRanking(2018, "hs4", sources.hs4, "en");
    expect(hs4).toMatchObject({ previousYear: null, notComparableYear: 2017 });
    expect(hs4.rows.every((r) => r.change === null && r.values.growth === null)).toBe(true);
    const sections = await loadProductTradeRanking(2018, "section", sources.section, "en");
    expect(sections).toMatchObject({ previousYear: 2017, notComparableYear: null });
  });
});
