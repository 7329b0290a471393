/**
 * The warehouse import: data package (and optionally CEPII BACI, subnational files) -> one DuckDB
 * file.
 *
 * `runImport` plans the import (import-plan.ts: which files, and whether the warehouse is already up
 * to date) and hands the list of named steps (import-steps.ts: stage and validate, members,
 * entities, each package cube, BACI, carry-over of the previous warehouse, subnational, complexity,
 * catalogue, metadata) to the one driver (steps.ts), which builds a temp file under the warehouse
 * lock and swaps it in when every step is done. Any failure or signal leaves the previous warehouse
 * untouched and removes the temp file.
 */
import "server-only";
import { ImportError, planImport, type ImportOptions, type ImportOutcome } from "./import-plan";
import { importContext, importSteps, type ImportContext } from "./import-steps";
import { Progress } from "./progress";
import { runSteps } from "./steps";

export { ImportError, WAREHOUSE_SCHEMA_VERSION } from "./import-plan";
export type { ImportErrorKind, ImportOptions, ImportOutcome } from "./import-plan";

function importFailure(error: unknown, state: { aborted: boolean; locking: boolean }): ImportError {
  if (state.locking) return new ImportError("locked", (error as Error).message);
  if (state.aborted && !(error instanceof ImportError && error.kind === "validation")) {
    return new ImportError("aborted", "import interrupted; the previous warehouse is unchanged");
  }
  if (error instanceof ImportError) return error;
  return new ImportError("failed", `import failed: ${(error as Error).message}; the previous warehouse is unchanged`);
}

export async function runImport(options: ImportOptions = {}): Promise<ImportOutcome> {
  const plan = await planImport(options);
  if ("status" in plan) return plan;
  const { logger, target } = plan;
  const progress = new Progress(logger, options.live);
  const started = performance.now();
  const { context, timings } = await runSteps<ImportContext>({
    label: "import",
    target,
    start: "empty",
    steps: importSteps(plan),
    context: (base) => {
      logger.info(`Importing ${plan.pkg.dir} -> ${target}`);
      return importContext(plan, progress, started, base);
    },
    logger,
    duckdb: {
      threads: String(options.threads ?? 2),
      ...(options.memoryLimit ? { memory_limit: options.memoryLimit } : {}),
      preserve_insertion_order: "true",
    },
    signal: options.signal,
    handleSignals: options.handleSignals,
    abortError: () => new ImportError("aborted", "import interrupted; the previous warehouse is unchanged"),
    failure: importFailure,
  });
  for (const w of context.warnings) logger.warn(w);
  const seconds = (performance.now() - started) / 1000;
  logger.info(`Warehouse written to ${target} (${context.meta.length} cubes) in ${seconds.toFixed(1)} s.`);
  const cubes = context.meta.map((m) => m.cube.name);
  return { status: "built", path: target, seconds, cubes, warnings: context.warnings, steps: progress.steps, timings };
}
