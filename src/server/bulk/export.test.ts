import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BulkPackage } from "@/domain/bulk/bulk";
import { LICENCE_NAME_PATTERN } from "@/domain/bulk/licence";
import { dataPackageProblems } from "@/domain/bulk/profile";
import { closeWarehouse } from "@/server/warehouse/db";
import { queryCube } from "@/server/warehouse/client";
import { importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";
import { inlineParams, sqlLiteral } from "@/server/warehouse/sql";
import { exportBulk } from "./export";
import { bulkPackage } from "./files";

const dir = tempDir("bulk-export-test-");
const root = path.join(dir, "exports");
beforeAll(async () => {
  process.env.WAREHOUSE_PATH = path.join(dir, "w.duckdb");
  await importTiny(process.env.WAREHOUSE_PATH);
});
afterAll(() => closeWarehouse());

describe("bulk export", () => {
  it("writes literals for COPY safely", () => {
    expect(sqlLiteral("chl")).toBe("'chl'");
    expect(sqlLiteral("x'); DROP TABLE t; --")).toBe("'x''); DROP TABLE t; --'");
    expect(sqlLiteral(2018)).toBe("2018");
    expect(sqlLiteral(null)).toBe("NULL");
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(inlineParams("a = $p1 AND b = $p10 AND c = $p0", { p0: 1, p1: "x", p10: 2 })).toBe("a = 'x' AND b = 2 AND c = 1");
    expect(() => inlineParams("a = $p3", {})).toThrow();
  });

  it("exports every trade dataset per year, PREMIUM cuts, and a data package whose sizes, hashes and rows are true", async () => {
    const first = await exportBulk({ root });
    expect(first.skipped).toBe(false);
    const pkg = bulkPackage(first.generation, root) as BulkPackage;
    expect(pkg.generation).toBe(first.generation);
    expect(new Set(pkg.resources.map((r) => r.tier))).toEqual(new Set(["international", "national", "products"]));
    for (const r of pkg.resources) {
      const file = path.join(root, first.generation, r.path);
      const bytes = fs.readFileSync(file);
      expect(bytes.length, r.path).toBe(r.bytes);
      expect(`sha256:${createHash("sha256").update(bytes).digest("hex")}`).toBe(r.hash);
      if (r.format === "csv") {
        const lines = gunzipSync(bytes).toString("utf8").trimEnd().split("\n");
        expect(lines[0]).toBe(r.schema.fields.map((f) => f.name).join(","));
        expect(lines.length - 1).toBe(r.rows);
      } else {
        expect(bytes.subarray(0, 4).toString("latin1")).toBe("PAR1");
      }
    }
    // The package passes the Data Package profile: licences by identifier, the prose in the title.
    expect(dataPackageProblems(JSON.parse(fs.readFileSync(path.join(root, first.generation, "datapackage.json"), "utf8")))).toEqual([]);
    expect(pkg.licenses.length).toBeGreaterThan(0);
    for (const licence of pkg.licenses) expect(licence.name).toMatch(LICENCE_NAME_PATTERN);
    expect(pkg.licenses.find((l) => l.name === "CC-BY-NC-4.0")).toMatchObject({ title: expect.stringContaining("CC BY-NC 4.0"), path: "https://creativecommons.org/licenses/by-nc/4.0/" });
    // Codes are typed as text in the schema, whatever they look like ("0101", "16").
    for (const r of pkg.resources) for (const f of r.schema.fields.filter((f) => /^(Section|HS2|HS4|HS6) ID$/.test(f.name))) expect(f.type, `${r.path} ${f.name}`).toBe("string");
    // One year of the section cube holds what the API answers for that year.
    const file = pkg.resources.find((r) => r.tier === "international" && r.cube === "trade_i_ots_a_sections" && r.format === "csv")!;
    const api = await queryCube({ cube: file.cube, drilldowns: ["Year", "Exporter Country", "Importer Country", "Section"], cuts: [{ level: "Year", ids: [file.year!] }], limit: 10_000 });
    expect(file.rows).toBe(api.page.total);
    // Done already: a second run leaves it alone; --force writes it again, whole.
    expect((await exportBulk({ root })).skipped).toBe(true);
    const again = await exportBulk({ root, force: true });
    expect(again.files).toBe(pkg.resources.length);
    expect(fs.readdirSync(root).filter((name) => name.startsWith("."))).toEqual([]);
  });
});
