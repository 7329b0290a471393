/** The data pages' Dataset facts on the package warehouse; skipped when it is absent. */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");

describe.skipIf(!fs.existsSync(WAREHOUSE))("Dataset facts", () => {
  let load: typeof import("./datasets").loadDatasetFacts;
  let catalog: typeof import("@/server/catalog/catalog").dataCatalog;
  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
    load = (await import("./datasets")).loadDatasetFacts;
    catalog = (await import("@/server/catalog/catalog")).dataCatalog;
  });
  afterAll(async () => {
    (await import("@/server/warehouse/db")).closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("covers the catalogue's years and names the licences of its datasets", async () => {
    const facts = await load(null);
    const years = (await catalog()).entries.map((e) => e.year);
    expect(facts.years).toEqual({ from: Math.min(...years), to: Math.max(...years) });
    expect(facts.licenceTexts.length).toBeGreaterThan(0);
    expect(new Set(facts.licenceTexts).size).toBe(facts.licenceTexts.length);
  });

  it("lists a tier's files (at most the limit) with their sizes, or describes the catalogue before an export", async () => {
    const facts = await load("international", 3);
    expect(facts.files.length).toBeLessThanOrEqual(3);
    for (const file of facts.files) {
      expect(file.url).toMatch(/^\/api\/bulk\/[0-9a-f]{16}\/international\//);
      expect(file.bytes).toBeGreaterThan(0);
    }
    if (facts.files.length) expect(facts.packageUrl).toMatch(/^\/api\/bulk\/[0-9a-f]{16}\/datapackage\.json$/);
    else expect(facts.moreFiles).toBe(0);
    expect(facts.years).not.toBeNull();
    expect(facts.licenceTexts.length).toBeGreaterThan(0);
  });
});
