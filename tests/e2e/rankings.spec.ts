import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "./support/test";

const rows = (page: Page) => page.getByTestId("ranking-table").locator("tbody tr[data-row-id]");

/** The newest year the catalogue ranks at HS4 (HS92): the year a ranking page opens on. */
async function newestRanked(request: APIRequestContext): Promise<string> {
  const body = await (await request.get("/api/catalog")).json();
  const set = body.datasets.find((d: { dataset: string }) => d.dataset === "complexity_hs92_hs4");
  return String(set.years.at(-1).year);
}

test.describe("complexity rankings", () => {
  test("the ECI table renders, sorts and searches", async ({ page, request }) => {
    await page.goto("/en/rankings/eci/hs4/hs92");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Economic Complexity Index (ECI) rankings");
    await expect(page.getByTestId("ranking-subtitle")).toContainText(await newestRanked(request));
    const table = page.getByTestId("ranking-table");
    await expect(rows(page)).toHaveCount(50);
    await expect(rows(page).first()).toHaveAttribute("data-row-id", "jpn");
    await expect(page.getByTestId("ranking-count")).toHaveText(/^\d+ of \d+$/);

    // Sort by ECI: descending first (Japan on top), then ascending.
    const eciHeader = table.locator('[data-sort-key="eci"]');
    await eciHeader.click();
    await expect(table.locator('th[aria-sort="descending"]')).toContainText("ECI");
    await expect(rows(page).first()).toHaveAttribute("data-row-id", "jpn");
    await eciHeader.click();
    await expect(table.locator('th[aria-sort="ascending"]')).toContainText("ECI");
    await expect(rows(page).first()).not.toHaveAttribute("data-row-id", "jpn");
    // The ECI cell, wherever its column is (a rank-change column now sits beside the rank).
    const eciColumn = await table.locator("thead th").evaluateAll((ths) => ths.findIndex((th) => th.getAttribute("data-sort-key") === "eci" || th.querySelector('[data-sort-key="eci"]') !== null));
    const lowest = await rows(page).first().locator("td").nth(eciColumn).innerText();
    expect(lowest.trim().startsWith("-")).toBe(true);

    // Sort by name, then search (accents and case ignored).
    await table.locator('[data-sort-key="name"]').click();
    await expect(table.locator('th[aria-sort="ascending"]')).toContainText("Country");
    await page.getByTestId("ranking-search").fill("CHILE");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute("data-row-id", "chl");
    await page.getByTestId("ranking-search").fill("turkiye");
    await expect(rows(page).first()).toContainText("Türkiye");
    await page.getByTestId("ranking-search").fill("zzzz");
    await expect(table).toContainText("Nothing matches your search.");
  });

  test("the ECI page draws the map and the scatter, says its source and what was left out", async ({ page, request }) => {
    await page.goto("/en/rankings/eci/hs4/hs92");
    // Both drawn by the one chart stack (the same <Chart> as every visualisation).
    await expect(page.locator('[data-testid="ranking-chart-geomap"] [data-testid="chart"][data-chart-ready="true"]')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-testid="ranking-chart-scatter"] [data-testid="chart"][data-chart-ready="true"]')).toBeVisible({ timeout: 30_000 });
    const source = page.getByTestId("source-line").first();
    await expect(source).toContainText(await newestRanked(request));
    // The source is named in words, never as the importer's key (atlas_hs4, ots_hs4).
    await expect(source).not.toContainText(/\b[a-z]+_[a-z0-9]+\b/);
    const exclusions = page.getByTestId("exclusions");
    await expect(exclusions).toContainText("not a product (HS 9999");
    await expect(exclusions).toContainText("population under 1,000,000");
  });

  test("the ECI map colours countries on a diverging scale and names their ECI and rank", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/en/rankings/eci/hs4/hs92");
    const map = page.locator('[data-testid="ranking-chart-geomap"] [data-testid="chart"]');
    await expect(map).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
    // The scale is centred on zero; hovering China (a large shape) names its ECI and its rank,
    // the same rank the table gives it.
    const where = await map.evaluate((el) => {
      type Inst = { getOption(): { visualMap: { min: number; max: number; inRange: { color: string[] } }[]; series: { data: { name: string; value: number }[] }[] }; convertToPixel(f: object, v: unknown): number[] };
      const chart = (el.querySelector('[role="img"]') as HTMLElement & { otsChart?: Inst }).otsChart!;
      const option = chart.getOption();
      return { min: option.visualMap[0].min, max: option.visualMap[0].max, colours: option.visualMap[0].inRange.color, chn: option.series[0].data.some((d) => d.name === "chn"), point: chart.convertToPixel({ seriesIndex: 0 }, [104, 35]), box: el.getBoundingClientRect().toJSON() };
    });
    expect(where.min).toBe(-where.max);
    expect(where.chn).toBe(true);
    expect(where.colours.length).toBeGreaterThanOrEqual(5);
    await page.mouse.move(where.box.x + where.point[0], where.box.y + where.point[1], { steps: 3 });
    const tooltip = page.getByTestId("ranking-chart-geomap").locator(".ots-chart-tooltip");
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText("China");
    await expect(tooltip).toContainText("Economic Complexity Index (ECI)");
    const rank = /ECI rank\s*(\d+)/.exec(await tooltip.innerText())?.[1];
    expect(rank).toBeTruthy();
    await expect(page.getByTestId("ranking-table").locator('tbody tr[data-row-id="chn"] td').first()).toHaveText(rank!);
  });

  for (const chart of ["geomap", "scatter"] as const) {
    test(`the ECI ${chart} downloads as PNG, SVG and CSV`, async ({ page }) => {
      await page.goto("/en/rankings/eci/hs4/hs92");
      const box = page.getByTestId(`ranking-chart-${chart}`);
      await expect(box.locator('[data-testid="chart"]')).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
      for (const format of ["png", "svg", "csv"] as const) {
        await box.getByTestId("download-button").click();
        const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(`download-${format}`).click()]);
        expect(download.suggestedFilename()).toMatch(new RegExp(`^eci-.*\\.${format}$`));
        const file = readFileSync((await download.path())!);
        if (format === "png") expect(file.subarray(1, 4).toString()).toBe("PNG");
        if (format === "svg") expect(file.toString("utf8")).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
        if (format === "csv") {
          const lines = file.toString("utf8").replace(/^\ufeff/, "").split("\r\n");
          expect(lines[0]).toContain("Economic Complexity Index (ECI)");
          expect(lines[0]).toContain(chart === "geomap" ? "ECI rank" : "GDP per capita");
          expect(lines.some((l) => l.startsWith("jpn,Japan,"))).toBe(true);
        }
      }
    });
  }

  test("years with a previous year show rank changes and sparklines", async ({ page }) => {
    await page.goto("/en/rankings/eci/hs4/hs92");
    await page.getByTestId("year-links").getByRole("link", { name: /^1990/ }).click();
    await page.waitForURL("**/en/rankings/eci/hs4/hs92?year=1990");
    await expect(page.getByTestId("ranking-subtitle")).toContainText("1990");
    await expect(page.getByTestId("ranking-table").locator("thead")).toContainText("Change");
    await expect(page.getByTestId("sparkline").first()).toBeVisible();
  });

  test("the CSV link answers the table's query as CSV", async ({ page, request }) => {
    await page.goto("/en/rankings/eci/hs4/hs92");
    const href = await page.getByTestId("csv-link").getAttribute("href");
    expect(href).toContain("/api/data?cube=complexity_eci_a_hs92_hs4");
    const res = await request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/csv");
    const [header, first] = (await res.text()).split("\r\n");
    expect(header).toContain("ECI Rank");
    expect(first).toContain("jpn");
  });

  test("an HS6/HS96 link the data lacks leads to the finest ranking present", async ({ page }) => {
    const response = await page.goto("/en/rankings/eci/hs6/hs96");
    expect(response?.status()).toBe(200);
    await page.waitForURL(/\/en\/rankings\/eci\/hs4\/hs92\?requested=hs6-hs96$/);
    await expect(rows(page).first()).toBeVisible();
    // It says why: the HS6/HS96 ranking is not in the data, and this is the finest held.
    await expect(page.getByTestId("ranking-substituted")).toContainText("HS6 HS96");
    await expect(page.getByTestId("ranking-substituted")).toContainText("HS4");
  });

  test("PCI ranks products, and the legacy SITC ECI has its own page", async ({ page }) => {
    await page.goto("/es/rankings/pci/hs4/hs92");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Índice de Complejidad del Producto");
    await expect(rows(page)).toHaveCount(50);
    await page.goto("/zh/rankings/legacy/eci");
    await expect(page.getByTestId("ranking-subtitle")).toContainText("1998–2000");
    await expect(rows(page).first()).toHaveAttribute("data-row-id", "jpn");
  });

  test("bad paths are 404s, case is canonicalised", async ({ page, request }) => {
    expect((await request.get("/en/rankings/eci/hs5/hs92")).status()).toBe(404);
    expect((await request.get("/en/rankings/eci/hs4/hs92?year=abc")).status()).toBe(404);
    const year = await page.goto("/en/rankings/eci/hs4/hs92?year=2005");
    expect(year?.status()).toBe(200);
    await expect(page.getByTestId("year-missing")).toContainText("2005");
    await page.goto("/en/rankings/PCI/HS4/hs92");
    expect(page.url()).toContain("/en/rankings/pci/hs4/hs92");
  });
});

