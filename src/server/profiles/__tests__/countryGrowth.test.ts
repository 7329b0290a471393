/**
 * "What grew and what shrank" never combines two series (issue 34): both years come from one
 * dataset in one release, and every value in the tables is that dataset's own figure for the year,
 * re-read here with a plain query. Package warehouse; skipped without it.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparable } from "@/domain/catalog/catalog";
import { isUnspecifiedProduct } from "@/domain/catalog/unspecified";
import { closeWarehouse } from "@/server/warehouse/db";
import { queryCube } from "@/server/warehouse/client";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
const present = fs.existsSync(WAREHOUSE);

describe.skipIf(!present)("what grew and what shrank, on the package warehouse", () => {
  let loadCountryGrowth: typeof import("../countryGrowth").loadCountryGrowth;
  let sources: typeof import("../sources");

  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
    ({ loadCountryGrowth } = await import("../countryGrowth"));
    sources = await import("../sources");
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it.each(["chl", "deu", "bra", "chn", "usa", "zaf"])("%s: two years of one series, values of that series", async (country) => {
    const growth = await loadCountryGrowth(country, "en");
    expect(growth).not.toBeNull();
    const { from, to, depth } = growth!;
    expect(comparable(from, to)).toBe(true);
    expect(from.dataset).toBe(to.dataset);
    expect(from.vintage).toBe(to.vintage);
    expect(from.year).toBeLessThan(to.year);
    // No year of that series lies between them... and no newer comparable year exists at another depth.
    const profile = await sources.profileSources();
    for (const list of [profile.productExports, profile.sections]) {
      const newer = list.filter((y) => y.year > to.year);
      for (const y of newer) expect(list.some((x) => x.year < y.year && comparable(x, y)), `${y.dataset} ${y.year}`).toBe(false);
    }
    const level = depth === "hs4" ? "HS4" : "Section";
    const read = async (source: typeof from) => {
      const r = await queryCube(sources.tradeQuery(source, { flow: "export", years: [source.year], own: [country], drilldowns: [level] }), "en");
      return new Map(r.data.map((row) => [String(row[`${level} ID`]), Number(row["Trade Value"] ?? 0)]));
    };
    const [a, b] = await Promise.all([read(from), read(to)]);
    for (const row of [...growth!.grew, ...growth!.shrank]) {
      expect(isUnspecifiedProduct(row.id)).toBe(false);
      expect(row.from).toBeCloseTo(a.get(row.id) ?? 0, 0);
      expect(row.to).toBeCloseTo(b.get(row.id) ?? 0, 0);
    }
  });

  it("does not compare the two OTS HS4 releases (2017 from the older file, 2018 from the newer)", async () => {
    const growth = (await loadCountryGrowth("chl", "en"))!;
    const profile = await sources.profileSources();
    const y2017 = profile.productExports.find((y) => y.year === 2017);
    const y2018 = profile.productExports.find((y) => y.year === 2018);
    if (y2017 && y2018 && !comparable(y2017, y2018)) expect(growth.depth === "hs4" && growth.from.year === 2017 && growth.to.year === 2018).toBe(false);
  });
});
