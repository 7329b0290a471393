/**
 * "Compared with N years earlier" (server/profiles/comparison.ts) on the package warehouse; skipped
 * when it is absent. Each figure is checked against a plain query of the same dataset and year.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWarehouse } from "@/server/warehouse/db";
import { queryCube } from "@/server/warehouse/client";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
const present = fs.existsSync(WAREHOUSE);

describe.skipIf(!present)("exports compared with earlier years, on the package warehouse", () => {
  let comparison: typeof import("../comparison");
  let sources: typeof import("../sources");

  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
    comparison = await import("../comparison");
    sources = await import("../sources");
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("compares Chile's newest year with a year, five, ten and twenty years back, each within one dataset", async () => {
    const profile = await sources.profileSources();
    const year = profile.sections.at(-1)!.year;
    const list = await comparison.loadExportsComparisons({ kind: "country", id: "chl" }, year, "en");
    expect(list.length).toBeGreaterThan(0);
    for (const c of list) {
      expect(c.to.provenance.year).toBe(year);
      expect(c.from.provenance.year).toBe(year - c.yearsBack);
      expect(c.from.provenance.dataset).toBe(c.to.provenance.dataset);
      expect(c.from.provenance.vintage).toBe(c.to.provenance.vintage);
      expect(c.change).toBeCloseTo(c.to.value / c.from.value - 1, 12);
      const source = profile.sections.find((s) => s.year === c.from.provenance.year && s.dataset === c.from.provenance.dataset);
      if (source) {
        const answer = await queryCube(sources.tradeQuery(source, { flow: "export", years: [source.year], own: ["chl"], drilldowns: ["Year"] }), "en");
        const plain = answer.data.reduce((sum, r) => sum + Number(r["Trade Value"] ?? 0), 0);
        expect(Math.abs(plain - c.from.value)).toBeLessThanOrEqual(plain * 1e-9 + 1e-6);
      }
    }
  });

  it("offers nothing for a member without trade", async () => {
    const profile = await sources.profileSources();
    expect(await comparison.loadExportsComparisons({ kind: "country", id: "zzz" }, profile.sections.at(-1)!.year, "en")).toEqual([]);
  });
});
