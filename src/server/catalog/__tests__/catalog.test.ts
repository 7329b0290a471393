import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerTrade, dataCatalog, finestTradeDepth, rankedYears } from "@/server/catalog/catalog";
import { handleCatalogRequest } from "@/server/catalog/http";
import { closeWarehouse } from "@/server/warehouse/db";
import { BACI_FIXTURE, importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";

const dir = tempDir("catalog-test-");

async function get(query = "") {
  const res = await handleCatalogRequest(new Request(`http://localhost/api/catalog${query}`));
  return { status: res.status, body: await res.json(), res };
}

describe("the data catalogue with the package and a BACI download", () => {
  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = path.join(dir, "w.duckdb");
    await importTiny(process.env.WAREHOUSE_PATH, { baciDirs: [BACI_FIXTURE] });
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("answers with BACI where it covers a year, and the package elsewhere", async () => {
    const hs4 = await answerTrade({ depth: "hs4" });
    expect(hs4.years.map((y) => [y.year, y.dataset])).toEqual([
      [1962, "ots_hs4"],
      [1980, "ots_hs4"],
      [2017, "baci_hs12"],
      [2018, "baci_hs12"],
      [2019, "atlas_hs4"],
    ]);
    expect(hs4.chosen?.year).toBe(2019);
    expect(await finestTradeDepth()).toBe("hs6");
    expect(await finestTradeDepth({ bilateral: true })).toBe("hs6");
    const bilateral = await answerTrade({ depth: "hs6", bilateral: true }, 2010);
    expect(bilateral.chosen).toBeNull();
    expect(bilateral.nearest?.year).toBe(2017);
    expect((await rankedYears("hs92_hs4")).map((e) => e.year)).toEqual([1980, 1989, 1990, 2017, 2018, 2019]);
    expect((await dataCatalog()).entries.length).toBeGreaterThan(10);
  });

  it("serves the catalogue as GET /api/catalog (the route delegates here), dataset by dataset", async () => {
    const { status, body, res } = await get();
    expect(status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("public");
    const baci = body.datasets.find((d: { dataset: string }) => d.dataset === "baci_hs12");
    expect(baci).toMatchObject({ kind: "goods", classification: "hs12", depth: "hs6", bilateral: true, source: "baci" });
    expect(baci.years.map((y: { year: number }) => y.year)).toEqual([2017, 2018]);
    expect(baci.api).toMatch(/^\/api\/data\?cube=trade_i_baci_a_12/);
    expect(body.datasets[0].dataset).toBe("baci_hs12");
  });

  it("answers a question given as parameters", async () => {
    const { status, body } = await get("?depth=hs4&flow=import");
    expect(status).toBe(200);
    expect(body.answer.years.map((y: { year: number }) => y.year)).toEqual([2017, 2018]);
  });

  it("refuses malformed and unknown parameters with a JSON error", async () => {
    for (const query of ["?depth=hs5", "?year=20x8", "?flow=both", "?bilateral=yes", "?cube=x", "?year=2018&year=2019", "?classification=%3Cscript%3E"]) {
      const { status, body } = await get(query);
      expect(status, query).toBe(400);
      expect(body.error.code).toBe("invalid_parameter");
      expect(typeof body.error.message).toBe("string");
    }
  });
});
