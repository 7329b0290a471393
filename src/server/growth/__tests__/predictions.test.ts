import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectGrowth } from "@/domain/growth/model";
import { runImport } from "@/server/etl/import";
import { silentLogger } from "@/server/etl/progress";
import { growthPredictions, loadGrowthView } from "@/server/growth/predictions";
import { closeWarehouse } from "@/server/warehouse/db";
import { copyTinyPackage, tempDir } from "@/server/warehouse/__tests__/helpers";

const dir = tempDir("growth-test-");
const COUNTRIES = ["arg", "chl", "chn", "deu", "esp", "fra", "jpn", "usa"];

/**
 * The tiny package's indicators cover 2016-2018 only, too short for a decade. Its copy here gets
 * made-up GDP and population for 1980, 1990, 2000, 2010 and 2019, so the tiny ECI years 1980
 * (hs92_hs4) and 2000 (SITC) can start decades and 2019 can be projected from.
 */
function extendIndicators(pkg: string) {
  const lines: string[] = [];
  COUNTRIES.forEach((c, i) => {
    const population = 1e7 * (i + 1);
    for (const [year, factor] of [
      [1980, 1],
      [1990, 1.5 + i * 0.1 + (i % 3) * 0.07],
      [2000, 2],
      [2010, 3 + i * 0.2],
      [2019, 4],
    ] as const) {
      const perCapita = 1000 * (i + 1) * factor;
      lines.push(`${c},${year},${perCapita * population},${perCapita},${population}`);
    }
  });
  fs.appendFileSync(path.join(pkg, "indicators_country_year.csv"), `${lines.join("\n")}\n`);
}

describe("growth predictions on the tiny package with a decade of GDP", () => {
  beforeAll(async () => {
    const pkg = copyTinyPackage();
    extendIndicators(pkg);
    process.env.WAREHOUSE_PATH = path.join(dir, "w.duckdb");
    await runImport({ dataDir: pkg, out: process.env.WAREHOUSE_PATH, logger: silentLogger, live: false });
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("fits on every decade the catalogue allows and says what entered", async () => {
    const p = await growthPredictions();
    expect(p.status).toBe("ready");
    expect(p.samples.map((s) => [s.startYear, s.endYear, s.dataset])).toEqual([
      [1980, 1990, "complexity_hs92_hs4"],
      [2000, 2010, "complexity_sitc2_sitc4"],
    ]);
    // 1980: six ranked countries, all with GDP and exports by section (OTS HS4). 2000: the tiny
    // package has no exports by section that year, so no country can enter; the page says so.
    expect(p.samples[0]).toMatchObject({ ranked: 6, n: 6, exportsSource: "ots" });
    expect(p.samples[1]).toMatchObject({ ranked: 8, n: 0 });
    expect(p.samples[0].worldGrowth).toBeGreaterThan(0);
    expect(p.model!.n).toBe(6);
    expect(p.model!.startYears).toEqual([1980]);
    expect(p.model!.coefficients.every(Number.isFinite)).toBe(true);
    expect(p.backtest).toBeNull();
    expect(p.indicators).toMatchObject({ source: "wdi", firstYear: 1980, lastYear: 2019 });
  });

  it("projects every ranked country of the newest ECI year, largest first", async () => {
    const p = await growthPredictions();
    expect(p.base).toMatchObject({ year: 2019, dataset: "complexity_hs92_hs4", source: "atlas_hs4", exportsSource: "atlas" });
    expect(p.projections.map((r) => r.id).sort()).toEqual(COUNTRIES);
    for (const r of p.projections) {
      expect(r.gdpPerCapita).toBe(1000 * (COUNTRIES.indexOf(r.id) + 1) * 4);
      expect(r.naturalResourceShare).toBeGreaterThanOrEqual(0);
      expect(r.naturalResourceShare).toBeLessThanOrEqual(1);
      expect(r.projected).toBeCloseTo(projectGrowth(p.model!, r), 12);
    }
    const projected = p.projections.map((r) => r.projected);
    expect(projected).toEqual([...projected].sort((a, b) => b - a));
    expect(p.queries.map((q) => q.kind).sort()).toEqual(["eci", "eci", "eci", "exports", "exports", "gdp"]);
    expect(p.queries.find((q) => q.kind === "gdp")!.url).toContain("cube=indicators_i_wdi_a");
  });

  it("computes once per warehouse generation", async () => {
    expect(await growthPredictions()).toBe(await growthPredictions());
  });

  it("names the rows in the page language and gives the map its shapes", async () => {
    const view = await loadGrowthView("es");
    expect(view.rows.map((r) => r.rank)).toEqual(COUNTRIES.map((_, i) => i + 1));
    expect(view.rows.find((r) => r.id === "usa")?.name).toBe("Estados Unidos");
    expect(view.chart.rows).toHaveLength(COUNTRIES.length);
    expect(view.chart.rows.every((r) => typeof r.measures?.projected_growth === "number" && (r.measures?.gdp_per_capita ?? 0) > 0)).toBe(true);
    expect(view.chart.m49).toContainEqual([840, "usa"]);
    expect(view.chart.groups.length).toBeGreaterThan(0);
  });
});
