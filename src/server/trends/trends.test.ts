/**
 * The trend explorer against the BACI-sample warehouse (data/warehouse-baci.duckdb: the package's
 * cubes plus BACI HS6 for Chile and Argentina), opened read-only. Every expected figure is computed
 * in the test from a plain GROUP BY on the fact tables and the reference maths of domain/trends.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { margins, memberTrends } from "@/domain/trends/maths";
import { parseTrendParams, type TrendParams } from "@/domain/trends/params";
import { closeWarehouse, withWarehouse } from "@/server/warehouse/db";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";
import { defaultSelection, questionYears, trendExplorer, TrendError } from "./trends";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse-baci.duckdb");
const present = fs.existsSync(WAREHOUSE);

function params(query: string): TrendParams {
  const r = parseTrendParams(new URLSearchParams(query));
  if (!r.ok) throw new Error(r.message);
  return r.params;
}

/** v0/v1 per member straight from a fact table. */
async function reference(sql: string, values: Record<string, string | number>): Promise<{ id: string; v0: number; v1: number }[]> {
  const rows = await withWarehouse((s) => s.query(sql, values));
  return rows.map((r) => ({ id: String(r.id), v0: Number(r.v0 ?? 0), v1: Number(r.v1 ?? 0) }));
}

describe.skipIf(!present)("trend explorer on the BACI-sample warehouse", () => {
  beforeAll(() => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("ranks Chile's HS6 exports between the two BACI years, as the reference maths does", async () => {
    const years = await questionYears({ by: "products", depth: "hs6", flow: "export" });
    const baci = years.filter((y) => y.dataset.startsWith("baci_"));
    expect(baci.length).toBeGreaterThanOrEqual(2);
    const [from, to] = [baci[0].year, baci.at(-1)!.year];
    const table = `fact_baci_${baci[0].dataset.slice("baci_hs".length)}_by_exporter`;
    const ref = await reference(
      `SELECT hs6 AS id, SUM(trade_value) FILTER (WHERE year = $f) AS v0, SUM(trade_value) FILTER (WHERE year = $t) AS v1 FROM "${table}" WHERE exporter = 'chl' AND year IN ($f, $t) GROUP BY 1`,
      { f: from, t: to },
    );
    const { rows: expected, t0, t1 } = memberTrends(ref, to - from);
    const result = await trendExplorer(params(`reporter=chl&depth=hs6&from=${from}&to=${to}`), "en");
    expect(result.reporter).toMatchObject({ kind: "country", id: "chl", name: "Chile" });
    expect(result.totals.t0).toBeCloseTo(t0, 0);
    expect(result.totals.t1).toBeCloseTo(t1, 0);
    expect(result.matched).toBe(expected.filter((r) => r.status !== "absent").length);
    // The top row is the largest absolute gain, with every measure as the reference computes it.
    const best = [...expected].sort((a, b) => b.change - a.change || a.id.localeCompare(b.id))[0];
    const top = result.rows[0];
    expect(top.id).toBe(best.id);
    expect(top.id).toMatch(/^\d{6}$/);
    expect(top.change).toBeCloseTo(best.change, 3);
    expect(top.shareChange!).toBeCloseTo(best.shareChange!, 9);
    expect(top.contribution!).toBeCloseTo(best.contribution!, 9);
    if (best.cagr === null) expect(top.cagr).toBeNull();
    else expect(top.cagr!).toBeCloseTo(best.cagr, 9);
    expect(top.href).toBe(`/profile/hs/${top.id}`);
    expect(top.name).not.toBe(top.id);
    // The margins: new, lost and continuing products sum to the total change.
    const m = margins(ref);
    expect(result.margins.counts).toEqual(m.counts);
    expect(result.margins.gained).toBeCloseTo(m.gained, 0);
    expect(result.margins.lost).toBeCloseTo(m.lost, 0);
    expect(result.margins.intensive).toBeCloseTo(m.intensive, 0);
    expect(result.margins.gained + result.margins.lost + result.margins.intensive).toBe(result.margins.total);
    expect(result.margins.total).toBeCloseTo(t1 - t0, 0);
    // Small multiples: the top movers' values in each year of the period, from the same data.
    expect(result.seriesYears).toEqual([from, to]);
    expect(result.series[0].points).toEqual([
      { year: from, value: expect.closeTo(best.v0, 3) },
      { year: to, value: expect.closeTo(best.v1, 3) },
    ]);
  });

  it("sorts by CAGR with new products (no CAGR) last, and filters by minimum value and section", async () => {
    const years = (await questionYears({ by: "products", depth: "hs6", flow: "export" })).filter((y) => y.dataset.startsWith("baci_"));
    const [from, to] = [years[0].year, years.at(-1)!.year];
    const all = await trendExplorer(params(`reporter=chl&depth=hs6&from=${from}&to=${to}&sort=cagr&dir=desc`), "en");
    const cagrs = all.rows.map((r) => r.cagr);
    const firstNull = cagrs.indexOf(null);
    if (firstNull >= 0) expect(cagrs.slice(firstNull).every((c) => c === null)).toBe(true);
    const numbers = cagrs.filter((c): c is number => c !== null);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const min = all.rows[Math.min(9, all.rows.length - 1)].v1;
    const filtered = await trendExplorer(params(`reporter=chl&depth=hs6&from=${from}&to=${to}&min=${min}`), "en");
    expect(filtered.matched).toBeLessThan(all.matched);
    expect(filtered.rows.every((r) => Math.max(r.v0, r.v1) >= min)).toBe(true);
    const section = all.rows[0].group!;
    const inSection = await trendExplorer(params(`reporter=chl&depth=hs6&from=${from}&to=${to}&section=${section}`), "en");
    expect(inSection.rows.every((r) => r.group === section)).toBe(true);
    expect(inSection.totals.t1).toBeLessThanOrEqual(all.totals.t1);
  });

  it("ranks a country's partners from bilateral section trade, without its trade with itself", async () => {
    const years = (await questionYears({ by: "partners", depth: "section", flow: "export" })).filter((y) => y.dataset === "ots_sections");
    const [from, to] = [years.at(-2)!.year, years.at(-1)!.year];
    const ref = await reference(
      `SELECT importer AS id, SUM(trade_value) FILTER (WHERE year = $f) AS v0, SUM(trade_value) FILTER (WHERE year = $t) AS v1 FROM fact_ots_sections_by_exporter WHERE exporter = 'deu' AND importer <> 'deu' AND year IN ($f, $t) GROUP BY 1`,
      { f: from, t: to },
    );
    const { rows: expected, t0 } = memberTrends(ref, to - from);
    const result = await trendExplorer(params(`reporter=deu&by=partners&from=${from}&to=${to}&sort=v1`), "es");
    expect(result.totals.t0).toBeCloseTo(t0, 0);
    const biggest = [...expected].sort((a, b) => b.v1 - a.v1)[0];
    expect(result.rows[0]).toMatchObject({ id: biggest.id, href: `/profile/country/${biggest.id}` });
    expect(result.rows.some((r) => r.id === "deu")).toBe(false);
    expect(result.rows[0].group).toMatch(/^[a-z]{2}$/);
  });

  it("answers for the world and for a continent, with a default period from the catalogue", async () => {
    const selection = await defaultSelection({ by: "products", depth: "section", flow: "export" });
    expect(selection).not.toBeNull();
    const world = await trendExplorer(params(`reporter=world&depth=section&from=${selection!.from}&to=${selection!.to}`), "zh");
    expect(world.rows.length).toBeGreaterThan(5);
    expect(world.rows.every((r) => r.href?.startsWith("/profile/hs/section-"))).toBe(true);
    const europe = await trendExplorer(params(`reporter=eu&depth=section&from=${selection!.from}&to=${selection!.to}`), "en");
    expect(europe.reporter.kind).toBe("continent");
    expect(europe.totals.t1).toBeGreaterThan(0);
    expect(europe.totals.t1).toBeLessThan(world.totals.t1);
  });

  it("refuses an unknown reporter, years the data lacks and a backwards period", async () => {
    const years = await questionYears({ by: "products", depth: "hs4", flow: "export" });
    const [from, to] = [years[0].year, years.at(-1)!.year];
    const fail = async (query: string) => {
      try {
        await trendExplorer(params(query), "en");
      } catch (e) {
        return e as TrendError;
      }
      throw new Error("no error");
    };
    expect(await fail(`reporter=zzz&from=${from}&to=${to}`)).toMatchObject({ code: "unknown_reporter", status: 404 });
    expect(await fail(`reporter=deu&from=1901&to=${to}`)).toMatchObject({ code: "year_not_in_data", status: 400, field: "from" });
    expect(await fail(`reporter=deu&from=${from}&to=2099`)).toMatchObject({ code: "year_not_in_data", field: "to" });
    expect(await fail(`reporter=deu&from=${from}&to=${to}&section=88`)).toMatchObject({ code: "unknown_section" });
    expect(parseTrendParams(new URLSearchParams(`reporter=deu&from=${to}&to=${from}`)).ok).toBe(false);
  });
});
