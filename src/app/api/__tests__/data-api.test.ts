import fs from "node:fs";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as cubesGET } from "@/app/api/cubes/route";
import { GET } from "@/app/api/data/route";
import { closeWarehouse } from "@/server/warehouse/db";
import { clearResultCache } from "@/server/warehouse/execute";
import type { DataResponse } from "@/server/warehouse/types";
import { TINY_PACKAGE, copyTinyPackage, importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";

const dir = tempDir("api-test-");
const out = path.join(dir, "warehouse.duckdb");

function url(query: string | Record<string, string | string[]>): string {
  if (typeof query === "string") return `http://localhost/api/data?${query}`;
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const item of Array.isArray(v) ? v : [v]) p.append(k, item);
  return `http://localhost/api/data?${p.toString()}`;
}

async function get(query: string | Record<string, string | string[]>): Promise<{ status: number; body: DataResponse & { error?: { code: string; message: string; parameter?: string } }; res: Response }> {
  const res = await GET(new Request(url(query)));
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // CSV
  }
  return { status: res.status, body: body as DataResponse & { error?: { code: string; message: string } }, res };
}

async function ok(query: string | Record<string, string | string[]>) {
  const r = await get(query);
  if (r.status !== 200) throw new Error(`expected 200, got ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

async function fail(query: string | Record<string, string | string[]>, status: number, code: string, parameter?: string) {
  const r = await get(query);
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.res.headers.get("content-type")).toContain("application/json");
  expect(r.body.error?.code).toBe(code);
  expect(typeof r.body.error?.message).toBe("string");
  if (parameter) expect(r.body.error?.parameter).toBe(parameter);
  return r.body.error!;
}

async function sourceSum(sql: string): Promise<number> {
  const db = await DuckDBInstance.create(":memory:");
  const conn = await db.connect();
  const value = Number((await conn.runAndReadAll(sql)).getRowsJS()[0][0]);
  conn.closeSync();
  db.closeSync();
  return value;
}

const SECTIONS = "trade_i_ots_a_sections";
const PARQUET = `read_parquet('${TINY_PACKAGE}/trade_bilateral_section.parquet')`;

beforeAll(async () => {
  process.env.WAREHOUSE_PATH = out;
  await importTiny(out);
});
afterAll(() => {
  closeWarehouse();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("GET /api/data: cube, drilldowns, measures", () => {
  it("answers Germany's exports by section with ID and caption columns", async () => {
    const body = await ok({ cube: SECTIONS, drilldowns: "Section", "Exporter Country": "deu", time: "2018" });
    expect(body.columns).toEqual(["Section ID", "Section", "Trade Value"]);
    const total = body.data.reduce((s, r) => s + Number(r["Trade Value"]), 0);
    expect(total).toBe(await sourceSum(`SELECT sum(export_value) FROM ${PARQUET} WHERE reporter = 'deu' AND year = 2018`));
    expect(body.data.find((r) => r["Section ID"] === "16")?.Section).toBe("Machines");
    expect(body.source).toMatchObject({ cube: SECTIONS, years: [2018] });
    expect(body.source.annotations.licence).toContain("CC BY-NC");
    expect(body.page).toEqual({ limit: 10000, offset: 0, total: body.data.length });
  });

  it("imports by section equal the reporter's import column (no double counting)", async () => {
    const body = await ok({ cube: SECTIONS, "Importer Country": "deu", time: "2018" });
    expect(body.data).toHaveLength(1);
    expect(body.data[0]["Trade Value"]).toBe(await sourceSum(`SELECT sum(import_value) FROM ${PARQUET} WHERE reporter = 'deu' AND year = 2018`));
  });

  it("no drilldown gives the grand total; world total counts each flow once", async () => {
    const body = await ok({ cube: SECTIONS, time: "2017" });
    expect(body.columns).toEqual(["Trade Value"]);
    expect(body.data[0]["Trade Value"]).toBe(await sourceSum(`SELECT sum(export_value) FROM ${PARQUET} WHERE year = 2017`));
  });

  it("several drilldowns and measures", async () => {
    const body = await ok({ cube: "trade_i_comtrade_a_hs4_sample", drilldowns: "Year,Exporter Country", measures: "Trade Value,Quantity", "Exporter Country": "arg,chl" });
    expect(body.columns).toEqual(["Year ID", "Year", "Exporter Country ID", "Exporter Country", "Trade Value", "Quantity"]);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((r) => r["Exporter Country ID"] === "arg" || r["Exporter Country ID"] === "chl")).toBe(true);
  });

  it("a ratio measure is computed from sums, not summed", async () => {
    const body = await ok({ cube: "indicators_i_wdi_a", drilldowns: "Year", measures: "GDP,Population,GDP per Capita", Country: "chl,deu", time: "2018" });
    const row = body.data[0];
    expect(row["GDP per Capita"]).toBeCloseTo(Number(row.GDP) / Number(row.Population), 6);
  });

  it("rejects unknown cubes, levels and measures, naming the parameter", async () => {
    await fail({ cube: "nope" }, 400, "unknown_cube", "cube");
    await fail({}, 400, "invalid_parameter", "cube");
    await fail({ cube: SECTIONS, drilldowns: "Planet" }, 400, "unknown_level", "drilldowns");
    await fail({ cube: SECTIONS, drilldowns: "Section,Section" }, 400, "invalid_parameter", "drilldowns");
    await fail({ cube: SECTIONS, drilldowns: "Section,,Year" }, 400, "invalid_parameter", "drilldowns");
    await fail({ cube: SECTIONS, measures: "Happiness" }, 400, "unknown_measure", "measures");
    await fail({ cube: SECTIONS, drilldowns: "Year", measures: "Trade Value Growth" }, 400, "unknown_measure", "measures");
  });

  it("a registered cube missing from this warehouse is a 404", async () => {
    await fail({ cube: "trade_i_baci_a_92", drilldowns: "Year" }, 404, "cube_not_loaded", "cube");
  });
});

describe("cuts and exclusions", () => {
  it("accepts cut=Level=ids, cut=Level:ids and direct Level=ids, all equal", async () => {
    const a = await ok({ cube: SECTIONS, drilldowns: "Section", cut: ["Exporter Country=chl", "Year=2018"] });
    const b = await ok({ cube: SECTIONS, drilldowns: "Section", cut: "Exporter Country:chl", Year: "2018" });
    const c = await ok({ cube: SECTIONS, drilldowns: "Section", "Exporter Country": "CHL", time: "2018" });
    expect(b.data).toEqual(a.data);
    expect(c.data).toEqual(a.data);
  });

  it("cuts on several members, coarser levels and integers", async () => {
    const body = await ok({ cube: SECTIONS, drilldowns: "Exporter Country", "Exporter Continent": "sa", time: "2018" });
    expect(body.data.map((r) => r["Exporter Country ID"])).toEqual(["arg", "chl"]);
    const esp = await ok({ cube: "trade_s_esp_a_hs", drilldowns: "Province", Province: "8,28" });
    expect(esp.data.map((r) => r["Province ID"])).toEqual([8, 28]);
  });

  it("exclude removes members (self-trade in partner lists)", async () => {
    const all = await ok({ cube: SECTIONS, drilldowns: "Importer Country", "Exporter Country": "chn", time: "2018" });
    const body = await ok({ cube: SECTIONS, drilldowns: "Importer Country", "Exporter Country": "chn", time: "2018", exclude: "Importer Country=chn" });
    expect(all.data.some((r) => r["Importer Country ID"] === "chn")).toBe(true);
    expect(body.data.some((r) => r["Importer Country ID"] === "chn")).toBe(false);
    expect(body.data.length).toBe(all.data.length - 1);
  });

  it("an unknown but well-formed member gives an empty result, not an error", async () => {
    const body = await ok({ cube: SECTIONS, drilldowns: "Section", "Exporter Country": "zzz" });
    expect(body.data).toEqual([]);
    expect(body.page.total).toBe(0);
  });

  it("rejects malformed cuts", async () => {
    await fail({ cube: SECTIONS, cut: "Exporter Country" }, 400, "invalid_cut", "cut");
    await fail({ cube: SECTIONS, cut: "=deu" }, 400, "invalid_cut", "cut");
    await fail({ cube: SECTIONS, cut: "Galaxy=milky" }, 400, "unknown_level", "cut");
    await fail({ cube: SECTIONS, cut: ["Exporter Country=deu", "Exporter Country=fra"] }, 400, "invalid_cut", "cut");
    await fail({ cube: SECTIONS, Year: "20x8" }, 400, "invalid_cut");
    await fail({ cube: SECTIONS, Year: "1066" }, 400, "invalid_cut");
    await fail({ cube: "trade_s_esp_a_hs", Province: "8.5" }, 400, "invalid_cut");
    await fail({ cube: SECTIONS, exclude: "Section=abc" }, 400, "invalid_cut", "exclude");
  });
});

describe("time", () => {
  it("latest, oldest, single year, range and list", async () => {
    const latest = await ok({ cube: SECTIONS, drilldowns: "Year", time: "latest" });
    expect(latest.data.map((r) => r.Year)).toEqual([2018]);
    const oldest = await ok({ cube: SECTIONS, drilldowns: "Year", time: "oldest" });
    expect(oldest.data.map((r) => r.Year)).toEqual([1990]);
    const range = await ok({ cube: SECTIONS, drilldowns: "Year", time: "2000-2018" });
    expect(range.data.map((r) => r.Year)).toEqual([2017, 2018]);
    expect(range.source.years).toEqual([2017, 2018]);
    const list = await ok({ cube: SECTIONS, drilldowns: "Year", time: "1990,2018" });
    expect(list.data.map((r) => r.Year)).toEqual([1990, 2018]);
    const none = await ok({ cube: SECTIONS, drilldowns: "Year", time: "1995" });
    expect(none.data).toEqual([]);
    expect(none.source.years).toEqual([]);
  });

  it("rejects malformed time and conflicts with a Year cut", async () => {
    await fail({ cube: SECTIONS, time: "yesterday" }, 400, "invalid_time", "time");
    await fail({ cube: SECTIONS, time: "2018-2010" }, 400, "invalid_time", "time");
    await fail({ cube: SECTIONS, time: "2018", Year: "2018" }, 400, "invalid_time", "time");
    await fail({ cube: SECTIONS, time: "0001-9999" }, 400, "invalid_time", "time");
  });
});

describe("growth and RCA", () => {
  it("growth compares with the previous year and is null across gaps", async () => {
    const body = await ok({ cube: SECTIONS, drilldowns: "Year", growth: "Year,Trade Value", "Exporter Country": "deu" });
    expect(body.columns).toEqual(["Year ID", "Year", "Trade Value", "Trade Value Growth", "Trade Value Growth Value"]);
    const [y1990, y2017, y2018] = body.data;
    expect(y1990["Trade Value Growth"]).toBeNull();
    expect(y2017["Trade Value Growth"]).toBeNull();
    const v17 = Number(y2017["Trade Value"]);
    const v18 = Number(y2018["Trade Value"]);
    expect(y2018["Trade Value Growth Value"]).toBe(v18 - v17);
    expect(y2018["Trade Value Growth"]).toBeCloseTo((v18 - v17) / v17, 12);
  });

  it("growth with time=latest still uses the previous year", async () => {
    const body = await ok({ cube: SECTIONS, drilldowns: "Year,Section", growth: "Year,Trade Value", "Exporter Country": "deu", time: "latest", Section: "16" });
    expect(body.data).toHaveLength(1);
    expect(body.data[0]["Trade Value Growth"]).not.toBeNull();
  });

  it("RCA is computed over all countries before the cut", async () => {
    const all = await ok({ cube: SECTIONS, drilldowns: "Exporter Country,Section", rca: "Exporter Country,Section,Trade Value", time: "2018" });
    const cut = await ok({ cube: SECTIONS, drilldowns: "Exporter Country,Section", rca: "Exporter Country,Section,Trade Value", time: "2018", "Exporter Country": "chl" });
    const fromAll = all.data.filter((r) => r["Exporter Country ID"] === "chl");
    expect(cut.data).toEqual(fromAll);
    // Manual RCA for Chile, section 5.
    const v = (f: (r: Record<string, unknown>) => boolean) => all.data.filter(f).reduce((s, r) => s + Number(r["Trade Value"]), 0);
    const xcp = v((r) => r["Exporter Country ID"] === "chl" && r["Section ID"] === "5");
    const xc = v((r) => r["Exporter Country ID"] === "chl");
    const xp = v((r) => r["Section ID"] === "5");
    const x = v(() => true);
    const row = cut.data.find((r) => r["Section ID"] === "5")!;
    expect(row["Trade Value RCA"]).toBeCloseTo(xcp / xc / (xp / x), 10);
  });

  it("rejects malformed growth and rca", async () => {
    await fail({ cube: SECTIONS, drilldowns: "Section", growth: "Year,Trade Value" }, 400, "invalid_parameter", "growth");
    await fail({ cube: SECTIONS, drilldowns: "Section", growth: "Section,Trade Value" }, 400, "invalid_parameter", "growth");
    await fail({ cube: SECTIONS, drilldowns: "Year", growth: "Year" }, 400, "invalid_parameter", "growth");
    await fail({ cube: SECTIONS, drilldowns: "Year", growth: "Year,Fun" }, 400, "unknown_measure", "growth");
    await fail({ cube: SECTIONS, drilldowns: "Exporter Country", rca: "Exporter Country,Section,Trade Value" }, 400, "invalid_parameter", "rca");
    await fail({ cube: SECTIONS, drilldowns: "Exporter Country,Exporter Continent", rca: "Exporter Country,Exporter Continent,Trade Value" }, 400, "invalid_parameter", "rca");
    await fail({ cube: SECTIONS, drilldowns: "Exporter Country,Section", rca: "Exporter Country,Section" }, 400, "invalid_parameter", "rca");
    await fail({ cube: "indicators_i_wdi_a", drilldowns: "Country,Year", rca: "Country,Year,GDP" }, 400, "invalid_parameter", "rca");
  });
});

describe("parents, sort, paging", () => {
  it("parents=true adds ancestor ID/caption columns before each level", async () => {
    const body = await ok({ cube: "trade_i_ots_a_hs4", drilldowns: "HS4", Country: "chl", parents: "true", sort: "Trade Value.desc", limit: "1" });
    expect(body.columns).toEqual(["Section ID", "Section", "HS2 ID", "HS2", "HS4 ID", "HS4", "Trade Value"]);
    expect(body.data[0]).toMatchObject({ "Section ID": "5", "HS2 ID": "26", "HS4 ID": "2603" });
  });

  it("sorts by measures and levels, both directions", async () => {
    const desc = await ok({ cube: SECTIONS, drilldowns: "Exporter Country", time: "2018", sort: "Trade Value.desc" });
    const values = desc.data.map((r) => Number(r["Trade Value"]));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const byId = await ok({ cube: SECTIONS, drilldowns: "Exporter Country", time: "2018", sort: "Exporter Country.desc" });
    const ids = byId.data.map((r) => String(r["Exporter Country ID"]));
    expect(ids).toEqual([...ids].sort().reverse());
    await fail({ cube: SECTIONS, drilldowns: "Section", sort: "Importer Country.asc" }, 400, "invalid_sort", "sort");
  });

  it("limit and offset page through a stable order with the total", async () => {
    const all = await ok({ cube: SECTIONS, drilldowns: "Section", "Exporter Country": "deu", time: "2018", sort: "Trade Value.desc" });
    const p1 = await ok({ cube: SECTIONS, drilldowns: "Section", "Exporter Country": "deu", time: "2018", sort: "Trade Value.desc", limit: "5" });
    const p2 = await ok({ cube: SECTIONS, drilldowns: "Section", "Exporter Country": "deu", time: "2018", sort: "Trade Value.desc", limit: "5", offset: "5" });
    expect([...p1.data, ...p2.data]).toEqual(all.data.slice(0, 10));
    expect(p2.page).toEqual({ limit: 5, offset: 5, total: all.data.length });
    const beyond = await ok({ cube: SECTIONS, drilldowns: "Section", "Exporter Country": "deu", time: "2018", limit: "5", offset: "500" });
    expect(beyond.data).toEqual([]);
    expect(beyond.page.total).toBe(all.data.length);
  });

  it("limit outside 1..10000 and bad offsets are 400s", async () => {
    await fail({ cube: SECTIONS, limit: "0" }, 400, "limit_out_of_range", "limit");
    await fail({ cube: SECTIONS, limit: "-5" }, 400, "limit_out_of_range", "limit");
    await fail({ cube: SECTIONS, limit: "10001" }, 400, "limit_out_of_range", "limit");
    await fail({ cube: SECTIONS, limit: "99999999999999999999" }, 400, "invalid_parameter", "limit");
    await fail({ cube: SECTIONS, limit: "ten" }, 400, "invalid_parameter", "limit");
    await fail({ cube: SECTIONS, offset: "-1" }, 400, "invalid_parameter", "offset");
  });
});

describe("locale, format, caching", () => {
  it("captions follow the locale and fallbacks are listed", async () => {
    const es = await ok({ cube: SECTIONS, drilldowns: "Exporter Country", "Exporter Country": "deu,sun", time: "1990", locale: "es" });
    expect(es.data.map((r) => r["Exporter Country"])).toEqual(["Alemania", "Former USSR"]);
    expect(es.fallbackCaptions).toEqual({ "Exporter Country": ["sun"] });
    const zh = await ok({ cube: SECTIONS, drilldowns: "Section", Section: "5", locale: "zh" });
    expect(zh.data[0].Section).toBe("矿产品");
    expect(zh.fallbackCaptions).toBeUndefined();
    await fail({ cube: SECTIONS, locale: "fr" }, 400, "invalid_parameter", "locale");
  });

  it("format=csv downloads the same rows", async () => {
    const res = await GET(new Request(url({ cube: SECTIONS, drilldowns: "Section", "Exporter Country": "deu", time: "2018", format: "csv", sort: "Trade Value.desc", limit: "2" })));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${SECTIONS}.csv"`);
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe("Section ID,Section,Trade Value");
    expect(lines).toHaveLength(3);
    await fail({ cube: SECTIONS, format: "xml" }, 400, "invalid_parameter", "format");
  });

  it("format=jsonrecords answers the rows alone, a bare JSON array (pandas.read_json(url))", async () => {
    const query = { cube: "trade_i_ots_a_hs4", drilldowns: "HS4", Country: "chl", time: "2018", sort: "HS4.asc", limit: "5" };
    const envelope = await ok(query);
    const res = await GET(new Request(url({ ...query, format: "jsonrecords" })));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("x-total-count")).toBe(String(envelope.page.total));
    const text = await res.text();
    const rows = JSON.parse(text) as Record<string, unknown>[];
    expect(Array.isArray(rows)).toBe(true);
    expect(rows).toEqual(envelope.data);
  });

  it("codes are strings and Trade Value is one floating-point type in JSON, jsonrecords, CSV and Parquet", async () => {
    const query = { cube: "trade_i_ots_a_hs4", drilldowns: "HS4", Country: "chl", time: "2018", sort: "HS4.asc", limit: "20" };
    const envelope = await ok(query);
    expect(envelope.data.every((r) => typeof r["HS4 ID"] === "string" && /^\d{4}$/.test(r["HS4 ID"] as string))).toBe(true);
    // jsonrecords and CSV write whole dollars with a decimal point (pandas reads float64, as from Parquet).
    const records = await (await GET(new Request(url({ ...query, format: "jsonrecords" })))).text();
    expect(records).toMatch(/"Trade Value":\d+\.\d+/);
    expect(records).not.toMatch(/"Trade Value":\d+[,}]/);
    const csv = (await (await GET(new Request(url({ ...query, format: "csv" })))).text()).trim().split("\r\n");
    expect(csv[0]).toBe("HS4 ID,HS4,Trade Value");
    const cells = csv.slice(1).map((line) => line.split(","));
    expect(cells.map((c) => c[0])).toEqual(envelope.data.map((r) => r["HS4 ID"]));
    expect(cells.every((c) => /^\d+\.\d+$/.test(c.at(-1)!))).toBe(true);
    expect(cells.map((c) => Number(c.at(-1)))).toEqual(envelope.data.map((r) => r["Trade Value"]));
    // Parquet: the warehouse's own types.
    const parquet = Buffer.from(await (await GET(new Request(url({ ...query, format: "parquet" })))).arrayBuffer());
    const file = path.join(dir, "types.parquet");
    fs.writeFileSync(file, parquet);
    const db = await DuckDBInstance.create(":memory:");
    const conn = await db.connect();
    const types = (await conn.runAndReadAll(`SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('${file}'))`)).getRowsJS();
    conn.closeSync();
    db.closeSync();
    expect(Object.fromEntries(types)).toMatchObject({ "HS4 ID": "VARCHAR", "Trade Value": "DOUBLE" });
    // A measure stored as an integer stays one (ranks are not floats).
    const ranks = await (await GET(new Request(url({ cube: "complexity_eci_a_hs92_hs4", drilldowns: "Country", measures: "ECI,ECI Rank", time: "latest", format: "jsonrecords", limit: "3" })))).text();
    expect(ranks).toMatch(/"ECI Rank":\d+[,}]/);
  });

  it("X-Cache says miss then hit for the same query, however it is written", async () => {
    clearResultCache();
    const a = await get({ cube: SECTIONS, drilldowns: "Section", "Exporter Country": "fra,deu", time: "2018" });
    const b = await get({ cube: SECTIONS, drilldowns: "Section", cut: "Exporter Country=deu,fra", Year: "2018" });
    expect(a.res.headers.get("x-cache")).toBe("miss");
    expect(a.res.headers.get("cache-control")).toContain("public");
    // A Year cut and time=2018 compile to different keys; the same cut twice is a hit.
    const c = await get({ cube: SECTIONS, drilldowns: "Section", cut: "Exporter Country=deu,fra", time: "2018" });
    expect(c.res.headers.get("x-cache")).toBe("hit");
    expect(b.body.data).toEqual(a.body.data);
    const err = await get({ cube: "nope" });
    expect(err.res.headers.get("cache-control")).toBe("no-store");
  });

  it("the hs4 cube applies the Exports default when Trade Flow is left open, and says so", async () => {
    const open = await ok({ cube: "trade_i_ots_a_hs4", Country: "chl" });
    const exports = await ok({ cube: "trade_i_ots_a_hs4", Country: "chl", "Trade Flow": "2" });
    expect(open.data).toEqual(exports.data);
    expect(open.source.annotations.default_trade_flow).toContain("Exports");
    const both = await ok({ cube: "trade_i_ots_a_hs4", drilldowns: "Trade Flow", Country: "chl", locale: "es" });
    expect(both.data.map((r) => r["Trade Flow"])).toEqual(["Importaciones", "Exportaciones"]);
  });
});

