import fs from "node:fs";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleDataRequest as dataGET } from "@/server/warehouse/http";
import { MAX_PIVOT_COLUMNS } from "@/domain/queryBuilder/state";
import { closeWarehouse } from "@/server/warehouse/db";
import { clearResultCache } from "@/server/warehouse/execute";
import type { DataResponse } from "@/server/warehouse/types";
import { importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";
import { handleMembersRequest as membersGET, handlePivotRequest as pivotGET } from "./http";
import type { PivotResponse } from "./pivot";

const dir = tempDir("query-builder-test-");
const out = path.join(dir, "warehouse.duckdb");
const SECTIONS = "trade_i_ots_a_sections";

beforeAll(async () => {
  process.env.WAREHOUSE_PATH = out;
  await importTiny(out);
  clearResultCache();
});
afterAll(() => closeWarehouse());

function qs(params: Record<string, string | string[]>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const item of Array.isArray(v) ? v : [v]) p.append(k, item);
  return p.toString();
}

async function data(params: Record<string, string | string[]>): Promise<DataResponse> {
  const res = await dataGET(new Request(`http://localhost/api/data?${qs(params)}`));
  expect(res.status).toBe(200);
  return (await res.json()) as DataResponse;
}

async function pivot(params: Record<string, string | string[]>): Promise<{ status: number; body: PivotResponse & { error?: { code: string; message: string; parameter?: string } } }> {
  const res = await pivotGET(new Request(`http://localhost/api/pivot?${qs(params)}`));
  expect(res.headers.get("content-type")).toContain("application/json");
  return { status: res.status, body: await res.json() };
}

describe("GET /api/pivot", () => {
  it("folds rows x columns in the warehouse: every cell equals /api/data's value for that pair", async () => {
    const cut = "Exporter Country=deu";
    const { status, body } = await pivot({ cube: SECTIONS, rows: "Section", columns: "Year", cut });
    expect(status, JSON.stringify(body)).toBe(200);
    const flat = await data({ cube: SECTIONS, drilldowns: "Section,Year", cut });
    const byPair = new Map(flat.data.map((r) => [`${r["Section ID"]}|${r["Year ID"]}`, r["Trade Value"]]));
    const years = [...new Set(flat.data.map((r) => Number(r["Year ID"])))].sort((a, b) => a - b);
    expect(body.columns.members.map((m) => m.id)).toEqual(years.slice(-MAX_PIVOT_COLUMNS));
    expect(body.columns.capped).toBe(years.length > MAX_PIVOT_COLUMNS);
    expect(body.page.total).toBe(new Set(flat.data.map((r) => r["Section ID"])).size);
    let checked = 0;
    for (const row of body.data) {
      body.columns.members.forEach((c, i) => {
        expect(row.values[i]).toBe(byPair.get(`${row.id}|${c.id}`) ?? null);
        checked++;
      });
      const sum = flat.data.filter((r) => r["Section ID"] === row.id).reduce((s, r) => s + Number(r["Trade Value"]), 0);
      expect(row.total).toBe(sum);
    }
    expect(checked).toBeGreaterThan(0);
    // Rows come largest first, captions in the page language.
    const totals = body.data.map((r) => r.total ?? 0);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
    const es = await pivot({ cube: SECTIONS, rows: "Section", columns: "Year", cut, locale: "es" });
    const esNames = await data({ cube: SECTIONS, drilldowns: "Section", cut, locale: "es" });
    expect(es.body.data[0].name).toBe(esNames.data.find((r) => r["Section ID"] === es.body.data[0].id)?.Section);
  });

  it("caps the columns at the largest members and says so", async () => {
    const flat = await data({ cube: SECTIONS, drilldowns: "Importer Country", time: "latest", sort: "Trade Value.desc" });
    const { body } = await pivot({ cube: SECTIONS, rows: "Section", columns: "Importer Country", time: "latest" });
    expect(body.columns.total).toBe(flat.data.length);
    expect(body.columns.members.length).toBe(Math.min(MAX_PIVOT_COLUMNS, flat.data.length));
    expect(body.columns.capped).toBe(flat.data.length > MAX_PIVOT_COLUMNS);
    expect(body.columns.members[0].id).toBe(flat.data[0]["Importer Country ID"]);
  });

  it("pages over rows and keeps derived measures without totals", async () => {
    const first = await pivot({ cube: SECTIONS, rows: "Section", columns: "Year", limit: "2" });
    const second = await pivot({ cube: SECTIONS, rows: "Section", columns: "Year", limit: "2", offset: "2" });
    expect(first.body.data).toHaveLength(2);
    expect(second.body.data[0].id).not.toBe(first.body.data[0].id);
    expect(second.body.page.total).toBe(first.body.page.total);
    const growth = await pivot({ cube: SECTIONS, rows: "Section", columns: "Year", measures: "Trade Value Growth", growth: "Year,Trade Value" });
    expect(growth.status, JSON.stringify(growth.body)).toBe(200);
    expect(growth.body.additive).toBe(false);
    expect(growth.body.data.every((r) => r.total === null)).toBe(true);
  });

  it("answers bad input with 4xx JSON naming the parameter", async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{ cube: SECTIONS, rows: "Section" }, 400, "columns"],
      [{ cube: SECTIONS, rows: "Section", columns: "Section" }, 400, "columns"],
      [{ cube: SECTIONS, rows: "Planet", columns: "Year" }, 400, "drilldowns"],
      [{ cube: "nope", rows: "Section", columns: "Year" }, 400, "cube"],
      [{ cube: SECTIONS, rows: "Section", columns: "Year", drilldowns: "Year" }, 400, "drilldowns"],
      [{ cube: SECTIONS, rows: "Section", columns: "Year", limit: "-1" }, 400, "limit"],
      [{ cube: SECTIONS, rows: "Section", columns: "Year", cut: "Section=<script>" }, 400, "cut"],
      [{ cube: "trade_i_baci_a_92", rows: "Section", columns: "Year" }, 404, "cube"],
    ];
    for (const [params, status, parameter] of cases) {
      const r = await pivot(params);
      expect(r.status, JSON.stringify(params)).toBe(status);
      expect(r.body.error?.parameter, JSON.stringify(r.body)).toBe(parameter);
      expect(typeof r.body.error?.message).toBe("string");
    }
  });
});

