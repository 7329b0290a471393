/**
 * The DuckDB warehouse engine (see ./engine.ts for the seam): the process-wide, read-only handle on
 * the warehouse file, one DuckDB instance opened lazily, with a few connections so a slow query can
 * be interrupted without stopping the others. Nothing outside this file sees a DuckDB type.
 *
 * A query nobody waits for any more (its session's signal aborts: the client left, cancel.ts) and
 * one past WAREHOUSE_QUERY_TIMEOUT_MS are interrupted on their connection, which goes back to the
 * pool usable; a session waiting for a connection leaves the queue when its signal aborts.
 *
 * Re-imports replace the file by rename, so every query compares the file's inode, size and mtime
 * (one stat call) with the open handle; on a change the new file is opened and the old handle is
 * closed once its running queries finish.
 */
import "server-only";
import fs from "node:fs";
import path from "node:path";
import { DuckDBInstance, type DuckDBConnection, type DuckDBPreparedStatement, type DuckDBResultReader, type DuckDBValue } from "@duckdb/node-api";
import type { CatalogEntry, CatalogFlow, CatalogKind } from "@/domain/catalog/catalog";
import { projectRoot, resolveDataDir, runtimeSettings, warehousePath } from "./config";
import { cancelledError } from "./cancel";
import type { CubeMeta, Row, SessionOptions, SqlDialect, SqlParam, TableMeta, WarehouseEngine, WarehouseMeta, WarehouseSession } from "./engine";
import { WarehouseError } from "./errors";
import { ident } from "./sql";
import { processValue } from "@/server/processState";

interface Handle {
  path: string;
  ino: number;
  size: number;
  mtimeMs: number;
  generation: number;
  instance: DuckDBInstance;
  idle: DuckDBConnection[];
  connections: number;
  inUse: number;
  waiters: ((conn: DuckDBConnection) => void)[];
  retired: boolean;
  meta: WarehouseMeta;
}

/**
 * One warehouse per process. Next.js compiles this module into several bundles (pages, route
 * handlers, instrumentation), each with its own module scope: kept there, every bundle opened its
 * own DuckDB instance (three per process, each with its memory and buffers) and its own result
 * cache. Held in processState, they share one.
 */
interface EngineState {
  current: Handle | null;
  opening: Promise<Handle> | null;
  generationCounter: number;
}
const state = processValue<EngineState>("warehouse/duckdb:engine", () => ({ current: null, opening: null, generationCounter: 0 }));

function unavailable(file: string, reason: string): WarehouseError {
  const { lookedIn } = resolveDataDir();
  return new WarehouseError(
    "warehouse_unavailable",
    `${reason} Build it with "npm run data:import" (data package folders looked in: ${lookedIn.join(", ")}).`,
    { status: 503, details: { warehouse: file, lookedIn } },
  );
}

