import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ImportOutcome } from "@/server/etl/import";
import { planImport, type ImportPlan } from "@/server/etl/import-plan";
import { importSteps } from "@/server/etl/import-steps";
import { silentLogger } from "@/server/etl/progress";
import { TINY_PACKAGE, importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";
import { query } from "./query";

/** "complexity_*" and "dim_entity_<type>" name families of tables. */
function declares(pattern: string, table: string): boolean {
  const re = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*|<[a-z]+>/g, ".+")}$`);
  return re.test(table);
}

describe("the full import as named steps", () => {
  const out = path.join(tempDir("import-steps-"), "warehouse.duckdb");
  let outcome: ImportOutcome;
  let plan: ImportPlan;

  beforeAll(async () => {
    outcome = await importTiny(out);
    const planned = await planImport({ dataDir: TINY_PACKAGE, out, force: true, logger: silentLogger });
    if ("status" in planned) throw new Error(`expected a plan, got ${planned.status}`);
    plan = planned;
  });

  it("returns each step's time, in the order of the step list", () => {
    if (outcome.status !== "built") throw new Error(`expected a build, got ${outcome.status}`);
    const names = importSteps(plan).map((s) => s.name);
    expect(outcome.timings.map((t) => t.name)).toEqual(names);
    expect(names.slice(0, 3)).toEqual(["stage", "members", "entities"]);
    expect(names.slice(-4)).toEqual(["complexity", "catalogue", "quality flags", "metadata"]);
    expect(names).toContain("trade_i_ots_a_hs4");
    for (const t of outcome.timings) expect(t.seconds).toBeGreaterThanOrEqual(0);
  });

  it("declares every table the warehouse holds in some step's writes", async () => {
    const writes = importSteps(plan).flatMap((s) => s.writes);
    const tables = (await query(out, `SELECT table_name AS name FROM duckdb_tables() UNION ALL SELECT view_name FROM duckdb_views() WHERE NOT internal`)).map((r) => String(r.name));
    expect(tables.length).toBeGreaterThan(10);
    expect(tables.filter((t) => !writes.some((w) => declares(w, t)))).toEqual([]);
  });

  it("leaves out the steps its options do not ask for", () => {
    const names = (options: Partial<ImportPlan["options"]>) => importSteps({ ...plan, options: { ...plan.options, ...options } }).map((s) => s.name);
    expect(names({ dimensionsOnly: true })).toEqual(["stage", "members", "entities", "catalogue", "quality flags", "metadata"]);
    expect(names({ keepBaci: false })).not.toContain("BACI carry-over");
    expect(names({ subnationalFiles: ["x.csv"] })).toContain("subnational files");
    expect(names({})).not.toContain("subnational files");
  });
});
