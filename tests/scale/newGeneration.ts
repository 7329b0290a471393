/**
 * Stand-ins for the two slow steps of the guide's build block (docs/deploy.md, "Shipping a new
 * warehouse"), for the rolling-swap scale test: a real import and export take minutes, and the
 * test needs only a warehouse of another generation with its bulk files.
 *
 *   tsx tests/scale/newGeneration.ts import -- --out FILE   (npm run data:import -- --out FILE)
 *       a copy of the suite's warehouse whose build fingerprint (its generation) is new
 *   WAREHOUSE_PATH=FILE EXPORT_DIR=DIR tsx tests/scale/newGeneration.ts export   (npm run data:export)
 *       the suite's bulk files (hard links: the rows are the same) under FILE's generation, with
 *       their datapackage.json naming it
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { linkTree, SOURCE } from "./cluster";

async function fingerprintOf(file: string, write?: string): Promise<string> {
  const instance = await DuckDBInstance.create(file, write ? {} : { access_mode: "READ_ONLY" });
  try {
    const conn = await instance.connect();
    if (write) await conn.run(`UPDATE _meta_build SET value = '${write}' WHERE key = 'fingerprint'`);
    const rows = (await conn.runAndReadAll(`SELECT value FROM _meta_build WHERE key = 'fingerprint'`)).getRowObjectsJS();
    conn.closeSync();
    const value = String(rows[0]?.value ?? "");
    if (!/^[0-9a-f]{16}/.test(value)) throw new Error(`${file} has no build fingerprint`);
    return value;
  } finally {
    instance.closeSync();
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2).filter((arg) => arg !== "--");
  if (command === "import") {
    const at = args.indexOf("--out");
    const out = at >= 0 ? args[at + 1] : undefined;
    if (!out) throw new Error("import: --out FILE is required");
    const before = await fingerprintOf(SOURCE.warehouse);
    const fresh = createHash("sha256").update(`${before} scale-test swap ${Date.now()}`).digest("hex");
    copyFileSync(SOURCE.warehouse, out);
    await fingerprintOf(out, fresh);
    console.log(`stand-in import: ${out}, generation ${fresh.slice(0, 16)} (from ${before.slice(0, 16)})`);
    return;
  }
  if (command === "export") {
    const warehouse = process.env.WAREHOUSE_PATH;
    const exportDir = process.env.EXPORT_DIR;
    if (!warehouse || !exportDir) throw new Error("export: WAREHOUSE_PATH and EXPORT_DIR are required");
    const fingerprint = await fingerprintOf(warehouse);
    const generation = fingerprint.slice(0, 16);
    const from = path.join(SOURCE.exports, (await fingerprintOf(SOURCE.warehouse)).slice(0, 16));
    if (!existsSync(path.join(from, "datapackage.json"))) throw new Error(`no bulk export at ${from} (npm run data:export)`);
    const to = path.join(exportDir, generation);
    linkTree(from, to);
    const pkg = JSON.parse(readFileSync(path.join(from, "datapackage.json"), "utf8")) as { generation: string; warehouse?: { fingerprint?: string } };
    pkg.generation = generation;
    if (pkg.warehouse) pkg.warehouse.fingerprint = fingerprint;
    // The hard link is replaced, never written through (it is the suite's own file).
    rmSync(path.join(to, "datapackage.json"));
    writeFileSync(path.join(to, "datapackage.json"), `${JSON.stringify(pkg, null, 2)}\n`);
    console.log(`stand-in export: ${to}`);
    return;
  }
  throw new Error(`unknown command ${command ?? ""} (import or export)`);
}

main().catch((error: unknown) => {
  console.error(`newGeneration: ${(error as Error).message}`);
  process.exit(1);
});
