/**
 * The /api/data answer says, per year it covers, which dataset and release (vintage) the year comes
 * from (issue 34). Package warehouse; skipped without it.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWarehouse } from "@/server/warehouse/db";
import { queryCube } from "@/server/warehouse/client";
import { PROJECT_ROOT } from "./helpers";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");

describe.skipIf(!fs.existsSync(WAREHOUSE))("source.vintages of a data answer", () => {
  beforeAll(() => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("names the two OTS HS4 releases of 2017 and 2018", async () => {
    const r = await queryCube({ cube: "trade_i_ots_a_hs4", drilldowns: ["Year"], cuts: [{ level: "Country", ids: ["chl"] }, { level: "Trade Flow", ids: [2] }], time: { kind: "list", years: [2017, 2018] } }, "en");
    expect(r.source.years).toEqual([2017, 2018]);
    expect(r.source.vintages).toEqual([
      { year: 2017, dataset: "ots_hs4", vintage: "ots_ec2019", source: "ots" },
      { year: 2018, dataset: "ots_hs4", vintage: "ots_trd", source: "ots" },
    ]);
  });

  it("gives one release for every year of the section file, and nothing for a cube the catalogue does not list", async () => {
    const r = await queryCube({ cube: "trade_i_ots_a_sections", drilldowns: ["Year"], cuts: [{ level: "Exporter Country", ids: ["chl"] }], time: { kind: "list", years: [2000, 2017, 2018] } }, "en");
    expect(r.source.vintages?.map((v) => [v.year, v.vintage])).toEqual([
      [2000, "ots_trd"],
      [2017, "ots_trd"],
      [2018, "ots_trd"],
    ]);
    const pci = await queryCube({ cube: "complexity_pci_a_hs92_hs4", drilldowns: ["HS4"], measures: ["PCI"], time: { kind: "list", years: [2018] }, limit: 1 }, "en");
    expect(pci.source.vintages).toEqual([]);
  });
});
