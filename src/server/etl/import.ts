/**
 * The warehouse import: data package (and optionally CEPII BACI) -> one DuckDB file.
 *
 * Order of work: stage and validate every file (nothing is built if any file has bad rows), build
 * member tables, build each cube's tables, carry over BACI cubes from the previous warehouse,
 * write metadata, then swap the finished file into place. Any failure or signal leaves the previous
 * warehouse untouched and removes the temp file.
 */
import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { resolveDataDir, warehousePath } from "@/server/warehouse/config";
import { SUBNATIONAL_GENERIC_CUBE, baciCube, type BaciRevision } from "@/server/warehouse/registry";
import { acquireLock, commitFile, removeStaleTemps, removeWithCompanions, tempPathFor } from "./atomic";
import { writeCatalog } from "./catalog";
import { writeQualityFlags } from "./quality";
import { buildComplexity } from "./complexity";
import { entitiesFingerprint, importEntities } from "./entities";
import { carryOverTariffs } from "./tariffs";
import { SubnationalError, carryOverSubnational, finishSubnational, importSubnationalFiles, writeSubnationalCatalog } from "./subnational";
import { BaciError, carryOverBaci, detectBaci, importBaciSet, type BaciFileSet, type BaciImportResult } from "./baci";
import { isCsv, isParquet, loadDataPackage, type LoadedPackage, type Resource } from "@/server/datapackage/datapackage";
import { distinctYears, writeMetaTables, type TableStats } from "./layout";
import {
  COMPLEXITY_RESOURCES,
  DIMENSION_RESOURCES,
  PACKAGE_CUBE_SOURCES,
  buildDimensions,
  buildPackageCube,
  missingFields,
} from "./package-build";
import { Progress, consoleLogger, type ImportLogger } from "./progress";
import { ident, literal, scalar, toNumber } from "./sql";
import { formatRowError, stageCsv, tableNameFor, validateStaged, type FileValidation, type RowError } from "./validate";

/** Bump when the warehouse layout changes, so `data:import` rebuilds even if the inputs did not. */
export const WAREHOUSE_SCHEMA_VERSION = "5";

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
  | { status: "built"; path: string; seconds: number; cubes: string[]; warnings: string[]; steps: Progress["steps"] }
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

