import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCountryTradeRanking, loadProductTradeRanking, tradeRankingSources } from "@/server/rankings/trade";
import { closeWarehouse } from "@/server/warehouse/db";
import { importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";

const dir = tempDir("trade-rankings-test-");

describe("trade rankings from the catalogue", () => {
  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = path.join(dir, "w.duckdb");
    await importTiny(process.env.WAREHOUSE_PATH);
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("ranks products in every year with exports, each from its dataset, comparing within one dataset only", async () => {
    const sources = await tradeRankingSources();
    const hs4 = sources.hs4.map((s) => [s.year, s.dataset]);
    expect(hs4).toContainEqual([2019, "atlas_hs4"]);
    expect(hs4).toContainEqual([2018, "ots_hs4"]);
    const atlas = await loadProductTradeRanking(2019, "hs4", sources.hs4, "en");
    expect(atlas.source).toBe("atlas");
    expect(atlas.rows.length).toBeGreaterThan(0);
    // 2018 is in another dataset (OTS): no change, growth or sparkline across the two.
    expect(atlas.previousYear).toBeNull();
    expect(atlas.notComparableYear).toBe(2018);
    expect(atlas.hasSeries).toBe(false);
    expect(atlas.apiUrl).toContain("cube=trade_i_atlas_a_hs4");
    const ots = await loadProductTradeRanking(2018, "hs4", sources.hs4, "en");
    expect(ots.source).toBe("ots");
    // Issue 34: OTS HS4 2017 comes from an older release than 2018 (one dataset, two vintages), so
    // 2018 no longer compares with it; the page shows the change as not comparable instead.
    expect(ots.previousYear).toBeNull();
    expect(ots.notComparableYear).toBe(2017);
    expect(ots.vintage).toBe("ots_trd");
  });

  it("ranks countries by exports with their imports, from bilateral trade", async () => {
    const sources = await tradeRankingSources();
    const year = sources.countries.at(-1)!.year;
    const ranking = await loadCountryTradeRanking(year, sources.countries, "en");
    expect(ranking.rows[0].rank).toBe(1);
    expect(ranking.rows.some((r) => (r.values.imports ?? 0) > 0)).toBe(true);
    expect(ranking.rows[0].detail).toBeTruthy();
  });
});