describe("GET /api/query-builder/members", () => {
  async function members(params: Record<string, string>) {
    const res = await membersGET(new Request(`http://localhost/api/query-builder/members?${qs(params)}`));
    return { status: res.status, body: (await res.json()) as { members: { id: string; name: string }[]; total: number; error?: { code: string; parameter?: string } } };
  }

  it("lists the members holding data, largest first, and finds them by name or id", async () => {
    const flat = await data({ cube: SECTIONS, drilldowns: "Exporter Country", sort: "Trade Value.desc" });
    const all = await members({ cube: SECTIONS, level: "Exporter Country" });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(flat.data.length);
    expect(all.body.members[0].id).toBe(flat.data[0]["Exporter Country ID"]);
    const germany = flat.data.find((r) => r["Exporter Country ID"] === "deu")!;
    const byName = await members({ cube: SECTIONS, level: "Exporter Country", q: String(germany["Exporter Country"]).slice(0, 4).toUpperCase() });
    expect(byName.body.members.map((m) => m.id)).toContain("deu");
    const byId = await members({ cube: SECTIONS, level: "Exporter Country", q: "deu" });
    expect(byId.body.members[0].id).toBe("deu");
    const none = await members({ cube: SECTIONS, level: "Exporter Country", q: "'; DROP TABLE x; --" });
    expect(none.status).toBe(200);
    expect(none.body.members).toEqual([]);
  });

  it("rejects unknown cubes, levels and parameters with 4xx JSON", async () => {
    expect((await members({ cube: "nope", level: "Section" })).body.error?.code).toBe("unknown_cube");
    const level = await members({ cube: SECTIONS, level: "Planet" });
    expect(level.status).toBe(400);
    expect(level.body.error?.code).toBe("unknown_level");
    expect(level.body.error?.parameter).toBe("level");
    expect((await members({ cube: SECTIONS, level: "Section", evil: "1" })).status).toBe(400);
    expect((await members({ cube: SECTIONS, level: "Section", q: "x".repeat(101) })).status).toBe(400);
    expect((await members({ cube: SECTIONS, level: "Section", locale: "fr" })).status).toBe(400);
  });
});

describe("GET /api/data?format=parquet", () => {
  it("writes the same page of rows as the JSON answer, with the same column names", async () => {
    const params = { cube: SECTIONS, drilldowns: "Year,Section", cut: "Exporter Country=deu", sort: "Trade Value.desc", limit: "7", offset: "3", locale: "es" };
    const json = await data(params);
    const res = await dataGET(new Request(`http://localhost/api/data?${qs({ ...params, format: "parquet" })}`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.apache.parquet");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${SECTIONS}.parquet"`);
    expect(res.headers.get("x-total-count")).toBe(String(json.page.total));
    const file = path.join(dir, "page.parquet");
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const db = await DuckDBInstance.create(":memory:");
    const conn = await db.connect();
    const reader = await conn.runAndReadAll(`SELECT * FROM read_parquet('${file}')`);
    const rows = reader.getRowObjectsJS().map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "bigint" ? Number(v) : v])));
    conn.closeSync();
    db.closeSync();
    expect(reader.columnNames()).toEqual(json.columns);
    expect(rows).toEqual(json.data);
  });

  it("bad parquet queries are JSON errors, not files", async () => {
    const res = await dataGET(new Request(`http://localhost/api/data?${qs({ cube: SECTIONS, drilldowns: "Planet", format: "parquet" })}`));
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/json");
    const bad = await dataGET(new Request(`http://localhost/api/data?${qs({ cube: SECTIONS, format: "xlsx" })}`));
    expect(((await bad.json()) as { error: { parameter: string } }).error.parameter).toBe("format");
  });
});
