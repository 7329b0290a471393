import { formatNumber, formatPercent, formatUsd } from "../../src/domain/format";
import { expect, test, type APIRequestContext, type Page } from "./support/test";

// Issues 33 and 34: the world and product profiles as deep as the data. Every one-year section
// has a year choice kept in the URL (?year=), checked against the data API; importers missing in
// a year are said so, with the nearest year that has them; histories have a point per year the
// catalogue holds, each source its own line; shares are of the true total of the same dataset
// and year; neighbours show a value of one year.

interface YearSource {
  year: number;
  cube: string;
  bilateral: boolean;
  dataset: string;
  source: string;
}

const WORLD = "/en/profile/world/wld";
const COPPER = "/en/profile/hs/2603";
const ORES = "/en/profile/hs/26";
/** The world-only series (package README 1.10): world exports by heading, its own line on the histories. */
const WORLD_SERIES = "atlas_world_hs4";

async function catalogYears(request: APIRequestContext, question: string): Promise<YearSource[]> {
  return (await (await request.get(`/api/catalog?${question}`)).json()).answer.years;
}

/** Years of one dataset in the full catalogue (empty when it is not imported). */
async function datasetYears(request: APIRequestContext, dataset: string): Promise<number[]> {
  const body = await (await request.get("/api/catalog")).json();
  return (body.datasets.find((d: { dataset: string }) => d.dataset === dataset)?.years ?? []).map((y: { year: number }) => y.year);
}

async function apiRows(request: APIRequestContext, query: string): Promise<Record<string, string | number>[]> {
  const response = await request.get(`/api/data?${query}`);
  expect(response.status(), query).toBe(200);
  return (await response.json()).data;
}

const sum = (rows: Record<string, string | number>[]) => rows.reduce((s, r) => s + Number(r["Trade Value"] ?? 0), 0);
const largest = (rows: Record<string, string | number>[]) => rows.reduce((best, r) => (Number(r["Trade Value"]) > Number(best?.["Trade Value"] ?? -1) ? r : best), rows[0]);
const money = (value: number) => formatUsd(value, "en", { compact: true });
const stat = (page: Page, id: string) => page.getByTestId(id).locator("[data-stat-value]");
const section = (page: Page, id: string) => page.locator(`[data-section="${id}"]`);

/** Picks a year in a section's selector; the URL keeps it (?year=...#section). */
async function chooseYear(page: Page, sectionId: string, year: number) {
  await section(page, sectionId).getByTestId("year-select-year").selectOption(String(year));
  await page.waitForURL(new RegExp(`\\?(.*&)?year=${year}#${sectionId}$`));
}

/** A product's world exports in one year of one dataset, through the API (the product cut by its level). */
function productQuery(s: YearSource, cut: string, flow: 1 | 2, drilldown: string) {
  const flowCut = s.bilateral ? "" : `&cut=Trade%20Flow=${flow}`;
  return `cube=${s.cube}&drilldowns=${encodeURIComponent(drilldown)}&cut=${cut}${flowCut}&time=${s.year}`;
}

