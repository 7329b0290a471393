import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bilateralBySection,
  countryIndicators,
  countryPartners,
  countryServices,
  countryTopProducts,
  countryTradeBySection,
  countryTradeSeries,
  cubeYears,
  dataApiUrl,
  getMembers,
  listCubes,
  productTopCountries,
  queryCube,
  spanishProvinces,
  worldTradeByYear,
} from "../client";
import { closeWarehouse } from "../db";
import { WarehouseError } from "../errors";
import { importTiny, tempDir } from "./helpers";

const dir = tempDir("client-test-");
beforeAll(async () => {
  process.env.WAREHOUSE_PATH = path.join(dir, "w.duckdb");
  await importTiny(process.env.WAREHOUSE_PATH);
});
afterAll(() => {
  closeWarehouse();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("typed client", () => {
  it("profile helpers answer with real rows", async () => {
    const chile = await countryTopProducts({ country: "chl", limit: 1 });
    expect(chile.data[0]).toMatchObject({ "HS4 ID": "2603", "Trade Value": 19_248_140_501 });
    const germany = await countryTopProducts({ country: "deu", limit: 1, parents: true }, "es");
    expect(germany.data[0]).toMatchObject({ "HS4 ID": "8703", "Trade Value": 167_765_779_439, "Section ID": "17" });
    expect((await countryServices({ country: "usa" })).data[0]).toMatchObject({ "Service ID": "2", "Trade Value": 205_940_000_000 });

    // China re-imports its own goods (self-trade rows): partner lists leave them out, totals keep them.
    const bySection = await countryTradeBySection({ country: "chn", year: 2018 });
    const partners = await countryPartners({ country: "chn", year: 2018 });
    expect(partners.data.some((r) => r["Importer Country ID"] === "chn")).toBe(false);
    expect(partners.columns).toEqual(["Importer Continent ID", "Importer Continent", "Importer Country ID", "Importer Country", "Trade Value"]);
    const origins = await countryPartners({ country: "deu", year: 2018, flow: "imports" });
    expect(origins.data.some((r) => r["Exporter Country ID"] === "deu")).toBe(false);
    const sum = (rows: Record<string, unknown>[]) => rows.reduce((s, r) => s + Number(r["Trade Value"]), 0);
    expect(sum(bySection.data)).toBeGreaterThan(sum(partners.data));

    const series = await countryTradeSeries({ country: "chl" });
    expect(series.data.map((r) => r.Year)).toEqual([1990, 2017, 2018]);
    expect(series.columns).toContain("Trade Value Growth");
    expect((await worldTradeByYear()).data).toHaveLength(3);
    expect((await bilateralBySection({ exporter: "chl", importer: "chn", year: 2018 })).data[0]["Section ID"]).toBe("5");
    expect((await productTopCountries({ level: "HS4", id: "2603", year: 2018, limit: 1 })).data[0]["Country ID"]).toBe("chl");
    expect((await productTopCountries({ level: "Section", id: "5", year: 2018, limit: 3 })).data.length).toBeGreaterThan(0);
    expect((await spanishProvinces({ section: "17" })).data.length).toBeGreaterThan(0);
    expect((await countryIndicators({ country: "chl" })).columns).toEqual(["Year ID", "Year", "GDP", "Population", "GDP per Capita"]);
  });

  it("validates typed queries exactly like the API", async () => {
    await expect(queryCube({ cube: "trade_i_ots_a_sections", drilldowns: ["Nope"] })).rejects.toBeInstanceOf(WarehouseError);
    await expect(queryCube({ cube: "trade_i_ots_a_sections", cuts: [{ level: "Exporter Country", ids: ["x'--"] }] })).rejects.toMatchObject({
      code: "invalid_cut",
    });
    await expect(queryCube({ cube: "trade_i_ots_a_sections", limit: 20_000 })).rejects.toMatchObject({ code: "limit_out_of_range" });
  });

  it("builds the equivalent /api/data URL", () => {
    const url = dataApiUrl({ cube: "trade_i_ots_a_sections", drilldowns: ["Section"], cuts: [{ level: "Exporter Country", ids: ["deu"] }], time: { kind: "latest" } }, "zh");
    expect(url).toBe("/api/data?cube=trade_i_ots_a_sections&drilldowns=Section&cut=Exporter+Country%3Ddeu&time=latest&locale=zh");
  });

  it("lists cubes and members with localised names", async () => {
    const cubes = await listCubes("zh");
    expect(cubes.find((c) => c.name === "trade_i_ots_a_hs4")).toMatchObject({ available: true, years: [2018] });
    expect(await cubeYears("trade_i_ots_a_sections")).toEqual([1990, 2017, 2018]);
    const countries = await getMembers("country", "zh");
    expect(countries.find((c) => c.id === "deu")).toMatchObject({ name: "德国", fallback: false, parentId: "eu" });
    expect(countries.find((c) => c.id === "sun")).toMatchObject({ fallback: true });
    const sections = await getMembers("section", "es");
    expect(sections.find((s) => s.id === "5")).toMatchObject({ name: "Productos minerales", color: expect.stringMatching(/^#/) });
    const hs4 = await getMembers("hs4");
    expect(hs4.find((h) => h.id === "2603")).toMatchObject({ parentId: "26", attributes: expect.objectContaining({ section_id: "5" }) });
    expect((await getMembers("flow", "es")).map((f) => f.name)).toEqual(["Importaciones", "Exportaciones"]);
  });
});