interface Staged {
  resource: Resource;
  relation: string;
  rows: number;
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

async function readPreviousFingerprint(file: string): Promise<string | null> {
  return readBuildValue(file, "fingerprint");
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

/** Streams the file so the event loop stays free to handle Ctrl-C during a long hash. */
async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Size and hash mismatches are warnings: a locally edited package is still importable. */
async function integrityWarnings(pkg: LoadedPackage, resource: Resource): Promise<string[]> {
  const file = pkg.filePath(resource);
  const warnings: string[] = [];
  const size = fs.statSync(file).size;
  if (resource.bytes !== undefined && resource.bytes !== size) {
    warnings.push(`${resource.path}: datapackage.json says ${resource.bytes} bytes, the file has ${size}`);
  } else if (resource.hash?.startsWith("sha256:") && (await sha256File(file)) !== resource.hash.slice(7)) {
    warnings.push(`${resource.path}: SHA-256 differs from datapackage.json`);
  }
  return warnings;
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

export async function runImport(options: ImportOptions = {}): Promise<ImportOutcome> {
  const logger = options.logger ?? consoleLogger;
  const progress = new Progress(logger, options.live);
  const maxErrors = Math.max(1, Math.min(options.maxErrors ?? 20, 1000));
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

  let pkg: LoadedPackage;
  try {
    pkg = loadDataPackage(resolution.dir);
  } catch (error) {
    throw new ImportError("package", (error as Error).message);
  }
  const { dims, cubes, missing } = resourcesToImport(pkg, Boolean(options.dimensionsOnly));
  if (missing.length) {
    throw new ImportError("package", `${pkg.dir}/datapackage.json lacks required resources: ${missing.join(", ")}`);
  }
  for (const r of [...dims, ...cubes]) {
    const absent = missingFields(r);
    if (absent.length) throw new ImportError("package", `resource ${r.name}: schema lacks fields the importer needs: ${absent.join(", ")}`);
    if (!isCsv(r) && !isParquet(r)) throw new ImportError("package", `resource ${r.name}: unsupported format ${r.format ?? r.path}`);
    if (!fs.existsSync(pkg.filePath(r))) throw new ImportError("package", `resource ${r.name}: file not found: ${pkg.filePath(r)}`);
  }

  let baciSets: BaciFileSet[] = [];
  const baciWarnings: string[] = [];
  try {
    for (const dir of options.baciDirs ?? []) {
      const found = detectBaci(path.resolve(dir));
      baciSets.push(...found.sets);
      baciWarnings.push(...found.warnings);
    }
  } catch (error) {
    throw new ImportError("package", (error as Error).message);
  }
  const seen = new Set<string>();
  baciSets = baciSets.filter((s) => {
    if (!seen.has(s.revision)) return seen.add(s.revision), true;
    baciWarnings.push(`HS${s.revision} appears in several --baci folders; ${s.dir} was ignored`);
    return false;
  });

  const print = fingerprint(pkg, [...dims, ...cubes], baciSets, options);
  if (!options.force && !outdated && (await readPreviousFingerprint(target)) === print) {
    logger.info(`Warehouse at ${target} is up to date with ${pkg.dir}; use --force to rebuild.`);
    return { status: "up-to-date", path: target };
  }

  fs.mkdirSync(path.dirname(target), { recursive: true });
  let release: () => void;
  try {
    release = acquireLock(target);
  } catch (error) {
    throw new ImportError("locked", (error as Error).message);
  }
  const stale = removeStaleTemps(target);
  if (stale.length) logger.info(`Removed temp files left by an interrupted import: ${stale.join(", ")}`);

  const temp = tempPathFor(target);
  const started = performance.now();
  let instance: DuckDBInstance | null = null;
  let conn: DuckDBConnection | null = null;
  let aborted = false;
  const abort = () => {
    aborted = true;
    try {
      conn?.interrupt();
    } catch {
      // The connection may already be closed.
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (aborted) {
      // Second signal: the user insists. Clean up synchronously and leave.
      removeWithCompanions(temp);
      release();
      process.exit(signal === "SIGINT" ? 130 : 143);
    }
    logger.warn(`${signal} received: stopping the import; the previous warehouse stays in place.`);
    abort();
  };
  const onExit = () => removeWithCompanions(temp);
  options.signal?.addEventListener("abort", abort);
  if (options.signal?.aborted) aborted = true;
  if (options.handleSignals) {
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  }
  process.on("exit", onExit);
  const checkAborted = () => {
    if (aborted) throw new ImportError("aborted", "import interrupted; the previous warehouse is unchanged");
  };

  try {
    logger.info(`Importing ${pkg.dir} -> ${target}`);
    instance = await DuckDBInstance.create(temp, {
      threads: String(options.threads ?? 2),
      ...(options.memoryLimit ? { memory_limit: options.memoryLimit } : {}),
      preserve_insertion_order: "true",
    });
    conn = await instance.connect();
    await conn.run(`SET enable_progress_bar = true; SET enable_progress_bar_print = false;`);
    checkAborted();

    // 1. Stage and validate every file.
    const staged = new Map<string, Staged>();
    const validations: FileValidation[] = [];
    const warnings: string[] = [...baciWarnings];
    for (const resource of [...dims, ...cubes]) {
      checkAborted();
      const file = pkg.filePath(resource);
      warnings.push(...(await integrityWarnings(pkg, resource)));
      const relation = tableNameFor(resource.name);
      let validation: FileValidation | null = null;
      await progress.step(resource.path, conn, async () => {
        let rows: number;
        if (isParquet(resource)) {
          await conn!.run(
            `CREATE OR REPLACE VIEW ${ident(relation)} AS SELECT * FROM read_parquet(${literal(file)}, file_row_number = true)`,
          );
          rows = toNumber(await scalar(conn!, `SELECT count(*) FROM ${ident(relation)}`));
          validation = await validateStaged(
            conn!,
            resource,
            { relation, ridColumn: "file_row_number", lineOf: (rid) => `(${rid} + 1)`, typed: true },
            { maxErrors, rows, foreignKeyTarget: (name) => ({ relation: staged.get(name)?.relation ?? null, typed: false }) },
          );
        } else {
          const csv = await stageCsv(conn!, resource, file, relation, maxErrors);
          rows = csv.rows;
          if (csv.rejected > 0 && csv.rows === 0 && csv.errors[0]?.line === 1) {
            validation = { resource: resource.name, file: resource.path, rows: 0, badRows: 1, errors: csv.errors, warnings: [] };
          } else {
            validation = await validateStaged(
              conn!,
              resource,
              { relation, ridColumn: "rowid", lineOf: csv.lineOf, typed: false },
              { maxErrors, rows, foreignKeyTarget: (name) => ({ relation: staged.get(name)?.relation ?? null, typed: false }) },
            );
            validation.errors.unshift(...csv.errors);
            validation.errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
            validation.errors.splice(maxErrors);
            validation.badRows += csv.rejected;
          }
        }
        return rows;
      });
      const v = validation as FileValidation | null;
      if (v) {
        validations.push(v);
        warnings.push(...v.warnings);
      }
      staged.set(resource.name, { resource, relation, rows: v?.rows ?? 0 });
    }
    const failed = validations.filter((v) => v.badRows > 0 || v.errors.length > 0);
    if (failed.length > 0) {
      const lines = failed.flatMap((v) => [
        `${v.file}: ${v.badRows} bad row${v.badRows === 1 ? "" : "s"}${v.errors.length < v.badRows ? ` (first ${v.errors.length} listed)` : ""}`,
        ...v.errors.map((e) => `  ${formatRowError(e)}`),
      ]);
      throw new ImportError(
        "validation",
        `Validation failed; nothing was imported.\n${lines.join("\n")}`,
        failed.flatMap((v) => v.errors),
        failed,
      );
    }

    // 2. Member tables.
    checkAborted();
    await progress.step("member tables (countries, continents, HS92)", conn, () =>
      buildDimensions(conn!, (name) => staged.get(name)!.relation, (name) => pkg.resource(name)),
    );

    // 2b. Optional entity profiles: entities/<type>.csv beside datapackage.json (docs/entities.md).
    checkAborted();
    const entities = await importEntities(conn, pkg.dir, { maxErrors });
    if (entities.errors.length) {
      throw new ImportError("validation", `Validation failed; nothing was imported.\n${entities.errors.map((e) => `  ${formatRowError(e)}`).join("\n")}`, entities.errors);
    }
    warnings.push(...entities.warnings);
    for (const e of entities.loaded) logger.info(`${e.table}: ${e.rows} ${e.type} records`);

    // 3. Package cubes.
    const meta: { cube: ReturnType<typeof baciCube>; stats: TableStats[]; years: number[]; source: string }[] = [];
    for (const source of PACKAGE_CUBE_SOURCES) {
      const stagedResource = staged.get(source.resource);
      if (!stagedResource || options.dimensionsOnly) continue;
      checkAborted();
      let stats: TableStats[] = [];
      const extra = Object.fromEntries(
        (source.extraResources ?? []).flatMap((name) => (staged.has(name) ? [[name, staged.get(name)!.relation]] : [])),
      );
      await progress.step(`${source.cube.name} (${source.cube.tables.length} tables)`, conn, async () => {
        stats = await buildPackageCube(conn!, source, stagedResource.relation, extra);
        return stats[0]?.rows ?? 0;
      });
      if (source.warnings) warnings.push(...(await source.warnings(conn, stagedResource.relation)));
      meta.push({
        cube: source.cube,
        stats,
        years: await distinctYears(conn, source.cube.tables[0].name),
        source: [stagedResource.resource.path, ...Object.keys(extra).map((name) => staged.get(name)!.resource.path)].join(", "),
      });
    }
    const missingCubes = PACKAGE_CUBE_SOURCES.filter((s) => !staged.has(s.resource)).map((s) => s.cube.name);
    if (missingCubes.length && !options.dimensionsOnly) {
      warnings.push(`not in this data package, so not built: ${missingCubes.join(", ")}`);
    }

    // 4. BACI: new imports, then cubes kept from the previous warehouse.
    const baciResults: BaciImportResult[] = [];
    for (const set of baciSets) {
      checkAborted();
      try {
        baciResults.push(await importBaciSet(conn, set, progress, maxErrors));
      } catch (error) {
        if (error instanceof BaciError) {
          const lines = error.errors.map((e) => `  ${formatRowError(e)}`);
          throw new ImportError("validation", `Validation failed; nothing was imported.\n${error.message}\n${lines.join("\n")}`, error.errors);
        }
        throw error;
      }
    }
    if (options.keepBaci !== false && !options.dimensionsOnly) {
      checkAborted();
      baciResults.push(...(await carryOverBaci(conn, target, new Set<BaciRevision>(baciResults.map((r) => r.revision)), progress)));
    }
    // 4b. Tariffs come from their own file (--tariffs): keep the previous warehouse's table.
    if (!options.dimensionsOnly) await carryOverTariffs(conn, target);
    for (const r of baciResults) {
      meta.push({ cube: baciCube(r.revision), stats: r.stats, years: r.years, source: `CEPII BACI HS${r.revision}` });
    }

    // 4b. Generic subnational levels: new files, then the levels kept from the previous warehouse.
    if (!options.dimensionsOnly) {
      checkAborted();
      let imported: string[] = [];
      if (options.subnationalFiles?.length) {
        try {
          await progress.step(`subnational files (${options.subnationalFiles.length})`, conn, async () => {
            const result = await importSubnationalFiles(conn!, options.subnationalFiles!.map((f) => path.resolve(f)), maxErrors);
            imported = result.datasets;
            return result.rows;
          });
        } catch (error) {
          if (error instanceof SubnationalError) {
            const lines = error.errors.map((e) => `  ${formatRowError(e)}`);
            throw new ImportError("validation", `Validation failed; nothing was imported.\n${error.message}\n${lines.join("\n")}`, error.errors);
          }
          throw error;
        }
        for (const d of imported) logger.info(`subnational: ${d} imported`);
      }
      const carried = await carryOverSubnational(conn, target, new Set(imported));
      for (const d of carried.kept) logger.info(`subnational: ${d} kept from the previous warehouse`);
      if (carried.warning) warnings.push(carried.warning);
      const finished = await finishSubnational(conn);
      if (finished) meta.push({ cube: SUBNATIONAL_GENERIC_CUBE, ...finished });
    }

    // 5. Economic complexity from the cubes just built (and the SITC fixture), same transaction-free temp file.
    let complexitySeconds = 0;
    if (!options.dimensionsOnly) {
      checkAborted();
      const fixture = staged.get("complexity_fixture_trade");
      const complexity = await buildComplexity(conn, {
        fixtureRelation: fixture?.relation ?? null,
        baciRevisions: baciResults.map((r) => r.revision),
        progress,
        checkAborted,
      });
      meta.push(...complexity.cubes);
      warnings.push(...complexity.warnings);
      complexitySeconds = complexity.seconds;
    }

    // 6. The data catalogue, metadata, clean-up of staging relations, and the swap.
    checkAborted();
    await progress.step("data catalogue", conn, async () => (await writeCatalog(conn!, meta.map((m) => m.cube))) + (await writeSubnationalCatalog(conn!)));
    await progress.step("data quality flags", conn, () => writeQualityFlags(conn!, meta.map((m) => m.cube)));
    for (const s of staged.values()) {
      await conn.run(isParquet(s.resource) ? `DROP VIEW IF EXISTS ${ident(s.relation)}` : `DROP TABLE IF EXISTS ${ident(s.relation)}`);
    }
    const seconds = (performance.now() - started) / 1000;
    await writeMetaTables(conn, meta, {
      fingerprint: print,
      schema_version: WAREHOUSE_SCHEMA_VERSION,
      built_at: new Date().toISOString(),
      data_dir: pkg.dir,
      package_name: pkg.descriptor.name ?? "",
      package_version: pkg.descriptor.version ?? "",
      baci: baciResults.map((r) => `HS${r.revision}`).join(","),
      import_seconds: seconds.toFixed(1),
      complexity_seconds: complexitySeconds.toFixed(2),
      warnings: JSON.stringify(warnings),
    });
    checkAborted();
    await conn.run("CHECKPOINT");
    conn.closeSync();
    conn = null;
    instance.closeSync();
    instance = null;
    checkAborted();
    commitFile(temp, target);
    for (const w of warnings) logger.warn(w);
    const total = (performance.now() - started) / 1000;
    logger.info(`Warehouse written to ${target} (${meta.length} cubes) in ${total.toFixed(1)} s.`);
    return { status: "built", path: target, seconds: total, cubes: meta.map((m) => m.cube.name), warnings, steps: progress.steps };
  } catch (error) {
    if (aborted && !(error instanceof ImportError && error.kind === "validation")) {
      throw new ImportError("aborted", "import interrupted; the previous warehouse is unchanged");
    }
    if (error instanceof ImportError) throw error;
    throw new ImportError("failed", `import failed: ${(error as Error).message}; the previous warehouse is unchanged`);
  } finally {
    try {
      conn?.closeSync();
    } catch {
      // Closing after an interrupt can fail; the file is removed below either way.
    }
    try {
      instance?.closeSync();
    } catch {
      // As above.
    }
    removeWithCompanions(temp);
    release();
    options.signal?.removeEventListener("abort", abort);
    if (options.handleSignals) {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
    process.off("exit", onExit);
  }
}
