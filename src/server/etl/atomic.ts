/**
 * All-or-nothing file replacement for the warehouse: build into a temp file next to the target,
 * fsync, rename over the target. A lock file keeps two imports from racing; temp files left by a
 * killed import (SIGKILL, power loss) are removed by the next one.
 */
import "server-only";
import fs from "node:fs";
import path from "node:path";

export function tempPathFor(target: string): string {
  return `${target}.tmp-${process.pid}-${Date.now().toString(36)}`;
}

/** DuckDB writes a WAL and may spill to a `.tmp` folder beside the database file. */
export function companionPaths(file: string): string[] {
  return [file, `${file}.wal`, `${file}.tmp`];
}

export function removeQuietly(file: string): void {
  try {
    fs.rmSync(file, { recursive: true, force: true });
  } catch {
    // Best effort: a leftover temp file is cleaned by the next import.
  }
}

export function removeWithCompanions(file: string): void {
  for (const p of companionPaths(file)) removeQuietly(p);
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes `<target>.tmp-<pid>-*` files whose importing process is gone. */
export function removeStaleTemps(target: string): string[] {
  const dir = path.dirname(target);
  const prefix = `${path.basename(target)}.tmp-`;
  const removed: string[] = [];
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split("-")[0]);
    if (processAlive(pid) && pid !== process.pid) continue;
    removeQuietly(path.join(dir, name));
    removed.push(name);
  }
  return removed;
}

export class LockError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LockError";
  }
}

/** Takes `<target>.lock`; a lock held by a dead process is taken over. Returns the release function. */
export function acquireLock(target: string): () => void {
  const lock = `${target}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      return () => {
        try {
          if (fs.readFileSync(lock, "utf8") === String(process.pid)) fs.unlinkSync(lock);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lock, "utf8").trim());
      if (processAlive(holder) && holder !== process.pid) {
        throw new LockError(`another import (pid ${holder}) is writing ${target}; wait for it or remove ${lock}`);
      }
      removeQuietly(lock);
    }
  }
  throw new LockError(`could not take ${lock}`);
}

function fsyncPath(file: string, directory = false): void {
  let fd: number | null = null;
  try {
    fd = fs.openSync(file, directory ? "r" : "r+");
    fs.fsyncSync(fd);
  } catch {
    // Some filesystems refuse fsync on directories; the rename is still atomic.
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

/** Atomically puts `temp` in place of `target` (same directory, so rename(2) is atomic). */
export function commitFile(temp: string, target: string): void {
  fsyncPath(temp);
  // A WAL left beside the old file would be replayed against the new one.
  removeQuietly(`${target}.wal`);
  fs.renameSync(temp, target);
  fsyncPath(path.dirname(target), true);
}
