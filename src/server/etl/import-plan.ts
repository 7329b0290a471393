/**
 * What an import is asked to do, and the checks made before anything is written: where the data
 * package is, which of its files are imported, which BACI downloads, and whether the warehouse is
 * already up to date with them (the fingerprint) or already there (`--if-missing`).
 */
import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { resolveDataDir, warehousePath } from "@/server/warehouse/config";
import { entitiesFingerprint } from "./entities";
import { detectBaci, type BaciFileSet } from "./baci";
import { isCsv, isParquet, loadDataPackage, type LoadedPackage, type Resource } from "@/server/datapackage/datapackage";
import { COMPLEXITY_RESOURCES, DIMENSION_RESOURCES, PACKAGE_CUBE_SOURCES, missingFields } from "./package-build";
import { consoleLogger, type ImportLogger, type StepReport } from "./progress";
import { scalar } from "./sql";
import type { StepTiming } from "./steps";
import type { FileValidation, RowError } from "./validate";

/** Bump when the warehouse layout changes, so `data:import` rebuilds even if the inputs did not. */
export const WAREHOUSE_SCHEMA_VERSION = "6";

export interface ImportOptions {
  /** Data package folder (`--data-dir`); default: TRADE_DATA_DIR, data/package, ../shared/data. */
  dataDir?: string;
  /** Warehouse file (`--out`); default: WAREHOUSE_PATH or data/warehouse.duckdb. */
  out?: string;
  /** Rebuild even when the inputs have not changed. */
  force?: boolean;
  /** Do nothing when the warehouse exists; succeed quietly when there is no data package. */
  ifMissing?: boolean;
  /** Folders holding CEPII BACI downloads. */
  baciDirs?: string[];
  /** Keep BACI cubes of the previous warehouse (default true). */
  keepBaci?: boolean;
  /** Generic subnational files (`--subnational`, docs/subnational.md); earlier imports are kept unless replaced. */
  subnationalFiles?: string[];
  /** Build member tables only (used by the BACI scale benchmark). */
  dimensionsOnly?: boolean;
  /** Rows listed per failure (default 20). */
  maxErrors?: number;
  logger?: ImportLogger;
  /** Live progress line; default: when stdout is a terminal and logging to the console. */
  live?: boolean;
  signal?: AbortSignal;
  /** Turn SIGINT/SIGTERM into a clean abort (the CLI sets this). */
  handleSignals?: boolean;
  threads?: number;
  memoryLimit?: string;
}

export type ImportOutcome =
  | { status: "built"; path: string; seconds: number; cubes: string[]; warnings: string[]; steps: StepReport[]; timings: StepTiming[] }
  | { status: "up-to-date"; path: string }
  | { status: "exists"; path: string }
  | { status: "no-data"; lookedIn: string[] };

export type ImportErrorKind = "no-data" | "package" | "validation" | "aborted" | "locked" | "failed";

export class ImportError extends Error {
  constructor(
    readonly kind: ImportErrorKind,
    message: string,
    readonly errors: RowError[] = [],
    readonly files: FileValidation[] = [],
  ) {
    super(message);
    this.name = "ImportError";
  }
}

function fileFingerprint(file: string): string {
  try {
    const stat = fs.statSync(file);
    return `${file}:${stat.size}:${Math.round(stat.mtimeMs)}`;
  } catch {
    return `${file}:missing`;
  }
}

/** Changes whenever an input file, the descriptor or the warehouse layout changes. */
function fingerprint(pkg: LoadedPackage, resources: Resource[], baci: BaciFileSet[], options: ImportOptions): string {
  const hash = crypto.createHash("sha256");
  hash.update(`schema:${WAREHOUSE_SCHEMA_VERSION}\n`);
  hash.update(fs.readFileSync(path.join(pkg.dir, "datapackage.json")));
  for (const r of resources) hash.update(fileFingerprint(pkg.filePath(r)));
  for (const set of baci) {
    for (const f of [set.countryCodes, set.productCodes ?? "", ...set.years.map((y) => y.file)]) hash.update(fileFingerprint(f));
  }
  hash.update(`dimensionsOnly:${Boolean(options.dimensionsOnly)}`);
  for (const f of options.subnationalFiles ?? []) hash.update(`subnational:${fileFingerprint(path.resolve(f))}`);
  hash.update(`entities:${entitiesFingerprint(pkg.dir)}`);
  return hash.digest("hex");
}

/** One value of an existing warehouse's _meta_build; null when the file or the key is missing. */
async function readBuildValue(file: string, key: string): Promise<string | null> {
  if (!fs.existsSync(file)) return null;
  let instance: DuckDBInstance | null = null;
  try {
    instance = await DuckDBInstance.create(file, { access_mode: "READ_ONLY" });
    const conn = await instance.connect();
    const value = await scalar<string | null>(conn, `SELECT value FROM _meta_build WHERE key = $1`, [key]);
    conn.closeSync();
    return value;
  } catch {
    return null;
  } finally {
    instance?.closeSync();
  }
}

