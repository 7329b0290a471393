/**
 * The importer's per-entity summaries (src/server/etl/summaries.ts) on the tiny package: what the
 * tables hold, checked against sums of the fact tables written in this test, never typed in.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ImportOutcome } from "@/server/etl/import";
import { PARTNER_YEARS, SECTION_YEARS } from "@/server/etl/summaries";
import { importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";
import { query } from "./query";

describe("per-entity summaries written by the import", () => {
  const out = path.join(tempDir("summaries-"), "warehouse.duckdb");
  let outcome: ImportOutcome;
  const q = (sql: string) => query(out, sql);

  beforeAll(async () => {
    outcome = await importTiny(out);
  });

  it("runs as a named step before complexity, and says what it holds", async () => {
    if (outcome.status !== "built") throw new Error(`expected a build, got ${outcome.status}`);
    const names = outcome.timings.map((t) => t.name);
    expect(names.indexOf("summaries")).toBe(names.indexOf("complexity") - 1);
    const coverage = await q(`SELECT kind, dataset, cube, vintage, count(*) AS years, max(year) AS newest FROM summary_coverage GROUP BY ALL ORDER BY ALL`);
    const catalog = await q(`SELECT dataset, cube, year, vintage FROM _meta_catalog WHERE kind = 'goods' AND NOT partial AND scope = 'reporters' ORDER BY dataset, year`);
    // Every year of every goods dataset with reporters is summarised as a series, in its own release.
    const series = await q(`SELECT dataset, cube, year, vintage FROM summary_coverage WHERE kind = 'series' ORDER BY dataset, year`);
    expect(series.map((r) => ({ ...r, year: Number(r.year) }))).toEqual(catalog.map((r) => ({ ...r, year: Number(r.year) })));
    // Bilateral datasets: partners of the newest year(s), sections of the newest two.
    const sections = await q(`SELECT max(year) AS newest FROM _meta_catalog WHERE dataset = 'ots_sections'`);
    const newest = Number(sections[0].newest);
    const of = (kind: string) => coverage.find((r) => r.kind === kind && r.dataset === "ots_sections");
    expect(Number(of("partner")?.years)).toBe(PARTNER_YEARS);
    expect(Number(of("partner")?.newest)).toBe(newest);
    expect(Number(of("section")?.years)).toBe(Math.min(SECTION_YEARS, Number(of("series")?.years)));
    expect(coverage.some((r) => r.kind !== "series" && r.dataset !== "ots_sections")).toBe(false);
  });

  it("holds each member's exports and imports per year as the fact table sums them", async () => {
    const diff = await q(`
      WITH facts AS (
        SELECT year, exporter AS country, false AS is_continent, 'export' AS flow, sum(trade_value) AS value FROM fact_ots_sections_by_exporter GROUP BY ALL
        UNION ALL SELECT year, importer, false, 'import', sum(trade_value) FROM fact_ots_sections_by_exporter GROUP BY ALL
        UNION ALL SELECT year, exporter_continent, true, 'export', sum(trade_value) FROM fact_ots_sections_by_exporter GROUP BY ALL
        UNION ALL SELECT year, importer_continent, true, 'import', sum(trade_value) FROM fact_ots_sections_by_exporter GROUP BY ALL),
      summary AS (SELECT year, country, is_continent, flow, value FROM summary_country_year WHERE dataset = 'ots_sections')
      SELECT count(*) AS n, count(*) FILTER (WHERE f.value IS DISTINCT FROM s.value) AS different
      FROM facts f FULL JOIN summary s USING (year, country, is_continent, flow)`);
    expect(Number(diff[0].n)).toBeGreaterThan(10);
    expect(Number(diff[0].different)).toBe(0);
    const flows = await q(`SELECT DISTINCT vintage, flow FROM summary_country_year WHERE dataset = 'ots_hs4' ORDER BY ALL`);
    expect(flows.length).toBeGreaterThan(0);
    expect(flows.every((r) => typeof r.vintage === "string" && (r.flow === "export" || r.flow === "import"))).toBe(true);
  });

  it("holds every partner of the newest year, a country's own trade left out, and sections of exports", async () => {
    const check = await q(`
      WITH newest AS (SELECT max(year) AS year FROM fact_ots_sections_by_exporter),
      facts AS (
        SELECT exporter AS country, false AS is_continent, 'export' AS flow, importer AS member, sum(trade_value) AS value FROM fact_ots_sections_by_exporter, newest WHERE fact_ots_sections_by_exporter.year = newest.year AND importer <> exporter GROUP BY ALL
        UNION ALL SELECT importer, false, 'import', exporter, sum(trade_value) FROM fact_ots_sections_by_exporter, newest WHERE fact_ots_sections_by_exporter.year = newest.year AND importer <> exporter GROUP BY ALL
        UNION ALL SELECT exporter_continent, true, 'export', importer, sum(trade_value) FROM fact_ots_sections_by_exporter, newest WHERE fact_ots_sections_by_exporter.year = newest.year GROUP BY ALL),
      summary AS (SELECT country, is_continent, flow, member, value FROM summary_country_top, newest WHERE kind = 'partner' AND summary_country_top.year = newest.year AND NOT (is_continent AND flow = 'import'))
      SELECT count(*) AS n, count(*) FILTER (WHERE f.value IS DISTINCT FROM s.value) AS different FROM facts f FULL JOIN summary s USING (country, is_continent, flow, member)`);
    expect(Number(check[0].n)).toBeGreaterThan(10);
    expect(Number(check[0].different)).toBe(0);
    const self = await q(`SELECT count(*) AS n FROM summary_country_top WHERE kind = 'partner' AND NOT is_continent AND member = country`);
    expect(Number(self[0].n)).toBe(0);
    const sections = await q(`
      SELECT count(*) AS n, count(*) FILTER (WHERE s.value IS DISTINCT FROM f.value) AS different
      FROM (SELECT year, country, member, value FROM summary_country_top WHERE kind = 'section' AND NOT is_continent) s
      LEFT JOIN (SELECT year, exporter AS country, section AS member, sum(trade_value) AS value FROM fact_ots_sections_by_exporter GROUP BY ALL) f USING (year, country, member)`);
    expect(Number(sections[0].n)).toBeGreaterThan(10);
    expect(Number(sections[0].different)).toBe(0);
    const flows = await q(`SELECT DISTINCT flow FROM summary_country_top WHERE kind = 'section'`);
    expect(flows.map((r) => r.flow)).toEqual(["export"]);
  });
});
