import { DuckDBInstance } from "@duckdb/node-api";
async function main() {
  const db = await DuckDBInstance.create("/tmp/wh/gen.duckdb", { threads: "2" });
  const c = await db.connect();
  const t = async (label: string, sql: string) => { const s = performance.now(); await c.run(sql); console.log(label, ((performance.now() - s) / 1000).toFixed(2)); };
  await t("attach", "ATTACH '/tmp/wh/out/warehouse.duckdb' AS w (READ_ONLY)");
  await t("countries", `CREATE OR REPLACE TEMP TABLE g_countries AS SELECT (row_number() OVER (ORDER BY id) - 1)::INTEGER AS n, id, continent_id FROM w.dim_countries WHERE code_status = 'iso' ORDER BY id LIMIT 200`);
  await t("products", `CREATE OR REPLACE TEMP TABLE g_products AS SELECT (row_number() OVER (ORDER BY p.id) - 1)::INTEGER AS n, p.id AS hs6, p.hs4_id AS hs4, p.hs2_id AS hs2, p.section_id AS section FROM w.dim_hs6 p`);
  const N = 5000000;
  await t("raw gen", `CREATE OR REPLACE TABLE src AS SELECT (1995 + hash(range, 1) % 25)::SMALLINT AS year, (hash(range, 2) % 200)::INTEGER AS ei, ((hash(range, 2) % 200) + 1 + hash(range, 3) % 199)::INTEGER % 200 AS ii, (hash(range, 4) % 5018)::INTEGER AS pi, round((hash(range, 5) % 10000000) / 10.0) * 1000 AS v FROM range(${N})`);
  await t("join", `CREATE OR REPLACE TABLE joined AS SELECT year, e.id AS exporter, e.continent_id AS exporter_continent, i.id AS importer, i.continent_id AS importer_continent, p.section, p.hs2, p.hs4, p.hs6, v AS trade_value FROM src r JOIN g_countries e ON e.n = r.ei JOIN g_countries i ON i.n = r.ii JOIN g_products p ON p.n = r.pi`);
  await t("sort exp", `CREATE OR REPLACE TABLE by_exp AS SELECT * FROM joined ORDER BY exporter, year, importer, hs6`);
  await t("sort imp", `CREATE OR REPLACE TABLE by_imp AS SELECT * FROM by_exp ORDER BY importer, year, exporter, hs6`);
  await t("agg prod", `CREATE OR REPLACE TABLE aggp AS SELECT year, exporter, exporter_continent, hs6, hs4, hs2, section, sum(trade_value) trade_value FROM by_exp GROUP BY ALL ORDER BY hs6, year, exporter`);
  await t("agg world", `CREATE OR REPLACE TABLE aggw AS SELECT year, exporter_continent, importer_continent, section, hs2, hs4, sum(trade_value) trade_value FROM by_exp GROUP BY ALL ORDER BY year, hs4`);
  await t("stats", `SELECT count(*), approx_count_distinct(exporter), approx_count_distinct(year), approx_count_distinct(importer), approx_count_distinct(hs6) FROM by_exp`);
}
main();