describe("hostile input never causes a 500", () => {
  it("SQL in cuts, drilldowns, sort and measures is rejected as a 400", async () => {
    await fail({ cube: SECTIONS, "Exporter Country": "deu'); DROP TABLE dim_countries; --" }, 400, "invalid_cut");
    await fail({ cube: SECTIONS, drilldowns: 'Section" FROM dim_countries; --' }, 400, "unknown_level");
    await fail({ cube: SECTIONS, sort: "1; DELETE FROM x.desc" }, 400, "invalid_sort");
    await fail({ cube: SECTIONS, measures: "SUM(trade_value)" }, 400, "unknown_measure");
    await fail({ cube: `${SECTIONS}' --` }, 400, "unknown_cube");
    // The table is still there.
    await ok({ cube: SECTIONS, drilldowns: "Exporter Country", time: "2018", limit: "1" });
  });

  it("a 1 MB query string is refused with 414", async () => {
    const res = await GET(new Request(url(`cube=${SECTIONS}&Exporter%20Country=${"a".repeat(1024 * 1024)}`)));
    expect(res.status).toBe(414);
    expect((await res.json()).error.code).toBe("query_too_long");
  });

  it("unknown and repeated parameters are 400s", async () => {
    await fail({ cube: SECTIONS, drilldown: "Section" }, 400, "unknown_parameter", "drilldown");
    await fail({ cube: SECTIONS, limit: ["1", "2"] }, 400, "invalid_parameter", "limit");
    await fail({ cube: [SECTIONS, SECTIONS] }, 400, "invalid_parameter", "cube");
    await fail({ cube: SECTIONS, parents: "sometimes" }, 400, "invalid_parameter", "parents");
  });

  it("garbage in every parameter", async () => {
    const junk = ["", " ", "%", "\u0000", "😀", "'", '"', "\\", ",,,", "=", "::", "a".repeat(500), "1e309", "NaN", "-0", "[object Object]", "<script>"];
    const names = ["cube", "drilldowns", "measures", "cut", "exclude", "time", "growth", "rca", "parents", "sort", "limit", "offset", "locale", "format", "Year", "Section"];
    for (const name of names) {
      for (const value of junk) {
        const query: Record<string, string> = { cube: SECTIONS, drilldowns: "Section", time: "2018" };
        query[name] = value;
        const res = await GET(new Request(url(query)));
        expect(res.status, `${name}=${JSON.stringify(value)}`).toBeLessThan(500);
        await res.arrayBuffer();
      }
    }
  });

  it("a malformed percent-encoding is handled", async () => {
    const res = await GET(new Request(`http://localhost/api/data?cube=${SECTIONS}&drilldowns=%E0%A4%A`));
    expect(res.status).toBeLessThan(500);
  });
});

