/**
 * The warehouse as the rest of the server sees it: sessions, metadata and closing, through the
 * configured engine (./engine.ts is the seam; DuckDB, ./duckdb.ts, is the one implementation).
 */
import "server-only";
import { duckdbEngine } from "./duckdb";
import type { SessionOptions, WarehouseEngine, WarehouseMeta, WarehouseSession } from "./engine";

export type { CubeMeta, Row, SqlDialect, SqlParam, TableMeta, WarehouseMeta, WarehouseSession } from "./engine";

const engine: WarehouseEngine = duckdbEngine;

/** The engine behind the warehouse (its SQL dialect is the compiler's target). */
export function warehouseEngine(): WarehouseEngine {
  return engine;
}

/**
 * Runs `work` in a warehouse session; queries slower than WAREHOUSE_QUERY_TIMEOUT_MS answer 503
 * query_timeout, and an abort of `options.signal` interrupts them (`query_cancelled`).
 */
export function withWarehouse<T>(work: (session: WarehouseSession) => Promise<T>, options?: SessionOptions): Promise<T> {
  return engine.withSession(work, options);
}

/** Metadata of the current warehouse, or null when there is none. */
export function warehouseMeta(): Promise<(WarehouseMeta & { generation: number }) | null> {
  return engine.meta();
}

/** Lets go of the warehouse (tests; graceful shutdown). */
export function closeWarehouse(): void {
  engine.close();
}
