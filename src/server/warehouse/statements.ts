/**
 * Named statements: the one way SQL written outside the query compiler reaches the warehouse.
 *
 * A module that needs SQL the typed client (`queryCube`) cannot express declares it once, next to
 * itself, in a `statements.ts` (`defineStatement({ name, sql: { duckdb }, map })`), lists it in
 * src/server/statementList.ts, and runs it with `runStatement` or in a `withStatements` session.
 * The SQL is spelled per engine dialect (STATEMENT_DIALECTS names the ones every statement must
 * have): a second engine implements every statement of that list and nothing else, since no other
 * module outside src/server/warehouse holds SQL (an ESLint rule forbids `withWarehouse` there).
 * Values are bound parameters, never written into the text; identifiers come from the cube registry
 * or our own constants and are quoted with the dialect's `ident`.
 *
 * Statements run through the engine seam (./db.ts): prepared and re-bound unless they opt out
 * (COPY, whose text names a new file each time), stopped by the session's timeout and signal, and
 * counted in the query log (./queryLog.ts) like the compiler's queries.
 */
import "server-only";
import { warehouseEngine, withWarehouse } from "./db";
import type { Row, SessionOptions, SqlDialect, SqlParam, WarehouseMeta, WarehouseSession } from "./engine";
import { recordIssued } from "./queryLog";

/** The dialects every statement spells: one per engine the warehouse ships (./db.ts chooses among them). */
export const STATEMENT_DIALECTS = ["duckdb"] as const;
export type StatementDialect = (typeof STATEMENT_DIALECTS)[number];

/** SQL text with the values its placeholders take. */
export interface BoundSql {
  sql: string;
  params?: Record<string, SqlParam>;
}

/** What a builder may read: the engine's dialect (quoting, placeholders) and the warehouse's metadata. */
export interface StatementContext {
  dialect: SqlDialect;
  meta: WarehouseMeta;
}

/** Fixed SQL whose named placeholders take the params as they are, or a builder from typed params. */
export type StatementSql<P> = string | ((params: P, context: StatementContext) => BoundSql);

export interface Statement<P, R> {
  /** Unique, "<module>.<what>"; the query log and a second engine's implementation know it by this name. */
  readonly name: string;
  readonly sql: Readonly<Record<StatementDialect, StatementSql<P>>> & Readonly<Partial<Record<string, StatementSql<P>>>>;
  /** One result row to what the caller gets. */
  readonly map: (row: Row) => R;
  /** False for statements whose text differs on every run (COPY to a new file): not kept prepared. */
  readonly prepared?: boolean;
}

export function defineStatement<P, R>(statement: Statement<P, R>): Statement<P, R> {
  return statement;
}

/** The current engine's dialect, for builders' callers that compile SQL with the warehouse's compiler first. */
export function warehouseDialect(): SqlDialect {
  return warehouseEngine().dialect;
}

/** A session that runs named statements only. */
export interface StatementSession {
  meta: WarehouseMeta;
  generation: number;
  hasTable(name: string): Promise<boolean>;
  run<P, R>(statement: Statement<P, R>, params: P): Promise<R[]>;
}

/** The SQL and values a statement runs with on the current engine. */
export function bindStatement<P, R>(statement: Statement<P, R>, params: P, context: StatementContext): BoundSql & { params: Record<string, SqlParam> } {
  const source = statement.sql[context.dialect.name];
  if (!source) throw new Error(`statement ${statement.name} has no SQL for the ${context.dialect.name} engine`);
  if (typeof source === "string") return { sql: source, params: { ...(params as Record<string, SqlParam> | undefined) } };
  const bound = source(params, context);
  return { sql: bound.sql, params: bound.params ?? {} };
}

/** FNV-1a of the SQL text, to tell a statement's texts apart in the query log. */
function textHash(sql: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < sql.length; i++) hash = Math.imul(hash ^ sql.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}

async function runIn<P, R>(session: WarehouseSession, statement: Statement<P, R>, params: P): Promise<R[]> {
  const { sql, params: values } = bindStatement(statement, params, { dialect: warehouseDialect(), meta: session.meta });
  // The text is part of the key: one statement over two tables (names from two member tables) is two queries.
  recordIssued(`statement ${statement.name} ${textHash(sql)} ${JSON.stringify(values)}`);
  const rows = statement.prepared === false ? await session.query(sql, values) : await session.queryPrepared(sql, values);
  return rows.map((row) => statement.map(row));
}

function statementSession(session: WarehouseSession): StatementSession {
  return {
    meta: session.meta,
    generation: session.generation,
    hasTable: (name) => session.hasTable(name),
    run: (statement, params) => runIn(session, statement, params),
  };
}

/** Runs `work` in one warehouse session (one connection, its timeout and `options.signal`). */
export function withStatements<T>(work: (session: StatementSession) => Promise<T>, options?: SessionOptions): Promise<T> {
  return withWarehouse((session) => work(statementSession(session)), options);
}

/** Runs one statement, in `options.session` when given, else in a session of its own. */
export function runStatement<P, R>(statement: Statement<P, R>, params: P, options: SessionOptions & { session?: StatementSession } = {}): Promise<R[]> {
  const { session, ...sessionOptions } = options;
  if (session) return session.run(statement, params);
  return withWarehouse((s) => runIn(s, statement, params), sessionOptions);
}
