/**
 * The bilateral profiles' loaders on the package warehouse (data/warehouse.duckdb); skipped when it
 * is absent. Figures are checked against plain queries of the data client, never typed in.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataCatalog, tradeYears } from "@/server/catalog/catalog";
import { closeWarehouse } from "@/server/warehouse/db";
import { queryCube } from "@/server/warehouse/client";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
const present = fs.existsSync(WAREHOUSE);

type Loaders = typeof import("../bilateral");

/** The pair's total one way in one year of a bilateral cube, as the data API sums it. */
async function pairTotal(cube: string, from: string, to: string, year: number): Promise<number> {
  const response = await queryCube({
    cube,
    drilldowns: ["Year"],
    cuts: [
      { level: "Exporter Country", ids: [from] },
      { level: "Importer Country", ids: [to] },
    ],
    time: { kind: "list", years: [year] },
  });
  return response.data.reduce((s, r) => s + Number(r["Trade Value"] ?? 0), 0);
}

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-9 + 1e-6);

describe.skipIf(!present)("bilateral profile loaders on the package warehouse", () => {
  let loaders: Loaders;
  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
    loaders = await import("../bilateral");
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("DEU–FRA in 1990: HS4 products from the partial sample, summing to the sample's total for the pair, shares of that total", async () => {
    const snapshot = (await loaders.loadBilateralSnapshot("deu", "fra", 1990, "en"))!;
    expect(snapshot.year).toBe(1990);
    expect(snapshot.unknownYear).toBeNull();
    const { depth, source, exports, imports } = snapshot.products;
    expect(depth).toBe("hs4");
    const sample = (await dataCatalog()).entries.find((e) => e.dataset === source.dataset && e.year === 1990)!;
    expect(sample.partial).toBe(true);
    expect(exports.rows.length).toBeGreaterThan(100);
    for (const row of exports.rows.slice(0, 20)) expect(row.id).toMatch(/^\d{4}$/);
    const sum = exports.rows.reduce((s, r) => s + r.value, 0);
    close(sum, await pairTotal(sample.cube, "deu", "fra", 1990));
    close(exports.total.value, sum);
    close(
      imports.rows.reduce((s, r) => s + r.value, 0),
      await pairTotal(sample.cube, "fra", "deu", 1990),
    );
    expect(exports.total.provenance).toMatchObject({ dataset: source.dataset, year: 1990 });
    close(
      exports.rows.reduce((s, r) => s + (r.share ?? 0), 0),
      1,
    );
    // The hero's totals come from the section data of the same year, a dataset of their own.
    const sections = (await tradeYears({ depth: "section", bilateral: true })).find((s) => s.year === 1990)!;
    expect(snapshot.exports?.provenance).toMatchObject({ dataset: sections.dataset, year: 1990 });
    close(snapshot.exports!.value, await pairTotal(sections.cube, "deu", "fra", 1990));
  });

  it("says which depths exist for the pair, and falls back to sections where no finer data hold it", async () => {
    const coverage = await loaders.loadPairCoverage("deu", "fra", "en");
    const hs4 = coverage.depths.find((d) => d.depth === "hs4");
    expect(hs4?.years).toEqual([1989, 1990]);
    const sectionYears = (await tradeYears({ depth: "section", bilateral: true })).map((s) => s.year);
    expect(coverage.depths.find((d) => d.depth === "section")?.years).toEqual(sectionYears);
    expect(coverage.years).toEqual(sectionYears);

    const newest = (await loaders.loadBilateralSnapshot("deu", "fra", undefined, "en"))!;
    expect(newest.year).toBe(sectionYears.at(-1));
    expect(newest.products.depth).toBe(coverage.hs6Loaded ? newest.products.depth : "section");
    const fallback = (await loaders.loadBilateralSnapshot("deu", "fra", 1850, "en"))!;
    expect(fallback).toMatchObject({ year: newest.year, unknownYear: 1850 });

    // Australia is not among the sample's 23 countries: its 1990 products with Germany are sections.
    const deuAus = (await loaders.loadBilateralSnapshot("deu", "aus", 1990, "en"))!;
    expect(deuAus.products.depth).toBe("section");
    expect(deuAus.coverage.depths.map((d) => d.depth)).not.toContain("hs4");
  });

  it("gives a history point per catalogue year, both ways, with the balance", async () => {
    const sections = await tradeYears({ depth: "section", bilateral: true });
    const history = await loaders.loadBilateralHistory("deu", "fra", "en");
    expect(history.points.map((p) => p.year)).toEqual(sections.map((s) => s.year));
    const p2010 = history.points.find((p) => p.year === 2010)!;
    const cube = sections.find((s) => s.year === 2010)!.cube;
    close(p2010.exports!, await pairTotal(cube, "deu", "fra", 2010));
    close(p2010.imports!, await pairTotal(cube, "fra", "deu", 2010));
    close(p2010.balance!, p2010.exports! - p2010.imports!);
  });
});
