import en from "../../messages/en.json";
import es from "../../messages/es.json";
import zh from "../../messages/zh.json";
import { formatAud, formatPercent, formatUsd } from "../../src/domain/format";
import { sharedUser } from "./support/accounts";
import { expect, test, type APIRequestContext, type Page } from "./support/test";
import { chartReady } from "./support/charts";

// Issue 33: product-in-country pages, international organisations and Australian states, as deep
// as the data: a year choice (?year=) on every snapshot section, checked against the data API,
// and histories with a point per year the catalogue holds.

const COPPER_CHILE = "/profile/bilateral-product/2603/reporter/chl";
const MERCOSUR = "/profile/international_organization/mercosur";
const MERCOSUR_MEMBERS = "arg,bra,pry,ury,bol";
const WA = "/profile/subnational_aus/states/WA";

interface YearSource {
  year: number;
  cube: string;
  bilateral: boolean;
}

/** The years (each with its dataset's cube) the catalogue answers a question with, oldest first. */
async function catalogYears(request: APIRequestContext, question: string): Promise<YearSource[]> {
  return (await (await request.get(`/api/catalog?${question}`)).json()).answer.years;
}

/** Sum of a measure over the rows the public data API returns. */
async function apiSum(request: APIRequestContext, query: string, measure = "Trade Value"): Promise<number> {
  const response = await request.get(`/api/data?${query}`);
  expect(response.status(), query).toBe(200);
  const body = await response.json();
  return body.data.reduce((sum: number, row: Record<string, number>) => sum + Number(row[measure] ?? 0), 0);
}

const money = (value: number, locale: "en" | "es" | "zh" = "en") => formatUsd(value, locale, { compact: true });
const stat = (page: Page, id: string) => page.getByTestId(id).locator("[data-stat-value]");

/** Picks a year in the year selector of a section; the URL keeps it (?year=...#section). */
async function chooseYear(page: Page, sectionId: string, year: number, param = "year") {
  await page.locator(`[data-section="${sectionId}"]`).getByTestId(`year-select-${param}`).selectOption(String(year));
  await page.waitForURL(new RegExp(`\\?(.*&)?${param}=${year}#${sectionId}$`));
}

test.describe("product in country: Chile's copper ore", () => {
  test("the year choice changes the URL and the figures, each from that year's dataset", async ({ page, request }) => {
    const years = await catalogYears(request, "depth=hs4&flow=export");
    expect(years.length).toBeGreaterThan(1);
    const newest = years.at(-1)!;
    const older = years.at(-2)!;
    const exportsOf = (s: YearSource) => apiSum(request, `cube=${s.cube}&drilldowns=Country&cut=HS4=2603&cut=Country=chl&cut=Trade%20Flow=2&time=${s.year}`);
    const worldOf = (s: YearSource) => apiSum(request, `cube=${s.cube}&drilldowns=Year&cut=HS4=2603&cut=Trade%20Flow=2&time=${s.year}`);

    const response = await page.goto(`/en${COPPER_CHILE}`);
    expect(response?.status()).toBe(200);
    const [now, then] = await Promise.all([exportsOf(newest), exportsOf(older)]);
    expect(now).not.toBe(then);
    await expect(stat(page, "stat-exports")).toHaveText(money(now));

    await chooseYear(page, "rank", older.year);
    await expect(stat(page, "stat-exports")).toHaveText(money(then));
    // The share of world exports is of the same dataset and year.
    await expect(stat(page, "stat-world-share")).toHaveText(formatPercent(then / (await worldOf(older)), "en"));
    await expect(page.locator('[data-section="rank"] [data-testid="section-source"]')).toContainText(String(older.year));
    await expect(page.getByTestId("stat-rca")).toBeVisible();
  });

  test("the history has a point per catalogue year, the destinations say what they are, and a bad year falls back with a note", async ({ page, request }) => {
    const years = await catalogYears(request, "depth=hs4&flow=export");
    await page.goto(`/en${COPPER_CHILE}?year=1800`);
    await expect(page.getByTestId("year-fallback")).toContainText("1800");
    await expect(page.getByTestId("pic-history")).toHaveAttribute("data-points", String(years.length));
    await chartReady(page.getByTestId("pic-history"));
    // Copper ore's destinations come from its section's partner data, and the page says so.
    const destinations = page.locator('[data-section="destinations"]');
    await expect(destinations.getByTestId("section-destinations-note")).toContainText("the closest detail the data hold");
    await expect(destinations.getByTestId("product-destinations").locator("a").first()).toBeVisible();
    await expect(await chartReady(destinations.getByTestId("destinations-treemap"))).toHaveAttribute("data-chart-type", "treemap");
    // A hostile ?year= is ignored, never a crash.
    expect((await page.request.get(`/en${COPPER_CHILE}?year=%27;drop`)).status()).toBe(200);
  });

  test("headings render in Spanish and Chinese", async ({ page }) => {
    await page.goto(`/es${COPPER_CHILE}`);
    await expect(page.locator('[data-section="history"] h2')).toContainText("a lo largo del tiempo");
    await page.goto(`/zh${COPPER_CHILE}`);
    await expect(page.locator('[data-section="history"] h2')).toContainText("历年变化");
  });
});

