/** Shared by the warehouse and importer tests: temp folders and a warehouse built from the tiny package. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { runImport, type ImportOptions } from "@/server/etl/import";
import { silentLogger } from "@/server/etl/progress";

export const PROJECT_ROOT = path.resolve(__dirname, "../../../..");
export const TINY_PACKAGE = path.join(PROJECT_ROOT, "tests/fixtures/tiny-package");
export const BACI_FIXTURE = path.join(PROJECT_ROOT, "tests/fixtures/baci");
export const SHARED_PACKAGE = path.resolve(PROJECT_ROOT, "..", "shared", "data");

const created: string[] = [];
// Registered in every test file that imports this module: its temp folders go when the file is done.
afterAll(() => {
  for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

export function tempDir(prefix = "warehouse-test-"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** A writable copy of the tiny package, to be broken on purpose. */
export function copyTinyPackage(into = tempDir("tiny-package-")): string {
  fs.cpSync(TINY_PACKAGE, into, { recursive: true });
  for (const entry of fs.readdirSync(into, { recursive: true }) as string[]) {
    fs.chmodSync(path.join(into, entry), fs.statSync(path.join(into, entry)).isDirectory() ? 0o755 : 0o644);
  }
  return into;
}

export async function importTiny(out: string, options: ImportOptions = {}) {
  return runImport({ dataDir: TINY_PACKAGE, out, logger: silentLogger, live: false, ...options });
}

export function appendLine(file: string, line: string): void {
  const text = fs.readFileSync(file, "utf8");
  fs.writeFileSync(file, `${text.endsWith("\n") ? text : `${text}\n`}${line}\n`);
}

/** Files in `dir` that look like leftovers of an import (temp databases, WALs, locks). */
export function leftovers(dir: string): string[] {
  return fs.readdirSync(dir).filter((name) => /\.tmp-|\.wal$|\.lock$/.test(name));
}
