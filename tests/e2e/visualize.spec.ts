import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { yearsLabel } from "../../src/domain/format/years";
import { expect, isHydrated, test, type Page } from "./support/test";

type Point = { x: number; y: number };

interface ChartCase {
  chart: string;
  path: string;
  /** Where to hover, in page coordinates, once the chart is drawn. */
  target: (page: Page) => Promise<Point[]>;
  /** Text the tooltip must contain besides a dollar amount. */
  tooltip: RegExp;
}

/** Points inside the chart's canvas, as fractions of its box. */
function inBox(...fractions: [number, number][]) {
  return async (page: Page): Promise<Point[]> => {
    const box = (await page.locator('[data-testid="chart"] canvas').first().boundingBox())!;
    return fractions.map(([fx, fy]) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy }));
  };
}

/** The pixel of a data value, asked from the ECharts instance the chart keeps on its element. */
function atValue(value: unknown) {
  return async (page: Page): Promise<Point[]> => {
    const canvas = page.locator('[data-testid="chart"] [role="img"]');
    const box = (await canvas.boundingBox())!;
    const pixel = await canvas.evaluate((el, v) => {
      const chart = (el as HTMLElement & { otsChart?: { convertToPixel(finder: object, value: unknown): number[] } }).otsChart!;
      return chart.convertToPixel({ seriesIndex: 0 }, v);
    }, value);
    return [{ x: box.x + pixel[0], y: box.y + pixel[1] }];
  };
}

/** The pixel of the largest node of the product space (its layout position, converted). */
async function largestNode(page: Page): Promise<Point[]> {
  const canvas = page.locator('[data-testid="chart"] [role="img"]');
  const box = (await canvas.boundingBox())!;
  const pixels = await canvas.evaluate((el) => {
    type Node = { x: number; y: number; symbolSize: number };
    const chart = (el as HTMLElement & {
      otsChart?: { getOption(): { series: { data: Node[] }[] }; convertToPixel(finder: object, value: unknown): number[] };
    }).otsChart!;
    const nodes = [...chart.getOption().series[0].data].sort((a, b) => b.symbolSize - a.symbolSize).slice(0, 3);
    return nodes.map((n) => chart.convertToPixel({ seriesIndex: 0 }, [n.x, n.y]));
  });
  return pixels.map((p) => ({ x: box.x + p[0], y: box.y + p[1] }));
}

const CASES: ChartCase[] = [
  { chart: "tree_map", path: "/en/visualize/tree_map/hs92/export/chl/all/show/2018", target: inBox([0.2, 0.25], [0.2, 0.75], [0.5, 0.5]), tooltip: /%/ },
  { chart: "stacked", path: "/en/visualize/stacked/hs92/export/chl/all/show/1995-2018", target: inBox([0.8, 0.7], [0.6, 0.8]), tooltip: /Total/ },
  { chart: "line", path: "/en/visualize/line/hs92/export/chl/all/all/1995-2018", target: inBox([0.7, 0.5], [0.5, 0.5]), tooltip: /Growth/ },
  { chart: "scatter", path: "/en/visualize/scatter/hs92/export/show/all/all/2018", target: atValue([9905.41, 3216750702803]), tooltip: /GDP per capita/ },
  { chart: "network", path: "/en/visualize/network/hs92/export/chl/all/show/2018", target: largestNode, tooltip: /RCA/ },
  { chart: "geomap", path: "/en/visualize/geomap/hs92/export/chl/show/all/2018", target: atValue([104, 35]), tooltip: /China/ },
];

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

async function chartReady(page: Page) {
  await expect(page.locator('[data-testid="chart"][data-chart-ready="true"]')).toBeVisible({ timeout: 30_000 });
}

