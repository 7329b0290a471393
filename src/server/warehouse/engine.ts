/**
 * The warehouse engine seam. Everything above this file (the query compiler's output, the typed
 * client, the catalogue, the pages) talks to an engine through these types only: SQL text in the
 * engine's dialect, scalar parameters, rows as plain JavaScript values. DuckDB (./duckdb.ts) is the
 * one implementation; a second engine (ClickHouse for a cluster, say) is one more file exporting a
 * WarehouseEngine and a dialect, chosen in ./db.ts. Only ./duckdb.ts imports the DuckDB client
 * (an ESLint rule keeps it so; the importer in src/server/etl writes DuckDB files and is the
 * other exception).
 */
import "server-only";
import type { CatalogEntry } from "@/domain/catalog/catalog";

/** A bound parameter: scalars only (lists are expanded to one parameter per member). */
export type SqlParam = string | number | boolean | null;

/** One result row, keyed by column alias, values as plain JavaScript (numbers, strings, booleans, arrays, null). */
export type Row = Record<string, unknown>;

/** How an engine spells what the compiler writes: quoted identifiers and named parameters. */
export interface SqlDialect {
  readonly name: string;
  ident(name: string): string;
  /** The placeholder for parameter `name` (DuckDB: "$p0"). */
  param(name: string): string;
}

export interface CubeMeta {
  rows: number;
  years: number[];
}

export interface TableMeta {
  rows: number;
  distinct: Record<string, number>;
}

export interface WarehouseMeta {
  cubes: Map<string, CubeMeta>;
  tables: Map<string, TableMeta>;
  build: Record<string, string>;
  /** The data catalogue written at import (empty for a warehouse built before it existed). */
  catalog: CatalogEntry[];
}

export interface WarehouseSession {
  meta: WarehouseMeta;
  /** Changes whenever a different warehouse is opened; part of every cache key. */
  generation: number;
  /** Runs SQL in the engine's dialect. Named parameters (an object) or positional ones (an array). */
  query(sql: string, params?: Record<string, SqlParam> | SqlParam[]): Promise<Row[]>;
  /** Same, through a statement the engine may keep prepared for the next call with the same SQL. */
  queryPrepared(sql: string, params: Record<string, SqlParam>): Promise<Row[]>;
  hasTable(name: string): Promise<boolean>;
}

export interface SessionOptions {
  /** Nobody waits for this work any more: the running query is interrupted, the work rejects `query_cancelled`. */
  signal?: AbortSignal;
}

export interface WarehouseEngine {
  readonly dialect: SqlDialect;
  /** Runs `work` in a session; slow queries are stopped and reported as 503 query_timeout. */
  withSession<T>(work: (session: WarehouseSession) => Promise<T>, options?: SessionOptions): Promise<T>;
  /** Metadata of the current warehouse, or null when there is none. */
  meta(): Promise<(WarehouseMeta & { generation: number }) | null>;
  /** Lets go of the warehouse (tests; graceful shutdown). */
  close(): void;
}
