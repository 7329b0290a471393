import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./support/test";
import { chartReady } from "./support/charts";

const PATH = "/resources/methods/eci-growth-predictions";
const TERMS = ["intercept", "eci", "log_gdp_per_capita", "natural_resources"];

const rows = (page: Page) => page.getByTestId("growth-table").locator("tbody tr[data-row-id]");

async function chartsReady(page: Page) {
  // Each chart draws once it nears the screen.
  await chartReady(page.getByTestId("growth-chart-map"));
  await chartReady(page.getByTestId("growth-chart-scatter"));
}

test.describe("ECI growth projections", () => {
  test("shows the fitted model, the backtest, the ranked projections and both charts", async ({ page }) => {
    await page.goto(`/en${PATH}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Growth projections from economic complexity");
    await expect(page.getByTestId("growth-summary")).toContainText(/Projected growth for \d+ countries from \d{4} to \d{4}/);

    // The regression table: one row per term, each coefficient a number.
    await expect(page.getByTestId("growth-coefficients").locator("tbody tr")).toHaveCount(TERMS.length);
    for (const term of TERMS) await expect(page.getByTestId(`coefficient-${term}`)).toHaveText(/^-?\d+\.\d{3}$/);
    const n = Number((await page.getByTestId("growth-n").innerText()).replace(/,/g, ""));
    expect(n).toBeGreaterThan(20);
    await expect(page.getByTestId("growth-r2")).toHaveText(/^0\.\d{3}$/);
    await expect(page.getByTestId("growth-samples").locator("tbody tr").first()).toBeVisible();

    await expect(page.getByTestId("backtest-correlation")).toHaveText(/^-?[01]\.\d{2}$/);
    await expect(page.getByTestId("backtest-mae")).toHaveText(/^\d+\.\d{2}$/);

    // The ranked table: ranks 1, 2, 3 with a signed projection each, largest first.
    await expect(rows(page).first()).toBeVisible();
    expect(await rows(page).count()).toBeGreaterThan(20);
    const projected: number[] = [];
    for (let i = 0; i < 3; i++) {
      const cells = rows(page).nth(i).locator("td");
      await expect(cells.nth(0)).toHaveText(String(i + 1));
      await expect(cells.nth(2)).toHaveText(/^[+-]?\d+\.\d{2}$/);
      projected.push(Number((await cells.nth(2).innerText()).replace("+", "")));
    }
    expect(projected).toEqual([...projected].sort((a, b) => b - a));

    // Sorting and search are the ranking table's.
    const table = page.getByTestId("growth-table");
    await table.locator('[data-sort-key="projected"]').click();
    await expect(table.locator('th[aria-sort="descending"]')).toContainText("Projected growth");
    await page.getByTestId("ranking-search").fill("india");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute("data-row-id", "ind");

    await chartsReady(page);
    await expect(page.getByTestId("growth-sources")).toContainText("World Bank");
  });

  test("reads in Spanish and Chinese", async ({ page }) => {
    await page.goto(`/es${PATH}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Proyecciones de crecimiento a partir de la complejidad económica");
    await expect(page.getByTestId("growth-coefficients")).toContainText("Constante");
    await expect(page.getByTestId("coefficient-eci")).toHaveText(/^-?\d+,\d{3}$/);
    await page.goto(`/zh${PATH}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("基于经济复杂度的增长预测");
    await expect(page.getByTestId("growth-coefficients")).toContainText("常数项");
    await expect(rows(page).first().locator("td").nth(2)).toHaveText(/\d/);
  });

  test("has no accessibility violations, light and dark", async ({ page, context, baseURL }) => {
    for (const [locale, scheme] of [
      ["en", "light"],
      ["zh", "dark"],
    ]) {
      await context.addCookies([{ name: "ots-color-scheme", value: scheme, url: baseURL! }]);
      await page.goto(`/${locale}${PATH}`);
      await chartsReady(page);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${locale} (${scheme}): ${v.id}: ${v.nodes.slice(0, 5).map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  });
});
