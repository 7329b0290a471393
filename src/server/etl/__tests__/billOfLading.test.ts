/**
 * The bill-of-lading import: a data package with a `bill_of_lading` resource in the documented
 * layout (domain/bulk/billOfLading.ts) builds the shipments cube; the bill-of-lading page's summary
 * reads it. The fixture is written here: there is no open bill-of-lading data to ship.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILL_OF_LADING_FIELDS, BILL_OF_LADING_RESOURCE } from "@/domain/bulk/billOfLading";
import { billOfLadingSummary } from "@/server/bulk/billOfLading";
import { queryCube } from "@/server/warehouse/client";
import { closeWarehouse } from "@/server/warehouse/db";
import { copyTinyPackage, importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";

const ROWS = [
  ["s1", "2023-01-05", "Acme Mining", "Steel Works", "CHL", "usa", "CLVAP", "USLAX", "2603.00", "Copper ores", "25000", "180000"],
  ["s2", "2023-02-10", "Acme Mining", "", "chl", "usa", "CLVAP", "USLGB", "260300", "Copper ores", "15000", "120000"],
  ["s3", "2023-03-01", "Viña, \"Sur\"", "Importer Inc", "chl", "deu", "CLSAI", "DEHAM", "22", "Wine", "800", "9500.5"],
  ["s4", "2024-06-30", "Agro SA", "Foods GmbH", "arg", "deu", "ARBUE", "DEHAM", "", "Mixed cargo", "", ""],
];

const dir = tempDir("bol-test-");
beforeAll(async () => {
  const pkg = copyTinyPackage();
  const csv = [BILL_OF_LADING_FIELDS.map((f) => f.name), ...ROWS].map((r) => r.map((v) => (/[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(",")).join("\n");
  fs.writeFileSync(path.join(pkg, "bill_of_lading.csv"), `${csv}\n`);
  const manifest = JSON.parse(fs.readFileSync(path.join(pkg, "datapackage.json"), "utf8")) as { resources: unknown[] };
  manifest.resources.push({
    name: BILL_OF_LADING_RESOURCE,
    path: "bill_of_lading.csv",
    format: "csv",
    mediatype: "text/csv",
    schema: { fields: BILL_OF_LADING_FIELDS.map((f) => ({ name: f.name, type: f.type, ...(f.required ? { constraints: { required: true } } : {}) })) },
  });
  fs.writeFileSync(path.join(pkg, "datapackage.json"), JSON.stringify(manifest, null, 2));
  process.env.WAREHOUSE_PATH = path.join(dir, "w.duckdb");
  await importTiny(process.env.WAREHOUSE_PATH, { dataDir: pkg });
});
afterAll(() => closeWarehouse());

describe("bill-of-lading import", () => {
  it("builds the shipments cube: counts, weight and value by year, origin, destination and chapter", async () => {
    const answer = await queryCube({ cube: "trade_i_bol_a_shipments", drilldowns: ["Year", "Exporter Country", "Importer Country", "HS2"], measures: ["Shipments", "Weight", "Declared Value"] });
    const rows = answer.data.map((r) => [r["Year"], r["Exporter Country ID"], r["Importer Country ID"], r["HS2 ID"], r["Shipments"], r["Weight"], r["Declared Value"]]);
    expect(rows).toEqual([
      [2023, "chl", "deu", "22", 1, 800, 9500.5],
      [2023, "chl", "usa", "26", 2, 40000, 300000],
      [2024, "arg", "deu", "99", 1, null, null],
    ]);
    // Names come from the shared member tables; company names are not loaded.
    expect(answer.data[0]!["Exporter Country"]).toBe("Chile");
    expect(JSON.stringify(answer)).not.toContain("Acme");
  });

  it("summarises it for the page", async () => {
    const summary = await billOfLadingSummary("en");
    expect(summary).toMatchObject({ shipments: 4, years: [2023, 2024] });
    expect(summary!.origins[0]).toMatchObject({ id: "chl", name: "Chile", shipments: 3 });
    expect(summary!.chapters[0]).toMatchObject({ id: "26", shipments: 2 });
  });
});
