/**
 * The WITS/TRAINS tariff import and the simulator's server side, on a warehouse built from the
 * tiny package in a temp folder (never data/warehouse.duckdb). Figures are read from that
 * warehouse in the test, never typed in.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DuckDBInstance } from "@duckdb/node-api";
import { parseTariffParams, type TariffParams } from "@/domain/tariff/params";
import { parseCsv } from "@/domain/format/csv";
import { importTariffs, parseTariffCsv, TariffImportError } from "@/server/etl/tariffs";
import { closeWarehouse } from "@/server/warehouse/db";
import { clearResultCache } from "@/server/warehouse/execute";
import { importTiny, leftovers, tempDir } from "@/server/warehouse/__tests__/helpers";
import { handleTariffRequest } from "../http";
import { runTariffSimulation, TariffRequestError } from "../simulator";

const dir = tempDir("tariff-test-");
const out = path.join(dir, "warehouse.duckdb");
const previousPath = process.env.WAREHOUSE_PATH;

interface Case {
  importer: string;
  section: string;
  year: number;
  exporters: { id: string; value: number }[];
}
let sample: Case;

async function readTable(file: string, sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(file, { access_mode: "READ_ONLY" });
  const conn = await instance.connect();
  try {
    return (await conn.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

function writeCsv(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${lines.join("\r\n")}\r\n`);
  return file;
}

beforeAll(async () => {
  process.env.WAREHOUSE_PATH = out;
  const outcome = await importTiny(out);
  expect(outcome.status).toBe("built");
  // The importer-section-year with the most partners in the tiny package's bilateral sections.
  const [best] = await readTable(
    out,
    `SELECT importer, CAST(section AS VARCHAR) AS section, year, count(*) AS n FROM fact_ots_sections_by_exporter
     WHERE exporter <> importer AND trade_value > 0 AND CAST(section AS VARCHAR) IN (SELECT section_id FROM dim_hs2) GROUP BY ALL ORDER BY n DESC, importer, section, year LIMIT 1`,
  );
  const rows = await readTable(
    out,
    `SELECT exporter AS id, sum(trade_value) AS value FROM fact_ots_sections_by_exporter WHERE importer = '${best.importer}' AND CAST(section AS VARCHAR) = '${best.section}'
     AND year = ${best.year} AND exporter <> importer GROUP BY exporter HAVING sum(trade_value) > 0 ORDER BY value DESC`,
  );
  sample = { importer: String(best.importer), section: String(best.section), year: Number(best.year), exporters: rows.map((r) => ({ id: String(r.id), value: Number(r.value) })) };
  expect(sample.exporters.length).toBeGreaterThan(1);
}, 120_000);

afterAll(() => {
  closeWarehouse();
  if (previousPath === undefined) delete process.env.WAREHOUSE_PATH;
  else process.env.WAREHOUSE_PATH = previousPath;
});

describe("the tariff files' CSV (the project's one reader, domain/format/csv)", () => {
  it("keeps quoted commas, quotes and line breaks, and counts lines", () => {
    const records = parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",z\n\n3,4').records.filter((r) => r.cells.some((c) => c !== "")); // blank lines are skipped by the import
    expect(records).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["x, y", 'say "hi"'] },
      { line: 3, cells: ["two\nlines", "z"] },
      { line: 6, cells: ["3", "4"] },
    ]);
  });
  it("refuses a quote that never closes instead of swallowing the rows after it", () => {
    const text = 'Reporter,Partner,Product,Tariff Year,Simple Average,Product Name\nUSA,WLD,0101,2018,5,"Horses\nUSA,WLD,0102,2018,5,Bovine\n';
    expect(() => parseTariffCsv(text, "open.csv", new Map([["usa", "usa"]]))).toThrow(/never closed/);
  });
});

describe("tariff import (WITS/TRAINS layout)", () => {
  it("rejects a file with bad rows, listing their lines, and leaves the warehouse untouched", async () => {
    const before = fs.statSync(out);
    const file = writeCsv("bad.csv", [
      "Reporter,Reporter Name,Partner,Partner Name,Product,Product Name,Tariff Year,DutyType,Simple Average,Weighted Average",
      `${sample.importer.toUpperCase()},X,WLD,World,${"01"},Animals,${sample.year},AHS,5.5,4`,
      `${sample.importer.toUpperCase()},X,WLD,World,0101,Horses,${sample.year},AHS,-2,`,
      `ZZZ,Nowhere,WLD,World,0101,Horses,${sample.year},AHS,3,`,
      `${sample.importer.toUpperCase()},X,WLD,World,101,Horses,${sample.year},MFN,3,`,
      `${sample.importer.toUpperCase()},X,WLD,World,01,Animals,${sample.year},AHS,6,`,
      `${sample.importer.toUpperCase()},X,WLD,World,0102,Cattle,${sample.year},AHS,12000,`,
    ]);
    const error = await importTariffs({ file, out }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TariffImportError);
    const e = error as TariffImportError;
    expect(e.message).toContain("nothing was imported");
    expect(e.badRows).toBe(5);
    expect(e.errors.map((r) => [r.line, r.field])).toEqual([
      [3, "Simple Average"],
      [4, "Reporter"],
      [5, "Product"],
      [6, null],
      [7, "Simple Average"],
    ]);
    expect(e.errors[3].reason).toContain("duplicates line 2");
    const after = fs.statSync(out);
    expect([after.ino, after.size, after.mtimeMs]).toEqual([before.ino, before.size, before.mtimeMs]);
    expect(leftovers(dir)).toEqual([]);
    // Without a table every current tariff is the one entered.
    const parsed = parseTariffParams(new URLSearchParams(`importer=${sample.importer}&product=${sample.section}&year=${sample.year}&current=3&new=0`));
    if (!parsed.ok) throw new Error(parsed.message);
    const result = await runTariffSimulation(parsed.params, "en");
    expect(result.tariffs).toEqual({ table: false, imported: 0, years: [] });
    for (const r of result.simulation.exporters) expect(r.currentTariff).toBe(0.03);
    closeWarehouse();
  });

  it("rejects a file without the required columns", async () => {
    const file = writeCsv("header.csv", ["Reporter,Partner,Year", "USA,WLD,2018"]);
    await expect(importTariffs({ file, out })).rejects.toThrow(/Product \(HS code\), Simple Average/);
  });

  it("imports a good file: codes mapped to warehouse ids, world partner, depth from the code", async () => {
    const [first, second] = sample.exporters;
    const chapter = (await readTable(out, `SELECT id FROM dim_hs2 WHERE CAST(section_id AS VARCHAR) = '${sample.section}' ORDER BY id LIMIT 1`))[0].id as string;
    const file = writeCsv("good.csv", [
      "Selected Nomen,Native Nomen,Reporter,Reporter Name,Partner,Partner Name,Product,Product Name,Tariff Year,Trade Year,Trade Source,DutyType,Simple Average,Weighted Average",
      // Every partner: 8% on the chapter, as a quoted name with a comma.
      `HS,H4,${sample.importer.toUpperCase()},"Name, with comma",WLD,World,${chapter},"Chapter, x",${sample.year},${sample.year},CMT,AHS,8,7.5`,
      // The first exporter has a preference of 2% (and an MFN row the simulator must not prefer).
      `HS,H4,${sample.importer.toUpperCase()},X,${first.id.toUpperCase()},Y,${chapter},Z,${sample.year},${sample.year},CMT,AHS,2,`,
      `HS,H4,${sample.importer.toUpperCase()},X,${first.id.toUpperCase()},Y,${chapter},Z,${sample.year},${sample.year},CMT,MFN,9,NA`,
    ]);
    const result = await importTariffs({ file, out });
    expect(result.rows).toBe(3);
    expect(result.years).toEqual([sample.year]);
    expect(leftovers(dir)).toEqual([]);
    const rows = await readTable(out, `SELECT reporter, partner, product, depth, duty_type, simple_average, weighted_average FROM fact_tariffs ORDER BY partner, duty_type`);
    expect(rows).toEqual([
      { reporter: sample.importer, partner: first.id, product: chapter, depth: "hs2", duty_type: "AHS", simple_average: 2, weighted_average: null },
      { reporter: sample.importer, partner: first.id, product: chapter, depth: "hs2", duty_type: "MFN", simple_average: 9, weighted_average: null },
      { reporter: sample.importer, partner: "wld", product: chapter, depth: "hs2", duty_type: "AHS", simple_average: 8, weighted_average: 7.5 },
    ].sort((a, b) => a.partner.localeCompare(b.partner) || a.duty_type.localeCompare(b.duty_type)));
    expect(second).toBeDefined();
  });

  it("a full re-import keeps the tariff table", async () => {
    const outcome = await importTiny(out, { force: true });
    expect(outcome.status).toBe("built");
    const [row] = await readTable(out, `SELECT count(*) AS n FROM fact_tariffs`);
    expect(Number(row.n)).toBe(3);
  }, 120_000);
});

describe("the simulator on the warehouse", () => {
  const params = (extra: string) => {
    const parsed = parseTariffParams(new URLSearchParams(`importer=${sample.importer}&product=${sample.section}&year=${sample.year}&${extra}`));
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.params;
  };

  it("takes the baseline from the bilateral data and current tariffs from the imported table", async () => {
    clearResultCache();
    closeWarehouse();
    const result = await runTariffSimulation(params("current=4&new=0"), "en");
    expect(result.source.year).toBe(sample.year);
    expect(result.exporters.map((x) => [x.id, x.imports])).toEqual(sample.exporters.map((x) => [x.id, x.value]));
    const [first, second] = result.simulation.exporters;
    // The preference row (AHS 2%) beats the MFN row and the every-partner rate; others get the world rate (8%).
    expect(first.currentTariff).toBeCloseTo(0.02, 12);
    expect(second.currentTariff).toBeCloseTo(0.08, 12);
    expect(result.tariffs.imported).toBe(sample.exporters.length);
    // Everyone to 0%: creation by the SMART formula, with ε_x = 99, SMART's infinite (full pass-through).
    const pass = 1;
    expect(first.tradeCreation).toBeCloseTo(sample.exporters[0].value * -1.5 * (-0.02 / 1.02) * pass, 6);
    expect(result.simulation.totals.revenueBefore).toBeCloseTo(sample.exporters.reduce((s, x, i) => s + x.value * (i === 0 ? 0.02 : 0.08), 0), 4);
  });

  it("manual tariffs ignore the table; a preference for one partner diverts trade to it", async () => {
    const partner = sample.exporters[1].id;
    const result = await runTariffSimulation(params(`base=manual&current=10&new=0&partner=${partner}`), "en");
    const byId = new Map(result.simulation.exporters.map((r) => [r.id, r]));
    expect(byId.get(partner)!.tradeDiversion).toBeGreaterThan(0);
    expect(byId.get(sample.exporters[0].id)!.tradeDiversion).toBeLessThan(0);
    expect(Math.abs(result.simulation.totals.tradeDiversion)).toBeLessThan(1e-6 * result.simulation.totals.importsBefore);
    for (const r of result.simulation.exporters) expect(r.currentTariff).toBe(0.1);
  });

  it("explains unknown members and years with 4xx errors", async () => {
    const fail = async (over: Partial<TariffParams>) => runTariffSimulation({ ...params("new=0"), ...over }, "en").catch((e: unknown) => e);
    expect(await fail({ importer: "qqq" })).toMatchObject({ status: 404, code: "unknown_importer" });
    expect(await fail({ depth: "hs4", product: "0000", year: undefined })).toMatchObject({ status: 404, code: "unknown_product" });
    expect(await fail({ partner: "qqq" })).toMatchObject({ status: 404, code: "unknown_partner" });
    expect(await fail({ year: 1900 })).toMatchObject({ status: 404, code: "no_year" });
    expect(await fail({ year: 1900 })).toBeInstanceOf(TariffRequestError);
  });

  it("the API answers JSON, CSV and 4xx errors", async () => {
    const base = `http://x/api/tariff?importer=${sample.importer}&product=${sample.section}&year=${sample.year}`;
    const ok = await handleTariffRequest(new Request(`${base}&new=0`));
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { exporters: { id: string; imports: number }[]; totals: { importsBefore: number } };
    expect(body.exporters.map((x) => x.id)).toEqual(sample.exporters.map((x) => x.id));
    expect(body.totals.importsBefore).toBeCloseTo(sample.exporters.reduce((s, x) => s + x.value, 0), 2);
    const csv = await handleTariffRequest(new Request(`${base}&new=0&format=csv`));
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect((await csv.text()).trimEnd().split("\r\n")).toHaveLength(sample.exporters.length + 2);
    for (const [q, status, code] of [
      ["&new=-1", 400, "tariff_negative"],
      ["&new=10000", 400, "tariff_too_high"],
      ["", 400, "missing"],
      ["&new=1&importer2=x", 400, "unknown_parameter"],
    ] as const) {
      const r = await handleTariffRequest(new Request(`${base}${q}`));
      expect(r.status, q).toBe(status);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    const unknown = await handleTariffRequest(new Request(`http://x/api/tariff?importer=qqq&product=${sample.section}&new=0`));
    expect(unknown.status).toBe(404);
  });
});
