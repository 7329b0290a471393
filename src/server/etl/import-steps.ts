/**
 * The steps of the full import, in order (docs/CONTRIBUTING.md, "A new importer step"):
 *
 *   stage            every package file staged and checked against its Table Schema (nothing is
 *                    built if any file has a bad row)
 *   members          member tables (countries, continents, HS92)
 *   entities         optional entity profiles (entities/<type>.csv)
 *   <cube>           one step per package cube (trade_i_ots_a_hs4, ...)
 *   BACI HS<rev>     one step per --baci revision
 *   BACI carry-over  BACI cubes kept from the previous warehouse
 *   tariff carry-over, subnational files, subnational carry-over, subnational tables
 *   summaries        per-entity summaries a profile's headline reads (summaries.ts)
 *   complexity       economic complexity from the cubes just built
 *   catalogue, quality flags, metadata
 *
 * `runSteps` (steps.ts) runs them in a temp file and swaps it in when the last one is done.
 */
import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { SUBNATIONAL_GENERIC_CUBE, BACI_REVISIONS, baciCube, type CubeDef } from "@/server/warehouse/registry";
import { isParquet, type LoadedPackage, type Resource } from "@/server/datapackage/datapackage";
import { BaciError, baciTableNames, carryOverBaci, importBaciSet, type BaciFileSet, type BaciImportResult } from "./baci";
import { writeCatalog } from "./catalog";
import { buildComplexity } from "./complexity";
import { importEntities } from "./entities";
import { ImportError, WAREHOUSE_SCHEMA_VERSION, type ImportPlan } from "./import-plan";
import { distinctYears, writeMetaTables, type TableStats } from "./layout";
import { DIMENSION_RESOURCES, PACKAGE_CUBE_SOURCES, buildDimensions, buildPackageCube, type PackageCubeSource } from "./package-build";
import type { Progress } from "./progress";
import { writeQualityFlags } from "./quality";
import { ident, literal, scalar, toNumber } from "./sql";
import type { ImportStep, StepBase } from "./steps";
import { SUMMARY_TABLES, writeSummaries } from "./summaries";
import { SubnationalError, carryOverSubnational, finishSubnational, importSubnationalFiles, writeSubnationalCatalog } from "./subnational";
import { TARIFF_META_TABLE, TARIFF_TABLE, carryOverTariffs } from "./tariffs";
import { formatRowError, stageCsv, tableNameFor, validateStaged, type FileValidation, type RowError } from "./validate";

interface Staged {
  resource: Resource;
  relation: string;
  rows: number;
}

/** One cube written by the import, for _meta_cubes, _meta_tables, the catalogue and the quality flags. */
export interface CubeMeta {
  cube: CubeDef;
  stats: TableStats[];
  years: number[];
  source: string;
}

/** What the steps of one import share. */
export interface ImportContext extends StepBase {
  plan: ImportPlan;
  progress: Progress;
  /** When the build started (performance.now()), for import_seconds. */
  started: number;
  staged: Map<string, Staged>;
  validations: FileValidation[];
  /** Every warning of the build, in the order found (stored in _meta_build). */
  warnings: string[];
  /** The cubes written, in the order of _meta_cubes. */
  meta: CubeMeta[];
  baci: BaciImportResult[];
  subnationalImported: string[];
  complexitySeconds: number;
}

export function importContext(plan: ImportPlan, progress: Progress, started: number, base: StepBase): ImportContext {
  return {
    ...base,
    plan,
    progress,
    started,
    staged: new Map(),
    validations: [],
    warnings: [...plan.warnings],
    meta: [],
    baci: [],
    subnationalImported: [],
    complexitySeconds: 0,
  };
}

/** The failure of a file the user gave (a row error list), as the import reports it. */
function validationError(message: string, errors: RowError[]): ImportError {
  const lines = errors.map((e) => `  ${formatRowError(e)}`);
  return new ImportError("validation", `Validation failed; nothing was imported.\n${message}\n${lines.join("\n")}`, errors);
}

