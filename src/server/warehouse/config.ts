/**
 * Where the data package and the warehouse live. Environment variables win; defaults are relative
 * to the project root (the working directory of `npm start`, `npm run ...` and vitest).
 */
import "server-only";
import fs from "node:fs";
import path from "node:path";

export const ENV = {
  dataDir: "TRADE_DATA_DIR",
  warehouse: "WAREHOUSE_PATH",
  projectRoot: "PROJECT_ROOT",
  cacheEntries: "WAREHOUSE_CACHE_ENTRIES",
  cacheMegabytes: "WAREHOUSE_CACHE_MB",
  queryTimeoutMs: "WAREHOUSE_QUERY_TIMEOUT_MS",
  threads: "WAREHOUSE_THREADS",
  memoryLimit: "WAREHOUSE_MEMORY_LIMIT",
  connections: "WAREHOUSE_CONNECTIONS",
} as const;

export function projectRoot(): string {
  return path.resolve(process.env[ENV.projectRoot] || process.cwd());
}

/** Candidate data package folders, in the order they are tried. */
export function dataDirCandidates(): string[] {
  const fromEnv = process.env[ENV.dataDir];
  if (fromEnv && fromEnv.trim()) return [path.resolve(projectRoot(), fromEnv.trim())];
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
  const fromEnv = process.env[ENV.warehouse];
  if (fromEnv && fromEnv.trim()) return path.resolve(projectRoot(), fromEnv.trim());
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

function positiveInt(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? Math.min(value, max) : fallback;
}

export interface RuntimeSettings {
  cacheEntries: number;
  cacheBytes: number;
  queryTimeoutMs: number;
  threads: number;
  memoryLimit: string;
  connections: number;
}

export function runtimeSettings(): RuntimeSettings {
  const memory = process.env[ENV.memoryLimit];
  return {
    cacheEntries: positiveInt(ENV.cacheEntries, 500, 100_000),
    cacheBytes: positiveInt(ENV.cacheMegabytes, 64, 4096) * 1024 * 1024,
    queryTimeoutMs: positiveInt(ENV.queryTimeoutMs, 15_000, 600_000),
    threads: positiveInt(ENV.threads, 2, 256),
    memoryLimit: memory && /^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i.test(memory.trim()) ? memory.trim() : "2GB",
    connections: positiveInt(ENV.connections, 4, 64),
  };
}