describe("GET /api/cubes", () => {
  it("lists the registry with localised captions and availability", async () => {
    const res = await cubesGET(new Request("http://localhost/api/cubes?locale=es"));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.warehouse.available).toBe(true);
    const sections = body.cubes.find((c: { name: string }) => c.name === SECTIONS);
    expect(sections).toMatchObject({ available: true, years: [1990, 2017, 2018] });
    expect(sections.caption).toContain("Comercio bilateral");
    const levels = sections.dimensions.flatMap((d: { hierarchies: { levels: { name: string; caption: string }[] }[] }) => d.hierarchies.flatMap((h) => h.levels));
    expect(levels.find((l: { name: string }) => l.name === "Exporter Country").caption).toBe("País exportador");
    expect(sections.derivedMeasures.map((m: { name: string }) => m.name)).toEqual(["Trade Value Growth", "Trade Value Growth Value", "Trade Value RCA"]);
    const baci = body.cubes.find((c: { name: string }) => c.name === "trade_i_baci_a_92");
    expect(baci.available).toBe(false);
  });

  it("rejects unknown parameters and locales", async () => {
    expect((await cubesGET(new Request("http://localhost/api/cubes?locale=de"))).status).toBe(400);
    expect((await cubesGET(new Request("http://localhost/api/cubes?x=1"))).status).toBe(400);
  });
});

