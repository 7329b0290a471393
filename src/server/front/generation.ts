/**
 * What a cached page was rendered from: this build and this warehouse file. An import writes a
 * new file and swaps it in (new inode, size, time): the generation changes, old pages stop
 * matching and the next request renders fresh from the new data, which the warehouse layer
 * opens on the same signal (server/warehouse/duckdb.ts).
 */
import "server-only";
import fs from "node:fs";
import path from "node:path";
import { warehousePath } from "@/server/warehouse/config";

export function buildId(projectRoot: string): string {
  try {
    return fs.readFileSync(path.join(projectRoot, ".next", "BUILD_ID"), "utf8").trim();
  } catch {
    return "dev";
  }
}

export function warehouseIdentity(file = warehousePath()): string {
  try {
    const stat = fs.statSync(file);
    return `${stat.ino}-${stat.size}-${Math.round(stat.mtimeMs)}`;
  } catch {
    return "none";
  }
}

/**
 * The page cache's generation reader: build and warehouse file, looked at no more than once per
 * `everyMs` (a stat per request is not needed to notice an import within a second).
 */
export function generationReader(build: string, everyMs = 1000, now: () => number = Date.now, identity: () => string = () => warehouseIdentity()): () => string {
  let value = "";
  let readAt = -Infinity;
  return () => {
    const time = now();
    if (time - readAt >= everyMs) {
      value = `${build}:${identity()}`;
      readAt = time;
    }
    return value;
  };
}
