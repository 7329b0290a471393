import AxeBuilder from "@axe-core/playwright";
import { formatUsd } from "../../src/domain/format";
import { signedInUser, userCli } from "./support/accounts";
import { expect, test, type APIRequestContext, type Page } from "./support/test";
import { loadEveryChart } from "./support/charts";

/** The warehouse's figure through the public data API. */
async function apiValue(request: APIRequestContext, query: string): Promise<number> {
  const body = await (await request.get(`/api/data?${query}`)).json();
  return body.data.reduce((sum: number, row: Record<string, number>) => sum + Number(row["Trade Value"] ?? 0), 0);
}

/** The dataset and year the catalogue names for a question (newest year by default). */
async function catalogAnswer(request: APIRequestContext, question: string): Promise<{ cube: string; year: number }> {
  return (await (await request.get(`/api/catalog?${question}`)).json()).answer.chosen;
}

/** Compact US dollars as the site writes them ("$82.9B", "8,9 mil M US$", "US$829亿"): its one formatter. */
function money(value: number, locale: string): string {
  return formatUsd(value, locale as "en" | "es" | "zh", { compact: true });
}

async function visit(page: Page, path: string) {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.getByTestId("profile-title")).toBeVisible();
  // Charts load as they near the screen: the checks below read every one.
  await loadEveryChart(page);
  return errors;
}

/** Series of the drawn ECharts chart inside a locator: name and value per x-axis label. */
async function chartSeries(page: Page, scope: string): Promise<Record<string, Record<string, number | null>>> {
  await page.locator(scope).scrollIntoViewIfNeeded();
  await expect(page.locator(`${scope} [data-testid="chart"][data-chart-ready="true"]`).first()).toBeVisible({ timeout: 15_000 });
  const chart = page.locator(`${scope} [data-testid="chart"] [role="img"]`).first();
  return chart.evaluate((el) => {
    const option = (el as HTMLElement & { otsChart?: { getOption(): { xAxis: { data: string[] }[]; series: { name: string; data: (number | null)[] }[] } } }).otsChart!.getOption();
    const years = option.xAxis[0].data;
    return Object.fromEntries(option.series.map((s) => [s.name, Object.fromEntries(years.map((y, i) => [y, s.data[i]]))]));
  });
}

const stat = (page: Page, id: string) => page.getByTestId(id).locator("[data-stat-value]");

