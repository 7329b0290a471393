/**
 * The data API against the running production server. The expected numbers are computed here from
 * the data package itself (read with DuckDB), found the same way the importer finds it.
 */
import "../../scripts/lib/outside-next"; // first: lets server modules load outside Next.js
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { expect, test } from "./support/test";
import { resolveDataDir } from "../../src/server/warehouse/config";
import { profileView } from "../../src/domain/visualize/profileViews";
import { encodeVizState, viewApiUrl } from "../../src/domain/visualize/stateCodec";

async function germanyExportsBySection(year: number): Promise<Map<string, number>> {
  const { dir, lookedIn } = resolveDataDir();
  if (!dir) throw new Error(`no data package; looked in ${lookedIn.join(", ")}`);
  const db = await DuckDBInstance.create(":memory:");
  try {
    const conn = await db.connect();
    const reader = await conn.runAndReadAll(
      `SELECT section, sum(export_value) AS v FROM read_parquet($file) WHERE reporter = 'deu' AND year = $year AND export_value <> 0 GROUP BY section`,
      { file: path.join(dir, "trade_bilateral_section.parquet"), year },
    );
    const rows = reader.getRowObjectsJS();
    conn.closeSync();
    return new Map(rows.map((r) => [String(r.section), Number(r.v)]));
  } finally {
    db.closeSync();
  }
}

