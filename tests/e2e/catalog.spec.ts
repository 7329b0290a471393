import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/test";

/**
 * Pages follow the data catalogue: every year and dataset the warehouse holds reaches the pages,
 * with no cube or year written in them. These expectations are the package's own coverage.
 */
test.describe("the data catalogue", () => {
  test("GET /api/catalog lists what each dataset answers, year by year", async ({ request }) => {
    const response = await request.get("/api/catalog");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("public");
    const body = await response.json();
    const years = (dataset: string) => body.datasets.find((d: { dataset: string }) => d.dataset === dataset)?.years.map((y: { year: number }) => y.year);
    expect(years("ots_hs4")).toEqual([1962, 1980, 2017, 2018]);
    expect(years("atlas_hs4")).toEqual([2019]);
    expect(years("ots_sections")).toHaveLength(57);
    expect(years("complexity_hs92_hs4")).toEqual([1962, 1980, 1989, 1990, 2017, 2018, 2019]);
    const hs4 = body.datasets.find((d: { dataset: string }) => d.dataset === "ots_hs4");
    expect(hs4).toMatchObject({ kind: "goods", classification: "hs92", depth: "hs4", bilateral: false, source: "ots" });
    expect((await request.get(hs4.api)).status()).toBe(200);
    const answer = await (await request.get("/api/catalog?depth=hs4&flow=import")).json();
    expect(answer.answer.years.map((y: { year: number }) => y.year)).toEqual([2018]);
    const bad = await request.get("/api/catalog?depth=hs9");
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error.code).toBe("invalid_parameter");
  });

  test("Chile's profile offers every year with product detail, imports, growth and its ECI over time", async ({ page }) => {
    await page.goto("/en/profile/country/chl");
    const products = page.locator('[data-section="exports-by-product"]');
    // Newest first: 2019 (the Atlas), then the OTS years; the sources are named and the mix is flagged.
    await expect(products.getByTestId("section-source")).toContainText("Atlas of Economic Complexity");
    await expect(products.getByTestId("section-source")).toContainText("2019");
    await expect(products.getByTestId("mixed-sources")).toBeVisible();
    const select = products.getByTestId("year-select-productYear");
    await expect(select.locator("option")).toHaveText(["2019", "2018", "2017", "1980", "1962"]);
    await select.selectOption("1980");
    await page.waitForURL(/productYear=1980/);
    await expect(products.getByTestId("section-source")).toContainText("Open Trade Statistics");
    await expect(products.getByTestId("section-source")).toContainText("1980");
    await expect(products).toContainText("In 1980, Chile's largest exports were");
    await expect(products.locator('[data-testid="profile-chart"]')).toHaveAttribute("data-chart", "tree_map");

    await expect(page.locator('[data-section="imports-by-product"]')).toContainText("In 2018, Chile's largest imports were");
    const growth = page.locator('[data-section="growth"]');
    await expect(growth).toContainText("from 2017 to 2018");
    await expect(growth.getByTestId("growth-grew").locator("tbody tr")).toHaveCount(5);
    // Issue 34: product detail for 2017 and 2018 comes from two OTS releases, so the comparison is by
    // section from the section file (one release); the section holding copper ore leads.
    await expect(growth.getByTestId("growth-series")).toHaveAttribute("data-vintage", "ots_trd");
    await expect(growth.getByTestId("growth-grew").locator("tbody tr").first()).toContainText("Mineral Products");
    const history = page.getByTestId("eci-history");
    await expect(history.locator("tbody tr")).toHaveCount(5);
    await expect(history.locator("tbody tr").filter({ hasText: "2018" })).toContainText(/\d+ of 142/);
    // Issue 34: every hero card is of the hero's one year (2018), not the newest ranking's (2019).
    await expect(page.getByTestId("stat-eci-rank")).toContainText("2018");
  });

  test("a product profile lists its exporters over the years", async ({ page }) => {
    await page.goto("/en/profile/hs/2603");
    const series = page.locator('[data-section="over-time"]');
    await expect(series.getByRole("heading", { level: 2 })).toHaveText("Exporters over the years");
    await expect(series.getByTestId("product-series").locator("tbody tr")).toHaveCount(5);
    await expect(series.getByTestId("product-series").locator("tbody tr").filter({ hasText: "2018" })).toContainText("Chile");
    await expect(series.getByTestId("mixed-sources")).toBeVisible();
  });

  test("ranking links lead to the newest year and finest classification present", async ({ page }) => {
    for (const [from, to] of [
      ["/en/country-rankings/latest/trade", "/en/country-rankings/2018/trade"],
      ["/en/country-rankings/2023/trade", "/en/country-rankings/2018/trade"],
      // Products need exports only: the Atlas's 2019 HS4 exports rank them; countries need imports too (2018).
      ["/en/product-rankings/2023/trade", "/en/product-rankings/2019/trade"],
      ["/en/product-rankings/latest/trade", "/en/product-rankings/2019/trade"],
      ["/en/rankings/eci/latest", "/en/rankings/eci/hs4/hs92"],
      ["/en/rankings/pci/latest", "/en/rankings/pci/hs4/hs92"],
      ["/en/rankings/eci/hs6/hs96", "/en/rankings/eci/hs4/hs92"],
    ]) {
      const response = await page.goto(from);
      expect(response?.status(), from).toBe(200);
      expect(new URL(page.url()).pathname, from).toBe(to);
    }
    // The menus use the "latest" links, in the server HTML.
    const html = await (await page.request.get("/en")).text();
    expect(html).not.toContain("/country-rankings/2023/trade");
  });

  test("the data availability page draws the catalogue", async ({ page }) => {
    const response = await page.goto("/en/data-availability");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Data availability");
    const matrix = page.getByTestId("availability-matrix");
    const row = matrix.locator('tr[data-dataset="ots_hs4"]');
    await expect(row).toContainText("Trade by HS4 product with the world");
    const filled = await row.locator("td[data-level]:not([data-level='0'])").evaluateAll((cells) => cells.map((c) => Number(c.getAttribute("data-year"))));
    expect(filled).toEqual([1962, 1980, 2017, 2018]);
    await expect(matrix.locator('tr[data-dataset="atlas_hs4"] td[data-year="2019"]')).not.toHaveAttribute("data-level", "0");
    await expect(matrix.locator('tr[data-dataset="ots_sections"]')).toContainText("1962–2018");
    await expect(row.getByTestId("dataset-api")).toHaveAttribute("href", /^\/api\/data\?cube=trade_i_ots_a_hs4/);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await page.goto("/zh/data-availability");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("数据可用性");
  });
});
