import fs from "node:fs";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { describe, expect, it } from "vitest";
import { silentLogger, type ImportLogger } from "@/server/etl/progress";
import { carryOver, copyTables, runSteps, type ImportStep, type StepBase, type WarehouseBuild } from "@/server/etl/steps";
import { leftovers, tempDir } from "@/server/warehouse/__tests__/helpers";
import { query } from "./query";

const tableStep = (name: string, sql: string, log?: string[]): ImportStep => ({
  name,
  inputs: [],
  writes: [name],
  run: async ({ conn }) => {
    log?.push(name);
    await conn.run(`CREATE OR REPLACE TABLE ${name} AS ${sql}`);
  },
});

function build(target: string, steps: ImportStep[], more: Partial<WarehouseBuild<StepBase>> = {}): WarehouseBuild<StepBase> {
  return { label: "test", target, start: "empty", steps, context: (base) => base, logger: silentLogger, abortError: () => new Error("aborted"), ...more };
}

/** A warehouse with one table `kept` (1, 2, 3), built through the driver. */
async function previousWarehouse(dir: string): Promise<string> {
  const target = path.join(dir, "warehouse.duckdb");
  await runSteps(build(target, [tableStep("kept", "SELECT n::INTEGER AS n FROM range(1, 4) t(n)")]));
  return target;
}

describe("runSteps, the import driver", () => {
  it("runs the steps in order, validating each after it runs, logs and times each, under the lock", async () => {
    const dir = tempDir("steps-");
    const target = path.join(dir, "warehouse.duckdb");
    const order: string[] = [];
    const lines: string[] = [];
    const logger: ImportLogger = { info: (m) => lines.push(m), warn: (m) => lines.push(m) };
    const lockHolder: string[] = [];
    const steps: ImportStep[] = [
      tableStep("first", "SELECT 1 AS n", order),
      {
        ...tableStep("second", "SELECT n + 1 AS n FROM first", order),
        validate: async ({ conn }) => {
          order.push("second validated");
          lockHolder.push(fs.readFileSync(`${target}.lock`, "utf8"));
          expect((await conn.runAndReadAll("SELECT n FROM second")).getRowsJS()).toEqual([[2]]);
        },
      },
      tableStep("third", "SELECT n + 1 AS n FROM second", order),
    ];
    const { timings } = await runSteps(build(target, steps, { logger }));
    expect(order).toEqual(["first", "second", "second validated", "third"]);
    expect(lockHolder).toEqual([String(process.pid)]);
    expect(timings.map((t) => t.name)).toEqual(["first", "second", "third"]);
    for (const t of timings) expect(t.seconds).toBeGreaterThanOrEqual(0);
    expect(lines.filter((l) => l.startsWith("[test]"))).toEqual(timings.map((t, i) => `[test] ${i + 1}/3 ${t.name} … ${t.seconds.toFixed(1)} s`));
    expect(await query(target, "SELECT (SELECT n FROM first) AS a, (SELECT n FROM third) AS c")).toEqual([{ a: 1, c: 3 }]);
    // The lock is released and no temp file is left.
    expect(leftovers(dir)).toEqual([]);
  });

  it("a failing step leaves the previous warehouse untouched, removes the temp file, runs no later step", async () => {
    const dir = tempDir("steps-");
    const target = await previousWarehouse(dir);
    const before = fs.statSync(target).ino;
    const temps: string[] = [];
    const order: string[] = [];
    const failing: ImportStep = {
      name: "failing",
      inputs: [],
      writes: [],
      run: async () => {
        temps.push(...fs.readdirSync(dir).filter((n) => n.includes(".tmp-")));
        expect(fs.existsSync(`${target}.lock`)).toBe(true);
        throw new Error("bad input");
      },
    };
    const failure = (error: unknown, state: { aborted: boolean; locking: boolean }) => new Error(`mapped: ${(error as Error).message} ${JSON.stringify(state)}`);
    await expect(runSteps(build(target, [tableStep("replacement", "SELECT 9 AS n"), failing, tableStep("later", "SELECT 1", order)], { failure }))).rejects.toThrow(
      'mapped: bad input {"aborted":false,"locking":false}',
    );
    expect(temps.length).toBeGreaterThan(0);
    expect(order).toEqual([]);
    expect(fs.statSync(target).ino).toBe(before);
    expect(await query(target, "SELECT list(n ORDER BY n) AS n FROM kept")).toEqual([{ n: [1, 2, 3] }]);
    expect(leftovers(dir)).toEqual([]);
  });

  it("a failing check stops the import the same way", async () => {
    const dir = tempDir("steps-");
    const target = await previousWarehouse(dir);
    const checked: ImportStep = { ...tableStep("checked", "SELECT 1 AS n"), validate: () => { throw new Error("3 bad rows"); } };
    await expect(runSteps(build(target, [checked]))).rejects.toThrow("3 bad rows");
    expect((await query(target, "SELECT count(*) AS n FROM duckdb_tables() WHERE table_name = 'checked'"))[0].n).toBe(0n);
    expect(leftovers(dir)).toEqual([]);
  });

  it("refuses to run while another live process holds the lock, and says so through the failure map", async () => {
    const dir = tempDir("steps-");
    const target = await previousWarehouse(dir);
    fs.writeFileSync(`${target}.lock`, String(process.ppid));
    const failure = (error: unknown, state: { aborted: boolean; locking: boolean }) => (state.locking ? new Error("locked") : error);
    await expect(runSteps(build(target, [tableStep("x", "SELECT 1")], { failure }))).rejects.toThrow("locked");
    expect(fs.readFileSync(`${target}.lock`, "utf8")).toBe(String(process.ppid));
    fs.unlinkSync(`${target}.lock`);
  });

  it("an abort stops before the next step with the abort error", async () => {
    const dir = tempDir("steps-");
    const target = await previousWarehouse(dir);
    const controller = new AbortController();
    const order: string[] = [];
    const aborting: ImportStep = { name: "aborting", inputs: [], writes: [], run: async () => controller.abort() };
    const run = runSteps(build(target, [aborting, tableStep("later", "SELECT 1", order)], { signal: controller.signal, abortError: () => new Error("stopped") }));
    await expect(run).rejects.toThrow("stopped");
    expect(order).toEqual([]);
    expect(leftovers(dir)).toEqual([]);
  });

  it("start: copy builds on a copy of the warehouse (what the tariff import does)", async () => {
    const dir = tempDir("steps-");
    const target = await previousWarehouse(dir);
    await runSteps(build(target, [tableStep("added", "SELECT count(*) AS n FROM kept")], { start: "copy" }));
    expect(await query(target, "SELECT (SELECT count(*) FROM kept) AS kept, (SELECT n FROM added) AS added")).toEqual([{ kept: 3n, added: 3n }]);
  });
});