test.describe("GET /api/data", () => {
  test("Germany's 2018 exports by section equal the sum of the package's rows", async ({ request }) => {
    const response = await request.get("/api/data", {
      params: { cube: "trade_i_ots_a_sections", drilldowns: "Section", "Exporter Country": "deu", time: "2018", sort: "Trade Value.desc" },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    const body = await response.json();
    expect(body.columns).toEqual(["Section ID", "Section", "Trade Value"]);
    expect(body.source.cube).toBe("trade_i_ots_a_sections");
    expect(body.source.years).toEqual([2018]);

    const expected = await germanyExportsBySection(2018);
    const actual = new Map<string, number>(body.data.map((r: Record<string, unknown>) => [String(r["Section ID"]), Number(r["Trade Value"])]));
    expect(actual.size).toBe(expected.size);
    for (const [section, value] of expected) expect(actual.get(section), `section ${section}`).toBe(value);
    const total = [...actual.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe([...expected.values()].reduce((a, b) => a + b, 0));
    // Sorted by value, largest first.
    const values = body.data.map((r: Record<string, unknown>) => Number(r["Trade Value"]));
    expect(values).toEqual([...values].sort((a: number, b: number) => b - a));
  });

  test("the second identical request is served from the cache", async ({ request }) => {
    const params = { cube: "trade_i_ots_a_sections", drilldowns: "Year", "Exporter Country": "chl", time: "2010-2018" };
    await request.get("/api/data", { params });
    const second = await request.get("/api/data", { params });
    expect(second.status()).toBe(200);
    // Whole answers come from the front door's cache; the warehouse's result cache sits behind it.
    expect(second.headers()["x-front-cache"]).toBe("HIT");
    expect(second.headers()["cache-control"]).toContain("public");
  });

  test("CSV downloads have a CSV content type and a file name", async ({ request }) => {
    const response = await request.get("/api/data", {
      params: { cube: "trade_i_ots_a_sections", drilldowns: "Section", "Exporter Country": "deu", time: "2018", format: "csv" },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers()["content-disposition"]).toContain('filename="trade_i_ots_a_sections.csv"');
    expect((await response.text()).split("\r\n")[0]).toBe("Section ID,Section,Trade Value");
  });

  test("bad input is a JSON 400 naming the parameter, never a 500", async ({ request }) => {
    const cases: Record<string, string>[] = [
      { cube: "nope" },
      { cube: "trade_i_ots_a_sections", drilldowns: "Planet" },
      { cube: "trade_i_ots_a_sections", "Exporter Country": "deu' OR '1'='1" },
      { cube: "trade_i_ots_a_sections", limit: "100000" },
      { cube: "trade_i_ots_a_sections", locale: "xx" },
    ];
    for (const params of cases) {
      const response = await request.get("/api/data", { params });
      expect(response.status(), JSON.stringify(params)).toBe(400);
      const body = await response.json();
      expect(body.error.code).toBeTruthy();
      expect(body.error.parameter).toBeTruthy();
    }
    const long = await request.get(`/api/data?cube=trade_i_ots_a_sections&Year=${"1".repeat(10_000)}`);
    expect(long.status()).toBe(414);
  });

  test("GET /api/cubes lists the loaded cubes with localised captions", async ({ request }) => {
    const response = await request.get("/api/cubes", { params: { locale: "zh" } });
    expect(response.status()).toBe(200);
    const body = await response.json();
    const sections = body.cubes.find((c: { name: string }) => c.name === "trade_i_ots_a_sections");
    expect(sections.available).toBe(true);
    expect(sections.caption).toContain("双边贸易");
  });
});

test.describe("GET /api/view", () => {
  const chileExports2018 = profileView({ chart: "tree_map", country: "chl", product: "show", time: 2018 });

  test("answers a typed view state's rows, the ones its chart draws", async ({ request }) => {
    const response = await request.get(viewApiUrl(chileExports2018, "en"));
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("public");
    const { data } = (await response.json()) as { data: { chart: string; rows: { id: string; name: string; value: number }[] } };
    expect(data.chart).toBe("tree_map");
    const copper = data.rows.find((row) => row.id.endsWith("2603"));
    expect(copper?.name).toBe("Copper Ore");
    // The same number the data API gives.
    const api = await request.get("/api/data?cube=trade_i_ots_a_hs4&drilldowns=HS4&measures=Trade+Value&cut=Country%3Dchl&cut=Trade+Flow%3D2&cut=Year%3D2018&cut=HS4%3D2603");
    expect(copper?.value).toBe((await api.json()).data[0]["Trade Value"]);
    // Member names in the language asked for.
    const spanish = (await (await request.get(viewApiUrl(chileExports2018, "es"))).json()).data.rows.find((row: { id: string }) => row.id.endsWith("2603"));
    expect(spanish.value).toBe(copper?.value);
  });

  test("refuses what is not a canonical view state, with a JSON 400", async ({ request }) => {
    const good = encodeVizState(chileExports2018);
    const state = (text: string) => `/api/view?locale=en&state=${encodeURIComponent(text)}`;
    for (const bad of [
      "/api/view",
      "/api/view?locale=en",
      `/api/view?state=${encodeURIComponent(good)}`,
      `/api/view?locale=xx&state=${encodeURIComponent(good)}`,
      `/api/view?locale=en&locale=es&state=${encodeURIComponent(good)}`,
      `${state(good)}&path=/en/visualize/tree_map/hs92/export/chl/all/show/2018`,
      `/api/view?path=${encodeURIComponent("/en/visualize/tree_map/hs92/export/chl/all/show/2018")}`,
      state("not json"),
      state(good.replace('"chl"', '"chl\u0027 OR 1=1--"')),
      state(good.replace('"tree_map"', '"pie"')),
      state(good.replace("2018", '"2018"')),
      state(good.replace("}}", '},"extra":1}')),
      state(JSON.stringify(JSON.parse(good), null, 2)),
      state(`{"chart":"${"a".repeat(2000)}"}`),
      state(good.replace('"chl"', '"zzz"')),
    ]) {
      const response = await request.get(bad);
      expect(response.status(), bad.slice(0, 120)).toBe(400);
      expect(typeof (await response.json()).error.code, bad.slice(0, 120)).toBe("string");
    }
  });

  test("a valid state the data cannot draw is a 422 naming the problem", async ({ request }) => {
    const response = await request.get(viewApiUrl(profileView({ chart: "network", country: null, time: 2018 }), "en"));
    expect(response.status()).toBe(422);
    const body = await response.json();
    expect(body.error.code).toBe("no_view");
    expect(body.error.message).toContain("networkNeedsProducts");
  });
});

test("the OpenAPI document's example query of every cube answers as documented", async ({ request }) => {
  const response = await request.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  const doc = await response.json();
  expect(doc.openapi).toBe("3.1.0");
  const cubes = await (await request.get("/api/cubes")).json();
  const loaded = new Set((Array.isArray(cubes) ? cubes : cubes.cubes).filter((c: { available?: boolean }) => c.available).map((c: { name: string }) => c.name));
  const examples: string[] = doc.paths["/api/data"].get["x-examples"];
  expect(examples.length).toBe(doc.paths["/api/data"].get.parameters.find((p: { name: string }) => p.name === "cube").schema.enum.length);
  for (const example of examples) {
    const cube = new URL(example, "http://x").searchParams.get("cube")!;
    const answer = await request.get(example);
    if (loaded.has(cube)) {
      expect(answer.status(), example).toBe(200);
      const body = await answer.json();
      expect(body.data.length, example).toBeGreaterThan(0);
    } else {
      // Documented: a cube whose data is not imported is a 404 with the Error body.
      expect(answer.status(), example).toBe(404);
      expect((await answer.json()).error.code).toBe("cube_not_loaded");
    }
  }
});
