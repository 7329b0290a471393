import fs from "node:fs";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as cubesGET } from "@/app/api/cubes/route";
import { GET } from "@/app/api/data/route";
import { computeComplexity, DEFAULT_FILTERS } from "@/domain/complexity";
import { complexityExclusions, complexityRuns, rankedComplexitySets } from "@/server/warehouse/complexity";
import { closeWarehouse } from "@/server/warehouse/db";
import type { DataRecord, DataResponse } from "@/server/warehouse/types";
import { importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";

const dir = tempDir("complexity-test-");
const out = path.join(dir, "warehouse.duckdb");

type Body = DataResponse & { error?: { code: string; message: string; parameter?: string } };

async function get(query: Record<string, string>): Promise<{ status: number; body: Body; text: string; res: Response }> {
  const res = await GET(new Request(`http://localhost/api/data?${new URLSearchParams(query).toString()}`));
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // CSV
  }
  return { status: res.status, body: body as Body, text, res };
}

async function ok(query: Record<string, string>): Promise<Body> {
  const r = await get(query);
  if (r.status !== 200) throw new Error(`expected 200, got ${r.status}: ${r.text}`);
  return r.body;
}

async function fail(query: Record<string, string>, code = "invalid_parameter", parameter = "measures") {
  const r = await get(query);
  expect(r.status, r.text).toBe(400);
  expect(r.body.error?.code).toBe(code);
  expect(r.body.error?.parameter).toBe(parameter);
  return r.body.error!;
}

async function sql(query: string): Promise<Record<string, unknown>[]> {
  const db = await DuckDBInstance.create(out, { access_mode: "READ_ONLY" });
  try {
    const conn = await db.connect();
    const rows = (await conn.runAndReadAll(query)).getRowObjectsJS();
    conn.closeSync();
    return rows;
  } finally {
    db.closeSync();
  }
}

const ECI = "complexity_eci_a_hs92_hs4";
const PCI = "complexity_pci_a_hs92_hs4";
const RCA = "complexity_rca_a_hs92_hs4";
const byId = (rows: DataRecord[], level: string) => new Map(rows.map((r) => [String(r[`${level} ID`]), r]));

