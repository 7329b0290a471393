/**
 * Load on the production server (issue "Fast under load"), with autocannon over loopback. Prints
 * figures only: requests per second, latency percentiles, errors, timeouts, 503s, and the server's
 * resident memory after each run. Never passes or fails on a time.
 *
 *   npm run build && npx tsx bench/load.ts          # starts scripts/serve.ts on BENCH_PORT (3198)
 *   BENCH_BASE_URL=http://localhost:3000 BENCH_PID=1234 npx tsx bench/load.ts
 *   BENCH_SECONDS=20 (default) BENCH_CONNECTIONS=50 (default)
 *
 * Runs: 1) anonymous country profiles cycling 50 countries; 2) /api/data, a profile's queries
 * cycling countries; 3) 200 connections on one profile; 4) uncached profile renders one at a time
 * (each URL new to the page cache) for the render p50.
 */
import autocannon from "autocannon";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { benchServer, percentile } from "./lib/server";

const COUNTRIES = [
  "deu", "chl", "usa", "chn", "bra", "fra", "jpn", "ind", "zaf", "esp", "mex", "kor", "aus", "nga", "arg", "can", "ita", "gbr", "rus", "idn",
  "tur", "sau", "nld", "che", "swe", "pol", "bel", "aut", "nor", "irl", "dnk", "fin", "prt", "grc", "cze", "hun", "rou", "ukr", "egy", "mar",
  "ken", "eth", "gha", "per", "col", "ven", "ecu", "bol", "ury", "pry",
];
const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);

function apiQueries(country: string): string[] {
  return [
    `/api/data?cube=trade_i_ots_a_sections&drilldowns=Year&measures=Trade+Value&cut=Exporter+Country%3D${country}&cut=Year%3D2010%2C2014%2C2018`,
    `/api/data?cube=trade_i_ots_a_hs4&drilldowns=HS4&measures=Trade+Value&cut=Country%3D${country}&cut=Trade+Flow%3D2&cut=Year%3D2018&sort=Trade+Value.desc&limit=10`,
    `/api/data?cube=complexity_eci_a_hs92_hs4&drilldowns=Year%2CCountry&measures=ECI%2CECI+Rank&cut=Country%3D${country}&sort=Year.asc`,
  ];
}

function rssMb(pid: number | null): string {
  if (!pid) return "n/a";
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return `${Math.round(kb / 1024)} MB`;
  } catch {
    return "n/a";
  }
}

async function run(title: string, base: string, paths: string[], connections: number, pid: number | null, seconds = SECONDS) {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
    headers: { "accept-encoding": "gzip, br" },
  });
  const by = (status: string) => (result as unknown as Record<string, number>)[status] ?? 0;
  const lat = result.latency;
  console.log(
    `${title}\n  ${Math.round(result.requests.average)} req/s; latency p50 ${lat.p50} ms, p90 ${lat.p90} ms, p99 ${lat.p99} ms, max ${lat.max} ms; ` +
      `2xx ${by("2xx")}, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}; server RSS ${rssMb(pid)}`,
  );
  return result;
}

/** Requests one after another: p50 and p90 of the whole response, and the statuses seen. */
async function sequential(base: string, paths: string[]): Promise<string> {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  for (const path of paths) {
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`);
    await response.arrayBuffer();
    times.push(performance.now() - t0);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }
  return `p50 ${Math.round(percentile(times, 50))} ms, p90 ${Math.round(percentile(times, 90))} ms (statuses ${[...statuses].map(([status, n]) => `${status}×${n}`).join(", ")})`;
}

async function main() {
  const server = await benchServer("3198");
  const { base, pid } = server;
  try {
    console.log(`server ${base} (pid ${pid ?? "unknown: set BENCH_PID"}), RSS at start ${rssMb(pid)}; ${CONNECTIONS} connections, ${SECONDS} s per run`);
    const profiles = COUNTRIES.map((c) => `/en/profile/country/${c}`);
    const first = await sequential(base, profiles);
    console.log(`0) first visit to each of the 50 profiles, one at a time (page cache and query cache cold): ${first}`);
    await run("1) anonymous country profiles, 50 countries cycling", base, profiles, CONNECTIONS, pid);
    await run("2) /api/data, profile queries cycling 50 countries", base, COUNTRIES.flatMap(apiQueries), CONNECTIONS, pid);
    await run("3) 200 connections on one profile", base, ["/en/profile/country/deu"], 200, pid);
    const fresh = COUNTRIES.slice(0, 30).map((c, i) => `/en/profile/country/${c}?bench=${Date.now()}-${i}`);
    console.log(`4) uncached profile renders (a URL new to the page cache), one at a time (30): ${await sequential(base, fresh)}; server RSS ${rssMb(pid)}`);
    const html = await (await fetch(`${base}/en/profile/country/chl`, { headers: { "accept-encoding": "identity" } })).text();
    console.log(`country profile HTML: ${Math.round(Buffer.byteLength(html) / 1024)} KB uncompressed`);
  } finally {
    server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