test.describe("international organisation: Mercosur", () => {
  test("the year choice changes the URL, the exports and the intra-bloc share, as the data API adds them up", async ({ page, request }) => {
    const years = await catalogYears(request, "depth=section&bilateral=true");
    const newest = years.at(-1)!;
    const older = years.find((y) => y.year === 2000) ?? years[Math.floor(years.length / 2)];
    const exportsOf = (s: YearSource) => apiSum(request, `cube=${s.cube}&drilldowns=Year&cut=Exporter%20Country=${MERCOSUR_MEMBERS}&time=${s.year}`);
    const intraOf = (s: YearSource) => apiSum(request, `cube=${s.cube}&drilldowns=Year&cut=Exporter%20Country=${MERCOSUR_MEMBERS}&cut=Importer%20Country=${MERCOSUR_MEMBERS}&time=${s.year}`);

    await page.goto(`/en${MERCOSUR}`);
    await expect(stat(page, "stat-exports")).toHaveText(money(await exportsOf(newest)));
    await chooseYear(page, "members", older.year);
    const [exports, intra] = await Promise.all([exportsOf(older), intraOf(older)]);
    await expect(stat(page, "stat-exports")).toHaveText(money(exports));
    await expect(stat(page, "stat-intra")).toHaveText(formatPercent(intra / exports, "en"));
    for (const id of ["members", "intra-extra", "partners", "sections"]) {
      await expect(page.locator(`[data-section="${id}"] [data-testid="section-source"]`), id).toContainText(String(older.year));
    }
    // Partners outside the bloc: no member among them.
    const partners = await page.getByTestId("org-partners").locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    for (const member of MERCOSUR_MEMBERS.split(",")) expect(partners).not.toContain(`/en/profile/country/${member}`);
  });

  test("products, partners and the history with a point per catalogue year", async ({ page, request }) => {
    const years = await catalogYears(request, "depth=section&bilateral=true");
    await page.goto(`/en${MERCOSUR}`);
    await expect(page.getByTestId("org-history")).toHaveAttribute("data-points", String(years.length));
    await chartReady(page.getByTestId("org-history"));
    await expect(page.getByTestId("org-products").locator("a").first()).toHaveAttribute("href", /^\/en\/profile\/hs\/\d{4}$/);
    await expect(await chartReady(page.getByTestId("org-partners-treemap"))).toHaveAttribute("data-chart-type", "treemap");
  });

  test("headings render in Spanish and Chinese", async ({ page }) => {
    await page.goto(`/es${MERCOSUR}`);
    await expect(page.locator('[data-section="intra-extra"] h2')).toHaveText(es.profiles.organization.splitTitle);
    await expect(page.locator('[data-section="history"] h2')).toHaveText(es.profiles.organization.history);
    await page.goto(`/zh${MERCOSUR}`);
    await expect(page.locator('[data-section="intra-extra"] h2')).toHaveText(zh.profiles.organization.splitTitle);
    await expect(page.locator('[data-section="partners"] h2')).toHaveText(zh.profiles.organization.partners);
  });
});

test.describe("Australian state: Western Australia", () => {
  test.beforeEach(async ({ page }) => {
    await sharedUser(page.request, "pro");
  });

  test("?year= sets every snapshot section's year, in AUD as the data API gives it", async ({ page, request }) => {
    const catalogue = await (await request.get("/api/catalog")).json();
    const goods = catalogue.datasets.find((d: { dataset: string }) => d.dataset === "aus_states");
    const years: number[] = goods.years.map((y: { year: number }) => y.year);
    const older = years.includes(2010) ? 2010 : years[Math.floor(years.length / 2)];
    const waOf = async (year: number) => {
      const body = await (await request.get(`/api/data?cube=${goods.cube}&drilldowns=State&measures=${encodeURIComponent("Trade Value (AUD)")}&time=${year}`)).json();
      return Number(body.data.find((row: Record<string, unknown>) => row["State ID"] === "WA")["Trade Value (AUD)"]);
    };

    await page.goto(`/en${WA}`);
    await expect(page.getByTestId("overview-text")).toHaveAttribute("data-year", String(years.at(-1)));
    await chooseYear(page, "products", older);
    await expect(page.getByTestId("stat-exports")).toContainText(formatAud(await waOf(older), "en", { compact: true }));
    await expect(page.getByTestId("stat-exports")).toContainText(en.profiles.aus.statExports.replace("{year}", String(older)));
    for (const id of ["products", "states"]) {
      await expect(page.locator(`[data-section="${id}"] [data-testid="section-source"]`), id).toContainText(String(older));
    }
    // The series over time draws every year the catalogue holds for the states' goods.
    const overTime = page.getByTestId("aus-over-time");
    await overTime.scrollIntoViewIfNeeded();
    await expect(overTime.locator('[data-testid="chart"]')).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
    const drawn = await overTime.locator('[data-testid="chart"] [role="img"]').first().evaluate((el) => {
      const chart = (el as HTMLElement & { otsChart?: { getOption(): { xAxis: { data: string[] }[] } } }).otsChart!;
      return chart.getOption().xAxis[0].data.length;
    });
    expect(drawn).toBe(years.length);
  });

  test("a year the data do not hold falls back with a note; headings render in Spanish and Chinese", async ({ page }) => {
    await page.goto(`/en${WA}?year=1901`);
    await expect(page.getByTestId("year-fallback")).toContainText("1901");
    await page.goto(`/es${WA}`);
    await expect(page.locator('[data-section="products"] h2')).toHaveText(es.profiles.aus.products);
    await page.goto(`/zh${WA}`);
    await expect(page.locator('[data-section="products"] h2')).toHaveText(zh.profiles.aus.products);
  });
});
