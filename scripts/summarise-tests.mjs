// Prints the closing line "N passed, N failed" over Vitest and Playwright results, counting each
// failed step that ran no tests (type-check, lint, build) as one failure so a red run never reads 0.
import { existsSync, readFileSync } from "node:fs";

function readJson(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = readJson(".cache/vitest-results.json");
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}

// The scale-out tests (two nodes, nginx, PostgreSQL) write their own Vitest results.
const scale = readJson(".cache/scale-results.json");
if (scale) {
  passed += scale.numPassedTests ?? 0;
  failed += scale.numFailedTests ?? 0;
  skipped += (scale.numPendingTests ?? 0) + (scale.numTodoTests ?? 0);
}

const playwright = readJson(".cache/playwright-results.json");
if (playwright?.stats) {
  passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  failed += playwright.stats.unexpected ?? 0;
  skipped += playwright.stats.skipped ?? 0;
}

const failedSteps = existsSync(".cache/checks.txt")
  ? readFileSync(".cache/checks.txt", "utf8").split("\n").filter(Boolean)
  : [];
// A runner that failed without writing results still counts as a failure.
const stepsWithoutResults = failedSteps.filter(
  (step) =>
    !(step === "unit tests" && vitest && vitest.numFailedTests > 0) &&
    !(step === "end-to-end tests" && playwright?.stats && playwright.stats.unexpected > 0) &&
    !(step === "scale-out tests" && scale && scale.numFailedTests > 0),
);
failed += stepsWithoutResults.length;
if (stepsWithoutResults.length) console.log(`failed steps: ${stepsWithoutResults.join(", ")}`);

const line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
console.log(line);
process.exit(failed > 0 ? 1 : 0);
