/**
 * The one driver of every warehouse write: the full import (`runImport`), and the tariff file
 * (`importTariffs`), with the BACI and subnational imports as steps of the full import.
 *
 * An import is a list of named steps ({@link ImportStep}: what it reads, what it writes, what it
 * checks after). `runSteps` takes the warehouse lock, removes temp files a killed import left, builds
 * into a temp file next to the warehouse (empty, or a copy of the warehouse for an import that adds
 * to it), runs the steps in order (logging `[import] 3/12 trade_i_ots_a_hs4 … 4.2 s` and timing
 * each), and swaps the finished file into place. Any failure, abort or signal leaves the previous
 * warehouse untouched and removes the temp file.
 *
 * What a full import keeps from the previous warehouse generation (BACI cubes, tariffs,
 * subnational levels) is read through {@link carryOver}, the one place that opens it.
 */
import "server-only";
import fs from "node:fs";
import path from "node:path";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { acquireLock, commitFile, removeStaleTemps, removeWithCompanions, tempPathFor } from "./atomic";
import type { ImportLogger } from "./progress";
import { all, ident, literal } from "./sql";

/** What every step gets: the temp warehouse's connection and the abort check. */
export interface StepBase {
  conn: DuckDBConnection;
  /** Throws when the import was aborted (signal, AbortSignal); long steps call it between parts. */
  checkAborted(): void;
}

/** One named step of an import. */
export interface ImportStep<C extends StepBase = StepBase> {
  /** Short name, shown in the progress log and the timings. */
  name: string;
  /** The files or tables it reads. */
  inputs: readonly string[];
  /** The tables it creates or replaces. */
  writes: readonly string[];
  /** The check after `run` (e.g. "no file has a bad row"); throws to stop the import, nothing is written. */
  validate?(ctx: C): void | Promise<void>;
  run(ctx: C): Promise<void>;
}

export interface StepTiming {
  name: string;
  seconds: number;
}

export interface WarehouseBuild<C extends StepBase> {
  /** Prefix of the progress lines: `[import]`, `[tariffs]`. */
  label: string;
  /** The warehouse file the result replaces. */
  target: string;
  /** "empty": build a new file; "copy": start from a copy of the target (which must exist). */
  start: "empty" | "copy";
  steps: readonly ImportStep<C>[];
  /** The steps' shared state, made once the temp warehouse is open. */
  context(base: StepBase): C;
  logger: ImportLogger;
  /** DuckDB settings of the temp warehouse (threads, memory_limit, ...). */
  duckdb?: Record<string, string>;
  signal?: AbortSignal;
  /** Turn SIGINT/SIGTERM into a clean abort (a second signal exits at once). */
  handleSignals?: boolean;
  /** The error thrown by `checkAborted`. */
  abortError(): Error;
  /** Maps what went wrong to the error the caller throws (`locking`: taking the lock failed); default: as is. */
  failure?(error: unknown, state: { aborted: boolean; locking: boolean }): unknown;
}

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}

/** Runs the steps in order on an open context: each checked for an abort first, logged and timed. */
export async function runStepList<C extends StepBase>(label: string, steps: readonly ImportStep<C>[], ctx: C, logger: ImportLogger): Promise<StepTiming[]> {
  const timings: StepTiming[] = [];
  for (const [i, step] of steps.entries()) {
    ctx.checkAborted();
    const started = performance.now();
    await step.run(ctx);
    await step.validate?.(ctx);
    const timing = { name: step.name, seconds: seconds(started) };
    timings.push(timing);
    logger.info(`[${label}] ${i + 1}/${steps.length} ${step.name} … ${timing.seconds.toFixed(1)} s`);
  }
  return timings;
}

