/**
 * Hostile load (issue "Fair under hostile load"): a burst of ordinary, valid, expensive data
 * queries from many addresses, each within its own allowance, against the production server on
 * loopback. Prints figures only, never passes or fails on a time:
 * - the answers of the burst by status, and the slowest wait for any answer;
 * - page (uncached) and sign-in (`/api/auth/csrf`) latency while the burst runs (p50, p99, max);
 * - the server's peak resident memory, and the time until an uncached page answers as fast as
 *   before the burst.
 *
 *   npm run build && npx tsx bench/hostile.ts          # starts scripts/serve.ts on BENCH_PORT (3197)
 *   BENCH_BASE_URL=http://localhost:3000 BENCH_PID=1234 npx tsx bench/hostile.ts
 *   BENCH_BURSTS=60,200 (default) BENCH_ADDRESSES=60 (default)
 *
 * Addresses: each request of the burst leaves from one of 127.0.0.2 ... 127.0.0.61 (loopback
 * only), so per-address limits see many clients, as they would in an attack.
 */
import http from "node:http";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { benchServer, percentile } from "./lib/server";

const BURSTS = (process.env.BENCH_BURSTS || "60,200").split(",").map(Number);
const ADDRESSES = Number(process.env.BENCH_ADDRESSES || 60);
const DEADLINE_MS = 90_000;

/** Valid, expensive queries (the two of the report, and heavy ones inside the cost budget), varied (by limit and year) so no cache answers. */
function expensive(i: number): string {
  const year = 1962 + (i % 57);
  const limit = 10_000 - (i % 5_000);
  const shapes = [
    `/api/tesseract/data.jsonrecords?cube=trade_i_ots_a_sections&drilldowns=Year,Exporter+Country,Importer+Country,Section&measures=Trade+Value&ranking=Trade+Value&growth=Year.Trade+Value.period.1&limit=${100_000 - i}`,
    `/api/data?cube=trade_i_ots_a_sections&drilldowns=Year,Exporter+Country,Importer+Country,Section&measures=Trade+Value&limit=${limit}`,
    `/api/data?cube=trade_i_ots_a_sections&drilldowns=Exporter+Country,Importer+Country,Section&measures=Trade+Value&cut=Year%3D${year}&sort=Trade+Value.desc&limit=${limit}`,
    `/api/data?cube=trade_i_ots_a_sections&drilldowns=Year,Exporter+Country,Importer+Country&measures=Trade+Value&cut=Year%3D${year}%2C${Math.min(2018, year + 1)}&growth=Year,Trade+Value&limit=${limit}`,
  ];
  return shapes[i % shapes.length]!;
}

const COUNTRIES = ["deu", "chl", "usa", "chn", "bra", "fra", "jpn", "ind", "zaf", "esp", "mex", "kor", "aus", "nga", "arg", "can", "ita", "gbr", "rus", "idn"];

interface Answer {
  status: number;
  ms: number;
}

function get(base: string, path: string, from?: string): Promise<Answer> {
  const url = new URL(path, base);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, localAddress: from, agent: false, headers: { "accept-encoding": "gzip" } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      res.on("error", () => resolve({ status: -1, ms: performance.now() - started }));
    });
    req.setTimeout(DEADLINE_MS, () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    req.end();
  });
}

function rssMb(pid: number | null): number {
  if (!pid) return 0;
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

const summary = (values: number[]) => (values.length ? `p50 ${Math.round(percentile(values, 50))} ms, p99 ${Math.round(percentile(values, 99))} ms, max ${Math.round(Math.max(...values))} ms` : "none");
const byStatus = (answers: Answer[]) => [...answers.reduce((m, a) => m.set(a.status, (m.get(a.status) ?? 0) + 1), new Map<number, number>())].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s === 0 ? "no answer" : s}×${n}`).join(", ");

let uncached = 0;
/** A page the front door has not cached: a country profile with a year it has not been asked with. */
const freshPage = () => `/en/profile/country/${COUNTRIES[uncached % COUNTRIES.length]}?year=${1962 + (uncached++ % 57)}&b=${Date.now()}`;

async function burst(base: string, pid: number | null, size: number, baseline: number) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  const started = performance.now();
  const queries = Array.from({ length: size }, (_, i) => get(base, expensive(i + size * 7), `127.0.0.${2 + (i % ADDRESSES)}`));
  const pages: number[] = [];
  const signIn: number[] = [];
  let done = false;
  const all = Promise.all(queries).finally(() => (done = true));
  // Probes while the burst runs: one uncached page and one sign-in call at a time, from other addresses.
  const probes = (async () => {
    while (!done) {
      const [page, csrf] = await Promise.all([get(base, freshPage(), "127.0.1.1"), get(base, "/api/auth/csrf", "127.0.1.2")]);
      pages.push(page.ms);
      signIn.push(csrf.ms);
    }
  })();
  const answers = await all;
  await probes;
  const burstMs = performance.now() - started;
  // Back to normal: an uncached page as fast as 2x the quiet baseline (or 300 ms).
  const after = performance.now();
  let recovered = 0;
  for (let i = 0; i < 200; i++) {
    const page = await get(base, freshPage(), "127.0.1.3");
    if (page.status === 200 && page.ms <= Math.max(300, 2 * baseline)) {
      recovered = performance.now() - after;
      break;
    }
  }
  clearInterval(sampler);
  console.log(
    `burst of ${size} expensive queries from ${Math.min(size, ADDRESSES)} addresses (${Math.round(burstMs)} ms):\n` +
      `  answers: ${byStatus(answers)}; slowest wait ${Math.round(Math.max(...answers.map((a) => a.ms)))} ms\n` +
      `  uncached pages meanwhile (${pages.length}): ${summary(pages)}\n` +
      `  sign-in /api/auth/csrf meanwhile (${signIn.length}): ${summary(signIn)}\n` +
      `  peak server RSS ${peak} MB; back to normal ${Math.round(recovered)} ms after the burst; RSS now ${rssMb(pid)} MB`,
  );
}

async function main() {
  const server = await benchServer("3197");
  try {
    // Warm: the profile index and a first render.
    await get(server.base, "/en/profile/country/chl");
    const quiet: number[] = [];
    for (let i = 0; i < 5; i++) quiet.push((await get(server.base, freshPage())).ms);
    const baseline = percentile(quiet, 50);
    console.log(`quiet: uncached page p50 ${Math.round(baseline)} ms; server RSS ${rssMb(server.pid)} MB`);
    for (const size of BURSTS) await burst(server.base, server.pid, size, baseline);
  } finally {
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
