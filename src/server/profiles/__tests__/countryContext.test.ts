/**
 * The country-context loaders against the package warehouse (data/warehouse.duckdb): figures equal
 * the package's indicators file and the stored complexity ranking, years come from the catalogue.
 * Skipped when the warehouse is absent.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataCatalog, rankedYears, tradeYears } from "@/server/catalog/catalog";
import { queryCube } from "@/server/warehouse/client";
import { closeWarehouse, withWarehouse } from "@/server/warehouse/db";
import { PROJECT_ROOT, SHARED_PACKAGE } from "@/server/warehouse/__tests__/helpers";
import { loadCountryIndicators, loadCountryServices, loadEciHistory, loadTradeShareOfGdp } from "../countryContext";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
const INDICATORS_CSV = path.join(SHARED_PACKAGE, "indicators_country_year.csv");
const present = fs.existsSync(WAREHOUSE);

/** Chile's rows of the package's indicators file: year -> { gdp, population } (null where empty). */
function packageIndicators(iso3: string): Map<number, { gdp: number | null; population: number | null }> {
  const out = new Map<number, { gdp: number | null; population: number | null }>();
  const [header, ...lines] = fs.readFileSync(INDICATORS_CSV, "utf8").trim().split(/\r?\n/);
  const cols = header.split(",");
  const at = (name: string) => cols.indexOf(name);
  for (const line of lines) {
    const cells = line.split(",");
    if (cells[at("iso3")] !== iso3) continue;
    const value = (name: string) => (cells[at(name)] === "" ? null : Number(cells[at(name)]));
    out.set(Number(cells[at("year")]), { gdp: value("gdp"), population: value("population") });
  }
  return out;
}

const close = (actual: number | null | undefined, expected: number) => {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-9 + 1e-6);
};

describe.skipIf(!present)("country context loaders on the package warehouse", () => {
  beforeAll(() => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("gives Chile's GDP and population for every catalogue year, equal to the indicators table", async () => {
    const indicators = (await loadCountryIndicators("chl", "en"))!;
    expect(indicators).not.toBeNull();
    const catalogYears = (await dataCatalog()).entries.filter((e) => e.kind === "indicators" && !e.partial).map((e) => e.year);
    expect(indicators.years).toEqual([...new Set(catalogYears)].sort((a, b) => a - b));
    expect(indicators.rows.map((r) => r.year)).toEqual(indicators.years);
    expect(indicators.sources).toEqual(["wdi"]);
    expect(indicators.query.apiUrl).toMatch(/^\/api\/data\?cube=/);

    if (fs.existsSync(INDICATORS_CSV)) {
      const expected = packageIndicators("chl");
      const y2018 = indicators.rows.find((r) => r.year === 2018)!;
      close(y2018.gdp, expected.get(2018)!.gdp!);
      close(y2018.population, expected.get(2018)!.population!);
      close(y2018.gdpPerCapita, expected.get(2018)!.gdp! / expected.get(2018)!.population!);
      // The newest stats are the newest year of the file with a value.
      const newestGdp = Math.max(...[...expected.entries()].filter(([, v]) => v.gdp !== null).map(([y]) => y));
      expect(indicators.latest.gdp).toEqual({ year: newestGdp, value: expect.any(Number) });
      close(indicators.latest.gdp!.value, expected.get(newestGdp)!.gdp!);
    }
    // The same figure as the warehouse's own fact table.
    const [row] = await withWarehouse((s) => s.query("SELECT gdp FROM fact_wdi_indicators WHERE country = 'chl' AND year = 2018"));
    close(indicators.rows.find((r) => r.year === 2018)!.gdp, Number(row.gdp));
  });

  it("divides goods trade by GDP of the same year, only where both exist", async () => {
    const [share, indicators] = await Promise.all([loadTradeShareOfGdp("chl", "en"), loadCountryIndicators("chl", "en")]);
    expect(share).not.toBeNull();
    const sectionYears = (await dataCatalog()).entries.filter((e) => e.kind === "goods" && e.depth === "section" && e.bilateral && !e.partial).map((e) => e.year);
    const gdpYears = indicators!.rows.filter((r) => r.gdp !== null).map((r) => r.year);
    for (const r of share!.rows) {
      expect(sectionYears).toContain(r.year);
      expect(gdpYears).toContain(r.year);
      expect(r.gdp).toBe(indicators!.rows.find((i) => i.year === r.year)!.gdp);
      expect(r.share).toBeCloseTo((r.exports + r.imports) / r.gdp, 12);
    }
    // The numerator is the section dataset's goods trade of that year, as the data API answers it.
    const y2018 = share!.rows.find((r) => r.year === 2018)!;
    expect(y2018).toBeDefined();
    const source = (await tradeYears({ depth: "section", bilateral: true })).find((s) => s.year === 2018)!;
    const sum = async (level: string) =>
      (await queryCube({ cube: source.cube, drilldowns: ["Year"], cuts: [{ level, ids: ["chl"] }], time: { kind: "list", years: [2018] } })).data.reduce((t, r) => t + Number(r["Trade Value"]), 0);
    close(y2018.exports, await sum("Exporter Country"));
    close(y2018.imports, await sum("Importer Country"));
    expect(share!.tradeSources).toEqual(["ots"]);
    expect(share!.gdpSources).toEqual(["wdi"]);
  });

  it("lists Chile's ECI and rank in every full ranked year, as stored", async () => {
    const history = (await loadEciHistory("chl", "en"))!;
    const all = await rankedYears("hs92_hs4");
    expect(history.points.map((p) => p.year)).toEqual(all.filter((e) => !e.partial).map((e) => e.year));
    expect(history.excluded.map((e) => e.year)).toEqual(all.filter((e) => e.partial).map((e) => e.year));
    const stored = await withWarehouse((s) => s.query("SELECT year, eci, eci_rank FROM complexity_eci_hs92_hs4 WHERE country = 'chl'"));
    const byYear = new Map(stored.map((r) => [Number(r.year), r]));
    for (const p of history.points) {
      const s = byYear.get(p.year);
      if (!s) {
        expect(p.eci).toBeNull();
        continue;
      }
      close(p.eci, Number(s.eci));
      expect(p.rank).toBe(Number(s.eci_rank));
      expect(p.ranked).toBe(all.find((e) => e.year === p.year)!.reporters);
    }
    expect(history.points.filter((p) => p.eci !== null).length).toBeGreaterThanOrEqual(2);
  });

  it("gives services exports for every catalogue year the country reports, summing to the stored total", async () => {
    const services = (await loadCountryServices("chl", "en"))!;
    const catalogYears = (await dataCatalog()).entries.filter((e) => e.kind === "services" && !e.partial).map((e) => e.year);
    expect(services.catalogYears).toEqual([...new Set(catalogYears)].sort((a, b) => a - b));
    const stored = await withWarehouse((s) => s.query("SELECT year, SUM(trade_value) AS v FROM fact_services_eb02 WHERE exporter = 'chl' GROUP BY year ORDER BY year"));
    expect(services.years.map((y) => y.year)).toEqual(stored.filter((r) => Number(r.v) > 0).map((r) => Number(r.year)));
    for (const y of services.years) close(y.total, Number(stored.find((r) => Number(r.year) === y.year)!.v));
    expect(await loadCountryServices("deu", "en")).toBeNull();
  });
});
