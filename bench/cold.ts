/**
 * The cold path (issue "Fast for the first visitor"): what a visitor meets before the page cache.
 * Prints figures only, never passes or fails on a time:
 * - uncached renders per second and p50/p99 at 1, 10 and 50 connections for each page family
 *   (every URL new to the page cache: a query string the cache has not seen);
 * - the first requests after a restart (a fresh server, once /api/health says ready);
 * - recovery after a burst of 200 connections on new URLs: the time until an uncached page answers
 *   as fast as before;
 * - peak and after-load server RSS;
 * - an /api/data cache miss against the same SQL on DuckDB directly.
 *
 *   npm run build && npx tsx bench/cold.ts       # starts scripts/serve.ts on BENCH_PORT (3196)
 *   BENCH_SECONDS=8 (per run, default) BENCH_FAMILIES=country,product (default: all)
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { DuckDBInstance } from "@duckdb/node-api";
import { benchServer, percentile, waitFor } from "./lib/server";

const SECONDS = Number(process.env.BENCH_SECONDS || 8);
const COUNTRIES = ["deu", "chl", "usa", "chn", "bra", "fra", "jpn", "ind", "zaf", "esp", "mex", "kor", "aus", "nga", "arg", "can", "ita", "gbr", "rus", "idn"];
const FAMILIES: Record<string, (i: number) => string> = {
  country: (i) => `/en/profile/country/${COUNTRIES[i % COUNTRIES.length]}?cold=${i}`,
  product: (i) => `/en/profile/hs/${["2603", "2709", "8703", "8542", "0901", "1001"][i % 6]}?cold=${i}`,
  bilateral: (i) => `/en/profile/bilateral-country/${COUNTRIES[i % COUNTRIES.length]}/partner/${COUNTRIES[(i + 1) % COUNTRIES.length]}?cold=${i}`,
  world: (i) => `/en/profile/world/wld?cold=${i}`,
  rankings: (i) => `/en/rankings/eci/hs4/hs92?cold=${i}`,
  builder: (i) => `/en/visualize/tree_map/hs92/export/${COUNTRIES[i % COUNTRIES.length]}/all/show/2018?cold=${i}`,
};

function rssMb(pid: number | null): number {
  if (!pid) return 0;
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

let counter = 0;
async function uncached(base: string, family: string, connections: number, pid: number | null, peak: { rss: number }) {
  const make = FAMILIES[family]!;
  const sampler = setInterval(() => (peak.rss = Math.max(peak.rss, rssMb(pid))), 200);
  const result = await autocannon({
    url: base,
    connections,
    duration: SECONDS,
    timeout: 30,
    requests: [{ setupRequest: (request) => ({ ...request, path: make(counter++ + 1_000_000 * connections) }) }],
    headers: { "accept-encoding": "gzip" },
  });
  clearInterval(sampler);
  const by = (status: string) => (result as unknown as Record<string, number>)[status] ?? 0;
  console.log(
    `  ${family.padEnd(9)} ${String(connections).padStart(2)} conn: ${result.requests.average.toFixed(1)} renders/s; p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; 2xx ${by("2xx")}, non-2xx ${result.non2xx}, timeouts ${result.timeouts}`,
  );
}

async function time(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return performance.now() - started;
}

async function firstAfterRestart(): Promise<void> {
  const port = String(Number(process.env.BENCH_PORT || 3196) + 1);
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", "-p", port], {
    stdio: "ignore",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXTAUTH_SECRET: "bench-only-secret-0123456789abcdef012345" },
  });
  try {
    const base = `http://localhost:${port}`;
    // Ready: /api/health answers 200 (after the warm-up, where the server has one).
    await waitFor(`${base}/api/health`, 120_000);
    const ready = performance.now() - started;
    const home = await time(`${base}/en`);
    const profile = await time(`${base}/en/profile/country/deu`);
    const other = await time(`${base}/en/profile/country/per?restart=1`);
    console.log(
      `first requests after a restart: ready after ${Math.round(ready)} ms; then home ${Math.round(home)} ms, ` +
        `a warmed country profile ${Math.round(profile)} ms, an unwarmed one ${Math.round(other)} ms`,
    );
  } finally {
    child.kill("SIGTERM");
  }
}

async function recovery(base: string, pid: number | null, baseline: number, peak: { rss: number }) {
  const sampler = setInterval(() => (peak.rss = Math.max(peak.rss, rssMb(pid))), 200);
  await autocannon({
    url: base,
    connections: 200,
    amount: 400,
    timeout: 30,
    requests: [{ setupRequest: (request) => ({ ...request, path: FAMILIES.country!(counter++ + 5_000_000) }) }],
  });
  const after = performance.now();
  let back = -1;
  for (let i = 0; i < 600; i++) {
    if ((await time(`${base}${FAMILIES.country!(counter++ + 9_000_000)}`)) <= Math.max(2 * baseline, 300)) {
      back = performance.now() - after;
      break;
    }
  }
  clearInterval(sampler);
  const rssNow = rssMb(pid);
  await new Promise((resolve) => setTimeout(resolve, 60_000));
  console.log(`after 200 connections on new URLs: back to normal ${Math.round(back)} ms later; RSS peak ${peak.rss} MB, right after ${rssNow} MB, a minute later ${rssMb(pid)} MB`);
}

async function apiMissVersusDuckDb(base: string) {
  const file = process.env.WAREHOUSE_PATH || "data/warehouse.duckdb";
  const instance = await DuckDBInstance.create(file, { access_mode: "READ_ONLY" });
  const conn = await instance.connect();
  const api: number[] = [];
  const raw: number[] = [];
  for (let i = 0; i < 40; i++) {
    const country = COUNTRIES[i % COUNTRIES.length]!;
    const year = 1980 + (i % 39);
    // Every API call new to both caches (a year and country it has not been asked with).
    api.push(await time(`${base}/api/data?cube=trade_i_ots_a_sections&drilldowns=Importer+Country&measures=Trade+Value&cut=Exporter+Country%3D${country}&cut=Year%3D${year}&limit=${1000 + i}`));
    const started = performance.now();
    await conn.runAndReadAll(
      `SELECT importer, sum(trade_value) AS v FROM fact_ots_sections_by_exporter WHERE exporter = $1 AND year = $2 GROUP BY importer ORDER BY v DESC LIMIT ${1000 + i}`,
      [country, year],
    );
    raw.push(performance.now() - started);
  }
  conn.closeSync();
  instance.closeSync();
  console.log(`/api/data miss p50 ${percentile(api, 50).toFixed(1)} ms vs the same SQL on DuckDB p50 ${percentile(raw, 50).toFixed(1)} ms (${(percentile(api, 50) / percentile(raw, 50)).toFixed(1)}x)`);
}

async function main() {
  const server = await benchServer(process.env.BENCH_PORT || "3196");
  const peak = { rss: rssMb(server.pid) };
  try {
    const quiet: number[] = [];
    for (let i = 0; i < 5; i++) quiet.push(await time(`${server.base}${FAMILIES.country!(counter++ + 7_000_000)}`));
    const baseline = percentile(quiet, 50);
    console.log(`quiet: an uncached country profile p50 ${Math.round(baseline)} ms; server RSS ${rssMb(server.pid)} MB`);
    const families = (process.env.BENCH_FAMILIES || Object.keys(FAMILIES).join(",")).split(",");
    console.log("uncached renders:");
    for (const family of families) for (const connections of [1, 10, 50]) await uncached(server.base, family, connections, server.pid, peak);
    await apiMissVersusDuckDb(server.base);
    await recovery(server.base, server.pid, baseline, peak);
  } finally {
    server.stop();
  }
  if (!process.env.BENCH_BASE_URL) await firstAfterRestart();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