test.describe("profiles show the warehouse's numbers", () => {
  test("country: Chile", async ({ page, request }, testInfo) => {
    const errors = await visit(page, "/en/profile/country/chl");
    const exports = await apiValue(request, "cube=trade_i_ots_a_sections&drilldowns=Year&cut=Exporter%20Country=chl&time=2018");
    const imports = await apiValue(request, "cube=trade_i_ots_a_sections&drilldowns=Year&cut=Importer%20Country=chl&time=2018");
    await expect(stat(page, "stat-exports")).toHaveText(money(exports, "en"));
    await expect(stat(page, "stat-imports")).toHaveText(money(imports, "en"));
    await expect(stat(page, "stat-balance")).toHaveText(money(exports - imports, "en"));
    await expect(page.getByTestId("stat-top-export")).toContainText("Copper Ore");
    await expect(page.getByTestId("stat-top-destination")).toContainText("China");
    // Every section says its source and year and shows the query behind it.
    for (const id of ["exports-by-product", "exports-by-section", "destinations", "origins", "trade-balance", "basket", "complexity", "services"]) {
      const section = page.locator(`[data-section="${id}"]`);
      await expect(section.getByTestId("section-source"), id).toContainText(/\d{4}/);
      // Once: a chart inside a section does not repeat the source line.
      await expect(section.getByTestId("section-source"), id).toHaveCount(1);
      await expect(section.getByTestId("chart-source"), id).toHaveCount(0);
      // The query: in the source line, or one click away behind the chart's "Data and API" button.
      if ((await section.getByTestId("api-query").count()) === 0) await section.getByTestId("api-disclosure").first().click();
      await expect(section.locator('[data-testid="api-query"], [data-testid="api-query-link"]').first(), id).toHaveAttribute("href", /^\/api\/data\?cube=/);
    }
    // Charts: a treemap of products, maps of partners, the product space; each downloads as PNG, SVG and CSV.
    for (const [id, chart] of [["exports-by-product", "tree_map"], ["destinations", "geomap"], ["origins", "geomap"], ["basket", "stacked"], ["complexity", "network"]]) {
      await expect(page.locator(`[data-section="${id}"] [data-testid="profile-chart"]`).first(), id).toHaveAttribute("data-chart", chart);
    }
    await expect(page.locator('[data-section="exports-by-product"] canvas').first()).toBeVisible({ timeout: 15_000 });
    const csv = await request.get((await page.locator('[data-section="services"]').getByTestId("csv-download").getAttribute("href"))!);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    // Economic complexity: the ECI rank in the hero equals the stored ranking of the hero's one year
    // (issue 34: every card names the sentence's year), and opportunities are listed.
    const year = Number(await page.getByTestId("overview-text").getAttribute("data-year"));
    const eci = await (await request.get(`/api/data?cube=complexity_eci_a_hs92_hs4&drilldowns=Country&measures=ECI%20Rank&cut=Country=chl&time=${year}`)).json();
    await expect(stat(page, "stat-eci-rank")).toHaveText(new RegExp(`^${eci.data[0]["ECI Rank"]} of \\d+$`));
    await expect(page.getByTestId("stat-eci-rank")).toContainText(String(year));
    await expect(page.getByTestId("opportunities").locator("tbody tr")).toHaveCount(10);
    expect(errors).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath("chile-en.png"), fullPage: true });
  });

  test("country in Chinese and Spanish number formats", async ({ page, request, context, baseURL }, testInfo) => {
    await context.addCookies([{ name: "ots-color-scheme", value: "dark", url: baseURL! }]);
    const exports = await apiValue(request, "cube=trade_i_ots_a_sections&drilldowns=Year&cut=Exporter%20Country=deu&time=2018");
    await visit(page, "/zh/profile/country/deu");
    await expect(stat(page, "stat-exports")).toHaveText(money(exports, "zh"));
    await expect(stat(page, "stat-exports")).toContainText("亿");
    await page.screenshot({ path: testInfo.outputPath("germany-zh-dark.png") });
    await visit(page, "/es/profile/country/deu");
    await expect(stat(page, "stat-exports")).toHaveText(money(exports, "es"));
    // Service categories in the page language, not the package's English (Germany reports none; Chile does).
    await visit(page, "/zh/profile/country/chl");
    const services = page.locator('[data-section="services"]');
    await expect(services).toContainText("服务");
    await expect(services).not.toContainText(/services|Transportation|Travel/);
    await visit(page, "/es/profile/country/chl");
    await expect(page.locator('[data-section="services"]')).toContainText("Servicios");
    await expect(page.locator('[data-section="services"]')).not.toContainText(/Other business services|Transportation|Travel\b/);
  });

  test("world", async ({ page, request }) => {
    const errors = await visit(page, "/en/profile/world/wld");
    const world = await apiValue(request, "cube=trade_i_ots_a_sections&drilldowns=Year&time=2018");
    await expect(stat(page, "stat-world")).toHaveText(money(world, "en"));
    // World trade over time is drawn, not only tabled; its 2018 point is the stated world total.
    const series = await chartSeries(page, '[data-section="over-time"]');
    expect(Object.values(series)[0]["2018"]).toBeCloseTo(world, -3);
    await visit(page, "/es/profile/hs/section-5");
    await expect(page.locator('[data-section="over-time"] [data-testid="product-history"] [data-testid="chart"]').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("trade over time draws exports and imports, for a country and for a pair", async ({ page, request }) => {
    await visit(page, "/en/profile/country/chl");
    const chile = await chartSeries(page, '[data-section="trade-balance"]');
    expect(Object.keys(chile)).toEqual(["Exports", "Imports"]);
    const exports2010 = await apiValue(request, "cube=trade_i_ots_a_sections&drilldowns=Year&cut=Exporter%20Country=chl&time=2010");
    const imports2010 = await apiValue(request, "cube=trade_i_ots_a_sections&drilldowns=Year&cut=Importer%20Country=chl&time=2010");
    expect(imports2010).toBeLessThan(exports2010);
    expect(chile.Exports["2010"]).toBeCloseTo(exports2010, -3);
    expect(chile.Imports["2010"]).toBeCloseTo(imports2010, -3);

    await visit(page, "/en/profile/bilateral-country/deu/partner/fra");
    const pair = await chartSeries(page, '[data-section="over-time"]');
    expect(Object.keys(pair)).toEqual(["Exports", "Imports", "Trade balance"]);
    for (const year of ["2010", "2018"]) {
      const out = await apiValue(request, `cube=trade_i_ots_a_sections&drilldowns=Year&cut=Exporter%20Country=deu&cut=Importer%20Country=fra&time=${year}`);
      const back = await apiValue(request, `cube=trade_i_ots_a_sections&drilldowns=Year&cut=Exporter%20Country=fra&cut=Importer%20Country=deu&time=${year}`);
      expect(pair.Exports[year], year).toBeCloseTo(out, -3);
      expect(pair.Imports[year], year).toBeCloseTo(back, -3);
    }
    // Germany's imports from France are $94.65B in 2010 and $94.72B in 2018 in the data: close, not the same query twice.
    expect(pair.Imports["2010"]).not.toBe(pair.Imports["2018"]);
  });

  test("product: copper ore and a section", async ({ page, request }) => {
    const errors = await visit(page, "/en/profile/hs/2603");
    const newest = await catalogAnswer(request, "depth=hs4&flow=export");
    const world = await apiValue(request, `cube=${newest.cube}&drilldowns=HS4&cut=HS4=2603&cut=Trade%20Flow=2&time=${newest.year}`);
    await expect(stat(page, "stat-world-exports")).toHaveText(money(world, "en"));
    await expect(page.getByTestId("stat-top-exporter")).toContainText("Chile");
    const ranked = (await (await request.get("/api/catalog")).json()).datasets.find((d: { dataset: string }) => d.dataset === "complexity_hs92_hs4").years.at(-1).year;
    const pci = await (await request.get(`/api/data?cube=complexity_pci_a_hs92_hs4&drilldowns=HS4&measures=PCI%20Rank&cut=HS4=2603&time=${ranked}`)).json();
    if (pci.data.length) await expect(stat(page, "stat-pci-rank")).toHaveText(new RegExp(`^${pci.data[0]["PCI Rank"]} of [\\d,]+$`));
    await expect(page.getByTestId("product-neighbours")).toBeVisible();
    await expect(page.locator('[data-section="map"] [data-testid="profile-chart"]')).toHaveAttribute("data-chart", "geomap");
    await visit(page, "/es/profile/hs/section-5");
    const minerals = await apiValue(request, "cube=trade_i_ots_a_sections&drilldowns=Section&cut=Section=5&time=2018");
    await expect(stat(page, "stat-world-exports")).toHaveText(money(minerals, "es"));
    expect(errors).toEqual([]);
  });

  test("bilateral country: Germany and France", async ({ page, request }) => {
    const errors = await visit(page, "/en/profile/bilateral-country/deu/partner/fra");
    const out = await apiValue(request, "cube=trade_i_ots_a_sections&drilldowns=Year&cut=Exporter%20Country=deu&cut=Importer%20Country=fra&time=2018");
    const back = await apiValue(request, "cube=trade_i_ots_a_sections&drilldowns=Year&cut=Exporter%20Country=fra&cut=Importer%20Country=deu&time=2018");
    await expect(stat(page, "stat-exports")).toHaveText(money(out, "en"));
    await expect(stat(page, "stat-imports")).toHaveText(money(back, "en"));
    expect(errors).toEqual([]);
  });

  test("product in country: Chile's copper ore", async ({ page, request }) => {
    const errors = await visit(page, "/en/profile/bilateral-product/2603/reporter/chl");
    const newest = await catalogAnswer(request, "depth=hs4&flow=export");
    const value = await apiValue(request, `cube=${newest.cube}&drilldowns=Country&cut=HS4=2603&cut=Country=chl&cut=Trade%20Flow=2&time=${newest.year}`);
    await expect(stat(page, "stat-exports")).toHaveText(money(value, "en"));
    await expect(stat(page, "stat-rank")).toHaveText(/^1 \/ \d+$/);
    expect(errors).toEqual([]);
  });

  test("Spanish province and international organization", async ({ page, request }) => {
    // Subnational profiles are a PRO feature (tests/e2e/pro-gate.spec.ts checks the preview).
    userCli("set-role", await signedInUser(page.request, "province"), "1");
    const errors = await visit(page, "/es/profile/subnational_esp/28");
    const madrid = await apiValue(request, "cube=trade_s_esp_a_hs&drilldowns=Province&cut=Province=28");
    await expect(stat(page, "stat-exports")).toHaveText(money(madrid, "es"));
    // Source lines name the source in words, never a cube or table name.
    for (const line of await page.getByTestId("section-source").allInnerTexts()) {
      expect(line).toContain("OEC");
      expect(line).not.toMatch(/trade_s_esp|datahub|_/);
    }
    // A chart, not only bar lists: the sections as a treemap whose largest tile is the bar list's first.
    const treemap = page.getByTestId("province-treemap").locator('[data-testid="chart"]');
    await expect(treemap).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
    await expect(treemap).toHaveAttribute("data-chart-type", "treemap");
    const largest = await treemap.locator('[role="img"]').evaluate((el) => {
      const chart = (el as HTMLElement & { otsChart?: { getOption(): { series: { data: { name: string; value: number }[] }[] } } }).otsChart!;
      return [...chart.getOption().series[0].data].sort((a, b) => b.value - a.value)[0].name;
    });
    await expect(page.getByTestId("province-sections").locator("a").first()).toHaveText(largest);
    await visit(page, "/en/profile/international_organization/mercosur");
    const mercosur = await apiValue(request, "cube=trade_i_ots_a_sections&drilldowns=Year&cut=Exporter%20Country=arg,bra,pry,ury,bol&time=2018");
    await expect(stat(page, "stat-exports")).toHaveText(money(mercosur, "en"));
    expect(errors).toEqual([]);
  });
});

test.describe("profile URLs", () => {
  test("names, codes and section-prefixed ids redirect permanently to the canonical form", async ({ request }) => {
    for (const [from, to] of [
      ["/en/profile/country/CHL", "/en/profile/country/chl"],
      ["/en/profile/country/chile", "/en/profile/country/chl"],
      ["/es/profile/country/Alemania", "/es/profile/country/deu"],
      ["/en/profile/hs/52603", "/en/profile/hs/2603"],
      ["/en/profile/bilateral-country/germany/partner/FRA", "/en/profile/bilateral-country/deu/partner/fra"],
      ["/en/profile/subnational_esp/madrid", "/en/profile/subnational_esp/28"],
    ]) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(308);
      expect(new URL(response.headers().location, "http://x").pathname, from).toBe(to);
    }
    // A shared link's year survives the canonical redirect.
    const withYear = await request.get("/en/profile/country/CHL?year=2010&productYear=2017", { maxRedirects: 0 });
    expect(withYear.status()).toBe(308);
    expect(withYear.headers().location).toMatch(/\/en\/profile\/country\/chl\?year=2010&productYear=2017$/);
  });

  test("an unknown member gets the 404 page with a search box", async ({ page }) => {
    const response = await page.goto("/en/profile/country/zzz");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "No such profile" })).toBeVisible();
    await expect(page.getByTestId("search-input")).toBeVisible();
    expect((await page.request.get("/en/profile/hs/99999999")).status()).toBe(404);
    expect((await page.request.get("/en/profile/bilateral-country/deu/partner/deu")).status()).toBe(404);
  });

  test("the section year selector keeps the year in the URL", async ({ page }) => {
    await page.goto("/en/profile/country/deu");
    await page.getByTestId("year-select-year").selectOption("1995");
    await page.waitForURL(/\?year=1995#exports-by-section$/);
    await expect(page.locator('[data-section="exports-by-section"] [data-testid="section-source"]')).toContainText("1995");
  });

  test("sections have shareable anchors", async ({ page }) => {
    await page.goto("/en/profile/country/chl#destinations");
    await expect(page.locator("#destinations")).toBeInViewport();
    await expect(page.locator("#destinations h2 a")).toHaveAttribute("href", "#destinations");
  });

  test("without an HS6 dataset, the country and bilateral profiles say six-digit detail is not loaded", async ({ page }) => {
    await page.goto("/en/profile/country/chl");
    await expect(page.locator('[data-section="exports-by-product"]').getByTestId("product-depth")).toHaveText(/not available on this site/);
    await page.goto("/es/profile/bilateral-country/chl/partner/arg");
    await expect(page.locator('[data-section="products"]').getByTestId("product-depth")).toContainText("CEPII BACI");
  });

  test("a profile chart keeps its API queries behind a Data and API button", async ({ page }) => {
    await page.goto("/en/profile/country/chl");
    const section = page.locator('[data-section="exports-by-product"]');
    await expect(section.locator('[data-testid="chart"][data-chart-ready="true"]')).toBeVisible({ timeout: 30_000 });
    await expect(section.getByTestId("api-query-link")).toHaveCount(0);
    const button = section.getByTestId("api-disclosure");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(section.getByTestId("api-query-link").first()).toHaveAttribute("href", /^\/api\/data\?cube=/);
  });

  test("a sticky section menu links every section, lands titles below it and marks the one being read", async ({ page, request }) => {
    // In the server HTML: one link per section, in page order.
    const html = await (await request.get("/en/profile/country/chl")).text();
    const ids = [...html.matchAll(/data-section="([a-z-]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(5);
    for (const id of ids) expect(html).toContain(`href="#${id}"`);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/en/profile/country/chl");
    // Every chart in place first, so nothing above the target changes height after the jump.
    await loadEveryChart(page);
    const nav = page.getByTestId("section-nav");
    await nav.getByRole("link", { name: "Export destinations" }).click();
    await expect(page).toHaveURL(/#destinations$/);
    // The title is below the site header and the menu, not under them.
    await expect.poll(async () => {
      const title = await page.locator("#destinations h2").boundingBox();
      const menu = await nav.boundingBox();
      return title && menu ? title.y - (menu.y + menu.height) : -1;
    }).toBeGreaterThan(0);
    await expect(nav).toBeInViewport();
    await expect(nav.locator('a[aria-current="location"]')).toHaveAttribute("href", "#destinations");
  });
});

test.describe("one view service", () => {
  for (const path of ["/en/profile/country/chl", "/es/profile/hs/2603", "/en/profile/bilateral-country/deu/partner/fra"]) {
    test(`rendering ${path} asks the warehouse for each query once`, async ({ playwright, baseURL }) => {
      // Its own client, no browser: only the server render's queries are counted (the charts'
      // rows, fetched later by the browser, are not part of it).
      const client = await playwright.request.newContext({ baseURL });
      // Warm-up first: what the server loads once for every page (members, the search index,
      // whole-world tables) is not this render's work.
      expect((await client.get(`${path}?warm=${Date.now()}`)).status()).toBe(200);
      expect((await client.get("/api/cms/search/reports?query=chile")).status()).toBe(200);
      expect((await client.delete("/api/test/queries")).status()).toBe(204);
      // A URL new to the page cache, so the page is rendered now.
      const page = await client.get(`${path}?render=${Date.now()}`);
      expect(page.status()).toBe(200);
      const { queries } = (await (await client.get("/api/test/queries")).json()) as { queries: { key: string; count: number }[] };
      expect(queries.length, "the render asked the warehouse something").toBeGreaterThan(2);
      expect(queries.filter((q) => q.count > 1).map((q) => `${q.count}× ${q.key}`)).toEqual([]);
      await client.dispose();
    });
  }
});

test("a profile chart whose rows fail to arrive says so, and draws after a retry", async ({ page }) => {
  await page.route("**/api/view**", (route) => route.abort());
  await page.goto("/en/profile/country/chl");
  const first = page.locator('[data-testid="profile-chart"]').first();
  await expect(first.getByTestId("profile-chart-failed")).toContainText("The chart's data could not be loaded.");
  await page.unroute("**/api/view**");
  await first.getByRole("button", { name: "Try again" }).click();
  await expect(first.locator('[data-testid="chart"][data-chart-ready="true"]')).toBeVisible({ timeout: 30_000 });
});

test("profiles have no serious or critical accessibility violations, in both schemes", async ({ page, context, baseURL }) => {
  userCli("set-role", await signedInUser(page.request, "a11y"), "1");
  for (const [path, scheme] of [
    ["/en/profile/country/chl", "light"],
    ["/es/profile/country/chl", "dark"],
    ["/zh/profile/subnational_esp/28", "dark"],
    ["/en/profile/hs/2603", "light"],
  ]) {
    await context.addCookies([{ name: "ots-color-scheme", value: scheme, url: baseURL! }]);
    await page.goto(path);
    await expect(page.locator('[data-testid="chart"][data-chart-ready="true"]').first()).toBeVisible({ timeout: 30_000 });
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${path} (${scheme}): ${v.id}: ${v.nodes.slice(0, 5).map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
});
