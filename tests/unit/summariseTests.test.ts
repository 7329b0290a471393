/**
 * scripts/summarise-tests.mjs, the closing line of `npm test` that CI reads: run as npm test runs
 * it, in a folder whose .cache holds small reporter outputs (tests/unit/fixtures/summarise: a real
 * Vitest JSON report of one passing, one failing, one skipped, one todo and one skipIf test; a
 * Playwright JSON report; a scale-out report with totals only).
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const SCRIPT = path.resolve("scripts/summarise-tests.mjs");
const FIXTURES = path.resolve("tests/unit/fixtures/summarise");
const folders: string[] = [];

/** Runs the summariser in a fresh folder with the given fixtures (and failed steps) in its .cache. */
function summarise(reports: Array<"vitest" | "playwright" | "scale">, failedSteps: string[] = []) {
  const folder = mkdtempSync(path.join(tmpdir(), "summarise-"));
  folders.push(folder);
  mkdirSync(path.join(folder, ".cache"));
  for (const report of reports) copyFileSync(path.join(FIXTURES, `${report}-results.json`), path.join(folder, ".cache", `${report}-results.json`));
  if (failedSteps.length) writeFileSync(path.join(folder, ".cache", "checks.txt"), failedSteps.join("\n") + "\n");
  const run = spawnSync(process.execPath, [SCRIPT], { cwd: folder, encoding: "utf8" });
  const lines = run.stdout.trim().split("\n");
  return { status: run.status, lines, last: lines.at(-1) };
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("summarise-tests", () => {
  it("counts Vitest's skipped and todo tests as skipped, from the report's statuses", () => {
    const run = summarise(["vitest"]);
    expect(run.last).toBe("1 passed, 1 failed, 3 skipped");
    expect(run.status).toBe(1);
  });

  it("counts Playwright's flaky tests as passed and its skipped tests as skipped", () => {
    expect(summarise(["playwright"]).last).toBe("2 passed, 1 failed, 2 skipped");
  });

  it("reads a Vitest report's totals when it lists no statuses", () => {
    const run = summarise(["scale"]);
    expect(run.last).toBe("3 passed, 0 failed, 1 skipped");
    expect(run.status).toBe(0);
  });

  it("sums every runner in the one closing line, in the form CI reads", () => {
    const run = summarise(["vitest", "playwright", "scale"]);
    expect(run.last).toBe("6 passed, 2 failed, 6 skipped");
    expect(run.last).toMatch(/^\d+ passed, \d+ failed, \d+ skipped$/);
  });

  it("prints the skipped count even when it is zero, and exits 0 on a green run", () => {
    const run = summarise([]);
    expect(run.last).toBe("0 passed, 0 failed, 0 skipped");
    expect(run.status).toBe(0);
  });

  it("counts a failed step that wrote no results as one failure, but not a runner whose failures are counted", () => {
    const run = summarise(["vitest"], ["typecheck", "unit tests", "end-to-end tests"]);
    expect(run.lines).toContain("failed steps: typecheck, end-to-end tests");
    expect(run.last).toBe("1 passed, 3 failed, 3 skipped");
    expect(run.status).toBe(1);
  });
});
