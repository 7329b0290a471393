/**
 * The profile index and search, on the shared data package's warehouse.
 *
 *   npm run data:import            # once
 *   npx tsx bench/search.ts [--runs 400] [--concurrency 50]
 *
 * Prints: the time to build the index of every profile (target < 20 s) and how many profiles it
 * holds; search latency p50/p95 per query, run directly; and p50/p95 per request when 50 requests
 * are in flight at once through the route handler (target p95 < 20 ms). Figures only.
 */
import "../scripts/lib/outside-next"; // first: lets server modules load outside Next.js
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { handleSearch } from "../src/server/search/api";
import { loadIndexInput, profileIndex } from "../src/server/search/build";
import { ProfileIndex, type Labels } from "../src/server/search/engine";
import { closeWarehouse } from "../src/server/warehouse/db";

const { values } = parseArgs({ options: { runs: { type: "string", default: "400" }, concurrency: { type: "string", default: "50" } } });
const RUNS = Number(values.runs);
const CONCURRENCY = Number(values.concurrency);
const QUERIES = ["chile", "germany france", "中国", "cobre chile", "2603", "cars", "south africa", "estados unidos", "copper", "mineral", "brasil", "japon", "eu", "madrid", "wine", "ger", "chle", "铜矿", "textiles", "alemania"];
const LABELS: Labels = { reports: {}, dimensions: {}, variants: {} };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const fmt = (ms: number) => ms.toFixed(2).padStart(8);

async function main() {
  let started = performance.now();
  const input = await loadIndexInput();
  const loaded = performance.now() - started;
  started = performance.now();
  const index = new ProfileIndex(input);
  const built = performance.now() - started;
  console.log(`index: ${index.profileCount.toLocaleString("en")} profiles; read from the warehouse in ${loaded.toFixed(0)} ms, indexed in ${built.toFixed(0)} ms, total ${(loaded + built).toFixed(0)} ms`);

  console.log(`\ndirect search, ${RUNS} runs per query (ms)      p50      p95`);
  const all: number[] = [];
  for (const query of QUERIES) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      index.query({ query, locale: "en", limit: 10, offset: (i % 3) * 10, reports: [], variants: [] }, LABELS);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    console.log(`  ${query.padEnd(40)} ${fmt(percentile(times, 50))} ${fmt(percentile(times, 95))}`);
  }
  all.sort((a, b) => a - b);
  console.log(`  ${"all queries".padEnd(40)} ${fmt(percentile(all, 50))} ${fmt(percentile(all, 95))}`);

  // Through the route handler (validation, labels, JSON), CONCURRENCY requests in flight, once the
  // process's own index is ready (as it is after the server's warm-up).
  await profileIndex();
  // Two passes over the same requests: the first fills the route's answer cache, the second shows
  // what repeated searches (people type the same prefixes) cost.
  for (const pass of ["cache cold", "cache warm"]) {
    const total = RUNS * 5;
    const latencies: number[] = [];
    let next = 0;
    started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < total) {
          const i = next++;
          const query = encodeURIComponent(QUERIES[i % QUERIES.length]);
          const t0 = performance.now();
          const response = await handleSearch(new Request(`http://localhost/api/cms/search/reports?query=${query}&locale=en&limit=10&offset=${(i % 4) * 10}`));
          await response.text();
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const elapsed = performance.now() - started;
    latencies.sort((a, b) => a - b);
    console.log(
      `route handler, ${CONCURRENCY} in flight, ${total} requests (${pass}): p50 ${percentile(latencies, 50).toFixed(2)} ms, p95 ${percentile(latencies, 95).toFixed(2)} ms, ${((total / elapsed) * 1000).toFixed(0)} requests/s`,
    );
  }
  closeWarehouse();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
