/**
 * The company explorer's loaders over a fixture company.csv imported into a temporary copy of the
 * tiny package (there is no open company data to ship), and without one.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_COMPANY_QUERY, parseCompanyQuery, type CompanyQuery } from "@/domain/companies/explorer";
import { closeWarehouse } from "@/server/warehouse/db";
import { copyTinyPackage, importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";
import { loadCompanyExplorer, loadCompanyExport, loadCompanyPreview } from "./companies";

const COMPANIES = [
  "id,name,country,hs4,exports_usd,year",
  "acme-mining,Acme Mining,CHL,2603,125000000,2022",
  "andes-copper,Andes Copper,chl,2603,300000000,2022",
  "sur,\"Viña Sur, S.A.\",arg,,,2023",
  "pampa,Pampa Minerals,ARG,2603,5000000,2023",
].join("\n");

const query = (over: Partial<CompanyQuery>): CompanyQuery => ({ ...DEFAULT_COMPANY_QUERY, ...over });

describe("company explorer loaders", () => {
  const out = path.join(tempDir("companies-test-"), "w.duckdb");
  beforeAll(async () => {
    const pkg = copyTinyPackage();
    fs.mkdirSync(path.join(pkg, "entities"), { recursive: true });
    fs.writeFileSync(path.join(pkg, "entities", "company.csv"), `${COMPANIES}\n`);
    process.env.WAREHOUSE_PATH = out;
    await importTiny(out, { dataDir: pkg });
  });
  afterAll(() => closeWarehouse());

  it("lists every company by value, largest first, those without a value last, with names in the locale", async () => {
    const page = await loadCompanyExplorer(DEFAULT_COMPANY_QUERY, "es");
    expect(page).toMatchObject({ loaded: true, count: 4, total: 4, page: 1, pages: 1 });
    expect(page.rows.map((r) => r.id)).toEqual(["andes-copper", "acme-mining", "pampa", "sur"]);
    expect(page.rows[0]).toEqual({ id: "andes-copper", name: "Andes Copper", country: "chl", countryName: "Chile", hs4: "2603", productName: "Minerales de cobre", value: 300000000, year: 2022 });
    expect(page.rows[3]).toMatchObject({ id: "sur", hs4: null, productName: null, value: null, countryName: "Argentina" });
  });

  it("offers the countries and products the companies name, in the reader's language", async () => {
    const page = await loadCompanyExplorer(DEFAULT_COMPANY_QUERY, "zh");
    expect(page.countries.map((c) => c.id).sort()).toEqual(["arg", "chl"]);
    expect(page.countries.find((c) => c.id === "chl")?.name).toBe("智利");
    expect(page.products).toHaveLength(1);
    expect(page.products[0].id).toBe("2603");
  });

  it("filters by country and product, and sorts by name both ways", async () => {
    expect((await loadCompanyExplorer(query({ country: "arg" }), "en")).rows.map((r) => r.id)).toEqual(["pampa", "sur"]);
    const copper = await loadCompanyExplorer(query({ hs4: "2603", sort: "name", direction: "asc" }), "en");
    expect(copper.total).toBe(3);
    expect(copper.rows.map((r) => r.name)).toEqual(["Acme Mining", "Andes Copper", "Pampa Minerals"]);
    const reversed = await loadCompanyExplorer(query({ sort: "name", direction: "desc" }), "en");
    expect(reversed.rows.map((r) => r.id)).toEqual(["sur", "pampa", "andes-copper", "acme-mining"]);
    const ascending = await loadCompanyExplorer(query({ direction: "asc" }), "en");
    expect(ascending.rows.map((r) => r.id)).toEqual(["pampa", "acme-mining", "andes-copper", "sur"]);
  });

  it("answers a filter nothing matches with no rows, and a page past the end with the last page", async () => {
    const none = await loadCompanyExplorer(query({ country: "usa" }), "en");
    expect(none).toMatchObject({ loaded: true, count: 4, total: 0, rows: [], pages: 1 });
    expect((await loadCompanyExplorer(query({ page: 90_000 }), "en")).page).toBe(1);
  });

  it("treats hostile parameters as data, never as SQL", async () => {
    const hostile = parseCompanyQuery({ country: "chl' OR '1'='1", product: "1=1", sort: "1; DROP TABLE x" });
    expect((await loadCompanyExplorer(hostile.query, "en")).total).toBe(4);
    // Even a value that slipped past the parser is only ever a bound parameter.
    expect((await loadCompanyExplorer(query({ country: "chl' OR '1'='1" }), "en")).total).toBe(0);
  });

  it("exports every matching row in the page's order, and previews the largest", async () => {
    const rows = await loadCompanyExport(query({ country: "chl", page: 7 }), "en");
    expect(rows?.map((r) => [r.id, r.value])).toEqual([
      ["andes-copper", 300000000],
      ["acme-mining", 125000000],
    ]);
    const preview = await loadCompanyPreview("en", 2);
    expect(preview.count).toBe(4);
    expect(preview.rows.map((r) => r.id)).toEqual(["andes-copper", "acme-mining"]);
  });
});

describe("company explorer loaders without a company file", () => {
  const out = path.join(tempDir("companies-none-"), "w.duckdb");
  beforeAll(async () => {
    closeWarehouse();
    process.env.WAREHOUSE_PATH = out;
    await importTiny(out);
  });
  afterAll(() => closeWarehouse());

  it("says none are loaded, with nothing to filter, export or preview", async () => {
    expect(await loadCompanyExplorer(DEFAULT_COMPANY_QUERY, "en")).toEqual({ loaded: false, count: 0, total: 0, page: 1, pages: 1, rows: [], countries: [], products: [] });
    expect(await loadCompanyExport(DEFAULT_COMPANY_QUERY, "en")).toBeNull();
    expect(await loadCompanyPreview("en")).toEqual({ count: 0, rows: [] });
  });
});
