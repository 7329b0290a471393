/**
 * Server render time of profile pages and the JavaScript a first visit loads, on the production build.
 *
 *   npm run build && npx tsx bench/profiles.ts            # starts scripts/serve.ts on BENCH_PORT (3199)
 *   BENCH_BASE_URL=http://localhost:3000 npx tsx bench/profiles.ts
 *
 * Prints p50/p95 of the full HTML response for 20 country profiles never requested before (the
 * warehouse's query cache is cold for them), then for the same pages again (from the page cache), and the gzipped
 * size of every script a first visit to a few pages downloads (target: under 300 KB). Figures only.
 */
import { chromium } from "@playwright/test";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { benchServer, percentile, waitFor } from "./lib/server";

const COUNTRIES = ["deu", "chl", "usa", "chn", "bra", "fra", "jpn", "ind", "zaf", "esp", "mex", "kor", "aus", "nga", "arg", "can", "ita", "gbr", "rus", "idn"];
const FIRST_LOAD_PAGES = ["/en", "/en/profile/country/chl", "/es/profile/hs/2603", "/en/visualize/tree_map/hs92/export/chl/all/show/2018"];

async function timed(url: string): Promise<number> {
  const t0 = performance.now();
  const response = await fetch(url);
  await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - t0;
}

async function main() {
  const server = await benchServer("3199");
  const base = server.base;
  try {
    // The profile index is built at start-up; wait for it through a search.
    await waitFor(`${base}/api/cms/search/reports?query=chile`, 120_000);
    const cold: number[] = [];
    for (const country of COUNTRIES) cold.push(await timed(`${base}/en/profile/country/${country}`));
    const warm: number[] = [];
    for (const country of COUNTRIES) warm.push(await timed(`${base}/en/profile/country/${country}`));
    console.log(`country profile, server render to last byte (ms)   p50      p95`);
    console.log(`  first request (queries uncached)               ${percentile(cold, 50).toFixed(0).padStart(5)}    ${percentile(cold, 95).toFixed(0).padStart(5)}`);
    console.log(`  again (page cache)                             ${percentile(warm, 50).toFixed(0).padStart(5)}    ${percentile(warm, 95).toFixed(0).padStart(5)}`);

    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
    console.log(`\nJavaScript of a cold visit, gzipped: first load (scripts in the HTML) and in all (with lazily loaded chunks such as ECharts)`);
    for (const path of FIRST_LOAD_PAGES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const sizes = new Map<string, Promise<number>>();
      page.on("response", (response) => {
        if (response.request().resourceType() === "script") sizes.set(new URL(response.url()).pathname, response.body().then((body) => gzipSync(body).length).catch(() => 0));
      });
      await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
      const html = await (await fetch(`${base}${path}`)).text();
      const inHtml = new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => new URL(m[1], base).pathname));
      let first = 0;
      let all = 0;
      for (const [script, size] of sizes) {
        const bytes = await size;
        all += bytes;
        if (inHtml.has(script)) first += bytes;
      }
      console.log(`  ${path.padEnd(36)} first load ${(first / 1024).toFixed(0).padStart(4)} KB (${inHtml.size} files), in all ${(all / 1024).toFixed(0).padStart(4)} KB (${sizes.size} files)`);
      await context.close();
    }
    await browser.close();
  } finally {
    server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
