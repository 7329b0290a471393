import fs from "node:fs";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseProfilePath } from "@/domain/profiles/path";
import { ImportError } from "@/server/etl/import";
import { SubnationalError, importSubnationalFiles } from "@/server/etl/subnational";
import { buildLookup } from "@/server/profiles/lookup";
import { profileIndex, resetProfileIndex } from "@/server/search/build";
import { genericLevel, genericMember, levelsWithData } from "@/server/subnational/data";
import { closeWarehouse } from "@/server/warehouse/db";
import { importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";

const HEADER = "country,level,region_id,region_name,year,flow,product_level,product_id,value,currency";

interface Rec {
  region: string;
  name: string;
  year: number;
  product: string;
  value: number;
}

// A small Brazilian state file: three states, two years, three HS4 products, in reais.
const RECORDS: Rec[] = [];
const STATES = [
  ["31", "Minas Gerais"],
  ["35", "São Paulo"],
  ["33", 'Rio de Janeiro "RJ", <b>capital</b>'],
];
STATES.forEach(([region, name], r) => {
  for (const year of [2021, 2022]) {
    ["2601", "1201", "8703"].forEach((product, p) => RECORDS.push({ region, name, year, product, value: (r + 1) * 1000 + p * 250 + (year - 2020) * 17 }));
  }
});
const csvField = (text: string) => (/[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const line = (r: Rec, overrides: Partial<Record<string, string>> = {}) =>
  Object.entries({ country: "bra", level: "states", region_id: r.region, region_name: r.name, year: String(r.year), flow: "export", product_level: "hs4", product_id: r.product, value: String(r.value), currency: "BRL", ...overrides })
    .map(([, v]) => csvField(v))
    .join(",");

function writeCsv(dir: string, name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${[HEADER, ...lines].join("\n")}\n`);
  return file;
}

async function catalogRows(file: string) {
  const db = await DuckDBInstance.create(file, { access_mode: "READ_ONLY" });
  try {
    const conn = await db.connect();
    const rows = (await conn.runAndReadAll(`SELECT dataset, kind, cube, year, total, reporters FROM _meta_catalog WHERE kind = 'subnational' ORDER BY dataset, year`)).getRowObjectsJS();
    conn.closeSync();
    return rows.map((r) => ({ dataset: String(r.dataset), kind: String(r.kind), cube: String(r.cube), year: Number(r.year), total: Number(r.total), reporters: Number(r.reporters) }));
  } finally {
    db.closeSync();
  }
}

async function validationErrors(files: string[]): Promise<SubnationalError> {
  const db = await DuckDBInstance.create(":memory:");
  const conn = await db.connect();
  try {
    await importSubnationalFiles(conn, files, 20);
  } catch (error) {
    expect(error).toBeInstanceOf(SubnationalError);
    return error as SubnationalError;
  } finally {
    conn.closeSync();
    db.closeSync();
  }
  throw new Error("expected the file to be refused");
}

const sum = (records: Rec[]) => records.reduce((s, r) => s + r.value, 0);

describe("subnational CSV validation", () => {
  const dir = tempDir("subnational-validate-");

  it("names the line and the field of every bad value", async () => {
    const [a, b, c] = RECORDS;
    const file = writeCsv(dir, "bad-values.csv", [line(a), line(b, { value: "abc" }), line(c, { flow: "both" }), line(RECORDS[3], { region_id: "../../etc" }), line(RECORDS[4], { country: "xyz" })]);
    const error = await validationErrors([file]);
    const where = error.errors.map((e) => `${e.file}:${e.line}:${e.field}`);
    expect(where).toEqual(expect.arrayContaining(["bad-values.csv:3:value", "bad-values.csv:4:flow", "bad-values.csv:5:region_id", "bad-values.csv:6:country"]));
    expect(error.message).toContain("bad-values.csv: 4 bad rows");
  });

  it("refuses levels of another country, codes of the wrong depth, mixed currencies and renamed regions", async () => {
    const file = writeCsv(dir, "bad-cross.csv", [
      line(RECORDS[0]),
      line(RECORDS[1], { level: "prefectures" }),
      line(RECORDS[2], { product_id: "87" }),
      line(RECORDS[3], { currency: "USD" }),
      line(RECORDS[4], { region_name: "Minas" }),
    ]);
    const error = await validationErrors([file]);
    const byLine = new Map(error.errors.map((e) => [e.line, e]));
    expect(byLine.get(3)?.field).toBe("level");
    expect(byLine.get(3)?.reason).toContain("not a level of bra");
    expect(byLine.get(4)?.field).toBe("product_id");
    expect(byLine.get(5)?.field).toBe("currency");
    expect(byLine.get(6)?.field).toBe("region_name");
  });

  it("refuses a wrong header, an empty file, duplicates and files that are not CSV", async () => {
    const header = path.join(dir, "header.csv");
    fs.writeFileSync(header, "country,level,region,value\nbra,states,31,5\n");
    expect((await validationErrors([header])).errors[0]).toMatchObject({ line: 1 });
    expect((await validationErrors([writeCsv(dir, "empty.csv", [])])).errors[0].reason).toContain("no rows");
    const dup = await validationErrors([writeCsv(dir, "dup.csv", [line(RECORDS[0]), line(RECORDS[0])])]);
    expect(dup.errors.some((e) => e.line === 3)).toBe(true);
    await expect(validationErrors([path.join(dir, "missing.csv")])).resolves.toBeInstanceOf(SubnationalError);
    await expect(validationErrors([path.join(dir, "notes.txt")])).resolves.toBeInstanceOf(SubnationalError);
  });
});

describe("importing a subnational CSV into a warehouse", () => {
  const dir = tempDir("subnational-import-");
  const out = path.join(dir, "warehouse.duckdb");
  const good = writeCsv(dir, "bra_states.csv", RECORDS.map((r) => line(r)));

  beforeAll(async () => {
    const outcome = await importTiny(out, { subnationalFiles: [good] });
    expect(outcome.status).toBe("built");
    process.env.WAREHOUSE_PATH = out;
    resetProfileIndex();
  }, 240_000);
  afterAll(() => {
    closeWarehouse();
    resetProfileIndex();
    delete process.env.WAREHOUSE_PATH;
  });

  it("describes the country level in the data catalogue, one row per year, with its total", async () => {
    const rows = (await catalogRows(out)).filter((r) => r.dataset === "bra_states");
    expect(rows.map((r) => r.year)).toEqual([2021, 2022]);
    for (const r of rows) {
      expect(r).toMatchObject({ kind: "subnational", cube: "trade_s_sub_a_generic", reporters: STATES.length });
      expect(r.total).toBeCloseTo(sum(RECORDS.filter((x) => x.year === r.year)), 6);
    }
  });

  it("gives the landing page the level's members, ranked by value, in the file's currency", async () => {
    expect((await levelsWithData()).get("bra_states")).toEqual([2021, 2022]);
    const level = await genericLevel("bra", "states", "en");
    expect(level).toMatchObject({ year: 2022, currency: "BRL", flow: "export", productLevel: "hs4" });
    const expected = STATES.map(([id, name]) => ({ id, name, value: sum(RECORDS.filter((r) => r.region === id && r.year === 2022)) })).sort((a, b) => b.value - a.value);
    expect(level!.members).toEqual(expected);
    expect((await genericLevel("bra", "municipalities", "en"))).toBeNull();

    const member = await genericMember("bra", "states", "31", "en", 2021);
    expect(member!.total).toBe(sum(RECORDS.filter((r) => r.region === "31" && r.year === 2021)));
    expect(member!.rank).toBe(expected.findIndex((e) => e.id === "31") + 1);
    expect(member!.products.map((p) => p.code).sort()).toEqual(["1201", "2601", "8703"]);
    expect(member!.series.map((s) => s.year)).toEqual([2021, 2022]);
    expect(await genericMember("bra", "states", "99", "en")).toBeNull();
  });

  it("puts the members in search and resolves their profile URLs", async () => {
    const index = await profileIndex();
    const entity = index.entity("subnational", "bra/states/31");
    expect(entity?.names.en).toBe("Minas Gerais");
    const result = index.query({ query: "minas gerais", locale: "en", limit: 10, offset: 0, reports: [], variants: [] }, { reports: {}, dimensions: {}, variants: {} });
    expect(result.results.map((r) => r.path)).toContain("/subnational_bra/states/31");
    expect(index.allProfilePaths()).toContain("/subnational_bra/states/33");
    const lookup = buildLookup(index);
    expect(parseProfilePath(["subnational_bra", "states", "31"], lookup)).toEqual({ kind: "ok", target: { report: "subnational", country: "bra", level: "states", id: "31" } });
    expect(parseProfilePath(["subnational_bra", "states", "sao-paulo"], lookup)).toEqual({ kind: "redirect", path: "/subnational_bra/states/35" });
    expect(parseProfilePath(["subnational_bra", "municipalities", "31"], lookup).kind).toBe("not-found");
  });

  it("keeps an imported level through a later import, and a bad file changes nothing", async () => {
    const before = await catalogRows(out);
    const bad = writeCsv(dir, "bad.csv", [line(RECORDS[0], { level: "ports" })]);
    await expect(importTiny(out, { subnationalFiles: [bad] })).rejects.toBeInstanceOf(ImportError);
    expect(await catalogRows(out)).toEqual(before);
    closeWarehouse();
    const again = await importTiny(out, { force: true });
    expect(again.status).toBe("built");
    expect(await catalogRows(out)).toEqual(before);
  }, 240_000);
});
