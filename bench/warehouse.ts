/**
 * Query latency of the profile pages' 20 query shapes on the shared data package, through the
 * typed client with the result cache off (each run also varies the country, so DuckDB does real work).
 *
 *   npm run data:import            # once
 *   npx tsx bench/warehouse.ts [--runs 50] [--warehouse data/warehouse.duckdb]
 *
 * Prints p50/p95 per shape. Target: p95 < 30 ms. Figures only; nothing passes or fails on time.
 */
import "../scripts/lib/outside-next"; // first: lets server modules load outside Next.js
import { parseArgs } from "node:util";
import { queryCube } from "../src/server/warehouse/client";
import { warehousePath } from "../src/server/warehouse/config";
import { closeWarehouse } from "../src/server/warehouse/db";
import type { DataQuery } from "../src/server/warehouse/types";

const COUNTRIES = ["deu", "chl", "usa", "chn", "bra", "fra", "jpn", "ind", "zaf", "esp", "mex", "kor", "aus", "nga", "arg", "can", "ita", "gbr", "rus", "idn"];
const SECTIONS = ["1", "2", "5", "6", "11", "15", "16", "17"];
const HS4 = ["2603", "8703", "2709", "8471", "0901", "7403", "3004", "8517"];
const S = "trade_i_ots_a_sections";
const H = "trade_i_ots_a_hs4";

type Shape = { name: string; query: (i: number) => DataQuery };
const c = (i: number) => COUNTRIES[i % COUNTRIES.length];
const partner = (i: number) => COUNTRIES[(i + 7) % COUNTRIES.length];
const year = (i: number) => 2000 + (i % 19);
const desc = [{ key: "Trade Value", direction: "desc" as const }];