describe("warehouse lifecycle", () => {
  it("a re-import is picked up by the next query (file swapped, cache invalidated)", async () => {
    clearResultCache();
    const before = await ok({ cube: "services_i_comtrade_a_eb02", drilldowns: "Exporter Country" });
    const pkg = copyTinyPackage();
    const services = path.join(pkg, "services_2016.csv");
    const lines = fs.readFileSync(services, "utf8").trim().split("\n");
    fs.writeFileSync(services, `${lines.filter((l) => !l.startsWith("2016,usa,")).join("\n")}\n`);
    const descriptor = JSON.parse(fs.readFileSync(path.join(pkg, "datapackage.json"), "utf8"));
    for (const r of descriptor.resources) {
      if (r.name !== "services_2016") continue;
      delete r.hash;
      delete r.bytes;
      delete r.rowCount;
    }
    fs.writeFileSync(path.join(pkg, "datapackage.json"), JSON.stringify(descriptor));
    await importTiny(out, { dataDir: pkg, force: true });
    const after = await ok({ cube: "services_i_comtrade_a_eb02", drilldowns: "Exporter Country" });
    expect(before.data.some((r) => r["Exporter Country ID"] === "usa")).toBe(true);
    expect(after.data.some((r) => r["Exporter Country ID"] === "usa")).toBe(false);
    await importTiny(out, { force: true });
  });

  it("a missing warehouse is a 503 that says where it looked", async () => {
    process.env.WAREHOUSE_PATH = path.join(dir, "absent.duckdb");
    try {
      const error = await fail({ cube: SECTIONS }, 503, "warehouse_unavailable");
      expect(error.message).toContain("absent.duckdb");
      expect((error as unknown as { lookedIn: string[] }).lookedIn.length).toBeGreaterThan(0);
      const cubes = await (await cubesGET(new Request("http://localhost/api/cubes"))).json();
      expect(cubes.warehouse).toMatchObject({ available: false, path: path.join(dir, "absent.duckdb") });
    } finally {
      process.env.WAREHOUSE_PATH = out;
    }
  });
});