function resourcesToImport(pkg: LoadedPackage, dimensionsOnly: boolean): { dims: Resource[]; cubes: Resource[]; missing: string[] } {
  const missing = DIMENSION_RESOURCES.filter((name) => !pkg.resource(name));
  const dims = DIMENSION_RESOURCES.map((name) => pkg.resource(name)).filter((r): r is Resource => Boolean(r));
  const cubes = dimensionsOnly
    ? []
    : // Extra (member) resources before the cube's own, so its foreign keys into them are checked; each staged once.
      [...new Set([...PACKAGE_CUBE_SOURCES.flatMap((s) => [...(s.extraResources ?? []), s.resource]), ...COMPLEXITY_RESOURCES])]
        .map((name) => pkg.resource(name))
        .filter((r): r is Resource => Boolean(r));
  return { dims, cubes, missing };
}


/** Everything the steps need to know before the temp warehouse is opened. */
export interface ImportPlan {
  options: ImportOptions;
  logger: ImportLogger;
  target: string;
  pkg: LoadedPackage;
  /** Member resources, then cube resources, in staging order. */
  dims: Resource[];
  cubes: Resource[];
  baciSets: BaciFileSet[];
  /** Warnings found while planning (BACI folders), first in the build's list. */
  warnings: string[];
  fingerprint: string;
  maxErrors: number;
}

type EarlyOutcome = Extract<ImportOutcome, { status: "up-to-date" | "exists" | "no-data" }>;

function packageResources(dataDir: string, dimensionsOnly: boolean) {
  let pkg: LoadedPackage;
  try {
    pkg = loadDataPackage(dataDir);
  } catch (error) {
    throw new ImportError("package", (error as Error).message);
  }
  const { dims, cubes, missing } = resourcesToImport(pkg, dimensionsOnly);
  if (missing.length) {
    throw new ImportError("package", `${pkg.dir}/datapackage.json lacks required resources: ${missing.join(", ")}`);
  }
  for (const r of [...dims, ...cubes]) {
    const absent = missingFields(r);
    if (absent.length) throw new ImportError("package", `resource ${r.name}: schema lacks fields the importer needs: ${absent.join(", ")}`);
    if (!isCsv(r) && !isParquet(r)) throw new ImportError("package", `resource ${r.name}: unsupported format ${r.format ?? r.path}`);
    if (!fs.existsSync(pkg.filePath(r))) throw new ImportError("package", `resource ${r.name}: file not found: ${pkg.filePath(r)}`);
  }
  return { pkg, dims, cubes };
}

/** One file set per HS revision over every --baci folder (the first folder naming a revision wins). */
function baciFileSets(dirs: readonly string[]): { sets: BaciFileSet[]; warnings: string[] } {
  const sets: BaciFileSet[] = [];
  const warnings: string[] = [];
  try {
    for (const dir of dirs) {
      const found = detectBaci(path.resolve(dir));
      sets.push(...found.sets);
      warnings.push(...found.warnings);
    }
  } catch (error) {
    throw new ImportError("package", (error as Error).message);
  }
  const seen = new Set<string>();
  const unique = sets.filter((s) => {
    if (!seen.has(s.revision)) return seen.add(s.revision), true;
    warnings.push(`HS${s.revision} appears in several --baci folders; ${s.dir} was ignored`);
    return false;
  });
  return { sets: unique, warnings };
}

/**
 * Decides whether there is anything to build: the outcome when there is not (the warehouse exists
 * under --if-missing, is up to date, or there is no data package under --if-missing), else the plan.
 */
export async function planImport(options: ImportOptions): Promise<EarlyOutcome | ImportPlan> {
  const logger = options.logger ?? consoleLogger;
  const target = path.resolve(options.out ?? warehousePath());
  let outdated = false;
  if (options.ifMissing && fs.existsSync(target)) {
    // A warehouse written by an older importer lacks what the pages now read: rebuilt, not kept.
    const schema = await readBuildValue(target, "schema_version");
    if (schema === WAREHOUSE_SCHEMA_VERSION) {
      logger.info(`Warehouse already exists at ${target}; nothing to do (--if-missing).`);
      return { status: "exists", path: target };
    }
    logger.info(`Warehouse at ${target} has schema ${schema ?? "unknown"}, this importer writes ${WAREHOUSE_SCHEMA_VERSION}: rebuilding it.`);
    outdated = true;
  }
  const resolution = resolveDataDir(options.dataDir);
  if (!resolution.dir) {
    const message = `No data package found (no datapackage.json). Looked in:\n${resolution.lookedIn.map((d) => `  - ${d}`).join("\n")}\nSet TRADE_DATA_DIR or pass --data-dir.`;
    if (options.ifMissing) {
      logger.info(message);
      logger.info("Skipping the import (--if-missing); the site will say that no data is available.");
      return { status: "no-data", lookedIn: resolution.lookedIn };
    }
    throw new ImportError("no-data", message);
  }
  const { pkg, dims, cubes } = packageResources(resolution.dir, Boolean(options.dimensionsOnly));
  const baci = baciFileSets(options.baciDirs ?? []);
  const print = fingerprint(pkg, [...dims, ...cubes], baci.sets, options);
  if (!options.force && !outdated && (await readBuildValue(target, "fingerprint")) === print) {
    logger.info(`Warehouse at ${target} is up to date with ${pkg.dir}; use --force to rebuild.`);
    return { status: "up-to-date", path: target };
  }
  const maxErrors = Math.max(1, Math.min(options.maxErrors ?? 20, 1000));
  return { options, logger, target, pkg, dims, cubes, baciSets: baci.sets, warnings: baci.warnings, fingerprint: print, maxErrors };
}
