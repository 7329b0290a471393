/**
 * The bilateral country profile as deep as the data (issue 33): a year choice in the URL on every
 * snapshot section, products at the deepest depth the catalogue holds for the pair and year (the
 * 23-country HS4 sample for Germany–France in 1989–1990, sections elsewhere), no empty depth
 * sections, and the pair's history with a point per catalogue year. Figures are checked against
 * the data API and the catalogue, never typed in.
 */
import { formatUsd } from "../../src/domain/format";
import { expect, test, type APIRequestContext, type Page } from "./support/test";

type Dataset = { dataset: string; cube: string; kind: string; depth: string; bilateral: boolean; partial: boolean; years: { year: number }[] };

const PAIR = "/en/profile/bilateral-country/deu/partner/fra";

const money = (value: number, locale: "en" | "es" | "zh" = "en") => formatUsd(value, locale, { compact: true });
const stat = (page: Page, id: string) => page.getByTestId(id).locator("[data-stat-value]");

async function catalogDatasets(request: APIRequestContext): Promise<Dataset[]> {
  return (await (await request.get("/api/catalog")).json()).datasets;
}

/** The bilateral section data (every year between countries) and the partial bilateral HS4 sample. */
async function datasets(request: APIRequestContext) {
  const all = await catalogDatasets(request);
  const sections = all.find((d) => d.kind === "goods" && d.bilateral && !d.partial && d.depth === "section")!;
  const sample = all.find((d) => d.kind === "goods" && d.bilateral && d.partial && d.depth === "hs4")!;
  expect(sections, "a bilateral section dataset").toBeTruthy();
  expect(sample, "the partial bilateral HS4 sample").toBeTruthy();
  return { sections, sample, all };
}

async function rowsOf(request: APIRequestContext, href: string): Promise<Record<string, string | number>[]> {
  const response = await request.get(href);
  expect(response.status(), href).toBe(200);
  return (await response.json()).data;
}

async function pairTotal(request: APIRequestContext, cube: string, from: string, to: string, year: number): Promise<number> {
  const rows = await rowsOf(request, `/api/data?cube=${cube}&drilldowns=Year&cut=Exporter+Country=${from}&cut=Importer+Country=${to}&time=${year}`);
  return rows.reduce((s, r) => s + Number(r["Trade Value"] ?? 0), 0);
}

