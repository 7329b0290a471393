/**
 * No work for clients that left. The front door runs each request it hands to Next.js inside
 * `withRequestSignal` (door.ts), with a signal that aborts when the client goes before its answer
 * is complete; the warehouse's shared queries (execute.ts) read it and stop waiting, and a query
 * nobody waits for any more is interrupted (DuckDBConnection.interrupt, duckdb.ts).
 *
 * The storage is process state (processState.ts): the door (loaded by scripts/serve.ts) and the
 * warehouse (in Next.js's bundles of the same process) are different copies of these modules.
 *
 * Only work started for one request may listen to its signal. Work shared by many requests (a
 * per-generation index, a memoised loader) must not die with the request that happened to start
 * it: such work runs in `withoutRequestSignal`, and execute.ts listens only on its own shared
 * path, where it counts who still waits.
 */
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { processValue } from "@/server/processState";
import { WarehouseError, isWarehouseError } from "./errors";

const storage = processValue("warehouse/cancel:requestSignal", () => new AsyncLocalStorage<AbortSignal | undefined>());

/** Runs `work` (and everything it starts) as the work of a request whose client leaves when `signal` aborts. */
export function withRequestSignal<T>(signal: AbortSignal, work: () => T): T {
  return storage.run(signal, work);
}

/** Runs `work` outside any request: nothing it starts is stopped when that request's client leaves. */
export function withoutRequestSignal<T>(work: () => T): T {
  return storage.run(undefined, work);
}

/** The signal of the request this code runs for, if the front door gave it one. */
export function requestSignal(): AbortSignal | undefined {
  return storage.getStore();
}

export function cancelledError(): WarehouseError {
  // 499 (nginx's "client closed request"): nobody reads it; it only must not look like our failure.
  return new WarehouseError("query_cancelled", "The request that asked for this query went away; the query was stopped.", { status: 499 });
}

export function isCancelled(error: unknown): boolean {
  return isWarehouseError(error) && error.code === "query_cancelled";
}