// ---------------------------------------------------------------------------------------------
// stage

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

/** A Parquet file is read in place (a view); its rows are checked as typed values. */
async function stageParquet(ctx: ImportContext, resource: Resource, file: string, relation: string) {
  const { conn } = ctx;
  await conn.run(`CREATE OR REPLACE VIEW ${ident(relation)} AS SELECT * FROM read_parquet(${literal(file)}, file_row_number = true)`);
  const rows = toNumber(await scalar(conn, `SELECT count(*) FROM ${ident(relation)}`));
  const validation = await validateStaged(
    conn,
    resource,
    { relation, ridColumn: "file_row_number", lineOf: (rid) => `(${rid} + 1)`, typed: true },
    { maxErrors: ctx.plan.maxErrors, rows, foreignKeyTarget: (name) => ({ relation: ctx.staged.get(name)?.relation ?? null, typed: false }) },
  );
  return { rows, validation };
}

/** A CSV file is loaded as text; rows DuckDB cannot read and rows breaking the schema are both listed. */
async function stageCsvResource(ctx: ImportContext, resource: Resource, file: string, relation: string) {
  const { conn, plan } = ctx;
  const csv = await stageCsv(conn, resource, file, relation, plan.maxErrors);
  if (csv.rejected > 0 && csv.rows === 0 && csv.errors[0]?.line === 1) {
    const validation: FileValidation = { resource: resource.name, file: resource.path, rows: 0, badRows: 1, errors: csv.errors, warnings: [] };
    return { rows: csv.rows, validation };
  }
  const validation = await validateStaged(
    conn,
    resource,
    { relation, ridColumn: "rowid", lineOf: csv.lineOf, typed: false },
    { maxErrors: plan.maxErrors, rows: csv.rows, foreignKeyTarget: (name) => ({ relation: ctx.staged.get(name)?.relation ?? null, typed: false }) },
  );
  validation.errors.unshift(...csv.errors);
  validation.errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  validation.errors.splice(plan.maxErrors);
  validation.badRows += csv.rejected;
  return { rows: csv.rows, validation };
}

async function stageResource(ctx: ImportContext, resource: Resource): Promise<void> {
  const file = ctx.plan.pkg.filePath(resource);
  ctx.warnings.push(...(await integrityWarnings(ctx.plan.pkg, resource)));
  const relation = tableNameFor(resource.name);
  let validation: FileValidation | null = null;
  await ctx.progress.step(resource.path, ctx.conn, async () => {
    const staged = isParquet(resource) ? await stageParquet(ctx, resource, file, relation) : await stageCsvResource(ctx, resource, file, relation);
    validation = staged.validation;
    return staged.rows;
  });
  const v = validation as FileValidation | null;
  if (v) {
    ctx.validations.push(v);
    ctx.warnings.push(...v.warnings);
  }
  ctx.staged.set(resource.name, { resource, relation, rows: v?.rows ?? 0 });
}