test.describe("visualize: every chart type", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const c of CASES) {
    test(`${c.chart}: renders, shows formatted tooltips, downloads PNG, SVG and CSV`, async ({ page }) => {
      const errors = watchErrors(page);
      const response = await page.goto(c.path);
      expect(response?.status()).toBe(200);
      await chartReady(page);
      await expect(page.locator('[data-testid="chart"] canvas')).not.toHaveCount(0);

      const tooltip = page.locator(".ots-chart-tooltip");
      let shown = false;
      for (const point of await c.target(page)) {
        await page.mouse.move(point.x, point.y, { steps: 3 });
        try {
          await expect(tooltip).toBeVisible({ timeout: 2_000 });
          shown = true;
          break;
        } catch {
          // try the next point
        }
      }
      expect(shown, "a tooltip appears on hover").toBe(true);
      await expect(tooltip).toContainText(/\$\d/);
      await expect(tooltip).toContainText(c.tooltip);

      for (const format of ["png", "svg", "csv"] as const) {
        await page.getByTestId("download-button").click();
        const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(`download-${format}`).click()]);
        expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${format}$`));
        const file = readFileSync((await download.path())!);
        expect(file.length, `${format} size`).toBeGreaterThan(format === "csv" ? 30 : 1_000);
        if (format === "png") expect(file.subarray(1, 4).toString()).toBe("PNG");
        if (format === "svg") expect(file.toString("utf8")).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
        if (format === "csv") expect(file.toString("utf8").replace(/^\ufeff/, "").split("\r\n")[0]).toContain("Trade value");
      }
      expect(errors).toEqual([]);
    });
  }

  test("the data table shows the chart's rows with formatted values", async ({ page }) => {
    await page.goto(CASES[0].path);
    await chartReady(page);
    await page.getByTestId("tab-table").click();
    const table = page.getByTestId("data-table");
    await expect(table).toBeVisible();
    await expect(table.locator("tbody tr").first()).toContainText("Copper Ore");
    await expect(table.locator("tbody tr").first()).toContainText(/\$\d{1,3}(,\d{3})+/);
    await expect(table.locator("tbody tr")).toHaveCount(25);
  });

  test("share offers the link and an embed code; the API query is linked", async ({ page }) => {
    await page.goto(CASES[0].path);
    await chartReady(page);
    await page.getByTestId("share-button").click();
    await expect(page.getByTestId("share-url")).toHaveValue(/\/en\/visualize\/tree_map\/hs92\/export\/chl\/all\/show\/2018$/);
    await expect(page.getByTestId("embed-code")).toHaveValue(/<iframe src="http[^"]+\/en\/visualize\/embed\/tree_map\/hs92\/export\/chl\/all\/show\/2018"/);
    await page.keyboard.press("Escape");
    // The builder (unlike a profile section) states the cube's source under the chart.
    await expect(page.getByTestId("chart-source")).toHaveCount(1);
    await expect(page.getByTestId("chart-source")).toHaveText("Source: Open Trade Statistics (CC BY-NC 4.0), based on UN Comtrade");
    const api = page.getByTestId("api-query-link").first();
    const href = (await api.getAttribute("href"))!;
    expect(href).toMatch(/^\/api\/data\?cube=trade_i_ots_a_hs4/);
    const answer = await page.request.get(href);
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { data: unknown[] }).data.length).toBeGreaterThan(1000);
  });
});

test("a map re-lays itself out when a resize crosses the phone breakpoint, and back", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(CASES.find((c) => c.chart === "geomap")!.path);
  await chartReady(page);
  const layoutSize = () =>
    page.locator('[data-testid="chart"] [role="img"]').evaluate((el) => {
      const chart = (el as HTMLElement & { otsChart?: { getOption(): { series: { layoutSize?: string }[] } } }).otsChart!;
      return chart.getOption().series[0].layoutSize ?? null;
    });
  expect(await layoutSize()).toBeNull();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(layoutSize).toBe("96%");
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(layoutSize).toBeNull();
});

test.describe("visualize: URLs, controls and explanations", () => {
  test("menu links open a default view", async ({ page }) => {
    for (const chart of ["tree_map", "stacked", "scatter", "network", "geomap"]) {
      const response = await page.goto(`/en/visualize/${chart}`);
      expect(response?.status(), chart).toBe(200);
      expect(new URL(page.url()).pathname, chart).toMatch(new RegExp(`^/en/visualize/${chart}/hs92/export/`));
    }
  });

  test("the spec's link form and aliases redirect to the canonical URL", async ({ page }) => {
    await page.goto("/visualize/tree_map/export/chl/all/show/2018/?locale=es");
    expect(new URL(page.url()).pathname).toBe("/es/visualize/tree_map/hs92/export/chl/all/show/2018");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¿Qué exporta Chile?");
    await page.goto("/zh/visualize/treemap/hs92/exports/CHL/all/show/2018");
    expect(new URL(page.url()).pathname).toBe("/zh/visualize/tree_map/hs92/export/chl/all/show/2018");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("智利出口什么？");
    const missing = await page.goto("/en/visualize/tree_map/hs92/export/zzz/all/show/2018");
    expect(missing?.status()).toBe(404);
  });

  test("the control panel updates the URL", async ({ page }) => {
    await page.goto(CASES[0].path);
    await chartReady(page);
    await page.getByTestId("control-flow").getByText("Imports").click();
    await page.waitForURL("**/en/visualize/tree_map/hs92/import/chl/all/show/2018");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What does Chile import?");
    await page.getByTestId("control-show").getByText("Partners").click();
    await page.waitForURL("**/en/visualize/tree_map/hs92/import/chl/show/all/2018");
    await page.getByTestId("control-chart").click();
    await page.getByRole("option", { name: "Map", exact: true }).click();
    await page.waitForURL("**/en/visualize/geomap/hs92/import/chl/show/all/2018");
    await chartReady(page);
  });

  test("the control panel comes alive when reached for, and the chart's menus load when a button is (issue 37)", async ({ page }) => {
    const live = (testId: string) => isHydrated(page.getByTestId(testId).first());
    await page.goto(CASES[0].path);
    await chartReady(page);
    // The chart drew (its component is live); the panel is the server's HTML, shown as it is.
    await expect(page.getByTestId("control-country")).toBeVisible();
    await expect(page.getByTestId("control-country")).toHaveValue("Chile");
    await page.waitForTimeout(1500);
    expect(await live("control-country")).toBe(false);
    // The toolbar's buttons are there, their menus' code is not asked for until a visitor reaches for them.
    await expect(page.getByTestId("chart-actions")).toHaveAttribute("data-menus", "pending");
    // Keyboard: focus alone hydrates the panel, and the select then answers its keys.
    await page.getByTestId("control-country").focus();
    await expect.poll(() => live("control-country")).toBe(true);
    await page.keyboard.press("ArrowDown");
    await expect(page.getByTestId("control-country")).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await page.getByTestId("download-button").hover();
    await expect(page.getByTestId("chart-actions")).toHaveAttribute("data-menus", "ready");
    await page.getByTestId("download-button").click();
    await expect(page.getByTestId("download-png")).toBeVisible();
  });

  test("a first click on a control panel that was never hovered is not lost", async ({ page }) => {
    await page.goto(CASES[0].path);
    await chartReady(page);
    // A click event alone (no pointer moving there first, as from assistive technology).
    await page.getByTestId("control-flow").getByText("Imports").dispatchEvent("click");
    await page.waitForURL("**/en/visualize/tree_map/hs92/import/chl/all/show/2018");
  });

  test.describe("on a touch screen", () => {
    test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

    test("a first tap on the server's control panel does what it says", async ({ page }) => {
      await page.goto(CASES[0].path);
      await chartReady(page);
      expect(await isHydrated(page.getByTestId("control-country"))).toBe(false);
      await page.getByTestId("control-flow").getByText("Imports").tap();
      await page.waitForURL("**/en/visualize/tree_map/hs92/import/chl/all/show/2018");
      await page.getByTestId("control-country").tap();
      await expect(page.getByTestId("control-country")).toHaveAttribute("aria-expanded", "true");
    });
  });

  test("a client navigation to another view, the panel never touched, shows that view's choices", async ({ page }) => {
    await page.goto(CASES[0].path);
    await chartReady(page);
    await expect(page.getByTestId("control-country")).toHaveValue("Chile");
    // As a link inside the app would (the panel still the server's HTML, not hydrated).
    await page.evaluate(() => (window as unknown as { next: { router: { push(href: string): void } } }).next.router.push("/en/visualize/tree_map/hs92/export/per/all/show/2018"));
    await page.waitForURL("**/en/visualize/tree_map/hs92/export/per/all/show/2018");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What does Peru export?");
    await expect(page.getByTestId("control-country")).toHaveValue("Peru");
    await page.getByTestId("control-flow").getByText("Imports").click();
    await page.waitForURL("**/en/visualize/tree_map/hs92/import/per/all/show/2018");
  });

  test("a first tap on the control panel is not lost", async ({ page }) => {
    await page.goto(CASES[0].path);
    await chartReady(page);
    await page.getByTestId("control-country").click();
    await expect(page.getByTestId("control-country")).toHaveAttribute("aria-expanded", "true");
    await page.getByTestId("control-country").fill("Peru");
    await page.getByRole("option", { name: "Peru", exact: true }).click();
    await page.waitForURL("**/en/visualize/tree_map/hs92/export/per/all/show/2018");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What does Peru export?");
    // After the navigation the panel is live at once (no second gate).
    await page.getByTestId("control-flow").getByText("Imports").click();
    await page.waitForURL("**/en/visualize/tree_map/hs92/import/per/all/show/2018");
  });

  test("the builder offers what the catalogue holds: revisions, depths and each flow's years", async ({ page, request }) => {
    type Year = { year: number; flows: string[] };
    type Dataset = { kind: string; depth: string; classification: string; partial: boolean; years: Year[] };
    const goods = ((await (await request.get("/api/catalog")).json()).datasets as Dataset[]).filter((d) => d.kind === "goods" && !d.partial);
    const revisions = new Set(goods.map((d) => d.classification));
    // A revision the warehouse lacks: said in words, with a link to the one it holds.
    const missing = ["hs22", "hs17", "hs12", "hs07"].find((r) => !revisions.has(r))!;
    await page.goto(`/en/visualize/tree_map/${missing}/export/chl/all/show/2018`);
    const problems = page.getByTestId("viz-problems");
    await expect(problems).toContainText(`holds no product data in ${missing.toUpperCase()}`);
    await page.getByTestId("problem-suggestion").click();
    await page.waitForURL(/\/en\/visualize\/tree_map\/hs\d\d\/export\/chl\/all\/show\/2018$/);
    await chartReady(page);
    // The depth control lists the depths the data has, HS6 only with six-digit data.
    const hs6 = goods.some((d) => d.depth === "hs6" && d.classification === "hs92");
    const depth = page.getByTestId("control-depth");
    await expect(depth.getByText("HS4", { exact: true })).toHaveCount(1);
    await expect(depth.getByText("HS6", { exact: true })).toHaveCount(hs6 ? 1 : 0);
    // HS4 imports: exactly the years whose HS4 data holds imports; another year is explained.
    const importYears = goods.filter((d) => d.depth === "hs4" && d.classification === "hs92").flatMap((d) => d.years.filter((y) => y.flows.includes("import")).map((y) => y.year));
    const exportOnly = goods.filter((d) => d.depth === "hs4" && d.classification === "hs92").flatMap((d) => d.years.filter((y) => !y.flows.includes("import")).map((y) => y.year));
    expect(importYears.length).toBeGreaterThan(0);
    if (exportOnly.length) {
      await page.goto(`/en/visualize/tree_map/hs92/import/chl/all/show/${exportOnly[0]}?depth=hs4`);
      await expect(problems).toContainText(`HS4 product detail exists only for ${yearsLabel(importYears)}.`);
    }
    if (!hs6) {
      await page.goto("/en/visualize/tree_map/hs92/export/chl/all/show/2018?depth=hs6");
      await expect(problems).toContainText("HS6 product detail is not available on this site for exports");
    }
  });

  test("combinations that make no sense are explained, with a view that works", async ({ page, request }) => {
    await page.goto("/en/visualize/stacked/hs92/export/chl/all/show/2010?depth=hs4");
    const problems = page.getByTestId("viz-problems");
    await expect(problems).toBeVisible();
    await expect(problems).toContainText("change over time");
    // The years with product detail, as the catalogue lists them (gaps shown, never a bare range).
    const catalogue = await (await request.get("/api/catalog")).json();
    const hs4Years = catalogue.datasets
      .filter((d: { kind: string; depth: string; classification: string; partial: boolean; scope?: string }) => d.kind === "goods" && d.depth === "hs4" && d.classification === "hs92" && !d.partial && d.scope !== "world")
      .flatMap((d: { years: { year: number }[] }) => d.years.map((y) => y.year));
    await expect(problems).toContainText(`exists only for ${yearsLabel(hs4Years)}.`);
    await expect(page.locator('[data-testid="chart"]')).toHaveCount(0);
    await page.getByTestId("problem-suggestion").click();
    await page.waitForURL(/\/en\/visualize\/stacked\/hs92\/export\/chl\/all\/show\/\d{4}-2010/);
    await chartReady(page);
    await page.goto("/en/visualize/scatter/hs92/export/chl/all/show/2018?x=relatedness");
    await expect(page.getByTestId("viz-problems")).toContainText("Relatedness is not available yet");
  });

  test("the source line and notes under a chart are in the page language", async ({ page }) => {
    await page.goto("/zh/visualize/tree_map/hs92/export/chl/all/show/2018");
    await chartReady(page);
    await expect(page.getByTestId("chart-source")).toHaveText("来源：Open Trade Statistics（CC BY-NC 4.0），基于UN Comtrade");
    await page.goto("/es/visualize/scatter/hs92/export/show/all/all/2018");
    await chartReady(page);
    for (const line of await page.getByTestId("chart-source").allInnerTexts()) {
      expect(line).toMatch(/^Fuente: /);
      expect(line).not.toMatch(/Trade data|computed|_/);
    }
  });

  test("the embed route works without the shell, also inside another site's iframe", async ({ page, baseURL }) => {
    const path = "/en/visualize/embed/tree_map/hs92/export/chl/all/show/2018";
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors *;");
    expect(response?.headers()["x-frame-options"]).toBeUndefined();
    await chartReady(page);
    await expect(page.locator("header")).toHaveCount(0);
    await expect(page.getByTestId("footer")).toHaveCount(0);
    await expect(page.getByTestId("control-panel")).toHaveCount(0);
    const full = await page.request.get(CASES[0].path);
    expect(full.headers()["x-frame-options"]).toBe("DENY");

    // Another origin (127.0.0.1 instead of localhost) frames the embed. The framing document is one
    // of the build's static files there (no page policy of ours), its content replaced.
    const other = new URL(baseURL!);
    other.hostname = other.hostname === "127.0.0.1" ? "localhost" : "127.0.0.1";
    const asset = /\/_next\/static\/[^"']+\.css/.exec(await (await page.request.get(path)).text())![0];
    await page.goto(`${other.origin}${asset}`);
    await page.setContent(`<iframe src="${baseURL}${path}" width="900" height="600"></iframe>`);
    const frame = page.frameLocator("iframe");
    await expect(frame.locator('[data-testid="chart"][data-chart-ready="true"]')).toBeVisible({ timeout: 30_000 });
  });
});

test.describe("visualize: speed", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a treemap of every HS4 product draws quickly after its data arrives (printed)", async ({ page }) => {
    await page.goto("/en/visualize/tree_map/hs92/export/all/all/show/2018");
    await chartReady(page);
    // Every product is in the chart: a tile of its own, or counted in its section's tile of smaller items.
    const [leaves, tiles] = await page.locator('[data-testid="chart"] [role="img"]').evaluate((el) => {
      type Node = { children?: Node[]; count?: number };
      const chart = (el as HTMLElement & { otsChart?: { getOption(): { series: { data: Node[] }[] } } }).otsChart!;
      const groups = chart.getOption().series[0].data;
      const members = groups.flatMap((g) => g.children ?? [g]);
      return [members.reduce((n, m) => n + (m.count ?? 1), 0), members.length];
    });
    const [option, setOption, draw] = await page.evaluate(() =>
      ["ots-chart-option", "ots-chart-setoption", "ots-chart-draw"].map((name) => {
        const entries = performance.getEntriesByName(name);
        return entries.length ? entries[entries.length - 1].duration : Number.NaN;
      }),
    );
    console.log(
      `[speed] treemap of ${leaves} HS4 products (${tiles} tiles) drawn in ${draw.toFixed(1)} ms after its data arrived (target < 200 ms; option built at ${option.toFixed(1)} ms, setOption returned at ${setOption.toFixed(1)} ms)`,
    );
    expect(leaves).toBeGreaterThan(1200);
    expect(Number.isFinite(draw)).toBe(true);
  });

  test("the default view's payload and first-load JavaScript (printed)", async ({ page, request }) => {
    const path = "/en/visualize/tree_map/hs92/export/chl/all/show/2018";
    const html = await (await request.get(path)).text();
    const documentGzip = gzipSync(html).length;
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]);
    let firstLoad = 0;
    for (const src of new Set(scripts)) firstLoad += gzipSync(await (await request.get(src)).body()).length;
    await page.goto(path);
    await chartReady(page);
    const loaded = await page.evaluate(() => performance.getEntriesByType("resource").filter((e) => e.name.endsWith(".js")).map((e) => e.name));
    let lazy = 0;
    for (const src of loaded.filter((src) => !scripts.some((s) => src.endsWith(s)))) lazy += gzipSync(await (await request.get(src)).body()).length;
    console.log(
      `[payload] default view document (HTML with the chart data): ${(html.length / 1024).toFixed(1)} KB raw, ${(documentGzip / 1024).toFixed(1)} KB gzipped (target < 100 KB); ` +
        `first-load JS ${(firstLoad / 1024).toFixed(1)} KB gzipped in ${new Set(scripts).size} files; ECharts and other lazy chunks ${(lazy / 1024).toFixed(1)} KB gzipped`,
    );
    expect(documentGzip).toBeLessThan(100 * 1024);
  });
});
