import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { growthPredictions, loadGrowthView } from "@/server/growth/predictions";
import { closeWarehouse } from "@/server/warehouse/db";
import { importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";

const dir = tempDir("growth-tiny-test-");

describe("growth predictions on the tiny package as it is", () => {
  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = path.join(dir, "w.duckdb");
    await importTiny(process.env.WAREHOUSE_PATH);
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("says there are too few observations when GDP covers no decade, and projects nothing", async () => {
    const p = await growthPredictions();
    expect(p.status).toBe("too_few_observations");
    expect(p.samples).toEqual([]);
    expect(p.model).toBeNull();
    expect(p.projections).toEqual([]);
    expect(p.indicators).toMatchObject({ firstYear: 2016, lastYear: 2018 });
    const view = await loadGrowthView("en");
    expect(view.rows).toEqual([]);
  });
});
