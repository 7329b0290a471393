/**
 * The world and product profiles' loaders on the package warehouse (issues 33 and 34): shares of
 * the true total of the same dataset and year (crude petroleum ≈ 4.7% of world exports in 2019,
 * not the 9.2% of a top-50 list), ?year= answered or honestly replaced, exporters and importers of
 * one year, neighbours valued in one year, histories per source. Figures are re-read here with
 * plain queries, not taken from the loaders. Skipped without data/warehouse.duckdb.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWarehouse } from "@/server/warehouse/db";
import { queryCube } from "@/server/warehouse/client";
import type { ProfileIndex } from "@/server/search/engine";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
const present = fs.existsSync(WAREHOUSE);

const sum = (rows: Record<string, unknown>[]) => rows.reduce((s, r) => s + Number(r["Trade Value"] ?? 0), 0);

describe.skipIf(!present)("world and product profiles on the package warehouse", () => {
  let world: typeof import("../world");
  let product: typeof import("../product");
  let catalog: typeof import("@/server/catalog/catalog");

  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
    world = await import("../world");
    product = await import("../product");
    catalog = await import("@/server/catalog/catalog");
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("most traded products: crude petroleum is about 4.7% of world exports in 2019, a share of every product's total", async () => {
    const years = await catalog.tradeYears({ depth: "hs4", flow: "export" });
    const y2019 = years.find((y) => y.year === 2019);
    if (!y2019) return; // a warehouse without the Atlas 2019 file
    const snapshot = await world.loadWorldSnapshot(2019, "en");
    const products = snapshot.products.ranking!;
    expect(products.source.year).toBe(2019);
    expect(products.source.dataset).toBe(y2019.dataset);
    const everything = await queryCube({ cube: y2019.cube, drilldowns: ["HS4"], cuts: [{ level: "Trade Flow", ids: [2] }], time: { kind: "list", years: [2019] } }, "en");
    expect(products.total.value).toBeCloseTo(sum(everything.data), -3);
    const crude = products.rows.find((r) => r.id === "2709")!;
    expect(crude.share).toBeCloseTo(0.047, 3);
    expect(crude.share!).toBeCloseTo(crude.value / sum(everything.data), 9);
    // Every share is of the same total.
    for (const r of products.rows.slice(0, 50)) expect(r.share!).toBeCloseTo(r.value / products.total.value, 12);
  });

  it("answers ?year= per section, and falls back to the newest year (saying so) where a section has none", async () => {
    const { sections, products } = await world.worldYears();
    const newestSections = sections.at(-1)!.year;
    const plain = await world.loadWorldSnapshot(undefined, "en");
    expect(plain.exporters.source?.year).toBe(newestSections);
    expect(plain.exporters.missing).toBeNull();

    const old = sections.find((s) => !products.some((p) => p.year === s.year))!;
    const then = await world.loadWorldSnapshot(old.year, "en");
    expect(then.exporters.source?.year).toBe(old.year);
    expect(then.sections.source?.year).toBe(old.year);
    expect(then.products.missing).toBe(old.year);
    expect(then.products.source?.year).toBe(products.at(-1)!.year);
    const direct = await queryCube({ cube: old.cube, drilldowns: ["Exporter Country"], time: { kind: "list", years: [old.year] } }, "en");
    expect(then.exporters.ranking!.total.value).toBeCloseTo(sum(direct.data), -3);

    for (const hostile of [99999, 1000, -5]) {
      const s = await world.loadWorldSnapshot(hostile, "en");
      expect(s.exporters.missing).toBe(hostile);
      expect(s.exporters.source?.year).toBe(newestSections);
    }
  });

  it("world history: every year of section trade, and each world-only series as its own line", async () => {
    const { sections } = await world.worldYears();
    const lines = await world.loadWorldHistory("en");
    const reporters = lines.find((l) => l.kind === "reporters")!;
    expect(reporters.points.map((p) => p.year)).toEqual(sections.map((s) => s.year));
    const { entries } = await catalog.dataCatalog();
    const worldOnly = new Set(entries.filter((e) => e.scope === "world" && e.kind === "goods").map((e) => e.dataset));
    expect(lines.filter((l) => l.kind === "world").map((l) => l.dataset).sort()).toEqual([...worldOnly].sort());
    for (const l of lines.filter((x) => x.kind === "world")) {
      const years = entries.filter((e) => e.dataset === l.dataset).map((e) => e.year).sort((a, b) => a - b);
      expect(l.points.map((p) => p.year)).toEqual(years);
    }
  });

  it("copper ore: exporters of the newest year, importers said missing with the nearest year; in that year both from one dataset", async () => {
    const copper = { kind: "hs4" as const, id: "2603" };
    const newest = await product.loadProductYears(copper, undefined);
    expect(newest.exports).not.toBeNull();
    if (!newest.imports) {
      expect(newest.importsNearest).not.toBeNull();
      const then = await product.loadProductYears(copper, newest.importsNearest!.year);
      expect(then.exports?.dataset).toBe(then.imports?.dataset);
      const importers = await product.loadProductTraders(copper, "import", then.imports!, "en");
      const exporters = await product.loadProductTraders(copper, "export", then.exports!, "en");
      expect(importers!.source.year).toBe(exporters!.source.year);
      expect(exporters!.rows[0].id).toBe("chl");
    }
    const exporters = await product.loadProductTraders(copper, "export", newest.exports!, "en");
    const direct = await queryCube({ cube: newest.exports!.cube, drilldowns: ["HS4"], cuts: [{ level: "HS4", ids: ["2603"] }, { level: "Trade Flow", ids: [2] }], time: { kind: "list", years: [newest.exports!.year] } }, "en");
    expect(exporters!.total.value).toBeCloseTo(sum(direct.data), -3);
  });

  it("neighbours carry world exports of one year of one dataset, never a sum over years", async () => {
    const copper = { kind: "hs4" as const, id: "2603" };
    const { exports } = await product.loadProductYears(copper, undefined);
    const index = { entity: (_kind: string, id: string) => ({ id, names: { en: `p${id}`, es: "", zh: "" } }) } as unknown as ProfileIndex;
    const neighbours = await product.loadProductNeighbours(copper, exports, index, "en");
    if (!neighbours) return; // no product-space layout in this package
    expect(neighbours.provenance?.year).toBe(exports!.year);
    const valued = neighbours.list.filter((n) => n.value !== null);
    expect(valued.length).toBeGreaterThan(0);
    const direct = await queryCube(
      { cube: exports!.cube, drilldowns: ["HS4"], cuts: [{ level: "HS4", ids: valued.map((n) => n.id) }, { level: "Trade Flow", ids: [2] }], time: { kind: "list", years: [exports!.year] } },
      "en",
    );
    const byId = new Map(direct.data.map((r) => [String(r["HS4 ID"]), Number(r["Trade Value"])]));
    for (const n of valued) expect(n.value).toBeCloseTo(byId.get(n.id)!, -2);
  });

  it("an HS2 chapter lists its headings; a heading its PCI in every ranked year", async () => {
    const chapter = await product.loadProductChildren({ kind: "hs2", id: "26" }, undefined, "en");
    expect(chapter?.level).toBe("HS4");
    expect(chapter!.ranking!.rows.length).toBeGreaterThan(3);
    expect(chapter!.ranking!.rows.every((r) => r.id.startsWith("26"))).toBe(true);
    const ranked = (await catalog.rankedYears("hs92_hs4")).filter((e) => !e.partial);
    const pci = await product.loadProductPci({ kind: "hs4", id: "2603" }, "en");
    expect(pci?.history.map((h) => h.entry.year)).toEqual(ranked.map((e) => e.year));
    expect(pci!.history.some((h) => h.pci !== null && h.rank !== null && h.count > 0)).toBe(true);
  });

  it("a product's history: the countries' line over every year with exports, the world series to its last year", async () => {
    const copper = { kind: "hs4" as const, id: "2603" };
    const { exportYears } = await product.loadProductYears(copper, undefined);
    const history = await product.loadProductHistory(copper, "en");
    const reporters = history.lines.find((l) => l.kind === "reporters")!;
    expect(reporters.points.map((p) => p.year)).toEqual(exportYears.map((s) => s.year));
    expect(history.byYear.find((y) => y.year === 2018)?.top?.id).toBe("chl");
    const worldLine = history.lines.find((l) => l.kind === "world");
    if (worldLine) {
      const direct = await queryCube({ cube: "trade_i_atlas_a_world_hs4", drilldowns: ["Year"], cuts: [{ level: "HS4", ids: ["2603"] }] }, "en");
      expect(worldLine.points.length).toBe(direct.data.length);
      const p2021 = worldLine.points.find((p) => p.year === 2021);
      if (p2021) expect(p2021.value / 1e9).toBeCloseTo(85.8, 0);
    }
  });
});
