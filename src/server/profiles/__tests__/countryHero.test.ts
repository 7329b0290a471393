/**
 * One figure, one source (issue 34): the hero of EVERY country in the package warehouse is built
 * from one year, and its top export's share is that product's value over the total of the same
 * dataset and year. Totals are re-read here with plain per-country queries, not taken from the
 * loader. Skipped without data/warehouse.duckdb.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUnspecifiedProduct } from "@/domain/catalog/unspecified";
import { closeWarehouse } from "@/server/warehouse/db";
import { getMembers, queryCube } from "@/server/warehouse/client";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
const present = fs.existsSync(WAREHOUSE);

describe.skipIf(!present)("the country hero on the package warehouse", () => {
  let loadCountryHero: typeof import("../countryHero").loadCountryHero;
  let sources: typeof import("../sources");

  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
    ({ loadCountryHero } = await import("../countryHero"));
    sources = await import("../sources");
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  /** Exports per country of one dataset-year, read straight from its cube. */
  const totals = new Map<string, Promise<Map<string, number>>>();
  function exportsOf(dataset: string, year: number, list: readonly import("@/domain/catalog/catalog").YearSource[]): Promise<Map<string, number>> {
    const key = `${dataset}|${year}`;
    if (!totals.has(key)) {
      const source = list.find((s) => s.dataset === dataset && s.year === year)!;
      totals.set(
        key,
        queryCube(sources.tradeQuery(source, { flow: "export", years: [year], drilldowns: ["Country"] }), "en").then((r) => {
          const level = source.bilateral ? "Exporter Country" : "Country";
          return new Map(r.data.map((row) => [String(row[`${level} ID`]), Number(row["Trade Value"] ?? 0)]));
        }),
      );
    }
    return totals.get(key)!;
  }

  it("names one year, and the top export's share is value ÷ total of that dataset and year, for every country", { timeout: 900_000 }, async () => {
    const countries = await getMembers("country", "en");
    const profile = await sources.profileSources();
    let heroes = 0;
    let checkedShares = 0;
    const queue = [...countries];
    const failures: string[] = [];
    async function worker() {
      for (let c = queue.shift(); c; c = queue.shift()) {
        const id = String(c.id);
        const hero = await loadCountryHero({ kind: "country", id }, "en");
        if (!hero) continue;
        heroes++;
        // Every figure is of the year the sentence names.
        for (const f of hero.figures) if (f.provenance.year !== hero.year) failures.push(`${id}: a ${f.provenance.dataset} figure of ${f.provenance.year} in a ${hero.year} hero`);
        const section = await exportsOf(hero.exports.provenance.dataset, hero.year, profile.sections);
        if (Math.abs(hero.exports.value - (section.get(id) ?? 0)) > 1) failures.push(`${id}: exports ${hero.exports.value} against ${section.get(id)}`);
        const top = hero.topExport;
        if (!top) continue;
        if (isUnspecifiedProduct(top.id)) failures.push(`${id}: Unspecified named as the top export`);
        expect(top.value.provenance).toEqual(top.total.provenance);
        const list = top.depth === "hs4" ? profile.productExports : profile.sections;
        const total = (await exportsOf(top.total.provenance.dataset, hero.year, list)).get(id) ?? 0;
        const expected = top.value.value / total;
        if (top.share === null || Math.abs(top.share - expected) > 0.001) failures.push(`${id}: share ${top.share} against ${expected} (${top.value.value} / ${total})`);
        checkedShares++;
      }
    }
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(failures).toEqual([]);
    // The package has some 220 reporting countries: nearly all get a hero with a top export.
    expect(heroes).toBeGreaterThan(150);
    expect(checkedShares).toBeGreaterThan(150);
  });

  it("Chile: 2018 throughout, Copper Ore's share of the 2018 product data (not the 2019 Atlas)", async () => {
    const hero = (await loadCountryHero({ kind: "country", id: "chl" }, "en"))!;
    expect(hero.year).toBe(2018);
    expect(hero.topExport?.name).toBe("Copper Ore");
    expect(hero.topExport!.value.provenance).toMatchObject({ year: 2018 });
    expect(hero.topExport!.share!).toBeCloseTo(hero.topExport!.value.value / hero.topExport!.total.value, 10);
    // The 2018 product total is Chile's 2018 exports: the share reads against the sentence's total.
    expect(Math.abs(hero.topExport!.total.value - hero.exports.value) / hero.exports.value).toBeLessThan(0.001);
    if (hero.eci) expect(hero.eci.rank.provenance.year).toBe(2018);
  });

  it("continents too: one year, the largest section's share of the same file's total", async () => {
    const continents = await getMembers("continent", "en");
    let heroes = 0;
    for (const c of continents) {
      const hero = await loadCountryHero({ kind: "continent", id: String(c.id) }, "en");
      if (!hero) continue;
      heroes++;
      for (const f of hero.figures) expect(f.provenance.year, String(c.id)).toBe(hero.year);
      if (!hero.topExport) continue;
      expect(hero.topExport.depth).toBe("section");
      expect(hero.topExport.total.value).toBeCloseTo(hero.exports.value, -3);
      expect(hero.topExport.share!).toBeCloseTo(hero.topExport.value.value / hero.exports.value, 6);
    }
    expect(heroes).toBeGreaterThanOrEqual(5);
  });

  it("an asked year is the year of every figure", async () => {
    const hero = (await loadCountryHero({ kind: "country", id: "chl" }, "en", 2000))!;
    expect(hero.year).toBe(2000);
    for (const f of hero.figures) expect(f.provenance.year).toBe(2000);
    // No product detail for 2000: the top export is the largest section, of the section file's total.
    expect(hero.topExport?.depth).toBe("section");
    expect(hero.topExport!.total.value).toBeCloseTo(hero.exports.value, 0);
  });
});
