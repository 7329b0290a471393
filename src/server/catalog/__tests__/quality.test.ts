/**
 * The flags as the server serves them: read from a warehouse imported from the tiny package (and
 * the BACI fixture, so the HS6 path runs) into a temp file, filtered, described with names, and
 * listed by GET /api/catalog.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleCatalogRequest } from "@/server/catalog/http";
import { describeQualityFlags, loadQualityNotes, qualityFlags } from "@/server/catalog/quality";
import { closeWarehouse } from "@/server/warehouse/db";
import { BACI_FIXTURE, importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";

const dir = tempDir("quality-server-test-");

describe("data-quality flags on the server", () => {
  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = path.join(dir, "w.duckdb");
    const outcome = await importTiny(process.env.WAREHOUSE_PATH, { baciDirs: [BACI_FIXTURE] });
    expect(outcome.status).toBe("built");
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("filters by dataset, year, reporter and product", async () => {
    const all = await qualityFlags();
    expect(all.length).toBeGreaterThan(0);
    const usa = await qualityFlags({ dataset: "ots_hs4", year: 2018, reporter: "usa", product: "9999" });
    expect(usa.map((f) => [f.rule, f.flow, f.products])).toContainEqual(["unspecified_top", "export", ["9999"]]);
    expect(await qualityFlags({ dataset: "ots_hs4", year: 1900 })).toEqual([]);
    expect(await qualityFlags({ reporter: "nowhere" })).toEqual([]);
  });

  it("describes flags with names in the page's language and the unit", async () => {
    const [usa] = await qualityFlags({ dataset: "ots_hs4", year: 2018, reporter: "usa", rule: "unspecified_top" });
    const [en] = await describeQualityFlags([usa], "en");
    expect(en).toMatchObject({ reporterName: "United States", reporterIsCountry: true, currency: "USD", depth: "hs4" });
    expect(en.productNames).toHaveLength(1);
    const [es] = await describeQualityFlags([usa], "es");
    expect(es.reporterName).toBe("Estados Unidos");
    expect((await loadQualityNotes({ dataset: "ots_hs4", year: 2018, reporter: "usa" }, "zh"))[0]?.reporterName).toBe("美国");
  });

  it("GET /api/catalog lists them", async () => {
    const res = await handleCatalogRequest(new Request("http://localhost/api/catalog"));
    const body = (await res.json()) as { quality: { dataset: string; year: number; rule: string; reporter: string | null; products: string[]; values: number[] }[] };
    expect(Array.isArray(body.quality)).toBe(true);
    const usa = body.quality.find((f) => f.rule === "unspecified_top" && f.dataset === "ots_hs4" && f.year === 2018 && f.reporter === "usa");
    expect(usa?.products).toEqual(["9999"]);
    expect(usa?.values).toEqual([178_000_237_269]);
    // A question gets its answer only.
    const asked = (await (await handleCatalogRequest(new Request("http://localhost/api/catalog?depth=hs4"))).json()) as Record<string, unknown>;
    expect(asked.quality).toBeUndefined();
  });
});
