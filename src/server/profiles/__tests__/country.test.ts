/**
 * The country profile's section loaders (server/profiles/country.ts) on the package warehouse
 * (data/warehouse.duckdb); skipped when it is absent. Each loader's rows are checked against a
 * plain query of the data client for the same dataset and year, never typed in.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWarehouse } from "@/server/warehouse/db";
import { queryCube } from "@/server/warehouse/client";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
const present = fs.existsSync(WAREHOUSE);

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-9 + 1e-6);

describe.skipIf(!present)("country profile loaders on the package warehouse", () => {
  let country: typeof import("../country");
  let sources: typeof import("../sources");
  const chl = { kind: "country" as const, id: "chl" };

  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
    country = await import("../country");
    sources = await import("../sources");
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("exports and imports over every section year, the newest year with exports and its dataset", async () => {
    const profile = await sources.profileSources();
    const series = (await country.loadCountryTradeSeries(chl, profile, "en"))!;
    expect(series).not.toBeNull();
    expect(series.years).toEqual([...series.years].sort((a, b) => a - b));
    expect(series.latest).toBe(series.years.at(-1));
    expect(series.latestSource.year).toBe(series.latest);
    const answer = await queryCube(sources.tradeQuery(series.latestSource, { flow: "export", years: [series.latest], own: ["chl"], drilldowns: ["Year"] }), "en");
    close(country.valueIn(series.exports, series.latest), answer.data.reduce((s, r) => s + Number(r["Trade Value"] ?? 0), 0));
    expect(country.valueIn(series.imports, series.latest)).toBeGreaterThan(0);
    expect(country.valueIn(series.exports, 1000)).toBe(0);
    expect(series.apiUrl).toContain("/api/data?");
  });

  it("products, sections and partners of one year: positive rows of one answer and that answer's total", async () => {
    const profile = await sources.profileSources();
    const series = (await country.loadCountryTradeSeries(chl, profile, "en"))!;
    const productYear = profile.productExports.at(-1)!;
    const products = (await country.loadCountryProducts(chl, productYear, "export", "hs4", "en"))!;
    expect(products.items.length).toBeGreaterThan(100);
    for (const p of products.items.slice(0, 10)) expect(p.id).toMatch(/^\d{4}$/);
    expect(products.items.every((p) => p.value > 0)).toBe(true);
    expect(products.items[0].value).toBeGreaterThanOrEqual(products.items[1].value);
    close(products.items.reduce((s, p) => s + p.value, 0), products.total);
    // A continent has no product detail; neither does a year without a dataset.
    expect(await country.loadCountryProducts({ kind: "continent", id: "sa" }, productYear, "export", "hs4", "en")).toBeNull();
    expect(await country.loadCountryProducts(chl, null, "export", "hs4", "en")).toBeNull();

    const sections = await country.loadCountrySections(chl, series.latestSource, series.latest, "en");
    close(sections.total, country.valueIn(series.exports, series.latest));
    expect(sections.items.length).toBeGreaterThan(5);

    const destinations = await country.loadCountryPartners(chl, series.latestSource, series.latest, "export", "en");
    expect(destinations.items.some((p) => p.id === "chl")).toBe(false);
    expect(destinations.items.length).toBeGreaterThan(20);
    // Every partner but the country itself (the data hold a little re-imported "trade with itself").
    const within = (part: number, whole: number) => {
      expect(part).toBeLessThanOrEqual(whole * (1 + 1e-9));
      expect(part).toBeGreaterThan(whole * 0.99);
    };
    within(destinations.total, country.valueIn(series.exports, series.latest));
    const origins = await country.loadCountryPartners(chl, series.latestSource, series.latest, "import", "en");
    expect(origins.items.some((p) => p.id === "chl")).toBe(false);
    within(origins.total, country.valueIn(series.imports, series.latest));
  });

  it("opportunities: products without advantage (RCA below 1), best gain first", async () => {
    const profile = await sources.profileSources();
    const year = profile.complexity.at(-1)?.year;
    if (year === undefined) return;
    const list = (await country.loadCountryOpportunities("chl", profile.complexitySet, year, "en"))!;
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(10);
    for (const o of list) expect(o.rca).toBeLessThan(1);
    for (let i = 1; i < list.length; i++) expect(list[i - 1].gain).toBeGreaterThanOrEqual(list[i].gain);
  });
  it("gives a reporter only a product dataset holds (Taiwan) its exports and top product of one dataset and year", async () => {
    const all = await sources.profileSources();
    const twn = { kind: "country" as const, id: "twn" };
    expect(await country.loadCountryTradeSeries(twn, all, "en")).toBeNull();
    const only = (await country.loadProductOnlyExports(twn, all, "en"))!;
    expect(only.total.value).toBeGreaterThan(1e11);
    expect(only.total.provenance).toMatchObject({ dataset: only.source.dataset, year: only.source.year });
    const answer = await queryCube({ cube: only.source.cube, drilldowns: ["Country"], cuts: [{ level: "Country", ids: ["twn"] }, { level: "Trade Flow", ids: [2] }, { level: "Year", ids: [only.source.year] }] }, "en");
    close(only.total.value, Number(answer.data[0]!["Trade Value"]));
    expect(only.top!.id).not.toBe("9999");
    close(only.top!.share!, only.top!.value.value / only.total.value);
    // A country the section trade holds is not asked here; a continent never is.
    expect(await country.loadProductOnlyExports({ kind: "continent", id: "as" }, all, "en")).toBeNull();
  });
});