const SHAPES: Shape[] = [
  { name: "country top HS4 exports 2018", query: (i) => ({ cube: H, drilldowns: ["HS4"], cuts: [{ level: "Country", ids: [c(i)] }, { level: "Trade Flow", ids: [2] }], sort: desc, limit: 10 }) },
  { name: "country top HS4 imports 2018", query: (i) => ({ cube: H, drilldowns: ["HS4"], cuts: [{ level: "Country", ids: [c(i)] }, { level: "Trade Flow", ids: [1] }], sort: desc, limit: 10 }) },
  { name: "country HS4 basket 2018 (treemap, parents)", query: (i) => ({ cube: H, drilldowns: ["HS4"], cuts: [{ level: "Country", ids: [c(i)] }], parents: true }) },
  { name: "country exports by section, one year", query: (i) => ({ cube: S, drilldowns: ["Section"], cuts: [{ level: "Exporter Country", ids: [c(i)] }, { level: "Year", ids: [year(i)] }], sort: desc }) },
  { name: "country export destinations, one year", query: (i) => ({ cube: S, drilldowns: ["Importer Country"], cuts: [{ level: "Exporter Country", ids: [c(i)] }, { level: "Year", ids: [year(i)] }], exclude: [{ level: "Importer Country", ids: [c(i)] }], sort: desc, parents: true }) },
  { name: "country import origins, one year", query: (i) => ({ cube: S, drilldowns: ["Exporter Country"], cuts: [{ level: "Importer Country", ids: [c(i)] }, { level: "Year", ids: [year(i)] }], exclude: [{ level: "Exporter Country", ids: [c(i)] }], sort: desc }) },
  { name: "country exports 1962-2018 (growth)", query: (i) => ({ cube: S, drilldowns: ["Year"], cuts: [{ level: "Exporter Country", ids: [c(i)] }], growth: { level: "Year", measure: "Trade Value" } }) },
  { name: "country imports 1962-2018", query: (i) => ({ cube: S, drilldowns: ["Year"], cuts: [{ level: "Importer Country", ids: [c(i)] }] }) },
  { name: "country exports by year x section", query: (i) => ({ cube: S, drilldowns: ["Year", "Section"], cuts: [{ level: "Exporter Country", ids: [c(i)] }] }) },
  { name: "country destinations by continent, 1962-2018", query: (i) => ({ cube: S, drilldowns: ["Year", "Importer Continent"], cuts: [{ level: "Exporter Country", ids: [c(i)] }] }) },
  { name: "section top exporters, one year", query: (i) => ({ cube: S, drilldowns: ["Exporter Country"], cuts: [{ level: "Section", ids: [SECTIONS[i % SECTIONS.length]] }, { level: "Year", ids: [year(i)] }], sort: desc, limit: 20 }) },
  { name: "HS4 top exporters 2018", query: (i) => ({ cube: H, drilldowns: ["Country"], cuts: [{ level: "HS4", ids: [HS4[i % HS4.length]] }, { level: "Trade Flow", ids: [2] }], sort: desc, limit: 20 }) },
  { name: "bilateral pair by section, one year", query: (i) => ({ cube: S, drilldowns: ["Section"], cuts: [{ level: "Exporter Country", ids: [c(i)] }, { level: "Importer Country", ids: [partner(i)] }, { level: "Year", ids: [year(i)] }] }) },
  { name: "bilateral pair 1962-2018", query: (i) => ({ cube: S, drilldowns: ["Year"], cuts: [{ level: "Exporter Country", ids: [c(i)] }, { level: "Importer Country", ids: [partner(i)] }] }) },
  { name: "world trade by year", query: () => ({ cube: S, drilldowns: ["Year"], growth: { level: "Year", measure: "Trade Value" } }) },
  { name: "world trade by section, one year", query: (i) => ({ cube: S, drilldowns: ["Section"], cuts: [{ level: "Year", ids: [year(i)] }] }) },
  { name: "continent x continent by year", query: () => ({ cube: S, drilldowns: ["Year", "Exporter Continent", "Importer Continent"] }) },
  { name: "RCA by section, one year, one country", query: (i) => ({ cube: S, drilldowns: ["Exporter Country", "Section"], cuts: [{ level: "Exporter Country", ids: [c(i)] }, { level: "Year", ids: [year(i)] }], rca: { levels: ["Exporter Country", "Section"], measure: "Trade Value" } }) },
  { name: "services of a country 2016", query: (i) => ({ cube: "services_i_comtrade_a_eb02", drilldowns: ["Service"], cuts: [{ level: "Exporter Country", ids: [c(i)] }], sort: desc }) },
  { name: "Spanish provinces x section 2022", query: (i) => ({ cube: "trade_s_esp_a_hs", drilldowns: ["Province"], cuts: [{ level: "Section", ids: [SECTIONS[i % SECTIONS.length]] }], sort: desc }) },
  { name: "country GDP and population", query: (i) => ({ cube: "indicators_i_wdi_a", drilldowns: ["Year"], measures: ["GDP", "Population", "GDP per Capita"], cuts: [{ level: "Country", ids: [c(i)] }] }) },
];

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

async function main() {
  const { values } = parseArgs({ options: { runs: { type: "string" }, warehouse: { type: "string" } } });
  const runs = Math.max(5, Math.min(1000, Number(values.runs ?? 50) || 50));
  if (values.warehouse) process.env.WAREHOUSE_PATH = values.warehouse;
  process.stdout.write(`Warehouse: ${warehousePath()}\n${runs} uncached runs per shape (3 warm-up runs not counted)\n\n`);
  process.stdout.write(`${"shape".padEnd(46)} ${"rows".padStart(6)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"max ms".padStart(8)}\n`);
  const p95s: number[] = [];
  for (const shape of SHAPES) {
    for (let i = 0; i < 3; i++) await queryCube(shape.query(i), "en", { cache: false });
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const result = await queryCube(shape.query(i), i % 3 === 0 ? "es" : "en", { cache: false });
      times.push(performance.now() - started);
      rows = result.data.length;
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    p95s.push(p95);
    process.stdout.write(
      `${shape.name.padEnd(46)} ${String(rows).padStart(6)} ${percentile(times, 50).toFixed(2).padStart(8)} ${p95.toFixed(2).padStart(8)} ${times[times.length - 1].toFixed(2).padStart(8)}\n`,
    );
  }
  p95s.sort((a, b) => a - b);
  process.stdout.write(`\nworst p95: ${p95s[p95s.length - 1].toFixed(2)} ms (target < 30 ms)\n`);
  closeWarehouse();
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
