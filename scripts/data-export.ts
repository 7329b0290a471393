/**
 * npm run data:export [-- --force] [-- --if-missing]
 *
 * Writes the bulk-download files (gzip CSV and Parquet per year, per reporting country and per HS2
 * chapter) and their datapackage.json from the warehouse into EXPORT_DIR (default data/exports).
 * See src/server/bulk/export.ts.
 */
import "./lib/outside-next"; // first: lets server modules load outside Next.js
import { parseArgs } from "node:util";

// A year of a full BACI import is millions of rows: the export may take its time.
process.env.WAREHOUSE_QUERY_TIMEOUT_MS ||= "600000";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { force: { type: "boolean" }, "if-missing": { type: "boolean" }, help: { type: "boolean", short: "h" } } });
  if (values.help) {
    console.log("Usage: npm run data:export -- [--force] [--if-missing]\n\n  --force       write the files again even if this warehouse's export exists\n  --if-missing  exit 0 without a warehouse (npm start)");
    return 0;
  }
  const { exportBulk } = await import("../src/server/bulk/export");
  const { warehouseMeta, closeWarehouse } = await import("../src/server/warehouse/db");
  if (!(await warehouseMeta())) {
    console.error("data:export: there is no warehouse; run `npm run data:import` first.");
    return values["if-missing"] ? 0 : 1;
  }
  console.log("==> exporting the bulk-download files");
  const result = await exportBulk({ force: values.force, log: (line) => console.log(line) });
  closeWarehouse();
  if (result.skipped) console.log(`==> bulk files of warehouse ${result.generation} are up to date in ${result.dir}`);
  else console.log(`==> ${result.files} files, ${(result.bytes / 1e6).toFixed(1)} MB, in ${result.seconds.toFixed(1)} s: ${result.dir}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`data:export: ${(error as Error).message}`);
    process.exit(1);
  },
);