beforeAll(async () => {
  process.env.WAREHOUSE_PATH = out;
  const outcome = await importTiny(out);
  expect(outcome.status).toBe("built");
}, 60_000);
afterAll(() => {
  closeWarehouse();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("stored complexity tables", () => {
  it("hold what the engine computes from the same exports (2018, HS4, default filters, 9999 dropped)", async () => {
    const cells = await sql(`SELECT country, hs4, SUM(trade_value) AS v FROM fact_ots_hs4 WHERE flow = 2 AND year = 2018 AND hs4 <> '9999' GROUP BY ALL`);
    const population = new Map(
      (await sql(`SELECT country, population FROM fact_wdi_indicators WHERE year = 2018`)).map((r) => [String(r.country), Number(r.population)]),
    );
    const countries = [...new Set(cells.map((c) => String(c.country)))].sort();
    const products = [...new Set(cells.map((c) => String(c.hs4)))].sort();
    const values = new Float64Array(countries.length * products.length);
    for (const c of cells) values[countries.indexOf(String(c.country)) * products.length + products.indexOf(String(c.hs4))] = Number(c.v);
    const expected = computeComplexity({ countries, products, values, population }, { filters: DEFAULT_FILTERS });

    const eci = byId((await ok({ cube: ECI, drilldowns: "Country", measures: "ECI,ECI Rank,Diversity", time: "2018" })).data, "Country");
    expect([...eci.keys()].sort()).toEqual([...expected.countries].sort());
    expected.countries.forEach((id, i) => {
      expect(eci.get(id)!.ECI as number).toBeCloseTo(expected.eci[i], 12);
      expect(eci.get(id)!["ECI Rank"]).toBe(expected.eciRank[i]);
      expect(eci.get(id)!.Diversity).toBe(expected.binary.diversity[i]);
    });

    const pci = byId((await ok({ cube: PCI, drilldowns: "HS4", measures: "PCI,PCI Rank,Ubiquity", time: "2018" })).data, "HS4");
    expect(pci.size).toBe(expected.products.length);
    expected.products.forEach((id, p) => expect(pci.get(id)!.PCI as number).toBeCloseTo(expected.pci[p], 12));

    const rca = await ok({
      cube: RCA,
      drilldowns: "Country,HS4",
      measures: "Trade Value,RCA,Relatedness,Distance,Opportunity Gain",
      time: "2018",
    });
    expect(rca.data.length).toBe(expected.countries.length * expected.products.length);
    for (const row of rca.data) {
      const c = expected.countries.indexOf(String(row["Country ID"]));
      const p = expected.products.indexOf(String(row["HS4 ID"]));
      const k = c * expected.products.length + p;
      expect(row.RCA as number).toBeCloseTo(expected.rca[k], 12);
      expect(row.Relatedness as number).toBeCloseTo(expected.relatedness[k], 12);
      expect(row.Distance as number).toBeCloseTo(1 - (row.Relatedness as number), 12);
      expect(row["Opportunity Gain"] as number).toBeCloseTo(expected.opportunityGain[k], 12);
    }
  });

  it("record each run and what it left out, with reasons", async () => {
    const runs = await complexityRuns();
    expect(runs.map((r) => `${r.set}:${r.year}:${r.source}:${r.status}`)).toEqual([
      "hs92_hs4:1962:ots_hs4:insufficient",
      "hs92_hs4:1980:ots_hs4:computed",
      "hs92_hs4:1989:comtrade_hs4_sample:computed",
      "hs92_hs4:1990:comtrade_hs4_sample:computed",
      "hs92_hs4:2017:ots_hs4:computed",
      "hs92_hs4:2018:ots_hs4:computed",
      "hs92_hs4:2019:atlas_hs4:computed",
      "sitc2_sitc4:2000:sitc_fixture:computed",
    ]);
    const y2018 = runs.find((r) => r.year === 2018)!;
    expect(y2018).toMatchObject({ tradeCube: "trade_i_ots_a_hs4", period: "2018", inputCountries: 8, inputProducts: 8 });
    expect(y2018.filters).toMatchObject({ minPopulation: 1e6, minCountryExports: 1e9, minProductTrade: 5e8, thresholdScale: 1 });
    const legacy = runs.find((r) => r.set === "sitc2_sitc4")!;
    expect(legacy.period).toBe("1998-2000");
    // The tiny package has no 1998-2000 section trade to measure the fixture's coverage against:
    // the dollar thresholds are then dropped rather than applied unscaled.
    expect(legacy.filters).toMatchObject({ minPopulation: 1e6, minCountryExports: null, minProductTrade: null, thresholdScale: 0 });

    const excluded = await complexityExclusions("hs92_hs4", 2018, "es");
    expect(excluded.find((e) => e.id === "9999")).toMatchObject({ kind: "product", reason: "unspecified" });
    expect(excluded.find((e) => e.id === "9999")!.value).toBeGreaterThan(0);
    // Every kept or excluded input is accounted for.
    const kept = await sql(`SELECT count(*) AS n FROM complexity_eci_hs92_hs4 WHERE year = 2018`);
    expect(Number(kept[0].n) + excluded.filter((e) => e.kind === "country").length).toBe(y2018.inputCountries);
    const rows1989 = await complexityExclusions("hs92_hs4", 1989, "es");
    const arg = rows1989.find((e) => e.id === "arg")!;
    expect(arg).toMatchObject({ kind: "country", reason: "country-exports", name: "Argentina", threshold: 1e9 });
    expect(await complexityExclusions("nope", 2018)).toEqual([]);
    expect((await rankedComplexitySets()).map((s) => [s.set.key, s.years])).toEqual([
      ["hs92_hs4", [1980, 1989, 1990, 2017, 2018, 2019]],
      ["sitc2_sitc4", [2000]],
    ]);
  });

  it("never store NaN or infinities", async () => {
    const rows = await sql(`SELECT
      (SELECT count(*) FROM complexity_eci_hs92_hs4 WHERE NOT isfinite(eci) OR eci_rank < 1) AS eci,
      (SELECT count(*) FROM complexity_pci_hs92_hs4 WHERE NOT isfinite(pci)) AS pci,
      (SELECT count(*) FROM complexity_rca_hs92_hs4 WHERE NOT isfinite(rca) OR NOT isfinite(relatedness) OR NOT isfinite(opportunity_gain)) AS rca`);
    expect(rows[0]).toEqual({ eci: 0n, pci: 0n, rca: 0n });
  });
});

describe("complexity cubes through /api/data", () => {
  it("rank countries per year, with continents as parents", async () => {
    const body = await ok({ cube: ECI, drilldowns: "Year,Country", measures: "ECI,ECI Rank", parents: "true", sort: "ECI Rank.asc", locale: "zh" });
    expect(body.columns).toEqual(["Year ID", "Year", "Continent ID", "Continent", "Country ID", "Country", "ECI", "ECI Rank"]);
    for (const year of [1980, 1989, 1990, 2017, 2018, 2019]) {
      const ranks = body.data.filter((r) => r["Year ID"] === year).map((r) => r["ECI Rank"] as number);
      expect(ranks.length).toBeGreaterThan(1);
      expect(Math.min(...ranks)).toBe(1);
    }
    expect(body.data.find((r) => r["Country ID"] === "deu")?.Country).toBe("德国");
    expect(body.source.annotations.method).toContain("eigenvector");
    expect(body.source.annotations.filters).toContain("1 million");
  });

  it("rank changes come from growth on the rank", async () => {
    const body = await ok({ cube: ECI, drilldowns: "Year,Country", measures: "ECI Rank", growth: "Year,ECI Rank", time: "1990" });
    const deu = body.data.find((r) => r["Country ID"] === "deu")!;
    const before = (await ok({ cube: ECI, drilldowns: "Country", measures: "ECI Rank", time: "1989", Country: "deu" })).data[0];
    expect(deu["ECI Rank Growth Value"]).toBe((deu["ECI Rank"] as number) - (before["ECI Rank"] as number));
  });

  it("rank products with their HS parents, and answer CSV", async () => {
    const body = await ok({ cube: PCI, drilldowns: "HS4", measures: "PCI,PCI Rank", parents: "true", time: "2018" });
    expect(body.columns.slice(0, 6)).toEqual(["Section ID", "Section", "HS2 ID", "HS2", "HS4 ID", "HS4"]);
    const csv = await get({ cube: PCI, drilldowns: "HS4", measures: "PCI", time: "2018", format: "csv" });
    expect(csv.status).toBe(200);
    expect(csv.res.headers.get("content-type")).toContain("text/csv");
    expect(csv.text.split("\n")[0]).toContain("PCI");
  });

  it("serve the legacy SITC ranking with codes as captions", async () => {
    const body = await ok({ cube: "complexity_eci_a_sitc2_sitc4", drilldowns: "Country", measures: "ECI,ECI Rank", time: "2000" });
    expect(body.data.length).toBeGreaterThan(1);
    const pci = await ok({ cube: "complexity_pci_a_sitc2_sitc4", drilldowns: "SITC4", measures: "PCI", time: "2000" });
    expect(pci.data[0]["SITC4"]).toBe(pci.data[0]["SITC4 ID"]);
  });

  it("refuse to add up indices: coarser levels or several years are 400s", async () => {
    await fail({ cube: ECI, drilldowns: "Continent", measures: "ECI" });
    await fail({ cube: ECI, drilldowns: "Country", measures: "ECI Rank" });
    await fail({ cube: ECI, drilldowns: "Country", measures: "ECI", time: "1989-1990" });
    await fail({ cube: PCI, drilldowns: "Section", measures: "PCI", time: "2018" });
    await fail({ cube: RCA, drilldowns: "Country", measures: "Relatedness", time: "2018" });
    // One member cut is as good as a drilldown; additive measures aggregate freely.
    expect((await ok({ cube: ECI, measures: "ECI", Country: "deu", time: "2018" })).data).toHaveLength(1);
    const specialised = await ok({ cube: RCA, drilldowns: "Country", measures: "Specialized", time: "2018" });
    const eci = byId((await ok({ cube: ECI, drilldowns: "Country", measures: "Diversity", time: "2018" })).data, "Country");
    for (const row of specialised.data) expect(row.Specialized).toBe(eci.get(String(row["Country ID"]))!.Diversity);
    // Selected years absent from the cube: no data, not an error.
    expect((await ok({ cube: ECI, drilldowns: "Country", measures: "ECI", time: "2016" })).data).toEqual([]);
  });
});

describe("complexity measures on trade cubes", () => {
  it("join relatedness, distance and opportunity gain per country and product", async () => {
    const body = await ok({
      cube: "trade_i_ots_a_hs4",
      drilldowns: "Country,HS4",
      measures: "Trade Value,Trade Value RCA,Trade Value Relatedness,Trade Value Distance,Opportunity Gain",
      rca: "Country,HS4,Trade Value",
      Country: "chl,deu",
      time: "2018",
    });
    const stored = await sql(`SELECT country, hs4, rca, relatedness, distance, opportunity_gain FROM complexity_rca_hs92_hs4 WHERE year = 2018`);
    const key = (c: unknown, p: unknown) => `${c}|${p}`;
    const storedBy = new Map(stored.map((r) => [key(r.country, r.hs4), r]));
    let matched = 0;
    for (const row of body.data) {
      const s = storedBy.get(key(row["Country ID"], row["HS4 ID"]));
      if (!s) {
        // Outside the ranked sample (9999, disconnected products): null, never a made-up number.
        expect(row["Trade Value Relatedness"]).toBeNull();
        continue;
      }
      matched++;
      expect(row["Trade Value Relatedness"] as number).toBeCloseTo(s.relatedness as number, 12);
      expect(row["Trade Value Distance"] as number).toBeCloseTo(s.distance as number, 12);
      expect(row["Opportunity Gain"] as number).toBeCloseTo(s.opportunity_gain as number, 12);
    }
    expect(matched).toBeGreaterThan(4);
  });

  it("work on the bilateral 1989-1990 sample by exporter and year", async () => {
    const body = await ok({ cube: "trade_i_comtrade_a_hs4_sample", drilldowns: "Year,Exporter Country,HS4", measures: "Trade Value Relatedness", "Exporter Country": "usa" });
    const years = new Set(body.data.filter((r) => r["Trade Value Relatedness"] !== null).map((r) => r["Year ID"]));
    expect([...years].sort()).toEqual([1989, 1990]);
  });

  it("need the country and product levels, and one year", async () => {
    await fail({ cube: "trade_i_ots_a_hs4", drilldowns: "Country", measures: "Opportunity Gain" });
    await fail({ cube: "trade_i_ots_a_hs4", drilldowns: "HS2,Country", measures: "Trade Value Relatedness" });
    await fail({ cube: "trade_i_comtrade_a_hs4_sample", drilldowns: "Exporter Country,HS4", measures: "Trade Value Distance" });
    await fail({ cube: "trade_i_ots_a_sections", drilldowns: "Exporter Country,Section", measures: "Trade Value Relatedness" }, "unknown_measure");
  });

  it("are listed in /api/cubes, and the complexity cubes too", async () => {
    const body = await (await cubesGET(new Request("http://localhost/api/cubes?locale=es"))).json();
    const hs4 = body.cubes.find((c: { name: string }) => c.name === "trade_i_ots_a_hs4");
    expect(hs4.derivedMeasures.filter((m: { parameter: string }) => m.parameter === "complexity").map((m: { name: string }) => m.name)).toEqual([
      "Trade Value Relatedness",
      "Trade Value Distance",
      "Opportunity Gain",
    ]);
    const eci = body.cubes.find((c: { name: string }) => c.name === ECI);
    expect(eci).toMatchObject({ available: true, years: [1980, 1989, 1990, 2017, 2018, 2019] });
    expect(eci.caption).toContain("Índice de Complejidad Económica");
    expect(body.cubes.find((c: { name: string }) => c.name === "complexity_eci_a_hs92_hs6").available).toBe(false);
  });
});
