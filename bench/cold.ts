/**
 * The cold path (issue "Fast for the first visitor"): what a visitor meets before the page cache.
 * Prints figures only, never passes or fails on a time:
 * - uncached renders per second and p50/p99 at 1, 10 and 50 connections for each page family
 *   (every URL new to the page cache: a query string the cache has not seen);
 * - the first requests after a restart (a fresh server, once /api/health says ready);
 * - recovery after a burst of 200 connections on new URLs: the time until an uncached page answers
 *   as fast as before;
 * - peak and after-load server RSS;
 * - an /api/data cache miss against the same compiled SQL on DuckDB directly, and in process;
 * - light requests (a sign-in call, an uncached small page) while 20 connections render uncached
 *   country profiles: what admission by cost and its kept place are for.
 *
 *   npm run build && npx tsx bench/cold.ts       # starts scripts/serve.ts on BENCH_PORT (3196)
 *   BENCH_SECONDS=8 (per run, default) BENCH_FAMILIES=country,product (default: all)
 *   BENCH_PARTS=api,restart (default: renders,api,recovery,restart)
 */
import "../scripts/lib/outside-next"; // first: lets server modules load outside Next.js
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { DuckDBInstance } from "@duckdb/node-api";
import { treeRssMb } from "../scripts/lib/processTree";
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

/** Resident memory of the server and its children (render workers), MB. */
function rssMb(pid: number | null): number {
  return pid ? treeRssMb(pid) : 0;
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

/**
 * An /api/data miss against raw DuckDB running the SAME compiled SQL (the query the API sends,
 * its parameters bound, on a separate read-only connection): what the API adds is parameter
 * resolution, compilation, shaping, JSON and HTTP. The handler called in this process (no HTTP)
 * separates the API's own work from the server's HTTP path. A hand-written equivalent query is
 * printed too, for what a lighter SQL would cost.
 */
async function apiMissVersusDuckDb(base: string) {
  const file = process.env.WAREHOUSE_PATH || "data/warehouse.duckdb";
  const { parseSearchParams, resolveQuery } = await import("../src/server/warehouse/query");
  const { compileQuery } = await import("../src/server/warehouse/compile");
  const { withWarehouse, warehouseEngine } = await import("../src/server/warehouse/db");
  const { handleDataRequest } = await import("../src/server/warehouse/http");
  const instance = await DuckDBInstance.create(file, { access_mode: "READ_ONLY" });
  const conn = await instance.connect();
  const api: number[] = [];
  const inProcess: number[] = [];
  const raw: number[] = [];
  const hand: number[] = [];
  const url = (country: string, year: number, limit: number) =>
    `/api/data?cube=trade_i_ots_a_sections&drilldowns=Importer+Country&measures=Trade+Value&cut=Exporter+Country%3D${country}&cut=Year%3D${year}&limit=${limit}`;
  for (let i = 0; i < 60; i++) {
    const country = COUNTRIES[i % COUNTRIES.length]!;
    const year = 1980 + (i % 39);
    // Every call new to every cache (a limit it has not been asked with); the in-process call
    // uses another limit still, so neither answers from the other's cache.
    api.push(await time(`${base}${url(country, year, 1000 + i)}`));
    let started = performance.now();
    await (await handleDataRequest(new Request(`http://bench${url(country, year, 5000 + i)}`))).text();
    inProcess.push(performance.now() - started);
    const { query, locale } = parseSearchParams(new URL(`http://bench${url(country, year, 9000 + i)}`).searchParams);
    const resolved = resolveQuery(query);
    const compiled = await withWarehouse(async (session) =>
      compileQuery(resolved, { locale, cube: session.meta.cubes.get(resolved.cube.name), tables: session.meta.tables, dialect: warehouseEngine().dialect }),
    );
    started = performance.now();
    const statement = await conn.prepare(compiled.sql);
    statement.bind(compiled.params as never);
    await statement.runAndReadAll();
    raw.push(performance.now() - started);
    started = performance.now();
    await conn.runAndReadAll(
      `SELECT importer, sum(trade_value) AS v FROM fact_ots_sections_by_exporter WHERE exporter = $1 AND year = $2 GROUP BY importer ORDER BY v DESC LIMIT ${1000 + i}`,
      [country, year],
    );
    hand.push(performance.now() - started);
  }
  conn.closeSync();
  instance.closeSync();
  const ratio = (a: number[]) => (percentile(a, 50) / percentile(raw, 50)).toFixed(1);
  console.log(`/api/data miss p50 ${percentile(api, 50).toFixed(1)} ms over HTTP (${ratio(api)}x), ${percentile(inProcess, 50).toFixed(1)} ms in process (${ratio(inProcess)}x), vs the same compiled SQL on DuckDB p50 ${percentile(raw, 50).toFixed(1)} ms; a hand-written equivalent ${percentile(hand, 50).toFixed(1)} ms`);
}

/** Light requests, one at a time, while 20 connections render uncached country profiles. */
async function lightDuringHeavy(base: string) {
  let stop = false;
  const burst = autocannon({
    url: base,
    connections: 20,
    duration: SECONDS,
    timeout: 30,
    requests: [{ setupRequest: (request) => ({ ...request, path: FAMILIES.country!(counter++ + 11_000_000) }) }],
  });
  burst.then(() => (stop = true), () => (stop = true));
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const signIn: number[] = [];
  const page: number[] = [];
  let i = 0;
  while (!stop) {
    signIn.push(await time(`${base}/api/auth/csrf`));
    page.push(await time(`${base}/en/about?light=${counter++}`));
    i++;
  }
  const heavy = await burst;
  const show = (values: number[]) => `p50 ${Math.round(percentile(values, 50))} ms, p99 ${Math.round(percentile(values, 99))} ms`;
  console.log(
    `light requests during 20 connections of uncached country profiles (${heavy.requests.average.toFixed(1)} renders/s, p50 ${heavy.latency.p50} ms): ` +
      `sign-in ${show(signIn)}; an uncached small page ${show(page)} (${i} each)`,
  );
}

/** BENCH_PARTS=renders,light,api,recovery,restart (default: all) runs only some parts. */
const parts = new Set((process.env.BENCH_PARTS || "renders,light,api,recovery,restart").split(","));

async function main() {
  const server = await benchServer(process.env.BENCH_PORT || "3196");
  const peak = { rss: rssMb(server.pid) };
  try {
    const quiet: number[] = [];
    for (let i = 0; i < 5; i++) quiet.push(await time(`${server.base}${FAMILIES.country!(counter++ + 7_000_000)}`));
    const baseline = percentile(quiet, 50);
    console.log(`quiet: an uncached country profile p50 ${Math.round(baseline)} ms; server RSS ${rssMb(server.pid)} MB`);
    const families = (process.env.BENCH_FAMILIES || Object.keys(FAMILIES).join(",")).split(",");
    if (parts.has("renders")) {
      console.log("uncached renders:");
      for (const family of families) for (const connections of [1, 10, 50]) await uncached(server.base, family, connections, server.pid, peak);
    }
    if (parts.has("light")) await lightDuringHeavy(server.base);
    if (parts.has("api")) await apiMissVersusDuckDb(server.base);
    if (parts.has("recovery")) await recovery(server.base, server.pid, baseline, peak);
  } finally {
    server.stop();
  }
  if (parts.has("restart") && !process.env.BENCH_BASE_URL) await firstAfterRestart();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