describe("revalidation, single flight and overload", () => {
  it("sends an ETag and answers 304 to a revalidation, without running the query", async () => {
    const query = { cube: SECTIONS, drilldowns: "Year" };
    const first = await get(query);
    const etag = first.res.headers.get("etag");
    expect(etag).toMatch(/^W\/"/);
    const again = await GET(new Request(url(query), { headers: { "If-None-Match": etag! } }));
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toContain("public");
    expect(await again.text()).toBe("");
    // Another query, or a stale validator, gets the full answer.
    const other = await GET(new Request(url({ cube: SECTIONS, drilldowns: "Section" }), { headers: { "If-None-Match": etag! } }));
    expect(other.status).toBe(200);
    expect(other.headers.get("etag")).not.toBe(etag);
  });

  it("computes identical concurrent queries once", async () => {
    clearResultCache();
    const query = { cube: SECTIONS, drilldowns: "Section", time: "latest" };
    const answers = await Promise.all([get(query), get(query), get(query)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.res.headers.get("x-cache")).sort()).toEqual(["hit", "hit", "miss"]);
    expect(answers[1].body.data).toEqual(answers[0].body.data);
  });

  it("answers 503 with Retry-After at once when more requests wait than the queue holds", async () => {
    closeWarehouse();
    process.env.WAREHOUSE_CONNECTIONS = "1";
    process.env.WAREHOUSE_QUEUE = "1";
    try {
      clearResultCache();
      const distinct = ["Year", "Exporter Continent", "Exporter Country", "Importer Country", "Importer Continent"].map((d) => get({ cube: SECTIONS, drilldowns: d }));
      const answers = await Promise.all(distinct);
      const busy = answers.filter((a) => a.status === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy[0].body.error?.code).toBe("warehouse_busy");
      expect(busy[0].res.headers.get("retry-after")).toBe("1");
      expect(answers.some((a) => a.status === 200)).toBe(true);
    } finally {
      delete process.env.WAREHOUSE_CONNECTIONS;
      delete process.env.WAREHOUSE_QUEUE;
      closeWarehouse();
    }
  });
});
