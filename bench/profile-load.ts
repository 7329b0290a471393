/**
 * What one profile page view costs, the server render and every chart's rows together (issue 36,
 * "each chart's rows travel once"). For a country, a product and a bilateral profile, opened in
 * Chromium at a URL new to the page cache and scrolled to the bottom so every chart loads, prints:
 * - the page's HTML (bytes over the wire and decoded);
 * - its /api/view calls (the charts' rows): how many, how many distinct, bytes;
 * - everything the page transferred;
 * - first-load JavaScript: the scripts fetched before the load event;
 * - warehouse queries of the page view (server render plus chart rows), when the server runs with
 *   ENABLE_TEST_ROUTES=1 (its /api/test/queries log): total, distinct, asked more than once.
 * Figures only, never a pass or fail.
 *
 *   BASE=http://127.0.0.1:3000 npx tsx bench/profile-load.ts   # a running server
 *   npm run build && npx tsx bench/profile-load.ts              # the one at :3000 if up, else
 *                                                               # scripts/serve.ts on BENCH_PORT (3195),
 *                                                               # with ENABLE_TEST_ROUTES=1
 */
import { chromium, type Page } from "@playwright/test";
import { benchServer, type BenchServer } from "./lib/server";

const DEFAULT_BASE = "http://127.0.0.1:3000";
let BASE = (process.env.BASE || DEFAULT_BASE).replace(/\/$/, "");
const PROFILES = ["/en/profile/country/chl", "/en/profile/hs/2603", "/en/profile/bilateral-country/deu/partner/fra"];

interface Transfer {
  url: string;
  type: string;
  transfer: number;
  decoded: number;
  end: number;
}

interface Figures {
  html: { transfer: number; decoded: number };
  resources: Transfer[];
  loadEventEnd: number;
}

async function scrollToBottom(page: Page): Promise<void> {
  for (let step = 0; step < 200; step++) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, Math.round(window.innerHeight / 2));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(200);
    if (atBottom) break;
  }
  await page.waitForLoadState("networkidle");
}

async function figures(page: Page): Promise<Figures> {
  return page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const resources = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((r) => ({
      url: r.name,
      type: r.initiatorType,
      transfer: r.transferSize,
      decoded: r.decodedBodySize,
      end: r.responseEnd,
    }));
    return { html: { transfer: nav.transferSize, decoded: nav.decodedBodySize }, resources, loadEventEnd: nav.loadEventEnd };
  });
}

/** The warehouse's query log, or null when the server has no test routes. */
async function queryLog(method: "GET" | "DELETE"): Promise<{ key: string; count: number }[] | null> {
  try {
    const response = await fetch(`${BASE}/api/test/queries`, { method });
    if (!response.ok) return null;
    return method === "GET" ? ((await response.json()) as { queries: { key: string; count: number }[] }).queries : [];
  } catch {
    return null;
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (items: readonly Transfer[], key: "transfer" | "decoded") => items.reduce((s, r) => s + r[key], 0);

async function measure(page: Page, path: string): Promise<void> {
  const logged = (await queryLog("DELETE")) !== null;
  const url = `${BASE}${path}${path.includes("?") ? "&" : "?"}bench=${Date.now()}`;
  const response = await page.goto(url, { waitUntil: "load" });
  if (!response?.ok()) throw new Error(`${url}: ${response?.status()}`);
  await scrollToBottom(page);
  const f = await figures(page);
  const views = f.resources.filter((r) => new URL(r.url).pathname === "/api/view");
  const scripts = f.resources.filter((r) => r.type === "script" && r.end <= f.loadEventEnd);
  const total = f.html.transfer + sum(f.resources, "transfer");
  console.log(`${path}`);
  console.log(`  HTML                 ${kb(f.html.transfer).padStart(10)} over the wire, ${kb(f.html.decoded)} decoded`);
  console.log(`  /api/view            ${String(views.length).padStart(4)} calls (${new Set(views.map((v) => v.url)).size} distinct), ${kb(sum(views, "transfer"))} over the wire, ${kb(sum(views, "decoded"))} decoded`);
  console.log(`  first-load JS        ${kb(sum(scripts, "transfer")).padStart(10)} over the wire, ${kb(sum(scripts, "decoded"))} decoded (${scripts.length} scripts)`);
  console.log(`  everything           ${kb(total).padStart(10)} over the wire (${f.resources.length + 1} responses)`);
  if (logged) {
    const queries = (await queryLog("GET")) ?? [];
    const asked = queries.reduce((s, q) => s + q.count, 0);
    const repeated = queries.filter((q) => q.count > 1);
    console.log(`  warehouse queries    ${String(asked).padStart(4)} asked, ${queries.length} distinct, ${repeated.length} asked more than once`);
    for (const q of repeated) console.log(`    ${q.count}× ${q.key.slice(0, 160)}`);
  } else {
    console.log(`  warehouse queries    (no /api/test/queries: start the server with ENABLE_TEST_ROUTES=1 to count them)`);
  }
}

/** BASE when given or answering; else a server started here, with the query log on. */
async function server(): Promise<BenchServer> {
  const given = { base: BASE, pid: null, stop: () => {} };
  if (process.env.BASE) return given;
  try {
    if ((await fetch(`${BASE}/en`)).ok) return given;
  } catch {
    // nothing at the default address
  }
  process.env.ENABLE_TEST_ROUTES ||= "1";
  const started = await benchServer("3195");
  BASE = started.base;
  return started;
}

async function main() {
  const running = await server();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    console.log(`profile page views at ${BASE} (a new URL each, scrolled to the bottom)`);
    for (const path of PROFILES) {
      // A fresh context each: no browser cache, no cookies but the consent choice (optional cookies refused).
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name: "ots-consent", value: "f0t0", url: BASE }]);
      await context.addInitScript(() => performance.setResourceTimingBufferSize(5000));
      const page = await context.newPage();
      try {
        await measure(page, path);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    running.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
