import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUS_STATE_CODES } from "@/domain/subnational/ausStates";
import { communityOfProvince, ESP_COMMUNITIES } from "@/domain/subnational/espCommunities";
import { ausBasketComplexity, ausProductRows, ausProducts, ausSectionSeries, ausSeries, ausServiceSeries, ausServices, ausSources, ausStandings, audValue } from "@/server/subnationalProfiles/aus";
import { communityProvinces, communitySections, communityStandings, espSources } from "@/server/subnationalProfiles/esp";
import { packageRegionsForIndex } from "@/server/subnationalIndex/packageRegions";
import { closeWarehouse } from "@/server/warehouse/db";
import { buildSubnationalWarehouse, hasPackage, packageQuery } from "./package";

const AUS_FILE = "read_csv('{pkg}/subnational_aus_state_ahecc8_1988_2023.csv.gz', all_varchar = true)";
const SERVICES_FILE = "read_csv('{pkg}/subnational_aus_state_services_1999_2022.csv', all_varchar = true)";
const ESP_FILE = "read_csv('{pkg}/subnational_esp_province_section_2022.csv', all_varchar = true)";
const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(Math.max(1, Math.abs(b) * 1e-9));

describe.skipIf(!hasPackage)("subnational profiles computed by the warehouse equal the package's files", () => {
  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = await buildSubnationalWarehouse();
  }, 240_000);
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("lists every year of the Australian files in the catalogue, goods and services apart", async () => {
    const sources = await ausSources();
    const years = await packageQuery(`SELECT DISTINCT CAST(year AS INTEGER) AS y FROM ${AUS_FILE} ORDER BY y`);
    expect(sources.goods.map((e) => e.year)).toEqual(years.map((r) => Number(r.y)));
    const serviceYears = await packageQuery(`SELECT DISTINCT CAST(year AS INTEGER) AS y FROM ${SERVICES_FILE} ORDER BY y`);
    expect(sources.services.map((e) => e.year)).toEqual(serviceYears.map((r) => Number(r.y)));
    expect(sources.goods[0].cube).not.toBe(sources.services[0].cube);
  });

  it("ranks the eight states by AUD exports as the package adds them up, leaving RX and CND out", async () => {
    const sources = await ausSources();
    const entry = sources.goods.at(-1)!;
    const standings = await ausStandings(entry, "en");
    const expected = await packageQuery(
      `SELECT state, SUM(CAST(export_value_aud AS DOUBLE)) AS v FROM ${AUS_FILE} WHERE CAST(year AS INTEGER) = ${entry.year} GROUP BY state ORDER BY v DESC`,
    );
    const states = expected.filter((r) => (AUS_STATE_CODES as readonly string[]).includes(String(r.state)));
    expect(standings.states.map((s) => s.id)).toEqual(states.map((r) => r.state));
    standings.states.forEach((s, i) => close(s.value, Number(states[i].v)));
    close(standings.allTotal, expected.reduce((sum, r) => sum + Number(r.v), 0));
    expect(standings.states[0].rank).toBe(1);
    expect(standings.loaded.apiUrl).toContain("Trade+Value+%28AUD%29");
  });

  it("gives a state's products at HS2, HS4 and HS6 summing to its total, and its series by section", async () => {
    const sources = await ausSources();
    const entry = sources.goods.at(-1)!;
    const [row] = await packageQuery(`SELECT SUM(CAST(export_value_aud AS DOUBLE)) AS v FROM ${AUS_FILE} WHERE state = 'TAS' AND CAST(year AS INTEGER) = ${entry.year}`);
    for (const depth of ["HS2", "HS4", "HS6"] as const) {
      const products = await ausProducts(entry, "TAS", depth, "en");
      close(products.rows.reduce((s, r) => s + audValue(r), 0), Number(row.v));
      expect(products.rows[0]).toHaveProperty("Section");
    }
    const hs6 = await ausProducts(entry, "TAS", "HS6", "en");
    const [top] = await packageQuery(
      `SELECT left(ahecc8, 6) AS hs6, SUM(CAST(export_value_aud AS DOUBLE)) AS v FROM ${AUS_FILE} WHERE state = 'TAS' AND CAST(year AS INTEGER) = ${entry.year} GROUP BY 1 ORDER BY v DESC LIMIT 1`,
    );
    expect(String(hs6.rows[0]["HS6 ID"])).toBe(top.hs6);
    const series = await ausSeries(entry, "TAS", "en");
    const byYear = await packageQuery(`SELECT CAST(year AS INTEGER) AS y, SUM(CAST(export_value_aud AS DOUBLE)) AS v FROM ${AUS_FILE} WHERE state = 'TAS' GROUP BY 1 ORDER BY 1`);
    for (const { y, v } of byYear) {
      close(series.rows.filter((r) => Number(r.Year) === Number(y)).reduce((s, r) => s + audValue(r), 0), Number(v));
    }
    // The same answers as typed rows for the page: products with their section, the series by year.
    const rows = await ausProductRows(entry, "TAS", "HS6", "en");
    close(rows.total, Number(row.v));
    expect(rows.items[0]).toMatchObject({ id: top.hs6 });
    expect(rows.items.every((r) => r.value > 0 && /^\d+$/.test(r.section))).toBe(true);
    const sections = await ausSectionSeries(entry, "TAS", "en");
    for (const { y, v } of byYear) close(sections.rows.filter((r) => r.year === Number(y)).reduce((s, r) => s + r.value, 0), Number(v));
    expect(sections.rows.every((r) => r.value !== 0 && r.name.length > 0)).toBe(true);
  });

  it("gives a state's services by category in AUD as in the package", async () => {
    const sources = await ausSources();
    const services = await ausServices(sources.services.at(-1)!, "NSW", "en");
    const expected = await packageQuery(`SELECT CAST(year AS INTEGER) AS y, service_category AS c, CAST(export_value_aud AS DOUBLE) AS v FROM ${SERVICES_FILE} WHERE state = 'NSW'`);
    expect(services.rows.length).toBe(expected.length);
    const typed = await ausServiceSeries(sources.services.at(-1)!, "NSW", "en");
    expect(typed.rows.length).toBe(expected.length);
    for (const e of expected) close(typed.rows.find((r) => r.year === Number(e.y) && r.id === e.c)!.value, Number(e.v));
    for (const e of expected) {
      const row = services.rows.find((r) => Number(r.Year) === Number(e.y) && r["Service Category ID"] === e.c);
      close(audValue(row), Number(e.v));
    }
  });

  it("measures a state's basket with the HS4 PCI of the newest year both have", async () => {
    const sources = await ausSources();
    const cx = await ausBasketComplexity(sources, "VIC", "en");
    expect(cx).not.toBeNull();
    const goodsYears = new Set(sources.goods.map((e) => e.year));
    const shared = sources.complexity.map((e) => e.year).filter((y) => goodsYears.has(y));
    expect(cx!.year).toBe(Math.max(...shared));
    expect(cx!.meanPci).not.toBeNull();
    expect(cx!.coverage).toBeGreaterThan(0.5);
    expect(cx!.coverage).toBeLessThanOrEqual(1);
    expect(cx!.states.filter((s) => s.rank !== null).map((s) => s.rank).sort()).toEqual(Array.from({ length: cx!.states.filter((s) => s.rank !== null).length }, (_, i) => i + 1));
    // The listed headings are the state's, at least 0.1% of its basket, most complex first.
    for (let i = 1; i < cx!.top.length; i++) expect(cx!.top[i - 1].pci).toBeGreaterThanOrEqual(cx!.top[i].pci);
    for (const t of cx!.top) expect(t.share).toBeGreaterThanOrEqual(cx!.minShare);
  });

  it("sums Spain's provinces into its 17 communities and two autonomous cities", async () => {
    const { communities } = await espSources();
    expect(communities.length).toBeGreaterThan(0);
    const entry = communities.at(-1)!;
    const standings = await communityStandings(entry, "en");
    const rows = await packageQuery(`SELECT CAST(province_id AS INTEGER) AS p, SUM(CAST(export_value AS DOUBLE)) AS v FROM ${ESP_FILE} WHERE CAST(year AS INTEGER) = ${entry.year} GROUP BY 1`);
    const expected = new Map<number, number>();
    for (const r of rows) {
      const c = communityOfProvince(Number(r.p));
      if (c) expected.set(c.id, (expected.get(c.id) ?? 0) + Number(r.v));
    }
    expect(standings.communities.length).toBe(ESP_COMMUNITIES.length);
    for (const c of standings.communities) close(c.value, expected.get(c.id)!);
    close(standings.allTotal, rows.reduce((s, r) => s + Number(r.v), 0));
    const catalonia = standings.communities.find((c) => c.id === 107)!;
    const sections = await communitySections(entry, 107, "en");
    close(sections.total, catalonia.value);
    expect(sections.items.every((s) => typeof s.color === "string")).toBe(true);
    const provinces = await communityProvinces(entry, 107, "en");
    expect(provinces.items.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual([8, 17, 25, 43]);
  });

  it("indexes the eight states and the 19 communities (not RX, CND or 'no community') with names from the data", async () => {
    const regions = await packageRegionsForIndex();
    const aus = regions.filter((r) => r.country === "aus" && r.level === "states");
    expect(aus.map((r) => r.regionId).sort()).toEqual([...AUS_STATE_CODES].sort());
    expect(aus.find((r) => r.regionId === "NSW")?.names.es).toBe("Nueva Gales del Sur");
    const [states] = await packageQuery("SELECT name_zh FROM read_csv('{pkg}/subnational_aus_states.csv', all_varchar = true) WHERE code = 'WA'");
    expect(aus.find((r) => r.regionId === "WA")?.names.zh).toBe(states.name_zh);
    const esp = regions.filter((r) => r.country === "esp" && r.level === "autonomous");
    expect(esp.map((r) => Number(r.regionId)).sort((a, b) => a - b)).toEqual(ESP_COMMUNITIES.map((c) => c.id).sort((a, b) => a - b));
    expect(esp.every((r) => r.weight > 0)).toBe(true);
  });
});
