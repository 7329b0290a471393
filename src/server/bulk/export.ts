/**
 * `npm run data:export`: the bulk files, written from the warehouse by its own query compiler (so
 * a file's rows are exactly what /api/data answers for the same query), as gzip CSV and Parquet by
 * DuckDB's COPY, into `<EXPORT_DIR>/<generation>/` with a Frictionless `datapackage.json` listing
 * each file's size, rows and SHA-256. The folder appears whole (written aside, then renamed); the
 * previous generation is kept so downloads under way finish, older ones are removed.
 */
import "server-only";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { internationalDatasets, generationOf, richestGoodsDataset, FORMAT_EXTENSION, type BulkFormat, type BulkPackage, type BulkResource, type BulkTier } from "@/domain/bulk/bulk";
import { packageLicences } from "@/domain/bulk/licence";
import { dataPackageProblems } from "@/domain/bulk/profile";
import type { CompiledQuery } from "@/server/warehouse/compile";
import { warehouseMeta } from "@/server/warehouse/db";
import { runStatement, warehouseDialect, withStatements, type StatementSession } from "@/server/warehouse/statements";
import type { DataQuery } from "@/server/warehouse/types";
import { CUBES, type CubeDef, type LevelDef } from "@/server/warehouse/registry";
import { settings } from "@/server/settings";
import { exportFile, exportMembers, exportQuery } from "./statements";

export function exportRoot(): string {
  const s = settings();
  return path.resolve(/*turbopackIgnore: true*/ s.projectRoot, s.exportDir ?? path.join(/*turbopackIgnore: true*/ "data", "exports"));
}


function levelsOf(cube: CubeDef): LevelDef[] {
  return cube.dimensions.flatMap((d) => d.hierarchies.flatMap((h) => h.levels));
}

/** Year and the finest level of every other dimension: a file holds the cube's full detail. */
function finestDrilldowns(cube: CubeDef): string[] {
  const finest = cube.dimensions.filter((d) => d.kind !== "time").map((d) => d.hierarchies[0]!.levels.at(-1)!.name);
  return [cube.timeLevel, ...finest];
}

function additiveMeasures(cube: CubeDef): string[] {
  return cube.measures.filter((m) => !m.grain).map((m) => m.name);
}

function fieldType(compiled: CompiledQuery, name: string): "integer" | "number" | "string" {
  const column = compiled.columns.find((c) => c.name === name);
  if (!column || column.kind === "measure") return "number";
  if (column.kind === "id") return column.level?.id.type === "integer" ? "integer" : "string";
  return "string";
}

async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

interface FileJob {
  tier: BulkTier;
  dataset: string;
  cube: CubeDef;
  /** Without extension, relative to the generation folder. */
  base: string;
  query: DataQuery;
  year: number | null;
  years: number[];
  member: BulkResource["member"];
}

export interface ExportResult {
  generation: string;
  dir: string;
  files: number;
  bytes: number;
  seconds: number;
  skipped: boolean;
}

/** The reporting countries (or HS2 chapters) of a dataset, with their English names. */
async function members(session: StatementSession, cube: CubeDef, levelName: string): Promise<{ id: string; name: string }[]> {
  const level = levelsOf(cube).find((l) => l.name === levelName)!;
  const rows = await session.run(exportMembers, { cube: cube.name, level: levelName });
  return rows
    .map((r) => ({ id: String(r[`${level.name} ID`]), name: String(r[level.name] ?? r[`${level.name} ID`]) }))
    .filter((m) => m.id && m.id !== "null");
}

/**
 * Writes the export for the current warehouse, unless `force` is false and this generation's
 * export is already complete. `only` limits the tiers (tests).
 */