/** Interrupts the running statement on an abort; on SIGINT/SIGTERM too when asked. */
function abortHandling(build: Pick<WarehouseBuild<StepBase>, "label" | "logger" | "signal" | "handleSignals">, temp: string, release: () => void) {
  const state = { aborted: Boolean(build.signal?.aborted), conn: null as DuckDBConnection | null };
  const abort = () => {
    state.aborted = true;
    try {
      state.conn?.interrupt();
    } catch {
      // The connection may already be closed.
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (state.aborted) {
      // Second signal: the user insists. Clean up synchronously and leave.
      removeWithCompanions(temp);
      release();
      process.exit(signal === "SIGINT" ? 130 : 143);
    }
    build.logger.warn(`${signal} received: stopping the ${build.label}; the previous warehouse stays in place.`);
    abort();
  };
  const onExit = () => removeWithCompanions(temp);
  build.signal?.addEventListener("abort", abort);
  if (build.handleSignals) {
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  }
  process.on("exit", onExit);
  const detach = () => {
    build.signal?.removeEventListener("abort", abort);
    if (build.handleSignals) {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
    process.off("exit", onExit);
  };
  return { state, detach };
}

/**
 * Builds a new warehouse generation with `build.steps` and swaps it in: all or nothing, under the
 * warehouse lock. Returns the steps' context and each step's time.
 */
export async function runSteps<C extends StepBase>(build: WarehouseBuild<C>): Promise<{ context: C; timings: StepTiming[] }> {
  const fail = (error: unknown, aborted: boolean, locking = false) => (build.failure ? build.failure(error, { aborted, locking }) : error);
  fs.mkdirSync(path.dirname(build.target), { recursive: true });
  let release: () => void;
  try {
    release = acquireLock(build.target);
  } catch (error) {
    throw fail(error, false, true);
  }
  const stale = removeStaleTemps(build.target);
  if (stale.length) build.logger.info(`Removed temp files left by an interrupted import: ${stale.join(", ")}`);

  const temp = tempPathFor(build.target);
  const { state, detach } = abortHandling(build, temp, release);
  const checkAborted = () => {
    if (state.aborted) throw build.abortError();
  };
  let instance: DuckDBInstance | null = null;
  try {
    if (build.start === "copy") fs.copyFileSync(build.target, temp);
    instance = await DuckDBInstance.create(temp, build.duckdb ?? {});
    const conn = await instance.connect();
    state.conn = conn;
    await conn.run(`SET enable_progress_bar = true; SET enable_progress_bar_print = false;`);
    checkAborted();
    const context = build.context({ conn, checkAborted });
    const timings = await runStepList(build.label, build.steps, context, build.logger);
    checkAborted();
    await conn.run("CHECKPOINT");
    state.conn = null;
    conn.closeSync();
    instance.closeSync();
    instance = null;
    checkAborted();
    commitFile(temp, build.target);
    return { context, timings };
  } catch (error) {
    throw fail(error, state.aborted);
  } finally {
    try {
      state.conn?.closeSync();
    } catch {
      // Closing after an interrupt can fail; the file is removed below either way.
    }
    try {
      instance?.closeSync();
    } catch {
      // As above.
    }
    removeWithCompanions(temp);
    release();
    detach();
  }
}

/** The previous warehouse generation, attached read-only while a carry-over reads it. */
export interface PreviousGeneration {
  /** Its table names. */
  tables: ReadonlySet<string>;
  /** A table of it, quoted for a FROM clause. */
  table(name: string): string;
}

export type CarryOverResult<T> = { status: "absent" } | { status: "unreadable"; reason: string } | { status: "read"; value: T };

const PREVIOUS = "previous_generation";

/**
 * Reads the previous warehouse generation (the file the import replaces) while a new one is built:
 * attaches it read-only, hands it to `keep` (which copies what it keeps), and detaches it. An absent
 * file or one DuckDB cannot open is reported, not thrown: it must not block building a good one.
 */
export async function carryOver<T>(
  conn: DuckDBConnection,
  previousPath: string,
  keep: (previous: PreviousGeneration) => Promise<T>,
): Promise<CarryOverResult<T>> {
  if (!fs.existsSync(previousPath)) return { status: "absent" };
  try {
    await conn.run(`ATTACH ${literal(previousPath)} AS ${PREVIOUS} (READ_ONLY)`);
  } catch (error) {
    return { status: "unreadable", reason: (error as Error).message.split("\n")[0] };
  }
  try {
    const rows = await all<{ table_name: string }>(conn, `SELECT table_name FROM duckdb_tables() WHERE database_name = '${PREVIOUS}'`);
    const previous: PreviousGeneration = {
      tables: new Set(rows.map((r) => r.table_name)),
      table: (name) => `${PREVIOUS}.main.${ident(name)}`,
    };
    return { status: "read", value: await keep(previous) };
  } finally {
    await conn.run(`DETACH ${PREVIOUS}`);
  }
}

/** Copies whole tables of the previous generation into the new warehouse, as they were. */
export async function copyTables(conn: DuckDBConnection, previous: PreviousGeneration, names: readonly string[]): Promise<void> {
  for (const name of names) await conn.run(`CREATE OR REPLACE TABLE ${ident(name)} AS SELECT * FROM ${previous.table(name)}`);
}
