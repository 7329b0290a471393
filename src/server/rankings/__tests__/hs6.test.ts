/**
 * ECI and PCI rankings at HS6 from a BACI download. The shared BACI sample has two countries (too
 * few to rank), so this test writes a BACI folder of its own: 40 exporters and 240 HS6 products in
 * two years, nested (the more diversified a country, the more products it exports), with values
 * large enough to pass the published sample filters. The import ranks both years; the catalogue,
 * the menus' "latest" ranking and the ranking loaders then reach HS6 by themselves.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestRankingPath, hasRanking } from "@/server/catalog/rankings";
import { rankedYears } from "@/server/catalog/catalog";
import { loadEciRanking, loadPciRanking, rankingSource } from "@/server/rankings/complexity";
import { complexityRuns } from "@/server/warehouse/complexity";
import { closeWarehouse } from "@/server/warehouse/db";
import { clearResultCache } from "@/server/warehouse/execute";
import { getComplexitySet } from "@/server/warehouse/registry";
import { importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";

const COUNTRIES = 40;
const PRODUCTS = 240;
// Newer than any year of the tiny package, as a BACI download is.
const YEARS = [2020, 2021];
// Chapters spread over the sections, so products have sections and colours.
const CHAPTERS = ["03", "08", "15", "22", "27", "29", "39", "41", "44", "48", "52", "61", "64", "69", "71", "72", "84", "85", "87", "90", "93", "94"];

function writeBaci(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  // Two HS6 subheadings per HS4 heading, so the HS4 ranking sums them.
  const n = CHAPTERS.length;
  const codes = Array.from({ length: PRODUCTS }, (_, p) => `${CHAPTERS[p % n]}${10 + Math.floor(p / (2 * n))}${10 + (Math.floor(p / n) % 2)}`);
  fs.writeFileSync(path.join(dir, "product_codes_HS12_V202401.csv"), `code,description\n${codes.map((c) => `${c},Synthetic product ${c}`).join("\n")}\n`);
  // Numeric codes 901..940 are outside ISO 3166: the importer names them from this file.
  const countries = Array.from({ length: COUNTRIES }, (_, c) => ({ code: 901 + c, iso3: `x${String.fromCharCode(97 + Math.floor(c / 26))}${String.fromCharCode(97 + (c % 26))}`, name: `Synthetic ${c + 1}` }));
  fs.writeFileSync(
    path.join(dir, "country_codes_V202401.csv"),
    `country_code,country_name,country_iso2,country_iso3\n${countries.map((c) => `${c.code},${c.name},,${c.iso3.toUpperCase()}`).join("\n")}\n`,
  );
  for (const year of YEARS) {
    const lines = ["t,i,j,k,v,q"];
    for (let c = 0; c < COUNTRIES; c++) {
      // Country c exports the first 12 + 5c products (nested), to its next neighbour.
      const reach = Math.min(PRODUCTS, 12 + 5 * c + (year === YEARS[1] && c % 3 === 0 ? 6 : 0));
      const partner = countries[(c + 1) % COUNTRIES].code;
      for (let p = 0; p < reach; p++) {
        // Thousands of USD: about USD 40-120 million per flow.
        const value = 40_000 + ((c * 7919 + p * 104_729 + year) % 80_000);
        lines.push(`${year},${countries[c].code},${partner},${codes[p]},${value},NA`);
      }
    }
    fs.writeFileSync(path.join(dir, `BACI_HS12_Y${year}_V202401.csv`), `${lines.join("\n")}\n`);
  }
}

describe("ECI and PCI rankings at HS6 and HS4 from a BACI download", () => {
  const dir = tempDir("baci-hs6-");
  const out = path.join(dir, "warehouse.duckdb");
  const saved = process.env.WAREHOUSE_PATH;

  beforeAll(async () => {
    writeBaci(path.join(dir, "baci"));
    process.env.WAREHOUSE_PATH = out;
    const outcome = await importTiny(out, { baciDirs: [path.join(dir, "baci")] });
    expect(outcome.status).toBe("built");
    closeWarehouse();
    clearResultCache();
  }, 120_000);
  afterAll(() => {
    closeWarehouse();
    clearResultCache();
    if (saved === undefined) delete process.env.WAREHOUSE_PATH;
    else process.env.WAREHOUSE_PATH = saved;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("ranks every BACI year at HS6 on import, and the catalogue lists them", async () => {
    const runs = await complexityRuns("hs12_hs6");
    expect(runs.map((r) => [r.year, r.status])).toEqual(YEARS.map((y) => [y, "computed"]));
    for (const run of runs) {
      expect(run.countries).toBeGreaterThan(30);
      expect(run.products).toBeGreaterThan(150);
    }
    expect((await rankedYears("hs12_hs6")).map((e) => e.year)).toEqual(YEARS);
    expect(await hasRanking("hs6", "hs12")).toBe(true);
    // And at HS4: the same exports summed to headings, ranked for every BACI year too.
    const hs4 = await complexityRuns("hs12_hs4");
    expect(hs4.map((r) => [r.year, r.status])).toEqual(YEARS.map((y) => [y, "computed"]));
    expect(hs4[1].products).toBeLessThan((await complexityRuns("hs12_hs6"))[1].products);
    expect(await hasRanking("hs4", "hs12")).toBe(true);
  });

  it("makes HS6 the menus' latest ranking when it is the newest and finest", async () => {
    const latest = await latestRankingPath();
    expect(latest).toEqual({ depth: "hs6", revision: "hs12" });
  });

  it("loads the ECI ranking with rank changes and the PCI ranking of HS6 products", async () => {
    const set = getComplexitySet("hs12_hs6")!;
    const { source } = await rankingSource(set, null);
    expect(source?.run.year).toBe(YEARS[1]);
    expect(source?.previousYear).toBe(YEARS[0]);
    const eci = await loadEciRanking(set, source!, "en");
    expect(eci.rows.length).toBeGreaterThan(30);
    expect(eci.rows.map((r) => r.rank)).toEqual(eci.rows.map((_, i) => i + 1));
    // The most diversified exporters rank first in a nested matrix.
    expect(eci.rows[0].name).toMatch(/^Synthetic (3\d|40)$/);
    expect(eci.rows.some((r) => typeof r.change === "number" && r.change !== 0)).toBe(true);
    expect(eci.apiUrl).toContain("cube=complexity_eci_a_hs12_hs6");
    const pci = await loadPciRanking(set, source!, "en");
    expect(pci.rows.length).toBeGreaterThan(150);
    for (const row of pci.rows.slice(0, 20)) expect(row.id).toMatch(/^\d{6}$/);
    expect(pci.apiUrl).toContain("drilldowns=HS6");
  });
});
