/**
 * The optional entity step of the import: entities/<type>.csv in a copy of the tiny package becomes
 * dim_entity_<type>; a bad file fails the whole import with file, line and reason; no files, no
 * tables. The files are written here: there is no open company, fund or manager data to ship.
 */
import fs from "node:fs";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entityDef } from "@/domain/entities/entities";
import { entityCount, entityDetail, entityList } from "@/server/entities/entities";
import { ImportError } from "@/server/etl/import";
import { closeWarehouse } from "@/server/warehouse/db";
import { copyTinyPackage, importTiny, leftovers, tempDir } from "@/server/warehouse/__tests__/helpers";

const FILES: Record<string, string> = {
  "company.csv": "id,name,country,hs4,exports_usd,year\nacme-mining,Acme Mining,CHL,2603,125000000,2022\nsur,\"Viña Sur, S.A.\",arg,,,2023\n",
  "manager.csv": "id,name,country\nandes-capital,Andes Capital,chl\n",
  "fund.csv": "id,name,manager_id,country,aum_usd,year\nandes-growth,Andes Growth Fund,andes-capital,CHL,250000000.5,2023\n",
};

function writeEntities(pkg: string, files: Record<string, string>) {
  fs.mkdirSync(path.join(pkg, "entities"), { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(pkg, "entities", name), text);
}

async function tables(file: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(file, { access_mode: "READ_ONLY" });
  try {
    const conn = await instance.connect();
    const reader = await conn.runAndReadAll(`SELECT table_name FROM duckdb_tables() WHERE table_name LIKE 'dim_entity_%' ORDER BY 1`);
    conn.closeSync();
    return reader.getRowObjectsJS();
  } finally {
    instance.closeSync();
  }
}

const dir = tempDir("entities-test-");
const out = path.join(dir, "w.duckdb");
let pkg: string;

beforeAll(async () => {
  pkg = copyTinyPackage();
  writeEntities(pkg, FILES);
  process.env.WAREHOUSE_PATH = out;
  await importTiny(out, { dataDir: pkg });
});
afterAll(() => closeWarehouse());

describe("entity import", () => {
  it("loads the files present into dim_entity_<type>; absent types get no table", async () => {
    expect(await tables(out)).toEqual([{ table_name: "dim_entity_company" }, { table_name: "dim_entity_fund" }, { table_name: "dim_entity_manager" }]);
    expect(await entityCount(entityDef("company"))).toBe(2);
    expect(await entityCount(entityDef("digital_product"))).toBe(0);
    expect(await entityList(entityDef("company"))).toEqual([
      { id: "acme-mining", name: "Acme Mining" },
      { id: "sur", name: "Viña Sur, S.A." },
    ]);
  });

  it("serves a record with its country, product, manager and funds", async () => {
    const company = await entityDetail(entityDef("company"), "acme-mining", "es");
    expect(company).toMatchObject({
      record: { id: "acme-mining", name: "Acme Mining", country: "chl", hs4: "2603", exports_usd: 125000000, year: 2022 },
      countryName: "Chile",
      productName: "Minerales de cobre",
    });
    const fund = await entityDetail(entityDef("fund"), "andes-growth", "en");
    expect(fund).toMatchObject({ record: { aum_usd: 250000000.5, manager_id: "andes-capital" }, manager: { id: "andes-capital", name: "Andes Capital" } });
    const manager = await entityDetail(entityDef("manager"), "andes-capital", "zh");
    expect(manager).toMatchObject({ countryName: "智利", funds: [{ id: "andes-growth", name: "Andes Growth Fund" }] });
    expect(await entityDetail(entityDef("company"), "nobody", "en")).toBeNull();
    expect(await entityDetail(entityDef("digital_product"), "app", "en")).toBeNull();
  });

  it("rebuilds when an entity file changes, and fails a bad file with file, line and reason, keeping the warehouse", async () => {
    writeEntities(pkg, { "digital_product.csv": "id,name,category,country,revenue_usd,year\napp,App,software,chl,12.5,2024\n" });
    expect((await importTiny(out, { dataDir: pkg })).status).toBe("built");
    expect(await tables(out)).toContainEqual({ table_name: "dim_entity_digital_product" });

    writeEntities(pkg, { "fund.csv": "id,name,manager_id,country,aum_usd,year\nok,Ok,andes-capital,chl,1,2023\nbad,Bad,nobody,zzz,1e9,2023\n" });
    const before = fs.statSync(out).mtimeMs;
    const error = await importTiny(out, { dataDir: pkg }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportError);
    const failure = error as ImportError;
    expect(failure.kind).toBe("validation");
    expect(failure.message).toContain("entities/fund.csv: 1 bad row");
    expect(failure.message).toContain('entities/fund.csv:3: manager_id: no manager with id "nobody" in entities/manager.csv');
    expect(failure.message).toContain('entities/fund.csv:3: country: unknown country code "zzz"');
    expect(failure.message).toContain('entities/fund.csv:3: aum_usd: "1e9" is not a non-negative amount');
    expect(failure.errors.filter((e) => e.line !== null).map((e) => [e.file, e.line, e.field])).toEqual([
      ["entities/fund.csv", 3, "manager_id"],
      ["entities/fund.csv", 3, "country"],
      ["entities/fund.csv", 3, "aum_usd"],
    ]);
    expect(fs.statSync(out).mtimeMs).toBe(before);
    expect(leftovers(dir)).toEqual([]);
  });

  it("without entity files, builds no entity table", async () => {
    const plain = path.join(tempDir("entities-none-"), "w.duckdb");
    await importTiny(plain);
    expect(await tables(plain)).toEqual([]);
  });
});
