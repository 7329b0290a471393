import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectBaci } from "@/server/etl/baci";
import { ImportError } from "@/server/etl/import";
import { queryCube } from "@/server/warehouse/client";
import { closeWarehouse } from "@/server/warehouse/db";
import { clearResultCache } from "@/server/warehouse/execute";
import { complexityExclusions, complexityRuns } from "@/server/warehouse/complexity";
import { BACI_FIXTURE, SHARED_PACKAGE, importTiny, leftovers, tempDir } from "@/server/warehouse/__tests__/helpers";

const CUBE = "trade_i_baci_a_12";

describe("BACI import", () => {
  const dir = tempDir("baci-test-");
  const out = path.join(dir, "warehouse.duckdb");

  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = out;
    const outcome = await importTiny(out, { baciDirs: [BACI_FIXTURE] });
    expect(outcome.status).toBe("built");
    if (outcome.status === "built") expect(outcome.cubes).toContain(CUBE);
  });
  afterAll(() => {
    closeWarehouse();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("records HS6 complexity runs it cannot rank (a handful of flows) without failing the import", async () => {
    const runs = await complexityRuns("hs12_hs6");
    expect(runs.map((r) => [r.year, r.source, r.status])).toEqual([
      [2017, "baci", "insufficient"],
      [2018, "baci", "insufficient"],
    ]);
    expect(runs[0].message).toContain("at least 2 countries");
    const excluded = await complexityExclusions("hs12_hs6", 2018);
    expect(excluded.some((e) => e.kind === "country" && e.reason === "country-exports")).toBe(true);
    await expect(queryCube({ cube: "complexity_eci_a_hs12_hs6", drilldowns: ["Country"] })).rejects.toMatchObject({ code: "cube_not_loaded", status: 404 });
  });

  it("detects the revision and version from file names", () => {
    const { sets } = detectBaci(BACI_FIXTURE);
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatchObject({ revision: "12", version: "202401" });
    expect(sets[0].years.map((y) => y.year)).toEqual([2017, 2018]);
  });

  it("converts thousands of USD to USD and maps numeric codes to ISO3", async () => {
    const r = await queryCube({ cube: CUBE, drilldowns: ["Year"], cuts: [{ level: "Exporter Country", ids: ["chl"] }] });
    expect(r.data).toEqual([
      { "Year ID": 2017, Year: 2017, "Trade Value": 12_000_750 },
      { "Year ID": 2018, Year: 2018, "Trade Value": 10_750_750 },
    ]);
    const world = await queryCube({ cube: CUBE, drilldowns: ["Year"] });
    expect(world.data.map((d) => d["Trade Value"])).toEqual([36_247_942, 45_565_551]);
  });

  it("keeps six-digit product codes, names from the code list, and sections from the chapter", async () => {
    const r = await queryCube({ cube: CUBE, drilldowns: ["HS6"], cuts: [{ level: "Exporter Country", ids: ["arg"] }], parents: true });
    expect(r.data).toHaveLength(1);
    expect(r.data[0]).toMatchObject({ "HS6 ID": "010121", HS6: "Horses; live, pure-bred breeding animals", "Section ID": "1", "HS4 ID": "0101" });
  });

  it("gives codes outside ISO 3166 their BACI name, marked as an English fallback", async () => {
    const r = await queryCube({ cube: CUBE, drilldowns: ["Exporter Country"], cuts: [{ level: "Exporter Country", ids: ["s19", "fra"] }] }, "es");
    expect(r.data.map((d) => [d["Exporter Country ID"], d["Exporter Country"]])).toEqual([
      ["fra", "Francia"],
      ["s19", "Other Asia, nes"],
    ]);
    expect(r.fallbackCaptions).toEqual({ "Exporter Country": ["s19"] });
  });

  it("reads NA quantities as missing and numbers as tons", async () => {
    const r = await queryCube({
      cube: CUBE,
      drilldowns: ["Year"],
      measures: ["Trade Value", "Quantity"],
      cuts: [{ level: "Exporter Country", ids: ["usa"] }],
    });
    expect(r.data.map((d) => d.Quantity)).toEqual([null, null]);
    const chl = await queryCube({ cube: CUBE, drilldowns: ["Year"], measures: ["Quantity"], cuts: [{ level: "Exporter Country", ids: ["chl"] }] });
    expect(chl.data.map((d) => d.Quantity)).toEqual([910.75, 820]);
  });

  it("answers importer-side and product-side questions from their own sorted tables", async () => {
    const imports = await queryCube({ cube: CUBE, drilldowns: ["Exporter Country"], cuts: [{ level: "Importer Country", ids: ["usa"] }, { level: "Year", ids: [2018] }] });
    expect(imports.data.map((d) => [d["Exporter Country ID"], d["Trade Value"]])).toEqual([
      ["chl", 1_750_000],
      ["deu", 21_000_000],
    ]);
    const copper = await queryCube({ cube: CUBE, drilldowns: ["Exporter Country"], cuts: [{ level: "HS4", ids: ["2603"] }], time: { kind: "latest" } });
    expect(copper.data).toEqual([{ "Exporter Country ID": "chl", "Exporter Country": "Chile", "Trade Value": 10_750_750 }]);
  });

  it("keeps BACI cubes when the package is re-imported, unless asked not to", async () => {
    clearResultCache();
    expect((await importTiny(out, { force: true })).status).toBe("built");
    const kept = await queryCube({ cube: CUBE, drilldowns: ["Year"] });
    expect(kept.data).toHaveLength(2);
    expect((await importTiny(out, { force: true, keepBaci: false })).status).toBe("built");
    await expect(queryCube({ cube: CUBE, drilldowns: ["Year"] })).rejects.toMatchObject({ code: "cube_not_loaded", status: 404 });
    expect(leftovers(dir)).toEqual([]);
  });
});