test.describe("bilateral country profile, as deep as the data", () => {
  test("Germany–France in 1990: HS4 products from the sample, figures equal to the data API's", async ({ page, request }) => {
    const { sections, sample } = await datasets(request);
    expect(sample.years.map((y) => y.year)).toContain(1990);
    const response = await page.goto(`${PAIR}?year=1990`);
    expect(response?.status()).toBe(200);

    const products = page.locator('[data-section="products"]');
    await expect(products.getByRole("heading", { level: 2 })).toHaveText("Products Germany sells to France (HS4)");
    await expect(products.getByTestId("hs4-treemap").locator('[data-testid="chart"]')).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });

    // The section's query is the sample's HS4 products of the pair in 1990.
    const api = (await products.getByTestId("api-query").getAttribute("href"))!;
    const url = new URL(api, "http://localhost");
    expect(url.searchParams.get("cube")).toBe(sample.cube);
    expect(url.searchParams.get("time")).toBe("1990");
    const rows = (await rowsOf(request, api)).filter((r) => Number(r["Trade Value"]) > 0);
    expect(rows.length).toBeGreaterThan(100);
    const top = rows.reduce((best, r) => (Number(r["Trade Value"]) > Number(best["Trade Value"]) ? r : best));
    const sum = rows.reduce((s, r) => s + Number(r["Trade Value"]), 0);
    // ... and the pair's total in the sample is the sum of its products.
    expect(Math.abs(sum - (await pairTotal(request, sample.cube, "deu", "fra", 1990)))).toBeLessThan(1);

    const first = products.getByTestId("hs4-products").locator("[data-id]").first();
    await expect(first).toHaveAttribute("data-id", String(top["HS4 ID"]));
    await expect(first.getByTestId("bar-value")).toContainText(money(Number(top["Trade Value"])));
    await expect(products.getByTestId("products-text")).toContainText(money(sum));
    await expect(first.getByRole("link")).toHaveAttribute("href", `/en/profile/hs/${top["HS4 ID"]}`);

    // Source lines name the dataset and the year.
    await expect(products.getByTestId("section-source")).toContainText("1990");
    await expect(products.getByTestId("section-source")).toContainText("23");
    await expect(page.locator('[data-section="imports"]').getByTestId("section-source")).toContainText("1990");

    // The hero's totals are 1990's, from the section data.
    await expect(stat(page, "stat-exports")).toHaveText(money(await pairTotal(request, sections.cube, "deu", "fra", 1990)));
    await expect(stat(page, "stat-imports")).toHaveText(money(await pairTotal(request, sections.cube, "fra", "deu", 1990)));
  });

  test("changing the year changes the URL and the figures", async ({ page, request }) => {
    const { sections } = await datasets(request);
    const newest = Math.max(...sections.years.map((y) => y.year));
    await page.goto(`${PAIR}?year=1990`);
    const before = await stat(page, "stat-exports").innerText();
    const products = page.locator('[data-section="products"]');
    await products.getByTestId("year-select-year").selectOption(String(newest));
    await page.waitForURL(new RegExp(`\\?year=${newest}#products$`));
    await expect(stat(page, "stat-exports")).toHaveText(money(await pairTotal(request, sections.cube, "deu", "fra", newest)));
    expect(await stat(page, "stat-exports").innerText()).not.toBe(before);
    await expect(products.getByTestId("section-source")).toContainText(String(newest));
    // No finer data hold the pair that year: its products are sections, and one line says where finer depths exist.
    await expect(products.getByRole("heading", { level: 2 })).toHaveText("Products Germany sells to France (HS sections)");
    const depths = products.getByTestId("product-depth");
    await expect(depths.locator('[data-depth="hs4"]')).toContainText("1989");
    await depths.locator('[data-depth="hs4"] a[data-year="1990"]').click();
    await page.waitForURL(/\?year=1990#products$/);
    await expect(products.getByTestId("hs4-treemap")).toBeVisible();
  });

  test("an unknown year falls back to the newest and says so", async ({ page, request }) => {
    const { sections } = await datasets(request);
    const newest = Math.max(...sections.years.map((y) => y.year));
    await page.goto(`${PAIR}?year=1850`);
    await expect(page.getByTestId("year-fallback")).toContainText("1850");
    await expect(page.getByTestId("year-fallback")).toContainText(String(newest));
    await expect(page.getByTestId("overview-text")).toHaveAttribute("data-year", String(newest));
    expect((await page.goto(`${PAIR}?year=<script>`))?.status()).toBe(200);
  });

  test("the history has a point per catalogue year, both ways and the balance", async ({ page, request }) => {
    const answer = (await (await request.get("/api/catalog?depth=section&bilateral=true")).json()).answer;
    const years: number[] = answer.years.map((y: { year: number }) => y.year);
    await page.goto(PAIR);
    const history = page.locator('[data-section="over-time"]');
    const points = history.getByTestId("history-points");
    await expect(points).toHaveAttribute("data-count", String(years.length));
    await expect(points).toHaveAttribute("data-first", String(years[0]));
    await expect(points).toHaveAttribute("data-last", String(years.at(-1)));
    await history.scrollIntoViewIfNeeded();
    await expect(history.locator('[data-testid="chart"]')).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
    const series = await history.locator('[data-testid="chart"] [role="img"]').first().evaluate((el) => {
      const option = (el as HTMLElement & { otsChart?: { getOption(): { xAxis: { data: string[] }[]; series: { name: string; data: (number | null)[] }[] } } }).otsChart!.getOption();
      return { years: option.xAxis[0].data, series: Object.fromEntries(option.series.map((s) => [s.name, s.data])) };
    });
    expect(series.years).toHaveLength(years.length);
    expect(Object.keys(series.series).sort()).toEqual(["Exports", "Imports", "Trade balance"]);
    const i = series.years.indexOf("1990");
    const { sections } = await datasets(request);
    const out = await pairTotal(request, sections.cube, "deu", "fra", 1990);
    const back = await pairTotal(request, sections.cube, "fra", "deu", 1990);
    expect(series.series.Exports[i]).toBeCloseTo(out, -3);
    expect(series.series["Trade balance"][i]).toBeCloseTo(out - back, -3);
  });

  test("no empty HS6 section without six-digit data between countries", async ({ page, request }) => {
    const { all } = await datasets(request);
    test.skip(
      all.some((d) => d.kind === "goods" && d.bilateral && d.depth === "hs6"),
      "this warehouse holds six-digit trade between countries",
    );
    for (const year of ["", "?year=1990"]) {
      await page.goto(`${PAIR}${year}`);
      await expect(page.getByRole("heading", { level: 2 }).filter({ hasText: "(HS6)" })).toHaveCount(0);
      await expect(page.locator('[data-testid="hs6-treemap"]')).toHaveCount(0);
      await expect(page.locator('[data-section="products"]').getByTestId("product-depth")).toContainText("CEPII BACI");
    }
  });

  test("Spanish and Chinese headings render", async ({ page }) => {
    await page.goto(`/es${PAIR.slice(3)}?year=1990`);
    await expect(page.locator('[data-section="products"]').getByRole("heading", { level: 2 })).toHaveText("Productos que Alemania vende a Francia (SA4)");
    await expect(page.locator('[data-section="over-time"]').getByRole("heading", { level: 2 })).toHaveText("El comercio entre ambos a lo largo del tiempo");
    await page.goto(`/zh${PAIR.slice(3)}?year=1990`);
    await expect(page.locator('[data-section="products"]').getByRole("heading", { level: 2 })).toHaveText("德国向法国出售的产品（HS4）");
    await expect(page.locator('[data-section="imports"]').getByRole("heading", { level: 2 })).toContainText("德国从法国购买的产品");
    await expect(page.locator('[data-section="over-time"]').getByRole("heading", { level: 2 })).toHaveText("双方贸易的变化");
  });
});
