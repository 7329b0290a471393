/**
 * The compare loaders on the package warehouse: the same figures as the profiles (one question,
 * one dataset), every figure with its provenance, shares of totals of the same dataset and year.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparable, seriesBreaks } from "@/domain/catalog/catalog";
import { closeWarehouse } from "@/server/warehouse/db";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");

describe.skipIf(!fs.existsSync(WAREHOUSE))("compare loaders on the package warehouse", () => {
  let countries: typeof import("../countries");
  let productsLoader: typeof import("../products");
  let sources: typeof import("@/server/profiles/sources");
  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
    countries = await import("../countries");
    productsLoader = await import("../products");
    sources = await import("@/server/profiles/sources");
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("gives Chile's and Peru's 2018 exports and imports as their country profiles do", async () => {
    const comparison = await countries.loadCountryComparison({ kind: "countries", ids: ["chl", "per"] }, "en");
    expect(comparison.entities.map((e) => e.name)).toEqual(["Chile", "Peru"]);
    const { sections } = await sources.profileSources();
    for (const id of ["chl", "per"]) {
      // The country profile's question: section trade with the world, per year (CountryProfile.tsx).
      const [exports, imports] = await Promise.all(
        (["export", "import"] as const).map((flow) => sources.loadAcross(sections, { flow, own: [id], drilldowns: ["Year"] }, "en")),
      );
      const profile = (rows: typeof exports.rows) => Number(rows.find((r) => Number(r.Year) === 2018)?.["Trade Value"]);
      const row = comparison.trade.rows.find((r) => r.id === id && r.year === 2018)!;
      expect(row.exports).toBeGreaterThan(0);
      expect(row.exports).toBeCloseTo(profile(exports.rows), 0);
      expect(row.imports).toBeCloseTo(profile(imports.rows), 0);
      expect(row.balance).toBeCloseTo(row.exports - row.imports, 0);
      expect(row.provenance).toMatchObject({ year: 2018, dataset: sections.find((s) => s.year === 2018)!.dataset });
    }
    // Every year of the series is a catalogue year of section trade.
    expect(comparison.trade.years.map((y) => y.year)).toEqual(sections.map((s) => s.year));
  });

  it("breaks both baskets down in one year and dataset, shares of each country's own total", async () => {
    const { trade, basket } = await countries.loadCountryComparison({ kind: "countries", ids: ["chl", "per"] }, "en");
    expect(basket.provenance).not.toBeNull();
    for (const id of ["chl", "per"]) {
      const parts = basket.rows.filter((r) => r.id === id);
      expect(parts.length).toBeGreaterThan(3);
      expect(parts.every((p) => p.provenance.year === basket.provenance!.year && comparable(p.provenance, basket.provenance!))).toBe(true);
      expect(parts.reduce((s, p) => s + (p.share ?? 0), 0)).toBeCloseTo(1, 6);
      // The basket's total is the year's exports on the trade chart.
      const exports = trade.rows.find((r) => r.id === id && r.year === basket.provenance!.year)!.exports;
      expect(basket.totals.find((t) => t.id === id)!.value).toBeCloseTo(exports, 0);
    }
    // Chile's largest export section: Mineral Products (copper).
    const chile = basket.rows.filter((r) => r.id === "chl").sort((a, b) => b.value - a.value);
    expect(chile[0].partName).toBe("Mineral Products");
    expect(chile[0].color).toMatch(/^#/);
  });

  it("gives the ECI and rank of each ranked year, marking where the ranking's release changes", async () => {
    const { eci } = await countries.loadCountryComparison({ kind: "countries", ids: ["chl", "per"] }, "en");
    const { complexity } = await sources.profileSources();
    expect(eci.years.map((y) => y.year)).toEqual(complexity.map((e) => e.year));
    const chile = eci.rows.filter((r) => r.id === "chl");
    expect(chile.length).toBeGreaterThan(0);
    expect(chile.every((r) => r.rank !== null && r.rank >= 1 && (r.ranked === null || r.rank <= r.ranked))).toBe(true);
    expect(seriesBreaks(eci.years)).toEqual(seriesBreaks(complexity));
  });

  it("compares products on one dataset per chart, with each product's top exporters in one year", async () => {
    const comparison = await productsLoader.loadProductComparison({ kind: "products", ids: ["2603", "7403"] }, "en");
    expect(comparison.entities.map((e) => e.id)).toEqual(["2603", "7403"]);
    expect(new Set(comparison.world.years.map((y) => y.dataset)).size).toBe(1);
    // The longest single dataset: the Atlas's world series (1995-2023) once it is imported.
    const { dataCatalog } = await import("@/server/catalog/catalog");
    const { longestSeries } = await import("@/domain/compare/series");
    const entries = (await dataCatalog()).entries;
    expect(comparison.world.years.map((y) => y.year)).toEqual(longestSeries(entries, { depth: "hs4", flow: "export", scope: "world" }).map((y) => y.year));
    if (entries.some((e) => e.dataset === "atlas_world_hs4")) {
      expect(comparison.world.years[0].dataset).toBe("atlas_world_hs4");
      expect(comparison.world.rows.filter((r) => r.id === "2603").length).toBeGreaterThan(20);
    }
    expect(comparison.world.rows.some((r) => r.id === "2603" && r.value > 0)).toBe(true);
    const exporters = comparison.exporters;
    expect(exporters.provenance).not.toBeNull();
    const copperOre = exporters.rows.filter((r) => r.id === "2603");
    expect(copperOre[0].partId).toBe("chl");
    expect(copperOre.length).toBeLessThanOrEqual(productsLoader.TOP_EXPORTERS);
    expect(copperOre.reduce((s, r) => s + (r.share ?? 0), 0)).toBeLessThanOrEqual(1 + 1e-9);
    expect(comparison.pci.rows.some((r) => r.id === "2603")).toBe(true);
  });

  it("answers products of different depths from a dataset holding the finest of them", async () => {
    const comparison = await productsLoader.loadProductComparison({ kind: "products", ids: ["section-5", "26", "2603"] }, "en");
    const world = comparison.world;
    for (const id of ["section-5", "26", "2603"]) expect(world.rows.some((r) => r.id === id && r.value > 0), id).toBe(true);
    // A heading is part of its chapter, the chapter part of its section, in every year.
    for (const year of world.years.map((y) => y.year)) {
      const v = (id: string) => world.rows.find((r) => r.id === id && r.year === year)?.value ?? 0;
      expect(v("26")).toBeGreaterThanOrEqual(v("2603") - 1);
      expect(v("section-5")).toBeGreaterThanOrEqual(v("26") - 1);
    }
    // Only headings are ranked by PCI.
    expect(new Set(comparison.pci.rows.map((r) => r.id))).toEqual(new Set(["2603"]));
  });
});

describe.skipIf(!fs.existsSync(WAREHOUSE))("the picker's search on the package warehouse", () => {
  beforeAll(() => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("finds countries and products whose profile paths the codec reads back as the same entities", async () => {
    const { handleSearch } = await import("@/server/search/api");
    const { memberLookup } = await import("@/server/profiles/lookup");
    const { PICKER_SEARCH, parseCompare, pickerToken, resolverFromLookup } = await import("@/domain/compare/url");
    const resolver = resolverFromLookup((await memberLookup()).lookup);
    const search = async (kind: "countries" | "products", query: string) => {
      const { report, variant } = PICKER_SEARCH[kind];
      const url = `http://localhost/api/cms/search/reports?query=${encodeURIComponent(query)}&locale=en&limit=8&report[]=${report}${variant ? `&variant[]=${variant}` : ""}`;
      const response = await handleSearch(new Request(url));
      expect(response.status).toBe(200);
      return ((await response.json()) as { results: { path: string; members: { metadata: { variant: { id: number } } }[] }[] }).results;
    };
    const bolivia = await search("countries", "Bolivia");
    expect(bolivia.map((r) => pickerToken(r.path))).toContain("bol");
    expect(parseCompare({ countries: `chl,${pickerToken(bolivia[0].path)}` }, resolver)).toEqual({ kind: "ok", state: { kind: "countries", ids: ["chl", "bol"] } });
    const copper = (await search("products", "Copper Ore")).filter((r) => !r.members.some((m) => PICKER_SEARCH.products.skipVariants.includes(m.metadata.variant.id)));
    expect(copper.length).toBeGreaterThan(0);
    const parsed = parseCompare({ products: `7403,${pickerToken(copper[0].path)}` }, resolver);
    expect(parsed.kind === "ok" || parsed.kind === "redirect" ? parsed.state.ids : []).toEqual(["7403", "2603"]);
  });
});