describe("BACI validation", () => {
  it("reports bad rows with file, line and reason and imports nothing", async () => {
    const bad = tempDir("baci-bad-");
    for (const name of fs.readdirSync(BACI_FIXTURE)) fs.copyFileSync(path.join(BACI_FIXTURE, name), path.join(bad, name));
    const file = path.join(bad, "BACI_HS12_Y2018_V202401.csv");
    fs.appendFileSync(file, ["2018,999,152,260300,1,NA", "2017,152,842,260300,1,NA", "2018,152,842,ABC,1,NA", "2018,152,842,260300,-5,NA", "2018,152,842,260300,5,lots", "2018,152,842,260300,oops,1"].join("\n") + "\n");
    const out = path.join(tempDir(), "w.duckdb");
    let error: ImportError | null = null;
    try {
      await importTiny(out, { baciDirs: [bad] });
    } catch (e) {
      error = e as ImportError;
    }
    expect(error).toBeInstanceOf(ImportError);
    expect(error!.kind).toBe("validation");
    const f = "BACI_HS12_Y2018_V202401.csv";
    expect(error!.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: f, line: 9, field: "i", reason: expect.stringContaining("exporter code 999 is not in the country code list") }),
        expect.objectContaining({ file: f, line: 10, field: "t", reason: expect.stringContaining("does not match the file name") }),
        expect.objectContaining({ file: f, line: 11, field: "k", reason: expect.stringContaining('"ABC" is not a 6-digit HS code') }),
        expect.objectContaining({ file: f, line: 12, field: "v" }),
        expect.objectContaining({ file: f, line: 13, field: "q" }),
        expect.objectContaining({ file: f, line: 14, field: "v", reason: expect.stringMatching(/^cast/) }),
      ]),
    );
    expect(fs.existsSync(out)).toBe(false);
  });

  it("refuses a folder without BACI files", () => {
    expect(() => detectBaci(tempDir())).toThrow(/no BACI trade files/);
  });
});

describe.skipIf(!fs.existsSync(path.join(SHARED_PACKAGE, "baci_sample")))("the real BACI sample", () => {
  it("matches the totals in its README", async () => {
    const dir = tempDir();
    const out = path.join(dir, "w.duckdb");
    process.env.WAREHOUSE_PATH = out;
    await importTiny(out, { baciDirs: [path.join(SHARED_PACKAGE, "baci_sample")] });
    const r = await queryCube({ cube: CUBE, drilldowns: ["Year", "Exporter Country"] }, "en", { cache: false });
    expect(r.data.map((d) => [d.Year, d["Exporter Country ID"], d["Trade Value"]])).toEqual([
      [2002, "arg", 919_280_993],
      [2002, "chl", 191_070_218],
      [2004, "arg", 2_035_411_299],
      [2004, "chl", 262_963_653],
    ]);
    closeWarehouse();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