test.describe("the world profile, year by year", () => {
  test("the year choice changes the URL and the figures; sections without that year say so", async ({ page, request }) => {
    const years = await catalogYears(request, "depth=section&bilateral=true");
    const products = await catalogYears(request, "depth=hs4&flow=export");
    const newest = years.at(-1)!;
    // A year of section trade without product detail: the products section falls back and says so.
    const older = [...years].reverse().find((y) => !products.some((p) => p.year === y.year) && y.year < newest.year - 5)!;
    expect(older).toBeTruthy();

    await page.goto(WORLD);
    await expect(section(page, "top-exporters").getByTestId("section-source")).toContainText(String(newest.year));
    await expect(stat(page, "stat-world")).toHaveText(money(sum(await apiRows(request, `cube=${newest.cube}&drilldowns=Year&time=${newest.year}`))));

    await chooseYear(page, "top-exporters", older.year);
    const world = sum(await apiRows(request, `cube=${older.cube}&drilldowns=Year&time=${older.year}`));
    await expect(stat(page, "stat-world")).toHaveText(money(world));
    await expect(section(page, "top-exporters").getByTestId("section-source")).toContainText(String(older.year));
    await expect(section(page, "sections").getByTestId("section-source")).toContainText(String(older.year));
    await expect(section(page, "exporters-map").getByTestId("section-source")).toContainText(String(older.year));
    const top = largest(await apiRows(request, `cube=${older.cube}&drilldowns=Exporter%20Country&time=${older.year}`));
    await expect(page.getByTestId("top-exporters").locator(":scope > div").first()).toContainText(`${money(Number(top["Trade Value"]))} · ${formatPercent(Number(top["Trade Value"]) / world, "en")}`);
    // Most traded products have no detail that year: the newest year, said plainly.
    await expect(section(page, "top-products").getByTestId("year-fallback")).toContainText(String(older.year));
    await expect(section(page, "top-products").getByTestId("section-source")).toContainText(String(products.at(-1)!.year));
  });

  test("a hostile or unknown year never breaks the page: it falls back to the newest and says so", async ({ page }) => {
    for (const bad of ["abcd", "20188", "1%27"]) {
      const response = await page.goto(`${WORLD}?year=${bad}`);
      expect(response?.status(), bad).toBe(200);
      await expect(section(page, "top-exporters").getByTestId("year-fallback")).toHaveCount(0);
    }
    const response = await page.goto(`${WORLD}?year=1000`);
    expect(response?.status()).toBe(200);
    await expect(section(page, "top-exporters").getByTestId("year-fallback")).toContainText("1000");
  });

  test("most traded products: shares of the world total of the same dataset and year (crude petroleum ≈ 4.7% in 2019)", async ({ page, request }) => {
    const products = await catalogYears(request, "depth=hs4&flow=export");
    const y2019 = products.find((p) => p.year === 2019);
    test.skip(!y2019, "no 2019 product detail in this warehouse");
    const all = await apiRows(request, `cube=${y2019!.cube}&drilldowns=HS4&cut=Trade%20Flow=2&time=2019`);
    const crude = all.find((r) => String(r["HS4 ID"]) === "2709")!;
    const share = Number(crude["Trade Value"]) / sum(all);
    expect(share).toBeGreaterThan(0.045);
    expect(share).toBeLessThan(0.049);

    await page.goto(`${WORLD}?year=2019`);
    const text = section(page, "top-products").getByTestId("top-products-text");
    await expect(text).toContainText("Crude Petroleum");
    await expect(text).toContainText(formatPercent(share, "en"));
    expect(Number(await text.getAttribute("data-share"))).toBeCloseTo(share, 6);
    await expect(page.getByTestId("top-products").locator(":scope > div").first()).toContainText(`${money(Number(crude["Trade Value"]))} · ${formatPercent(share, "en")}`);
  });

  test("world exports over time: a point per catalogue year, the world series as its own line", async ({ page, request }) => {
    const sections = await catalogYears(request, "depth=section&bilateral=true");
    const worldSeries = await datasetYears(request, WORLD_SERIES);
    await page.goto(WORLD);
    const history = page.getByTestId("world-history");
    await history.scrollIntoViewIfNeeded();
    await expect(history).toHaveAttribute("data-points", String(sections.length + worldSeries.length));
    await expect(history).toHaveAttribute("data-series", String(worldSeries.length ? 2 : 1));
    if (worldSeries.length) await expect(history.getByTestId("history-sources")).toBeVisible();
    await expect(history.locator('[data-testid="chart"][data-chart-ready="true"]')).toBeVisible({ timeout: 15_000 });
    const option = await history.locator('[data-testid="chart"] [role="img"]').first().evaluate((el) => {
      const o = (el as HTMLElement & { otsChart?: { getOption(): { xAxis: { data: string[] }[]; series: { name: string; data: (number | null)[] }[] } } }).otsChart!.getOption();
      return { years: o.xAxis[0].data, series: o.series.map((s) => ({ name: s.name, points: s.data.filter((v) => v !== null).length })) };
    });
    expect(option.series.reduce((n, s) => n + s.points, 0)).toBe(sections.length + worldSeries.length);
    expect(option.years).toContain(String(sections[0].year));
    if (worldSeries.length) expect(option.years).toContain(String(worldSeries.at(-1)));
  });
});