function statOrNull(file: string): fs.Stats | null {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

function toNumber(value: unknown): number {
  return typeof value === "bigint" ? Number(value) : Number(value ?? 0);
}

async function readMeta(conn: DuckDBConnection): Promise<WarehouseMeta> {
  const cubes = new Map<string, CubeMeta>();
  const tables = new Map<string, TableMeta>();
  const build: Record<string, string> = {};
  const cubeRows = (await conn.runAndReadAll(`SELECT cube, rows, years FROM _meta_cubes`)).getRowObjectsJS();
  for (const row of cubeRows) {
    const years = Array.isArray(row.years) ? (row.years as unknown[]).map(Number).sort((a, b) => a - b) : [];
    cubes.set(String(row.cube), { rows: toNumber(row.rows), years });
  }
  const tableRows = (await conn.runAndReadAll(`SELECT table_name, rows, distinct_counts FROM _meta_tables`)).getRowObjectsJS();
  for (const row of tableRows) {
    let distinct: Record<string, number> = {};
    try {
      distinct = JSON.parse(String(row.distinct_counts)) as Record<string, number>;
    } catch {
      // Statistics only steer table choice; without them the declared order is used.
    }
    tables.set(String(row.table_name), { rows: toNumber(row.rows), distinct });
  }
  const buildRows = (await conn.runAndReadAll(`SELECT key, value FROM _meta_build`)).getRowObjectsJS();
  for (const row of buildRows) build[String(row.key)] = String(row.value);
  return { cubes, tables, build, catalog: await readCatalog(conn) };
}

async function readCatalog(conn: DuckDBConnection): Promise<CatalogEntry[]> {
  let rows: Record<string, unknown>[];
  try {
    rows = (await conn.runAndReadAll(`SELECT * FROM _meta_catalog ORDER BY dataset, year`)).getRowObjectsJS();
  } catch {
    // A warehouse from before the catalogue: the pages say no data until it is re-imported.
    return [];
  }
  return rows.map((r) => ({
    dataset: String(r.dataset),
    cube: String(r.cube),
    kind: String(r.kind) as CatalogKind,
    classification: r.classification === null ? null : String(r.classification),
    depth: r.depth === null ? null : String(r.depth),
    bilateral: r.bilateral === true,
    partial: r.partial === true,
    source: String(r.source),
    priority: toNumber(r.priority),
    year: toNumber(r.year),
    flows: (Array.isArray(r.flows) ? r.flows : []).map(String) as CatalogFlow[],
    reporters: toNumber(r.reporters),
    rows: toNumber(r.rows),
    total: r.total === null || r.total === undefined ? null : toNumber(r.total),
    period: String(r.period ?? r.year),
    // Warehouses imported before vintages were recorded: one release per dataset.
    vintage: r.vintage === null || r.vintage === undefined ? String(r.dataset) : String(r.vintage),
    scope: r.scope === "world" ? "world" : "reporters",
  }));
}

async function open(file: string, stat: fs.Stats): Promise<Handle> {
  const settings = runtimeSettings();
  let instance: DuckDBInstance;
  try {
    // Memory: DuckDB holds at most memory_limit (its buffer pool of the file's blocks and the
    // queries' working memory; README "Configuration"); past it, a query spills to temp_directory.
    instance = await DuckDBInstance.create(file, {
      access_mode: "READ_ONLY",
      threads: String(settings.threads),
      memory_limit: settings.memoryLimit,
      ...(settings.tempDirectory ? { temp_directory: path.resolve(projectRoot(), settings.tempDirectory) } : {}),
    });
  } catch (error) {
    throw unavailable(file, `The warehouse at ${file} cannot be opened (${(error as Error).message.split("\n")[0]}).`);
  }
  try {
    const conn = await instance.connect();
    const meta = await readMeta(conn);
    return {
      path: file,
      ino: stat.ino,
      size: stat.size,
      mtimeMs: stat.mtimeMs,
      generation: ++state.generationCounter,
      instance,
      idle: [conn],
      connections: 1,
      inUse: 0,
      waiters: [],
      retired: false,
      meta,
    };
  } catch (error) {
    instance.closeSync();
    throw unavailable(file, `The warehouse at ${file} is incomplete (${(error as Error).message.split("\n")[0]}).`);
  }
}

/**
 * Prepared statements per connection, keyed by SQL text. Member ids are parameters, so one query
 * shape is planned once and re-bound afterwards; the bound keeps memory flat.
 */
const MAX_PREPARED = 256;
const prepared = new WeakMap<DuckDBConnection, Map<string, DuckDBPreparedStatement>>();

function forgetPrepared(conn: DuckDBConnection): void {
  const statements = prepared.get(conn);
  if (!statements) return;
  for (const statement of statements.values()) {
    try {
      statement.destroySync();
    } catch {
      // Already gone with its connection.
    }
  }
  prepared.delete(conn);
}

async function runPrepared(conn: DuckDBConnection, sql: string, params: Record<string, SqlParam>): Promise<DuckDBResultReader> {
  let statements = prepared.get(conn);
  if (!statements) {
    statements = new Map();
    prepared.set(conn, statements);
  }
  let statement = statements.get(sql);
  if (statement) {
    statements.delete(sql);
  } else {
    statement = await conn.prepare(sql);
    if (statements.size >= MAX_PREPARED) {
      const [oldestSql, oldest] = statements.entries().next().value as [string, DuckDBPreparedStatement];
      statements.delete(oldestSql);
      oldest.destroySync();
    }
  }
  statements.set(sql, statement);
  statement.clearBindings();
  if (Object.keys(params).length) statement.bind(params as Record<string, DuckDBValue>);
  return statement.runAndReadAll();
}

function closeHandle(handle: Handle): void {
  for (const conn of handle.idle) {
    forgetPrepared(conn);
    try {
      conn.closeSync();
    } catch {
      // Already closed.
    }
  }
  handle.idle = [];
  try {
    handle.instance.closeSync();
  } catch {
    // Already closed.
  }
}

function retire(handle: Handle): void {
  handle.retired = true;
  if (handle.inUse === 0) closeHandle(handle);
}

/** The current handle, reopening if the file was swapped. Throws 503 when there is no warehouse. */
async function currentHandle(): Promise<Handle> {
  const file = warehousePath();
  const stat = statOrNull(file);
  if (!stat) {
    if (state.current) {
      retire(state.current);
      state.current = null;
    }
    throw unavailable(file, `No trade warehouse at ${file}.`);
  }
  if (state.current && (state.current.path !== file || state.current.ino !== stat.ino || state.current.size !== stat.size || state.current.mtimeMs !== stat.mtimeMs)) {
    retire(state.current);
    state.current = null;
  }
  if (state.current) return state.current;
  if (!state.opening) {
    state.opening = open(file, stat).finally(() => {
      state.opening = null;
    });
  }
  const handle = await state.opening;
  // Another caller may have installed a handle while this one was opening.
  const installed = state.current as Handle | null;
  if (!installed || installed.generation < handle.generation) state.current = handle;
  return state.current ?? handle;
}

async function acquire(handle: Handle, signal?: AbortSignal): Promise<DuckDBConnection> {
  handle.inUse++;
  const idle = handle.idle.pop();
  if (idle) return idle;
  if (handle.connections < runtimeSettings().connections) {
    handle.connections++;
    try {
      return await handle.instance.connect();
    } catch (error) {
      handle.connections--;
      handle.inUse--;
      throw error;
    }
  }
  if (handle.waiters.length >= runtimeSettings().queue) {
    handle.inUse--;
    throw new WarehouseError("warehouse_busy", "The server is answering many queries; try again in a second.", { status: 503, retryAfterSeconds: 1 });
  }
  return new Promise((resolve, reject) => {
    const waiter = (conn: DuckDBConnection) => {
      signal?.removeEventListener("abort", leave);
      resolve(conn);
    };
    // Left while waiting for a connection: out of the queue, no connection taken.
    const leave = () => {
      const at = handle.waiters.indexOf(waiter);
      if (at === -1) return;
      handle.waiters.splice(at, 1);
      handle.inUse--;
      if (handle.retired && handle.inUse === 0) closeHandle(handle);
      reject(cancelledError());
    };
    signal?.addEventListener("abort", leave, { once: true });
    handle.waiters.push(waiter);
  });
}

function release(handle: Handle, conn: DuckDBConnection): void {
  const waiter = handle.waiters.shift();
  if (waiter) {
    waiter(conn);
    return;
  }
  handle.inUse--;
  handle.idle.push(conn);
  if (handle.retired && handle.inUse === 0) closeHandle(handle);
}

/** `stopped()`: the session was stopped (timeout or cancel); no further query starts on it. */
function session(conn: DuckDBConnection, handle: Handle, stopped: () => Error | null): WarehouseSession {
  const rows = (reader: DuckDBResultReader) => reader.getRowObjectsJS() as Row[];
  const guard = <T>(run: () => Promise<T>): Promise<T> => {
    const reason = stopped();
    return reason ? Promise.reject(reason) : run();
  };
  return {
    meta: handle.meta,
    generation: handle.generation,
    query: (sql, params = []) => guard(async () => rows(await conn.runAndReadAll(sql, params as DuckDBValue[] | Record<string, DuckDBValue>))),
    queryPrepared: (sql, params) => guard(async () => rows(await runPrepared(conn, sql, params))),
    hasTable: (name) =>
      guard(async () => {
        const reader = await conn.runAndReadAll(`SELECT count(*) FROM duckdb_tables() WHERE table_name = $1`, [name]);
        return Number(reader.getRowsJS()[0]?.[0] ?? 0) > 0;
      }),
  };
}

/** An interrupt that arrives before DuckDB has begun the query is lost: it is repeated this often until the work ends. */
const INTERRUPT_REPEAT_MS = 50;

/**
 * Runs `work` on a pooled read-only connection. Queries slower than WAREHOUSE_QUERY_TIMEOUT_MS are
 * interrupted and reported as 503 query_timeout; an abort of `options.signal` interrupts them as
 * `query_cancelled` (and a session still waiting for a connection leaves the queue).
 */
async function withSession<T>(work: (session: WarehouseSession) => Promise<T>, options: SessionOptions = {}): Promise<T> {
  const { signal } = options;
  if (signal?.aborted) throw cancelledError();
  const handle = await currentHandle();
  const conn = await acquire(handle, signal);
  const { queryTimeoutMs } = runtimeSettings();
  // Why the session was stopped (timeout or cancel), once it is.
  const stopped: { reason: Error | null; repeat: ReturnType<typeof setInterval> | null } = { reason: null, repeat: null };
  const interrupt = () => {
    try {
      conn.interrupt();
    } catch {
      // Nothing running.
    }
  };
  const stop = (why: Error) => {
    if (stopped.reason) return;
    stopped.reason = why;
    interrupt();
    stopped.repeat = setInterval(interrupt, INTERRUPT_REPEAT_MS);
  };
  const timer = setTimeout(
    () => stop(new WarehouseError("query_timeout", `The query took longer than ${queryTimeoutMs} ms and was stopped; narrow it with cuts or a smaller drilldown.`, { status: 503 })),
    queryTimeoutMs,
  );
  const cancel = () => stop(cancelledError());
  signal?.addEventListener("abort", cancel, { once: true });
  if (signal?.aborted) cancel();
  try {
    // Work that ends before its query could be stopped keeps its answer (the result cache may keep it).
    return await work(session(conn, handle, () => stopped.reason));
  } catch (error) {
    throw stopped.reason ?? error;
  } finally {
    clearTimeout(timer);
    if (stopped.repeat) clearInterval(stopped.repeat);
    signal?.removeEventListener("abort", cancel);
    release(handle, conn);
  }
}

async function meta(): Promise<(WarehouseMeta & { generation: number }) | null> {
  try {
    const handle = await currentHandle();
    return { ...handle.meta, generation: handle.generation };
  } catch {
    return null;
  }
}

function close(): void {
  if (state.current) retire(state.current);
  state.current = null;
}

/** DuckDB's SQL: double-quoted identifiers, `$name` parameters. */
export const DUCKDB_DIALECT: SqlDialect = { name: "duckdb", ident, param: (name) => `$${name}` };

export const duckdbEngine: WarehouseEngine = { dialect: DUCKDB_DIALECT, withSession, meta, close };