function stageStep(plan: ImportPlan): ImportStep<ImportContext> {
  const resources = [...plan.dims, ...plan.cubes];
  return {
    name: "stage",
    inputs: resources.map((r) => r.path),
    writes: resources.map((r) => tableNameFor(r.name)),
    run: async (ctx) => {
      for (const resource of resources) {
        ctx.checkAborted();
        await stageResource(ctx, resource);
      }
    },
    validate: (ctx) => {
      const failed = ctx.validations.filter((v) => v.badRows > 0 || v.errors.length > 0);
      if (failed.length === 0) return;
      const lines = failed.flatMap((v) => [
        `${v.file}: ${v.badRows} bad row${v.badRows === 1 ? "" : "s"}${v.errors.length < v.badRows ? ` (first ${v.errors.length} listed)` : ""}`,
        ...v.errors.map((e) => `  ${formatRowError(e)}`),
      ]);
      throw new ImportError("validation", `Validation failed; nothing was imported.\n${lines.join("\n")}`, failed.flatMap((v) => v.errors), failed);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// members, entities, package cubes

const MEMBER_TABLES = ["dim_continents", "dim_countries", "dim_hs_sections", "dim_hs2", "dim_hs4", "dim_hs6", "dim_products", "map_hs2_section", "dim_flows"];

const membersStep: ImportStep<ImportContext> = {
  name: "members",
  inputs: [...DIMENSION_RESOURCES],
  writes: MEMBER_TABLES,
  run: async ({ conn, plan, progress, staged }) => {
    await progress.step("member tables (countries, continents, HS92)", conn, () =>
      buildDimensions(conn, (name) => staged.get(name)!.relation, (name) => plan.pkg.resource(name)),
    );
  },
};

/** Optional entity profiles: entities/<type>.csv beside datapackage.json (docs/entities.md). */
function entitiesStep(): ImportStep<ImportContext> {
  let errors: RowError[] = [];
  return {
    name: "entities",
    inputs: ["entities/<type>.csv", "dim_countries", "dim_hs4"],
    writes: ["dim_entity_<type>"],
    run: async ({ conn, plan, warnings }) => {
      const entities = await importEntities(conn, plan.pkg.dir, { maxErrors: plan.maxErrors });
      errors = entities.errors;
      if (errors.length) return;
      warnings.push(...entities.warnings);
      for (const e of entities.loaded) plan.logger.info(`${e.table}: ${e.rows} ${e.type} records`);
    },
    validate: () => {
      if (errors.length) throw new ImportError("validation", `Validation failed; nothing was imported.\n${errors.map((e) => `  ${formatRowError(e)}`).join("\n")}`, errors);
    },
  };
}

function packageCubeStep(source: PackageCubeSource, missingWarning: string | null): ImportStep<ImportContext> {
  return {
    name: source.cube.name,
    inputs: [source.resource, ...(source.extraResources ?? [])],
    writes: [...(source.memberTables ?? []), ...source.cube.tables.map((t) => t.name)],
    run: async (ctx) => {
      const { conn, staged } = ctx;
      const stagedResource = staged.get(source.resource)!;
      const extra = Object.fromEntries((source.extraResources ?? []).flatMap((name) => (staged.has(name) ? [[name, staged.get(name)!.relation]] : [])));
      let stats: TableStats[] = [];
      await ctx.progress.step(`${source.cube.name} (${source.cube.tables.length} tables)`, conn, async () => {
        stats = await buildPackageCube(conn, source, stagedResource.relation, extra);
        return stats[0]?.rows ?? 0;
      });
      if (source.warnings) ctx.warnings.push(...(await source.warnings(conn, stagedResource.relation)));
      ctx.meta.push({
        cube: source.cube,
        stats,
        years: await distinctYears(conn, source.cube.tables[0].name),
        source: [stagedResource.resource.path, ...Object.keys(extra).map((name) => staged.get(name)!.resource.path)].join(", "),
      });
      if (missingWarning) ctx.warnings.push(missingWarning);
    },
  };
}

/** One step per cube whose resource is in the package; the last one notes the cubes it lacks. */
function packageCubeSteps(plan: ImportPlan): ImportStep<ImportContext>[] {
  if (plan.options.dimensionsOnly) return [];
  const present = new Set(plan.cubes.map((r) => r.name));
  const sources = PACKAGE_CUBE_SOURCES.filter((s) => present.has(s.resource));
  const missing = PACKAGE_CUBE_SOURCES.filter((s) => !present.has(s.resource)).map((s) => s.cube.name);
  const warning = missing.length ? `not in this data package, so not built: ${missing.join(", ")}` : null;
  if (sources.length === 0) {
    return warning ? [{ name: "package cubes", inputs: [], writes: [], run: async ({ warnings }) => void warnings.push(warning) }] : [];
  }
  return sources.map((s, i) => packageCubeStep(s, i === sources.length - 1 ? warning : null));
}

// ---------------------------------------------------------------------------------------------
// BACI, tariffs and subnational levels: new files, then what the previous warehouse held

function baciStep(set: BaciFileSet): ImportStep<ImportContext> {
  return {
    name: `BACI HS${set.revision}`,
    inputs: [set.countryCodes, ...(set.productCodes ? [set.productCodes] : []), ...set.years.map((y) => y.file)],
    writes: baciTableNames(set.revision),
    run: async (ctx) => {
      let result: BaciImportResult;
      try {
        result = await importBaciSet(ctx.conn, set, ctx.progress, ctx.plan.maxErrors);
      } catch (error) {
        if (error instanceof BaciError) throw validationError(error.message, error.errors);
        throw error;
      }
      ctx.baci.push(result);
      ctx.meta.push({ cube: baciCube(result.revision), stats: result.stats, years: result.years, source: `CEPII BACI HS${result.revision}` });
    },
  };
}

const baciCarryOverStep: ImportStep<ImportContext> = {
  name: "BACI carry-over",
  inputs: ["previous warehouse"],
  writes: BACI_REVISIONS.flatMap((r) => baciTableNames(r)),
  run: async (ctx) => {
    const carried = await carryOverBaci(ctx.conn, ctx.plan.target, new Set(ctx.baci.map((r) => r.revision)), ctx.progress);
    for (const r of carried) {
      ctx.baci.push(r);
      ctx.meta.push({ cube: baciCube(r.revision), stats: r.stats, years: r.years, source: `CEPII BACI HS${r.revision}` });
    }
  },
};

/** Tariffs come from their own file (--tariffs): the previous warehouse's table is kept. */
const tariffCarryOverStep: ImportStep<ImportContext> = {
  name: "tariff carry-over",
  inputs: ["previous warehouse"],
  writes: [TARIFF_TABLE, TARIFF_META_TABLE],
  run: async ({ conn, plan }) => void (await carryOverTariffs(conn, plan.target)),
};

const SUBNATIONAL_TABLES = SUBNATIONAL_GENERIC_CUBE.tables.map((t) => t.name);

function subnationalFilesStep(files: readonly string[]): ImportStep<ImportContext> {
  return {
    name: "subnational files",
    inputs: files,
    writes: SUBNATIONAL_TABLES,
    run: async (ctx) => {
      try {
        await ctx.progress.step(`subnational files (${files.length})`, ctx.conn, async () => {
          const result = await importSubnationalFiles(ctx.conn, files.map((f) => path.resolve(f)), ctx.plan.maxErrors);
          ctx.subnationalImported = result.datasets;
          return result.rows;
        });
      } catch (error) {
        if (error instanceof SubnationalError) throw validationError(error.message, error.errors);
        throw error;
      }
      for (const d of ctx.subnationalImported) ctx.plan.logger.info(`subnational: ${d} imported`);
    },
  };
}

/** Country levels imported before that no new file replaces. */
const subnationalCarryOverStep: ImportStep<ImportContext> = {
  name: "subnational carry-over",
  inputs: ["previous warehouse"],
  writes: SUBNATIONAL_TABLES,
  run: async ({ conn, plan, subnationalImported, warnings }) => {
    const carried = await carryOverSubnational(conn, plan.target, new Set(subnationalImported));
    for (const d of carried.kept) plan.logger.info(`subnational: ${d} kept from the previous warehouse`);
    if (carried.warning) warnings.push(carried.warning);
  },
};

const subnationalTablesStep: ImportStep<ImportContext> = {
  name: "subnational tables",
  inputs: SUBNATIONAL_TABLES,
  writes: SUBNATIONAL_TABLES,
  run: async ({ conn, meta }) => {
    const finished = await finishSubnational(conn);
    if (finished) meta.push({ cube: SUBNATIONAL_GENERIC_CUBE, ...finished });
  },
};

// ---------------------------------------------------------------------------------------------
// summaries, complexity, catalogue, quality, metadata

/** Each country's and continent's headline figures, once per generation, from the cubes written so far. */
const summariesStep: ImportStep<ImportContext> = {
  name: "summaries",
  inputs: ["goods cubes written"],
  writes: SUMMARY_TABLES,
  run: async (ctx) => {
    await ctx.progress.step("per-entity summaries", ctx.conn, async () => {
      const result = await writeSummaries(ctx.conn, ctx.meta);
      return result.yearRows + result.topRows;
    });
  },
};

/** Economic complexity from the cubes just built (and the SITC fixture). */
const complexityStep: ImportStep<ImportContext> = {
  name: "complexity",
  inputs: ["package and BACI cubes", "complexity_fixture_trade"],
  writes: ["complexity_*"],
  run: async (ctx) => {
    const complexity = await buildComplexity(ctx.conn, {
      fixtureRelation: ctx.staged.get("complexity_fixture_trade")?.relation ?? null,
      baciRevisions: ctx.baci.map((r) => r.revision),
      progress: ctx.progress,
      checkAborted: ctx.checkAborted,
    });
    ctx.meta.push(...complexity.cubes);
    ctx.warnings.push(...complexity.warnings);
    ctx.complexitySeconds = complexity.seconds;
  },
};

const catalogueStep: ImportStep<ImportContext> = {
  name: "catalogue",
  inputs: ["every cube written"],
  writes: ["_meta_catalog"],
  run: async ({ conn, progress, meta }) => {
    await progress.step("data catalogue", conn, async () => (await writeCatalog(conn, meta.map((m) => m.cube))) + (await writeSubnationalCatalog(conn)));
  },
};

const qualityStep: ImportStep<ImportContext> = {
  name: "quality flags",
  inputs: ["every cube written"],
  writes: ["_meta_quality"],
  run: async ({ conn, progress, meta }) => {
    await progress.step("data quality flags", conn, () => writeQualityFlags(conn, meta.map((m) => m.cube)));
  },
};

/** Drops the staging relations and writes _meta_build, _meta_cubes and _meta_tables. */
const metadataStep: ImportStep<ImportContext> = {
  name: "metadata",
  inputs: ["staging relations", "every cube written"],
  writes: ["_meta_build", "_meta_cubes", "_meta_tables"],
  run: async (ctx) => {
    const { conn, plan } = ctx;
    for (const s of ctx.staged.values()) {
      await conn.run(isParquet(s.resource) ? `DROP VIEW IF EXISTS ${ident(s.relation)}` : `DROP TABLE IF EXISTS ${ident(s.relation)}`);
    }
    await writeMetaTables(conn, ctx.meta, {
      fingerprint: plan.fingerprint,
      schema_version: WAREHOUSE_SCHEMA_VERSION,
      built_at: new Date().toISOString(),
      data_dir: plan.pkg.dir,
      package_name: plan.pkg.descriptor.name ?? "",
      package_version: plan.pkg.descriptor.version ?? "",
      baci: ctx.baci.map((r) => `HS${r.revision}`).join(","),
      import_seconds: ((performance.now() - ctx.started) / 1000).toFixed(1),
      complexity_seconds: ctx.complexitySeconds.toFixed(2),
      warnings: JSON.stringify(ctx.warnings),
    });
  },
};

/** The steps of this import, in order; those its options leave out are not listed. */
export function importSteps(plan: ImportPlan): ImportStep<ImportContext>[] {
  const { options } = plan;
  const full = !options.dimensionsOnly;
  const subnationalFiles = options.subnationalFiles ?? [];
  return [
    stageStep(plan),
    membersStep,
    entitiesStep(),
    ...packageCubeSteps(plan),
    ...plan.baciSets.map(baciStep),
    ...(full && options.keepBaci !== false ? [baciCarryOverStep] : []),
    ...(full ? [tariffCarryOverStep] : []),
    ...(full && subnationalFiles.length ? [subnationalFilesStep(subnationalFiles)] : []),
    ...(full ? [subnationalCarryOverStep, subnationalTablesStep, summariesStep, complexityStep] : []),
    catalogueStep,
    qualityStep,
    metadataStep,
  ];
}
