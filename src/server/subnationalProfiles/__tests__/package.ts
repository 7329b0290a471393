/**
 * A warehouse of the real data package's Spanish and Australian files (plus the nomenclatures and
 * the 2019 HS4 trade that ranks products by PCI), built once per test file into a temp folder, and
 * DuckDB reading the package's CSVs directly for the expected figures.
 */
import fs from "node:fs";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { runImport } from "@/server/etl/import";
import { silentLogger } from "@/server/etl/progress";
import { SHARED_PACKAGE, tempDir } from "@/server/warehouse/__tests__/helpers";

const RESOURCES = [
  "continents",
  "countries",
  "sections",
  "products_hs92",
  "subnational_esp_province_section_2022",
  "subnational_aus_states",
  "subnational_aus_ahecc8_codes",
  "subnational_aus_state_ahecc8_1988_2023",
  "subnational_aus_state_services_1999_2022",
  "trade_country_hs4_exports_2019_atlas",
  "indicators_country_year",
];

export const hasPackage = fs.existsSync(path.join(SHARED_PACKAGE, "datapackage.json")) && fs.existsSync(path.join(SHARED_PACKAGE, "subnational_aus_states.csv"));

/** Builds the warehouse and returns its path (WAREHOUSE_PATH is the caller's to set). */
export async function buildSubnationalWarehouse(): Promise<string> {
  const dir = tempDir("subnational-profiles-");
  const pkg = path.join(dir, "package");
  fs.mkdirSync(pkg);
  const descriptor = JSON.parse(fs.readFileSync(path.join(SHARED_PACKAGE, "datapackage.json"), "utf8")) as { resources: { name: string; path: string }[] };
  descriptor.resources = descriptor.resources.filter((r) => RESOURCES.includes(r.name));
  for (const r of descriptor.resources) fs.symlinkSync(path.join(SHARED_PACKAGE, r.path), path.join(pkg, r.path));
  fs.writeFileSync(path.join(pkg, "datapackage.json"), JSON.stringify(descriptor));
  const out = path.join(dir, "w.duckdb");
  const outcome = await runImport({ dataDir: pkg, out, logger: silentLogger, live: false });
  if (outcome.status !== "built") throw new Error(`import: ${outcome.status}`);
  return out;
}

/** Rows of a SQL query over the package's files (paths relative to the package folder as {pkg}). */
export async function packageQuery(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(":memory:");
  try {
    const conn = await instance.connect();
    const reader = await conn.runAndReadAll(sql.replaceAll("{pkg}", SHARED_PACKAGE.replaceAll("'", "''")));
    return reader.getRowObjectsJS() as Record<string, unknown>[];
  } finally {
    instance.closeSync();
  }
}
