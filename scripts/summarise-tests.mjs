// Prints the closing line "N passed, N failed, N skipped" over the Vitest, Playwright and scale-out
// results, counting each failed step that ran no tests (type-check, lint, build) as one failure so a
// red run never reads 0, and every skipped test of every runner (a suite that skips when the
// warehouse is missing shows up here instead of passing silently). Tested in
// tests/unit/summariseTests.test.ts on small reporter fixtures.
import { existsSync, readFileSync } from "node:fs";

function readJson(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

/**
 * Vitest's JSON reporter: each test's status is in testResults[].assertionResults[] ("passed",
 * "failed", "skipped" (it.skip, describe.skipIf), "todo", "pending"); the statuses are counted when
 * present, the totals (numPendingTests holds the skipped, numTodoTests the todo) otherwise.
 */
function countVitest(report) {
  const statuses = (report.testResults ?? []).flatMap((file) => (file.assertionResults ?? []).map((test) => test.status));
  if (statuses.length > 0) {
    return {
      passed: statuses.filter((status) => status === "passed").length,
      failed: statuses.filter((status) => status === "failed").length,
      skipped: statuses.filter((status) => status === "skipped" || status === "todo" || status === "pending").length,
    };
  }
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
}

/** Playwright's JSON reporter: stats.expected (passed), unexpected (failed), flaky (passed on a retry), skipped. */
function countPlaywright(report) {
  const stats = report.stats ?? {};
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, skipped: stats.skipped ?? 0 };
}

let passed = 0;
let failed = 0;
let skipped = 0;
const add = (counts) => {
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
};

const vitest = readJson(".cache/vitest-results.json");
const vitestCounts = vitest ? countVitest(vitest) : null;
if (vitestCounts) add(vitestCounts);

// The scale-out tests (two nodes, nginx, PostgreSQL) write their own Vitest results.
const scale = readJson(".cache/scale-results.json");
const scaleCounts = scale ? countVitest(scale) : null;
if (scaleCounts) add(scaleCounts);

const playwright = readJson(".cache/playwright-results.json");
const playwrightCounts = playwright?.stats ? countPlaywright(playwright) : null;
if (playwrightCounts) add(playwrightCounts);

const failedSteps = existsSync(".cache/checks.txt")
  ? readFileSync(".cache/checks.txt", "utf8").split("\n").filter(Boolean)
  : [];
// A runner that failed without writing results still counts as a failure.
const stepsWithoutResults = failedSteps.filter(
  (step) =>
    !(step === "unit tests" && vitestCounts && vitestCounts.failed > 0) &&
    !(step === "end-to-end tests" && playwrightCounts && playwrightCounts.failed > 0) &&
    !(step === "scale-out tests" && scaleCounts && scaleCounts.failed > 0),
);
failed += stepsWithoutResults.length;
if (stepsWithoutResults.length) console.log(`failed steps: ${stepsWithoutResults.join(", ")}`);

const line = `${passed} passed, ${failed} failed, ${skipped} skipped`;
console.log(line);
process.exit(failed > 0 ? 1 : 0);
