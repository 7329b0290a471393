/**
 * A client that leaves stops its work, on the real DuckDB engine (the tiny warehouse, one
 * connection so "the connection after" is the one that was interrupted): an abort interrupts the
 * running query within moments, the connection answers the next query, a session waiting for a
 * connection leaves the queue, a query two callers share runs on until the last one leaves, and a
 * cancelled query is neither cached nor left in the single-flight map.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestSignal, withRequestSignal } from "../cancel";
import { closeWarehouse, withWarehouse } from "../db";
import { cacheStats, clearResultCache, executeQuery, responseBytes } from "../execute";
import { SharedFlights } from "../flight";
import type { DataQuery } from "../types";
import { importTiny, tempDir } from "./helpers";

const dir = tempDir("cancel-test-");
const SETTINGS = { WAREHOUSE_CONNECTIONS: "1", WAREHOUSE_QUERY_TIMEOUT_MS: "120000" };
/** Two trillion pairs, none kept: minutes of work, interruptible at any moment. */
const SLOW = "SELECT count(*) AS n FROM range(2000000000) a, range(1000) b WHERE a.range + b.range = -1";
const QUERY: DataQuery = { cube: "trade_i_ots_a_sections", drilldowns: ["Year"], cuts: [{ level: "Exporter Country", ids: ["chl"] }], time: { kind: "list", years: [2017, 2018] } };

/** Whether `promise` is still pending after `ms`. */
async function pendingAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const marker = Symbol("pending");
  const outcome = await Promise.race([promise.then(() => "settled", () => "settled"), new Promise((resolve) => setTimeout(() => resolve(marker), ms))]);
  return outcome === marker;
}

beforeAll(async () => {
  process.env.WAREHOUSE_PATH = path.join(dir, "w.duckdb");
  Object.assign(process.env, SETTINGS);
  await importTiny(process.env.WAREHOUSE_PATH);
}, 120_000);

afterAll(() => {
  closeWarehouse();
  for (const name of Object.keys(SETTINGS)) delete process.env[name];
});

describe("a client that leaves stops its queries", () => {
  it("interrupts the running query at once, and the connection answers the next query", async () => {
    const controller = new AbortController();
    const running = withWarehouse((session) => session.query(SLOW), { signal: controller.signal });
    // Without an abort it runs on.
    expect(await pendingAfter(running, 700)).toBe(true);
    const abortedAt = Date.now();
    controller.abort();
    await expect(running).rejects.toMatchObject({ code: "query_cancelled", status: 499 });
    expect(Date.now() - abortedAt).toBeLessThan(2_000);
    // One connection in the pool: this is the one that was interrupted.
    expect(await withWarehouse((session) => session.query("SELECT 42 AS x"))).toEqual([{ x: 42 }]);
  }, 30_000);

  it("takes a session waiting for a connection out of the queue", async () => {
    const holder = new AbortController();
    const holding = withWarehouse((session) => session.query(SLOW), { signal: holder.signal });
    const waiter = new AbortController();
    const waiting = withWarehouse((session) => session.query("SELECT 1 AS x"), { signal: waiter.signal });
    expect(await pendingAfter(waiting, 200)).toBe(true);
    waiter.abort();
    await expect(waiting).rejects.toMatchObject({ code: "query_cancelled" });
    expect(await pendingAfter(holding, 100)).toBe(true);
    holder.abort();
    await expect(holding).rejects.toMatchObject({ code: "query_cancelled" });
    expect(await withWarehouse((session) => session.query("SELECT 7 AS x"))).toEqual([{ x: 7 }]);
  }, 30_000);

  it("keeps a shared query running while another caller waits, and interrupts it when the last one leaves", async () => {
    const flights = new SharedFlights<unknown>();
    const run = (stop: AbortSignal) => withWarehouse((session) => session.query(SLOW), { signal: stop });
    const a = new AbortController();
    const b = new AbortController();
    const first = flights.join("slow", run, a.signal);
    const second = flights.join("slow", run, b.signal);
    a.abort();
    await expect(first).rejects.toMatchObject({ code: "query_cancelled" });
    // The other caller still waits: the query was not interrupted.
    expect(await pendingAfter(second, 500)).toBe(true);
    const abortedAt = Date.now();
    b.abort();
    await expect(second).rejects.toMatchObject({ code: "query_cancelled" });
    expect(flights.running("slow")).toBe(false);
    // Interrupted, not left to run: the only connection answers again within moments.
    expect(await withWarehouse((session) => session.query("SELECT 1 AS x"))).toEqual([{ x: 1 }]);
    expect(Date.now() - abortedAt).toBeLessThan(2_000);
  }, 30_000);

  it("neither caches a cancelled query nor lets the request's signal stop an uncached (shared) one", async () => {
    clearResultCache();
    const gone = AbortSignal.abort();
    await expect(withRequestSignal(gone, () => executeQuery(QUERY, "en"))).rejects.toMatchObject({ code: "query_cancelled" });
    await expect(executeQuery(QUERY, "en", { signal: gone })).rejects.toMatchObject({ code: "query_cancelled" });
    expect(cacheStats().entries).toBe(0);
    // An index build shared by many requests (cache: false) does not die with the request that started it.
    const uncached = await withRequestSignal(gone, () => executeQuery(QUERY, "en", { cache: false }));
    expect(uncached.response.data.length).toBeGreaterThan(0);
    const answered = await executeQuery(QUERY, "en");
    expect(answered.cache).toBe("miss");
    expect(answered.response.data).toEqual(uncached.response.data);
    expect(requestSignal()).toBeUndefined();
  }, 30_000);

  it("sizes a cached answer by what it holds, never below its JSON", async () => {
    clearResultCache();
    const answered = await executeQuery({ ...QUERY, drilldowns: ["Year", "Section"] }, "es");
    expect(answered.bytes).toBe(responseBytes(answered.response.data));
    expect(answered.bytes).toBeGreaterThanOrEqual(JSON.stringify(answered.response.data).length);
    expect(cacheStats().bytes).toBe(answered.bytes);
    expect(responseBytes([{ name: "abcd", value: 1 }])).toBe(1024 + 64 + (32 + 8) + 16);
  });
});
