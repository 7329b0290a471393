/**
 * npm run data:import [-- options]
 *
 * Builds the trade warehouse (DuckDB) from a Frictionless data package, optionally adding CEPII
 * BACI downloads. See docs/warehouse.md.
 */
import "./lib/outside-next"; // first: lets server modules load outside Next.js
import { parseArgs } from "node:util";
import { z } from "zod";
import { ImportError, runImport } from "../src/server/etl/import";
import { formatRowError } from "../src/server/etl/validate";
import { TariffImportError, importTariffs } from "../src/server/etl/tariffs";

const USAGE = `Usage: npm run data:import -- [options]

  --if-missing         do nothing if the warehouse exists; exit 0 if no data package is found
  --force              rebuild even if the inputs have not changed
  --data-dir DIR       data package folder (default: $TRADE_DATA_DIR, data/package, ../shared/data)
  --out FILE           warehouse file (default: $WAREHOUSE_PATH or data/warehouse.duckdb)
  --baci DIR           also import a CEPII BACI download (repeatable; revision read from file names)
  --drop-baci          do not keep BACI cubes from the previous warehouse
  --subnational FILE   also import a subnational CSV (repeatable; layout in docs/subnational.md);
                       levels imported before are kept unless a file replaces them
  --tariffs FILE       only add a WITS/TRAINS tariff CSV to the existing warehouse (table fact_tariffs;
                       docs/tariff-simulator.md); a later full import keeps it
  --max-errors N       bad rows listed per file (default 20)
  --threads N          DuckDB threads (default 2)
  --memory-limit SIZE  DuckDB memory limit, e.g. 8GB (default: DuckDB's, 80% of RAM)
  -h, --help           this text`;

const argsSchema = z.object({
  "if-missing": z.boolean().optional(),
  force: z.boolean().optional(),
  "data-dir": z.string().min(1).optional(),
  out: z.string().min(1).optional(),
  baci: z.array(z.string().min(1)).optional(),
  "drop-baci": z.boolean().optional(),
  subnational: z.array(z.string().min(1)).max(50).optional(),
  tariffs: z.string().min(1).optional(),
  "max-errors": z.coerce.number().int().min(1).max(1000).optional(),
  threads: z.coerce.number().int().min(1).max(256).optional(),
  "memory-limit": z.string().regex(/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i, "e.g. 8GB").optional(),
  help: z.boolean().optional(),
});

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      options: {
        "if-missing": { type: "boolean" },
        force: { type: "boolean" },
        "data-dir": { type: "string" },
        out: { type: "string" },
        baci: { type: "string", multiple: true },
        "drop-baci": { type: "boolean" },
        subnational: { type: "string", multiple: true },
        tariffs: { type: "string" },
        "max-errors": { type: "string" },
        threads: { type: "string" },
        "memory-limit": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const args = argsSchema.safeParse(parsed.values);
  if (!args.success) {
    const issue = args.error.issues[0];
    process.stderr.write(`--${issue.path.join(".")}: ${issue.message}\n\n${USAGE}\n`);
    return 2;
  }
  const a = args.data;
  if (a.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const started = performance.now();
  if (a.tariffs) return importTariffFile(a.tariffs, a.out, a["max-errors"]);
  try {
    const outcome = await runImport({
      dataDir: a["data-dir"],
      out: a.out,
      force: a.force,
      ifMissing: a["if-missing"],
      baciDirs: a.baci,
      keepBaci: !a["drop-baci"],
      subnationalFiles: a.subnational,
      maxErrors: a["max-errors"],
      threads: a.threads,
      memoryLimit: a["memory-limit"],
      handleSignals: true,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (outcome.status === "built") process.stdout.write(`Total time: ${seconds} s\n`);
    return 0;
  } catch (error) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (error instanceof ImportError) {
      process.stderr.write(`\n${error.message}\n`);
      if (error.kind !== "validation" && error.errors.length) {
        for (const e of error.errors) process.stderr.write(`  ${formatRowError(e)}\n`);
      }
      process.stderr.write(`Import stopped after ${seconds} s.\n`);
      return error.kind === "aborted" ? 130 : 1;
    }
    process.stderr.write(`\nImport failed: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  }
}

async function importTariffFile(file: string, out: string | undefined, maxErrors: number | undefined): Promise<number> {
  try {
    await importTariffs({ file, out, maxErrors, log: (line) => process.stdout.write(`${line}\n`) });
    return 0;
  } catch (error) {
    if (error instanceof TariffImportError) {
      process.stderr.write(`\n${error.message}\n`);
      for (const e of error.errors) process.stderr.write(`  ${formatRowError(e)}\n`);
      return 1;
    }
    process.stderr.write(`\nTariff import failed: ${(error as Error).message}; the warehouse is unchanged\n`);
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  },
);
