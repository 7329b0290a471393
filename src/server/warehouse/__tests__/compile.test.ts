import { describe, expect, it } from "vitest";
import { LruCache } from "../cache";
import { compileQuery } from "../compile";
import type { TableMeta } from "../db";
import { canonicalKey, parseSearchParams, resolveQuery, toSearchParams } from "../query";
import { CUBES, baciCube, cubeLevels, derivedMeasures, getCube } from "../registry";
import type { DataQuery } from "../types";

/** Statistics shaped like the shared package's, so table choice can be tested without a warehouse. */
const STATS = new Map<string, TableMeta>([
  ["fact_ots_sections_by_exporter", { rows: 10_250_450, distinct: { exporter: 233, year: 57, importer: 233, section: 22 } }],
  ["fact_ots_sections_by_importer", { rows: 10_250_450, distinct: { importer: 233, year: 57, exporter: 233, section: 22 } }],
  ["agg_ots_sections_exporter", { rows: 235_052, distinct: { exporter: 233, year: 57, section: 22 } }],
  ["agg_ots_sections_importer", { rows: 246_979, distinct: { importer: 233, year: 57, section: 22 } }],
  ["agg_ots_sections_continents", { rows: 48_175, distinct: { year: 57, exporter_continent: 7, importer_continent: 7, section: 22 } }],
]);
const CUBE_META = { rows: 10_250_450, years: Array.from({ length: 57 }, (_, i) => 1962 + i) };

function compile(query: Omit<DataQuery, "cube">) {
  return compileQuery(resolveQuery({ cube: "trade_i_ots_a_sections", ...query }), { locale: "en", cube: CUBE_META, tables: STATS });
}

describe("table choice", () => {
  it("uses the exporter aggregate when importers are not needed", () => {
    expect(compile({ drilldowns: ["Section"], cuts: [{ level: "Exporter Country", ids: ["deu"] }], time: { kind: "latest" } }).table).toBe(
      "agg_ots_sections_exporter",
    );
  });
  it("uses the importer-sorted fact table for a country's origins", () => {
    expect(compile({ drilldowns: ["Exporter Country"], cuts: [{ level: "Importer Country", ids: ["deu"] }] }).table).toBe(
      "fact_ots_sections_by_importer",
    );
  });
  it("uses the exporter-sorted fact table for a country's destinations", () => {
    expect(compile({ drilldowns: ["Importer Country"], cuts: [{ level: "Exporter Country", ids: ["deu"] }] }).table).toBe(
      "fact_ots_sections_by_exporter",
    );
  });
  it("uses the continent aggregate for world and continent totals", () => {
    expect(compile({ drilldowns: ["Year"] }).table).toBe("agg_ots_sections_continents");
    expect(compile({ drilldowns: ["Exporter Continent", "Importer Continent"] }).table).toBe("agg_ots_sections_continents");
  });
  it("BACI product questions use the product-sorted aggregate", () => {
    const cube = baciCube("92");
    const stats = new Map<string, TableMeta>(
      cube.tables.map((t) => [t.name, { rows: t.kind === "base" ? 250e6 : 40e6, distinct: { exporter: 230, importer: 230, year: 27, hs6: 5000, hs4: 1240, hs2: 97, section: 22 } }]),
    );
    const q = resolveQuery({ cube: cube.name, drilldowns: ["Exporter Country"], cuts: [{ level: "HS4", ids: ["2603"] }, { level: "Year", ids: [2020] }] });
    expect(compileQuery(q, { locale: "en", cube: { rows: 1, years: [2020] }, tables: stats }).table).toBe("agg_baci_92_products_exporter");
  });
});

describe("generated SQL", () => {
  it("binds every member id, year, limit and offset", () => {
    const c = compile({
      drilldowns: ["Section"],
      cuts: [{ level: "Exporter Country", ids: ["deu", "fra"] }],
      exclude: [{ level: "Section", ids: ["99"] }],
      time: { kind: "list", years: [2017, 2018] },
      limit: 7,
      offset: 3,
    });
    expect(c.sql).not.toMatch(/'deu'|'fra'|'99'|2017|2018/);
    expect(Object.values(c.params)).toEqual(expect.arrayContaining(["deu", "fra", "99", 2017, 2018, 7, 3]));
  });
  it("growth reads the year before the first selected one", () => {
    const c = compile({ drilldowns: ["Year"], time: { kind: "list", years: [2018] }, growth: { level: "Year", measure: "Trade Value" } });
    expect(Object.values(c.params)).toEqual(expect.arrayContaining([2017, 2018]));
    expect(c.years).toEqual([2018]);
  });
});

describe("query parameters", () => {
  it("toSearchParams and parseSearchParams round-trip to the same canonical query", () => {
    const query: DataQuery = {
      cube: "trade_i_ots_a_sections",
      drilldowns: ["Year", "Exporter Country", "Section"],
      cuts: [{ level: "Exporter Country", ids: ["chl", "deu"] }],
      exclude: [{ level: "Importer Country", ids: ["chl"] }],
      time: { kind: "range", from: 2010, to: 2018 },
      growth: { level: "Year", measure: "Trade Value" },
      rca: { levels: ["Exporter Country", "Section"], measure: "Trade Value" },
      parents: true,
      sort: [{ key: "Trade Value", direction: "desc" }],
      limit: 50,
      offset: 10,
    };
    const parsed = parseSearchParams(toSearchParams(query, "zh"));
    expect(parsed.locale).toBe("zh");
    expect(canonicalKey(resolveQuery(parsed.query), "zh")).toBe(canonicalKey(resolveQuery(query), "zh"));
  });
});

describe("registry", () => {
  it("every cube has unique level names, a time level, captions in all locales and its tables' columns", () => {
    for (const cube of CUBES) {
      const levels = cubeLevels(cube);
      expect(new Set(levels.map((l) => l.name)).size, cube.name).toBe(levels.length);
      expect(levels.some((l) => l.name === cube.timeLevel)).toBe(true);
      for (const l of levels) {
        for (const locale of ["en", "es", "zh"] as const) expect(l.caption[locale], `${cube.name} ${l.name}`).toBeTruthy();
        if (l.parent) expect(levels.some((p) => p.name === l.parent)).toBe(true);
        const base = cube.tables.find((t) => t.kind === "base")!;
        expect(base.columns, `${cube.name} ${l.name}`).toContain(l.column);
      }
      expect(cube.measures.some((m) => m.name === cube.defaultMeasure)).toBe(true);
    }
    expect(getCube("trade_i_baci_a_12")?.caption.en).toContain("HS12");
    expect(derivedMeasures(getCube("indicators_i_wdi_a")!).map((m) => m.name)).not.toContain("GDP RCA");
  });
});

describe("LRU cache", () => {
  it("evicts the least recently used entry by count and by size", () => {
    const cache = new LruCache<string>(2, 1000);
    cache.set("a", "A", 10);
    cache.set("b", "B", 10);
    expect(cache.get("a")).toBe("A");
    cache.set("c", "C", 10);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe("A");
    const small = new LruCache<string>(100, 100);
    small.set("x", "X", 20);
    small.set("y", "Y", 20);
    small.set("huge", "H", 60);
    expect(small.get("huge")).toBeUndefined();
    small.set("z", "Z", 20);
    small.set("w", "W", 20);
    small.set("v", "V", 20);
    small.set("u", "U", 20);
    expect(small.totalBytes).toBeLessThanOrEqual(100);
    expect(small.get("x")).toBeUndefined();
  });
});