test.describe("product profiles, year by year", () => {
  test("copper ore: exporters of the newest year, importers said missing with the nearest year; that year has both from one dataset", async ({ page, request }) => {
    const exportYears = await catalogYears(request, "depth=hs4&flow=export");
    const importYears = await catalogYears(request, "depth=hs4&flow=import");
    const newest = exportYears.at(-1)!;
    await page.goto(COPPER);
    const exportersNow = sum(await apiRows(request, productQuery(newest, "HS4=2603", 2, "HS4")));
    await expect(stat(page, "stat-world-exports")).toHaveText(money(exportersNow));
    await expect(section(page, "exporters").getByTestId("section-source")).toContainText(String(newest.year));
    await expect(section(page, "exporters").locator('[data-testid="profile-chart"]')).toHaveAttribute("data-chart", "tree_map");
    await expect(section(page, "map").locator('[data-testid="profile-chart"]')).toHaveAttribute("data-chart", "geomap");

    const withImports = importYears.find((y) => y.year === newest.year);
    let year = newest;
    if (!withImports) {
      // Not silently another year: the importers section says so and links the nearest year with importers.
      const missing = page.getByTestId("importers-missing");
      await expect(missing).toHaveAttribute("data-year", String(newest.year));
      const nearest = Number(await missing.getAttribute("data-nearest"));
      expect(importYears.map((y) => y.year)).toContain(nearest);
      await expect(section(page, "importers").getByTestId("section-source")).toHaveCount(0);
      await page.getByTestId("importers-nearest").click();
      await page.waitForURL(new RegExp(`\\?year=${nearest}#importers$`));
      year = exportYears.find((y) => y.year === nearest)!;
    }
    const imports = importYears.find((y) => y.year === year.year)!;
    const exporters = await apiRows(request, productQuery(year, "HS4=2603", 2, "Country"));
    const importers = await apiRows(request, productQuery(imports, "HS4=2603", 1, "Country"));
    // Both flows of one year, from one source.
    const exportSource = section(page, "exporters").getByTestId("section-source");
    const importSource = section(page, "importers").getByTestId("section-source");
    await expect(exportSource).toContainText(String(year.year));
    await expect(importSource).toContainText(String(year.year));
    expect(await exportSource.textContent()).toBe(await importSource.textContent());
    await expect(stat(page, "stat-world-exports")).toHaveText(money(sum(exporters)));
    const topImporter = largest(importers);
    await expect(page.getByTestId("product-importers").locator(":scope > div").first()).toContainText(money(Number(topImporter["Trade Value"])));
    await expect(section(page, "importers").locator('[data-testid="profile-chart"]')).toHaveAttribute("data-chart", "tree_map");
    await expect(section(page, "importers-map").locator('[data-testid="profile-chart"]')).toHaveAttribute("data-chart", "geomap");

    // Another year by the selector: the URL keeps it, the figures follow it.
    const other = exportYears.find((y) => y.year !== year.year && y.year !== newest.year)!;
    await chooseYear(page, "exporters", other.year);
    await expect(stat(page, "stat-world-exports")).toHaveText(money(sum(await apiRows(request, productQuery(other, "HS4=2603", 2, "HS4")))));
    await expect(section(page, "exporters").getByTestId("section-source")).toContainText(String(other.year));
  });

  test("copper ore: its history has a point per catalogue year with the breaks named, its PCI in every ranked year, neighbours valued in one year", async ({ page, request }) => {
    const exportYears = await catalogYears(request, "depth=hs4&flow=export");
    const worldYears = await datasetYears(request, WORLD_SERIES);
    const worldPoints = worldYears.length ? (await apiRows(request, "cube=trade_i_atlas_a_world_hs4&drilldowns=Year&cut=HS4=2603")).filter((r) => Number(r["Trade Value"]) > 0).length : 0;
    await page.goto(COPPER);
    const history = page.getByTestId("product-history");
    await expect(history).toHaveAttribute("data-points", String(exportYears.length + worldPoints));
    // The countries' line changes dataset or release: the chart names the years.
    if (new Set(exportYears.map((y) => y.dataset)).size > 1) {
      await expect(history.getByTestId("series-breaks").first()).toBeVisible();
      const breaks = (await history.getAttribute("data-breaks"))!.split(",").map(Number);
      for (let i = 1; i < exportYears.length; i++) if (exportYears[i].dataset !== exportYears[i - 1].dataset) expect(breaks).toContain(exportYears[i].year);
    }
    await expect(page.getByTestId("product-series").locator("tbody tr")).toHaveCount(exportYears.length);

    // PCI over the ranked years: the newest row is the stored ranking.
    const rows = page.getByTestId("pci-history").locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(1);
    const newestRanked = Number(await rows.last().getAttribute("data-year"));
    const pci = await apiRows(request, `cube=complexity_pci_a_hs92_hs4&drilldowns=HS4&measures=PCI%20Rank&cut=HS4=2603&time=${newestRanked}`);
    if (pci.length) await expect(rows.last().locator("td").nth(2)).toHaveText(new RegExp(`^${formatNumber(Number(pci[0]["PCI Rank"]), "en")} of [\\d,]+$`));

    // Neighbours: world exports of one year (the exporters' year), never a sum over years.
    const neighbours = page.getByTestId("neighbours");
    const year = Number(await neighbours.getAttribute("data-year"));
    const shown = exportYears.find((y) => y.year === year)!;
    expect(shown.year).toBe(exportYears.at(-1)!.year);
    await expect(page.getByTestId("neighbours-value-note")).toContainText(String(year));
    const first = page.getByTestId("product-neighbours").locator(":scope > div").first();
    const id = (await first.locator("a").getAttribute("href"))!.split("/").pop()!;
    const value = sum(await apiRows(request, productQuery(shown, `HS4=${id}`, 2, "HS4")));
    await expect(first).toContainText(money(value));
  });

  test("an HS2 chapter: its headings, exporters, importers and maps, year by year", async ({ page, request }) => {
    const exportYears = await catalogYears(request, "depth=hs2&flow=export");
    const importYears = await catalogYears(request, "depth=hs2&flow=import");
    const response = await page.goto(ORES);
    expect(response?.status()).toBe(200);
    const newest = exportYears.at(-1)!;
    await expect(stat(page, "stat-world-exports")).toHaveText(money(sum(await apiRows(request, productQuery(newest, "HS2=26", 2, "HS2")))));
    await expect(section(page, "exporters").locator('[data-testid="profile-chart"]')).toHaveAttribute("data-chart", "tree_map");
    await expect(section(page, "map").locator('[data-testid="profile-chart"]')).toHaveAttribute("data-chart", "geomap");
    await expect(page.getByTestId("children-treemap")).toBeVisible();
    const headings = page.getByTestId("product-children").locator("a");
    expect(await headings.count()).toBeGreaterThan(3);
    for (const href of await headings.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) expect(href).toMatch(/^\/en\/profile\/hs\/26\d\d$/);

    const both = importYears.at(-1)!;
    await chooseYear(page, "exporters", both.year);
    await expect(stat(page, "stat-world-exports")).toHaveText(money(sum(await apiRows(request, productQuery(exportYears.find((y) => y.year === both.year)!, "HS2=26", 2, "HS2")))));
    await expect(section(page, "importers").getByTestId("section-source")).toContainText(String(both.year));
    await expect(section(page, "importers").locator('[data-testid="profile-chart"]')).toHaveAttribute("data-chart", "tree_map");
    await expect(section(page, "importers-map").locator('[data-testid="profile-chart"]')).toHaveAttribute("data-chart", "geomap");
    await expect(section(page, "children").getByTestId("section-source")).toContainText(String(both.year));

    const worldYears = await datasetYears(request, WORLD_SERIES);
    const worldPoints = worldYears.length ? (await apiRows(request, "cube=trade_i_atlas_a_world_hs4&drilldowns=Year&cut=HS2=26")).filter((r) => Number(r["Trade Value"]) > 0).length : 0;
    await expect(page.getByTestId("product-history")).toHaveAttribute("data-points", String(exportYears.length + worldPoints));
  });

  test("a section: exporters and importers of the chosen year from section trade between countries", async ({ page, request }) => {
    const years = await catalogYears(request, "depth=section&bilateral=true");
    const older = years.at(-10)!;
    const response = await page.goto(`/en/profile/hs/section-5?year=${older.year}`);
    expect(response?.status()).toBe(200);
    const exporters = sum(await apiRows(request, `cube=${older.cube}&drilldowns=Year&cut=Section=5&time=${older.year}`));
    await expect(stat(page, "stat-world-exports")).toHaveText(money(exporters));
    await expect(section(page, "exporters").getByTestId("section-source")).toContainText(String(older.year));
    await expect(section(page, "importers").getByTestId("section-source")).toContainText(String(older.year));
    const bad = await page.goto("/en/profile/hs/section-5?year=1000");
    expect(bad?.status()).toBe(200);
    await expect(section(page, "exporters").getByTestId("year-fallback")).toContainText("1000");
  });
});
