/**
 * Where the data package and the warehouse live. Environment variables win; defaults are relative
 * to the project root (the working directory of `npm start`, `npm run ...` and vitest).
 */
import "server-only";
import fs from "node:fs";
import path from "node:path";
import { settings, type WarehouseRuntimeSettings } from "@/server/settings";

export function projectRoot(): string {
  return settings().projectRoot;
}

/** Candidate data package folders, in the order they are tried. */
export function dataDirCandidates(): string[] {
  const fromEnv = settings().tradeDataDir;
  if (fromEnv) return [path.resolve(projectRoot(), fromEnv)];
  const root = projectRoot();
  return [path.join(root, "data", "package"), path.resolve(root, "..", "shared", "data")];
}

export interface DataDirResolution {
  /** The first candidate holding a datapackage.json, or null. */
  dir: string | null;
  lookedIn: string[];
}

export function resolveDataDir(override?: string): DataDirResolution {
  const candidates = override ? [path.resolve(override)] : dataDirCandidates();
  const dir = candidates.find((candidate) => fs.existsSync(path.join(candidate, "datapackage.json"))) ?? null;
  return { dir, lookedIn: candidates };
}

export function warehousePath(): string {
  const fromEnv = settings().warehousePath;
  if (fromEnv) return path.resolve(projectRoot(), fromEnv);
  return path.join(projectRoot(), "data", "warehouse.duckdb");
}

export interface WarehouseStatus {
  available: boolean;
  /** The warehouse file the site reads. */
  path: string;
  /** Data package folders the importer would read, for "no data: looked in ..." messages. */
  lookedIn: string[];
  /** The data package folder that would be imported, if one exists. */
  dataDir: string | null;
  /** When the current warehouse file was written (ISO 8601). */
  builtAt?: string;
  bytes?: number;
}

/** Cheap (two stat calls), synchronous, never throws: pages can call it on every render. */
export function warehouseStatus(): WarehouseStatus {
  const file = warehousePath();
  const { dir, lookedIn } = resolveDataDir();
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return { available: false, path: file, lookedIn, dataDir: dir };
    return { available: true, path: file, lookedIn, dataDir: dir, builtAt: stat.mtime.toISOString(), bytes: stat.size };
  } catch {
    return { available: false, path: file, lookedIn, dataDir: dir };
  }
}

export type RuntimeSettings = WarehouseRuntimeSettings;

/** Cache, timeout and DuckDB limits of the web process (WAREHOUSE_*; see src/server/settings.ts). */
export function runtimeSettings(): RuntimeSettings {
  return settings().warehouse;
}