describe("carryOver, reading the previous warehouse generation", () => {
  async function fresh(dir: string) {
    const db = await DuckDBInstance.create(path.join(dir, "new.duckdb"));
    return { db, conn: await db.connect() };
  }

  it("lists the previous tables, copies what is kept, and detaches it", async () => {
    const dir = tempDir("carry-");
    const previous = await previousWarehouse(dir);
    const { db, conn } = await fresh(dir);
    try {
      const result = await carryOver(conn, previous, async (prev) => {
        await copyTables(conn, prev, ["kept"]);
        return [...prev.tables];
      });
      expect(result).toEqual({ status: "read", value: ["kept"] });
      expect((await conn.runAndReadAll("SELECT sum(n) FROM kept")).getRowsJS()).toEqual([[6n]]);
      expect((await conn.runAndReadAll("SELECT count(*) FROM duckdb_databases() WHERE database_name = 'previous_generation'")).getRowsJS()).toEqual([[0n]]);
      // Detached even when the copy fails, so a second carry-over can attach again.
      await expect(carryOver(conn, previous, (prev) => copyTables(conn, prev, ["missing"]))).rejects.toThrow();
      expect((await carryOver(conn, previous, async (prev) => prev.tables.has("kept"))).status).toBe("read");
    } finally {
      conn.closeSync();
      db.closeSync();
    }
  });

  it("reports an absent or unreadable previous warehouse instead of failing", async () => {
    const dir = tempDir("carry-");
    const { db, conn } = await fresh(dir);
    const garbage = path.join(dir, "garbage.duckdb");
    fs.writeFileSync(garbage, "not a database, just some bytes ".repeat(200));
    try {
      let called = false;
      const keep = async () => void (called = true);
      expect(await carryOver(conn, path.join(dir, "nothing.duckdb"), keep)).toEqual({ status: "absent" });
      const unreadable = await carryOver(conn, garbage, keep);
      expect(unreadable.status).toBe("unreadable");
      expect(unreadable.status === "unreadable" && unreadable.reason.length).toBeGreaterThan(0);
      expect(called).toBe(false);
    } finally {
      conn.closeSync();
      db.closeSync();
    }
  });
});