export async function exportBulk(options: { force?: boolean; root?: string; log?: (line: string) => void; only?: BulkTier[] } = {}): Promise<ExportResult> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const meta = await warehouseMeta();
  if (!meta) throw new Error("There is no warehouse to export: run `npm run data:import` first.");
  const generation = generationOf(meta.build.fingerprint ?? "");
  if (!generation) throw new Error("The warehouse has no build fingerprint; re-import it.");
  const root = options.root ?? exportRoot();
  const dir = path.join(/*turbopackIgnore: true*/ root, generation);
  if (!options.force && existsSync(path.join(/*turbopackIgnore: true*/ dir, "datapackage.json"))) {
    return { generation, dir, files: 0, bytes: 0, seconds: 0, skipped: true };
  }
  const tiers = new Set(options.only ?? ["international", "national", "products"]);
  const cubeDef = (name: string) => CUBES.find((c) => c.name === name)!;
  const catalog = meta.catalog;

  const jobs: FileJob[] = [];
  await withStatements(async (session) => {
    if (tiers.has("international")) {
      for (const d of internationalDatasets(catalog)) {
        const cube = cubeDef(d.cube);
        if (!cube || !meta.cubes.has(cube.name)) continue;
        for (const year of d.years) {
          jobs.push({
            tier: "international",
            dataset: d.dataset,
            cube,
            base: `international/${cube.name}/${year}`,
            query: { cube: cube.name, drilldowns: finestDrilldowns(cube), measures: additiveMeasures(cube), cuts: [{ level: cube.timeLevel, ids: [year] }] },
            year,
            years: [year],
            member: null,
          });
        }
      }
    }
    for (const tier of ["national", "products"] as const) {
      if (!tiers.has(tier)) continue;
      const d = richestGoodsDataset(catalog, tier === "products");
      if (!d) continue;
      const cube = cubeDef(d.cube);
      if (!cube || !meta.cubes.has(cube.name)) continue;
      const reporter = cube.catalog?.reporterColumn ? levelsOf(cube).find((l) => l.column === cube.catalog!.reporterColumn) : undefined;
      const levelName = tier === "national" ? reporter?.name : levelsOf(cube).find((l) => l.name === "HS2")?.name;
      if (!levelName) continue;
      for (const m of await members(session, cube, levelName)) {
        jobs.push({
          tier,
          dataset: d.dataset,
          cube,
          base: `${tier}/${cube.name}/${m.id}`,
          query: { cube: cube.name, drilldowns: finestDrilldowns(cube), measures: additiveMeasures(cube), cuts: [{ level: levelName, ids: [m.id] }] },
          year: null,
          years: d.years,
          member: { level: levelName, id: m.id, name: m.name },
        });
      }
    }
  });

  const temp = path.join(/*turbopackIgnore: true*/ root, `.${generation}.partial-${process.pid}`);
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true });
  const resources: BulkResource[] = [];
  let bytes = 0;
  try {
    for (const [i, job] of jobs.entries()) {
      const { columns: fields, compiled } = exportQuery(job.query, meta, warehouseDialect());
      for (const format of ["csv", "parquet"] as BulkFormat[]) {
        const rel = `${job.base}.${FORMAT_EXTENSION[format]}`;
        const file = path.join(/*turbopackIgnore: true*/ temp, rel);
        mkdirSync(path.dirname(file), { recursive: true });
        const [rows = 0] = await runStatement(exportFile, { query: job.query, file, format });
        const size = statSync(file).size;
        bytes += size;
        resources.push({
          name: `${job.tier}-${job.cube.name}-${job.year ?? job.member?.id}-${format}`.toLowerCase().replace(/[^a-z0-9._-]/g, "-"),
          path: rel,
          format,
          mediatype: format === "csv" ? "text/csv" : "application/vnd.apache.parquet",
          ...(format === "csv" ? { compression: "gz" as const, encoding: "utf-8" as const } : {}),
          bytes: size,
          hash: `sha256:${await sha256(file)}`,
          schema: { fields: fields.map((name) => ({ name, type: fieldType(compiled, name) })) },
          tier: job.tier,
          dataset: job.dataset,
          cube: job.cube.name,
          rows,
          year: job.year,
          years: job.years,
          member: job.member,
        });
      }
      if ((i + 1) % 25 === 0 || i + 1 === jobs.length) log(`  ${i + 1}/${jobs.length} files (${(bytes / 1e6).toFixed(1)} MB)`);
    }
    const datasetsInFiles = new Set(resources.map((r) => r.dataset));
    const pkg: BulkPackage = {
      profile: "data-package",
      name: "open-trade-observatory-bulk",
      title: "Open Trade Observatory: bulk downloads",
      description:
        "Every trade cube of the warehouse as files: per year (international), per reporting country (national) and per HS2 chapter (products). Rows are exactly what the data API answers for the same query; values in current US dollars.",
      created: new Date().toISOString(),
      generation,
      warehouse: { builtAt: meta.build.built_at ?? "", fingerprint: meta.build.fingerprint ?? "" },
      // The profile's licence name is an identifier (CC-BY-NC-4.0); the cubes' own words go to the title.
      licenses: packageLicences([...new Set(resources.map((r) => cubeDef(r.cube)).map((c) => c.annotations.licence ?? c.annotations.license ?? ""))]),
      sources: [...new Map(resources.map((r) => cubeDef(r.cube).annotations).filter((a) => a.source_name).map((a) => [a.source_name!, a.source_link])).entries()].map(([title, link]) => ({ title, ...(link ? { path: link } : {}) })),
      datasets: [...datasetsInFiles].map((dataset) => {
        const entries = catalog.filter((e) => e.dataset === dataset);
        const e = entries[0]!;
        return { dataset, cube: e.cube, kind: e.kind, classification: e.classification, depth: e.depth, bilateral: e.bilateral, partial: e.partial, source: e.source, years: [...new Set(entries.map((x) => x.year))].sort((a, b) => a - b) };
      }),
      resources,
    };
    // Frictionless tools reject a whole package for one bad field: never publish one they would reject.
    const problems = dataPackageProblems(pkg);
    if (problems.length) throw new Error(`The export's datapackage.json would fail the Data Package profile:\n  ${problems.slice(0, 10).join("\n  ")}`);
    writeFileSync(path.join(/*turbopackIgnore: true*/ temp, "datapackage.json"), `${JSON.stringify(pkg, null, 2)}\n`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(temp, dir);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  prune(root, generation);
  return { generation, dir, files: resources.length, bytes, seconds: (Date.now() - started) / 1000, skipped: false };
}

/** Keeps this generation and the newest other one (downloads under way finish); removes the rest. */
function prune(root: string, current: string) {
  const others = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== current && /^[0-9a-f]{16}$/.test(d.name))
    .map((d) => ({ name: d.name, mtime: statSync(path.join(/*turbopackIgnore: true*/ root, d.name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of others.slice(1)) rmSync(path.join(/*turbopackIgnore: true*/ root, old.name), { recursive: true, force: true });
}