test.describe("trade rankings", () => {
  test("a year without data leads to the newest year the data holds", async ({ page }) => {
    const response = await page.goto("/en/country-rankings/2023/trade");
    expect(response?.status()).toBe(200);
    await page.waitForURL("**/en/country-rankings/2018/trade");
    await expect(rows(page).first()).toHaveAttribute("data-row-id", "chn");
    await expect(page.getByTestId("sparkline").first()).toBeVisible();
  });

  test("rank changes of two digits are shown whole, not cut to an ellipsis", async ({ page }) => {
    await page.goto("/zh/country-rankings/2018/trade");
    const iran = page.locator('[data-row-id="irn"]');
    await expect(iran.getByText("▼ 10")).toBeVisible();
    // Text wider than its label (even by a fraction of a pixel, which scrollWidth rounds away) is cut with "…".
    const cut = await page.locator('[data-testid="ranking-table"] .mantine-Badge-label').evaluateAll((labels) =>
      labels.filter((label) => {
        const text = document.createRange();
        text.selectNodeContents(label);
        return text.getBoundingClientRect().width > label.getBoundingClientRect().width + 0.01;
      }).length,
    );
    expect(cut).toBe(0);
  });

  test("a malformed year is a 404", async ({ request }) => {
    expect((await request.get("/en/country-rankings/abc/trade")).status()).toBe(404);
    expect((await request.get("/en/product-rankings/20188/trade")).status()).toBe(404);
    expect((await request.get("/en/product-rankings/2018/trade?depth=hs6")).status()).toBe(404);
  });

  test("products are ranked at the finest depth the catalogue holds, by section elsewhere", async ({ page, request }) => {
    const catalogue = await (await request.get("/api/catalog")).json();
    const hs4Years: number[] = catalogue.datasets
      // Countries' trade by product (the world-only series ranks no countries).
      .filter((d: { kind: string; depth: string; partial: boolean; scope?: string }) => d.kind === "goods" && (d.depth === "hs4" || d.depth === "hs6") && !d.partial && d.scope !== "world")
      .flatMap((d: { years: { year: number }[] }) => d.years.map((y) => y.year));
    const newest = Math.max(...hs4Years);
    const response = await page.goto("/en/product-rankings/2023/trade");
    expect(response?.status()).toBe(200);
    await page.waitForURL(`**/en/product-rankings/${newest}/trade`);
    await expect(page.getByTestId("depth-links").getByRole("link", { name: "HS4 headings" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("ranking-count")).toContainText("of 1,2");
    // The source line names the year's dataset in words.
    await expect(page.getByTestId("source-line")).toContainText(String(newest));
    await expect(page.getByTestId("source-line")).not.toContainText(/_/);
    await page.goto("/en/product-rankings/2000/trade");
    await expect(page.getByTestId("depth-links").getByRole("link", { name: "HS sections" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("ranking-count")).toHaveText(/of 2\d$/);
    await page.goto("/en/product-rankings/1990/trade?depth=hs4");
    await expect(page.getByTestId("no-data-depth")).toContainText("2017–2019");
  });
});

test("the methods page renders every formula", async ({ page }) => {
  await page.goto("/en/resources/methods");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Methods: economic complexity");
  const formulas = page.locator(".katex-display");
  expect(await formulas.count()).toBeGreaterThanOrEqual(12);
  await expect(formulas.first()).toBeVisible();
  await expect(page.locator(".katex-display math").first()).toBeAttached();
  await expect(page.getByTestId("filters-table")).toContainText("HS4 · HS92, 2018");
  await expect(page.getByTestId("comparison-table")).toContainText("Identical in every cell");
  await expect(page.getByTestId("comparison-table")).toContainText("1.6 × 10⁻¹⁵");
  // Figures follow the locale's decimal separator.
  await page.goto("/es/resources/methods");
  await expect(page.getByTestId("comparison-table")).toContainText("1,6 × 10⁻¹⁵");
  await expect(page.getByTestId("comparison-table")).toContainText("0,9999");
});

test("ranking and methods pages have no serious or critical accessibility violations", async ({ page, context, baseURL }) => {
  for (const [path, scheme] of [
    ["/en/rankings/eci/hs4/hs92?year=1990", "light"],
    ["/zh/rankings/pci/hs4/hs92", "dark"],
    ["/es/country-rankings/2018/trade", "dark"],
    ["/en/resources/methods", "light"],
  ]) {
    await context.addCookies([{ name: "ots-color-scheme", value: scheme, url: baseURL! }]);
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${path}: ${v.id}: ${v.nodes.slice(0, 5).map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
});
