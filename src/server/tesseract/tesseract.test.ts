/**
 * Contract tests: the OEC ecosystem's real clients (@datawheel/olap-client, @datawheel/logiclayer-
 * client) against /api/tesseract's handler, served over HTTP from the tiny warehouse; every
 * parameter form gives the rows of the equivalent /api/data query.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The package's exports map has no "types" condition: its runtime from the package, its types from the file.
// @ts-expect-error -- see above
import * as olap from "@datawheel/olap-client";
import type * as Olap from "../../../node_modules/@datawheel/olap-client/dist/index";
import { TesseractModuleClient } from "@datawheel/logiclayer-client";
import { closeWarehouse } from "@/server/warehouse/db";
import { handleDataRequest } from "@/server/warehouse/http";
import { importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";
import { handleTesseract } from "./http";

const { Client, PyTesseractDataSource, TimePrecision, TimeValue } = olap as typeof Olap;
const dir = tempDir("tesseract-test-");
let server: http.Server;
let base = "";
const CUBE = "trade_i_ots_a_sections";

beforeAll(async () => {
  process.env.WAREHOUSE_PATH = path.join(dir, "w.duckdb");
  await importTiny(process.env.WAREHOUSE_PATH);
  server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const request = new Request(url);
    const response = url.pathname.startsWith("/api/tesseract")
      ? await handleTesseract(request, url.pathname.replace(/^\/api\/tesseract\/?/, "").split("/").filter(Boolean).map(decodeURIComponent))
      : await handleDataRequest(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server?.close();
  closeWarehouse();
  fs.rmSync(dir, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes, checked field by field
async function get(pathAndQuery: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}${pathAndQuery}`);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // CSV
  }
  return { status: response.status, body };
}

/** The /api/data rows for a query, as records. */
async function ours(query: string): Promise<Record<string, unknown>[]> {
  const { status, body } = await get(`/api/data?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

async function tess(query: string): Promise<{ columns: string[]; data: Record<string, unknown>[]; page: { total: number; limit: number; offset: number } }> {
  const { status, body } = await get(`/api/tesseract/data.jsonrecords?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

describe("olap-client 2.x", () => {
  it("detects a Python tesseract server, lists and reads cubes, runs a query with a drilldown, a measure and a cut", async () => {
    const client = await Client.fromURL(`${base}/api/tesseract/`);
    expect(client.datasource).toBeInstanceOf(PyTesseractDataSource);
    expect(await client.checkStatus()).toMatchObject({ online: true, software: "tesseract-olap[python]" });
    const cubes = await client.getCubes();
    expect(cubes.map((c) => c.name)).toContain(CUBE);
    const cube = await client.getCube(CUBE);
    expect(cube.dimensions.map((d) => d.name)).toEqual(["Year", "Exporter", "Importer", "Product"]);
    expect(cube.dimensions[0]!.dimensionType).toBe("time");
    expect(cube.measures.find((m) => m.name === "Trade Value")?.aggregatorType).toBe("Sum");

    const query = cube.query.addDrilldown("Section").addMeasure("Trade Value").addCut("Exporter Country", ["deu"]).setTime(TimePrecision.YEAR, TimeValue.LATEST);
    const result = await client.execQuery(query);
    const expected = await ours(`cube=${CUBE}&drilldowns=Section&measures=Trade Value&cut=Exporter Country=deu&time=latest&limit=10000`);
    expect(result.data).toHaveLength(expected.length);
    expect((result.data as Record<string, unknown>[]).map((r) => [r["Section ID"], r["Trade Value"]])).toEqual(expected.map((r) => [r["Section ID"], r["Trade Value"]]));

    // Paging.
    const page = cube.query.addDrilldown("Exporter Country").addMeasure("Trade Value").setPagination(2, 1);
    const paged = await client.execQuery(page);
    const all = await ours(`cube=${CUBE}&drilldowns=Exporter Country&limit=10000`);
    expect((paged.data as Record<string, unknown>[]).map((r) => r["Exporter Country ID"])).toEqual(all.slice(1, 3).map((r) => r["Exporter Country ID"]));

    // CSV.
    const csv = await client.execQuery(cube.query.addDrilldown("Section").addMeasure("Trade Value").setFormat("csv" as never));
    expect(String(csv.data).split(/\r?\n/)[0]).toBe("Section ID,Section,Trade Value");
  });

  it("reads members, and one member", async () => {
    const client = await Client.fromURL(`${base}/api/tesseract/`);
    const cube = await client.getCube(CUBE);
    const level = cube.getLevel("Exporter Country");
    const members = await client.getMembers(level);
    expect(members.map((m) => m.key)).toContain("deu");
    const deu = await client.getMember(level, "deu");
    expect(deu).toMatchObject({ key: "deu", caption: "Germany" });
    const es = await client.getMembers(level, { locale: "es" });
    expect(es.find((m) => m.key === "deu")?.caption).toBe("Alemania");
  });
});

describe("logiclayer-client", () => {
  const tesseract = () => new TesseractModuleClient(`${base}/api/tesseract/`);

  it("reads status, schema and a cube", async () => {
    expect(await tesseract().fetchStatus()).toMatchObject({ module: "tesseract", status: "ok" });
    const schema = await tesseract().fetchSchema({ locale: "zh" });
    expect(schema).toMatchObject({ locales: ["en", "es", "zh"], default_locale: "en" });
    const cube = schema.cubes.find((c) => c.name === CUBE)!;
    expect(cube.caption).not.toBe(cube.name);
    const one = await tesseract().fetchCube({ cube: CUBE });
    expect(one.dimensions.find((d) => d.name === "Exporter")).toMatchObject({ type: "geo", default_hierarchy: "Geography" });
    expect(one.dimensions.find((d) => d.name === "Exporter")!.hierarchies[0]!.levels.map((l) => [l.name, l.depth])).toEqual([
      ["Exporter Continent", 1],
      ["Exporter Country", 2],
    ]);
  });

  it("fetches data in jsonrecords, jsonarrays and csv, and members with a search", async () => {
    const params = { cube: CUBE, drilldowns: ["Year", "Section"], measures: ["Trade Value"], include: ["Exporter Country:deu" as const], time: "Year.latest" };
    const records = await (await tesseract().fetchData(params, "jsonrecords")).json();
    const expected = await ours(`cube=${CUBE}&drilldowns=Year,Section&cut=Exporter Country=deu&time=latest&limit=10000`);
    expect((records.data as Record<string, unknown>[]).map((r) => r["Trade Value"])).toEqual(expected.map((r) => r["Trade Value"]));
    const arrays = await (await tesseract().fetchData(params, "jsonarrays")).json();
    expect(arrays.data[0]).toEqual(records.columns.map((c: string) => records.data[0][c]));
    const csv = await (await tesseract().fetchData(params, "csv")).text();
    expect(csv.split(/\r?\n/)[0]).toBe(records.columns.join(","));
    const found = await tesseract().fetchMembers({ cube: CUBE, level: "Exporter Country", search: "germ" });
    expect(found.members.map((m) => m.key)).toEqual(["deu"]);
  });
});

describe("members of every level of every loaded cube, with both clients", () => {
  it("lists members for each level, measures or not (complexity cubes too), the same through olap-client and logiclayer-client", async () => {
    const logiclayer = new TesseractModuleClient(`${base}/api/tesseract/`);
    const olapClient = await Client.fromURL(`${base}/api/tesseract/`);
    const schema = await logiclayer.fetchSchema({ locale: "en" });
    expect(schema.cubes.some((c) => c.name.startsWith("complexity_eci_")), "the tiny warehouse has complexity cubes").toBe(true);
    let levels = 0;
    for (const cube of schema.cubes) {
      const olapCube = await olapClient.getCube(cube.name);
      for (const dimension of cube.dimensions) {
        for (const hierarchy of dimension.hierarchies) {
          for (const level of hierarchy.levels) {
            const answer = await logiclayer.fetchMembers({ cube: cube.name, level: level.name });
            expect(answer.members.length, `${cube.name} ${level.name}`).toBeGreaterThan(0);
            const keys = answer.members.map((m) => m.key);
            expect(new Set(keys).size, `${cube.name} ${level.name}: each member once`).toBe(keys.length);
            const viaOlap = await olapClient.getMembers(olapCube.getLevel(level.name));
            expect(viaOlap.map((m) => m.key), `${cube.name} ${level.name}`).toEqual(keys);
            levels++;
          }
        }
      }
    }
    expect(levels).toBeGreaterThan(20);
  });

  it("a complexity cube's countries and years are those its index holds", async () => {
    const eci = (await tesseractSchemaCubes()).find((name) => name.startsWith("complexity_eci_"))!;
    const rows = await ours(`cube=${eci}&drilldowns=Year,Country&measures=ECI&limit=10000`);
    const members = async (level: string) => (await get(`/api/tesseract/members?cube=${eci}&level=${level}`)).body.members.map((m: { key: unknown }) => m.key);
    expect(new Set(await members("Country"))).toEqual(new Set(rows.map((r) => r["Country ID"])));
    expect(new Set(await members("Year"))).toEqual(new Set(rows.map((r) => r["Year"])));
  });

  it("lists a country that only imports in a cube whose flow defaults to exports", async () => {
    const hs4 = (await tesseractSchemaCubes()).find((name) => name === "trade_i_ots_a_hs4");
    expect(hs4, "the tiny warehouse has the OTS HS4 cube (exports and imports)").toBeDefined();
    const both = await ours(`cube=${hs4}&drilldowns=Country,Trade Flow&limit=10000`);
    const { body } = await get(`/api/tesseract/members?cube=${hs4}&level=Country`);
    expect(new Set(body.members.map((m: { key: unknown }) => m.key))).toEqual(new Set(both.map((r) => r["Country ID"])));
  });
});

async function tesseractSchemaCubes(): Promise<string[]> {
  return (await get("/api/tesseract/cubes")).body.cubes.map((c: { name: string }) => c.name);
}

describe("data.parquet (as logiclayer-client's README asks for it)", () => {
  async function readParquet(bytes: ArrayBuffer): Promise<{ columns: string[]; rows: unknown[][] }> {
    const file = path.join(dir, `answer-${Math.random().toString(36).slice(2)}.parquet`);
    fs.writeFileSync(file, Buffer.from(bytes));
    const db = await DuckDBInstance.create(":memory:");
    const conn = await db.connect();
    const reader = await conn.runAndReadAll(`SELECT * FROM read_parquet('${file}')`);
    const result = { columns: reader.columnNames(), rows: reader.getRowsJS() };
    conn.closeSync();
    db.closeSync();
    return result;
  }

  it("answers the rows of jsonrecords as Parquet, and keeps alias and parents lists", async () => {
    const params = { cube: CUBE, drilldowns: ["Year", "Section"], measures: ["Trade Value"], include: ["Exporter Country:deu" as const] };
    const response = await new TesseractModuleClient(`${base}/api/tesseract/`).fetchData(params, "parquet");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.apache.parquet");
    const parquet = await readParquet(await response.arrayBuffer());
    const records = await tess(`cube=${CUBE}&drilldowns=Year,Section&measures=Trade Value&include=Exporter Country:deu`);
    expect(parquet.columns).toEqual(records.columns);
    expect(parquet.rows.map((r) => [String(r[2]), Number(r[4])])).toEqual(records.data.map((r) => [String(r["Section ID"]), r["Trade Value"]]));

    const aliased = await fetch(`${base}/api/tesseract/data.parquet?cube=${CUBE}&drilldowns=Exporter Country,Section&parents=Exporter Country&alias=Exporter Country:Country`);
    expect(aliased.status).toBe(200);
    const json = await tess(`cube=${CUBE}&drilldowns=Exporter Country,Section&parents=Exporter Country&alias=Exporter Country:Country`);
    const renamed = await readParquet(await aliased.arrayBuffer());
    expect(renamed.columns).toEqual(json.columns);
    expect(renamed.rows.length).toBe(json.data.length);
  });
});

describe("vizbuilder 0.8 (installed apart in tests/vizbuilder)", () => {
  it("builds charts from a dataset fetched through the protocol", async () => {
    // Its ESM build, from its own folder (it wants React 18 and Mantine 6, so it is not in ours).
    const entry = path.resolve(__dirname, "../../../tests/vizbuilder/node_modules/@datawheel/vizbuilder/dist/index.esm.js");
    expect(fs.existsSync(entry), "scripts/test.sh installs tests/vizbuilder").toBe(true);
    const vizbuilder = (await import(/* @vite-ignore */ entry)) as {
      buildColumn: (cube: unknown, name: string, columns: string[]) => unknown;
      generateCharts: (datasets: unknown[], options?: unknown) => { type: string; datagroup?: unknown }[];
    };
    const tesseract = new TesseractModuleClient(`${base}/api/tesseract/`);
    const cube = await tesseract.fetchCube({ cube: CUBE });
    const answer = await (await tesseract.fetchData({ cube: CUBE, drilldowns: ["Year", "Section"], measures: ["Trade Value"], include: ["Exporter Country:deu" as const] }, "jsonrecords")).json();
    const columns = Object.fromEntries(answer.columns.map((name: string) => [name, vizbuilder.buildColumn(cube, name, answer.columns)]));
    const charts = vizbuilder.generateCharts([{ columns, data: answer.data, locale: "en" }]);
    // A bar chart of the sections and a line over the years, read from our levels and measures.
    expect(charts.map((c) => c.type)).toEqual(expect.arrayContaining(["barchart", "lineplot"]));
    const line = charts.find((c) => c.type === "lineplot") as unknown as { datagroup: { dataset: unknown[]; timeHierarchy?: { dimension: { name: string } } }; values: { measure: { name: string } } };
    expect(line.datagroup.dataset).toHaveLength(answer.data.length);
    expect(line.datagroup.timeHierarchy?.dimension.name).toBe("Year");
    expect(line.values.measure.name).toBe("Trade Value");
  });
});

describe("every parameter form gives the rows of the equivalent /api/data query", () => {
  it("include and exclude with ';', Level=ids, limit=L,O", async () => {
    const t = await tess(`cube=${CUBE}&drilldowns=Exporter Country,Section&include=Exporter Country:deu,fra;Section:1,2&exclude=Importer Country:usa&limit=3,1`);
    const o = await ours(`cube=${CUBE}&drilldowns=Exporter Country,Section&cut=Exporter Country=deu,fra&cut=Section=1,2&exclude=Importer Country=usa&limit=3&offset=1`);
    expect(t.data).toEqual(o);
    expect(t.page).toMatchObject({ limit: 3, offset: 1 });
  });

  it("time: latest.N, trailing.N, oldest, gte/lte, year.N", async () => {
    const years = (await ours(`cube=${CUBE}&drilldowns=Year&limit=10000`)).map((r) => r["Year"] as number);
    const yearsOf = async (time: string) => (await tess(`cube=${CUBE}&drilldowns=Year&time=${time}`)).data.map((r) => r["Year"]);
    expect(await yearsOf("Year.latest")).toEqual(years.slice(-1));
    expect(await yearsOf("Year.latest.2")).toEqual(years.slice(-2));
    expect(await yearsOf("Year.trailing.2")).toEqual(years.slice(-2));
    expect(await yearsOf("Year.oldest")).toEqual(years.slice(0, 1));
    expect(await yearsOf(`Year.gte.${years[1]}`)).toEqual(years.slice(1));
    expect(await yearsOf(`Year.gte.${years[0]}.and.lte.${years[0]}`)).toEqual(years.slice(0, 1));
    expect(await yearsOf(`year.${years[0]}`)).toEqual(years.slice(0, 1));
    expect(await yearsOf("Year.gt.2100")).toEqual([]);
  });

  it("sort, parents (true or a level list), growth, alias", async () => {
    expect((await tess(`cube=${CUBE}&drilldowns=Section&sort=Trade Value.desc`)).data).toEqual(await ours(`cube=${CUBE}&drilldowns=Section&sort=Trade Value.desc&limit=10000`));
    const parents = await tess(`cube=${CUBE}&drilldowns=Exporter Country&parents=true`);
    expect(parents.columns).toEqual(["Exporter Continent ID", "Exporter Continent", "Exporter Country ID", "Exporter Country", "Trade Value"]);
    const some = await tess(`cube=${CUBE}&drilldowns=Exporter Country,Section&parents=Exporter Country`);
    expect(some.columns).toEqual(["Exporter Continent ID", "Exporter Continent", "Exporter Country ID", "Exporter Country", "Section ID", "Section", "Trade Value"]);
    const growth = await tess(`cube=${CUBE}&drilldowns=Year,Section&growth=Year.Trade Value.period.1`);
    expect(growth.data).toEqual(await ours(`cube=${CUBE}&drilldowns=Year,Section&growth=Year,Trade Value&limit=10000`));
    const aliased = await tess(`cube=${CUBE}&drilldowns=Exporter Country&alias=Exporter Country:Country`);
    expect(aliased.columns).toEqual(["Country ID", "Country", "Trade Value"]);
  });

  it("filters on measures in the warehouse, before paging and the total", async () => {
    const all = await ours(`cube=${CUBE}&drilldowns=Exporter Country,Section&limit=10000`);
    const values = all.map((r) => r["Trade Value"] as number).sort((a, b) => a - b);
    const cut = values[Math.floor(values.length / 2)]!;
    const t = await tess(`cube=${CUBE}&drilldowns=Exporter Country,Section&filters=Trade Value.gte.${cut}&limit=2`);
    expect(t.page.total).toBe(values.filter((v) => v >= cut).length);
    expect(t.data.every((r) => (r["Trade Value"] as number) >= cut)).toBe(true);
    const between = await tess(`cube=${CUBE}&drilldowns=Exporter Country,Section&filters=Trade Value.gt.${values[0]}.and.lt.${cut}`);
    expect(between.page.total).toBe(values.filter((v) => v > values[0]! && v < cut).length);
  });

  it("top N per group, and rank columns over the whole answer", async () => {
    const all = await ours(`cube=${CUBE}&drilldowns=Exporter Country,Section&limit=10000`);
    const top = await tess(`cube=${CUBE}&drilldowns=Exporter Country,Section&top=1.Exporter Country.Trade Value.desc`);
    const countries = [...new Set(all.map((r) => r["Exporter Country ID"]))];
    expect(top.data).toHaveLength(countries.length);
    for (const row of top.data) {
      const best = Math.max(...all.filter((r) => r["Exporter Country ID"] === row["Exporter Country ID"]).map((r) => r["Trade Value"] as number));
      expect(row["Trade Value"]).toBe(best);
    }
    const ranked = await tess(`cube=${CUBE}&drilldowns=Section&ranking=true&sort=Section.asc`);
    expect(ranked.columns).toContain("Trade Value Ranking");
    const sorted = [...ranked.data].sort((a, b) => (b["Trade Value"] as number) - (a["Trade Value"] as number));
    expect(sorted[0]!["Trade Value Ranking"]).toBe(1);
    const asc = await tess(`cube=${CUBE}&drilldowns=Section&ranking=-Trade Value`);
    expect(asc.data.find((r) => r["Trade Value Ranking"] === 1)!["Trade Value"]).toBe(Math.min(...asc.data.map((r) => r["Trade Value"] as number)));
  });

  it("an empty or unknown locale falls back to English, as Tesseract does", async () => {
    const empty = await tess(`cube=${CUBE}&drilldowns=Exporter Country&locale=&include=Exporter Country:deu`);
    expect(empty.data[0]!["Exporter Country"]).toBe("Germany");
    const unknown = await tess(`cube=${CUBE}&drilldowns=Exporter Country&locale=fr&include=Exporter Country:deu`);
    expect(unknown.data[0]!["Exporter Country"]).toBe("Germany");
    const es = await tess(`cube=${CUBE}&drilldowns=Exporter Country&locale=es-CL&include=Exporter Country:deu`);
    expect(es.data[0]!["Exporter Country"]).toBe("Alemania");
  });
});

describe("hostile input gets a 4xx with Tesseract's error body, never a 5xx", () => {
  const cases = [
    "data.jsonrecords?cube=nope&drilldowns=Year",
    `data.jsonrecords?cube=${CUBE}`,
    `data.jsonrecords?cube=${CUBE}&drilldowns=Year;DROP TABLE users`,
    `data.jsonrecords?cube=${CUBE}&drilldowns=Year&include=Exporter Country:x'--`,
    `data.jsonrecords?cube=${CUBE}&drilldowns=Year&limit=abc`,
    `data.jsonrecords?cube=${CUBE}&drilldowns=Year&time=Year.complete`,
    `data.jsonrecords?cube=${CUBE}&drilldowns=Year&time=Year.banana`,
    `data.jsonrecords?cube=${CUBE}&drilldowns=Year&filters=Trade Value.gt.abc`,
    `data.jsonrecords?cube=${CUBE}&drilldowns=Year&filters=Nope.gt.1`,
    `data.jsonrecords?cube=${CUBE}&drilldowns=Year&top=x.y`,
    `data.jsonrecords?cube=${CUBE}&drilldowns=Year&growth=Year.Trade Value.fixed.2018`,
    `data.jsonrecords?cube=${CUBE}&drilldowns=Year&properties=ISO 3`,
    `data.jsonrecords?cube=${CUBE}&drilldowns=Year&evil=<script>`,
    `data.xlsx?cube=${CUBE}&drilldowns=Year`,
    `data.parquet?cube=${CUBE}`,
    `data.parquet?cube=${CUBE}&drilldowns=Exporter Country,Importer Country&alias=Exporter Country:Country;Importer Country:Country`,
    `members?cube=complexity_eci_a_hs92_hs4&level=Nope`,
    `members?cube=${CUBE}&level=..%2F..%2Fetc`,
    "cubes/..%2F..%2Fetc%2Fpasswd",
    "nothing/here/at/all",
  ];
  for (const c of cases) {
    it(c, async () => {
      const { status, body } = await get(`/api/tesseract/${c}`);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(body).toMatchObject({ error: true });
      expect(typeof body.detail).toBe("string");
    });
  }
});
