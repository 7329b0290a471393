import { expect, type Locator, type Page } from "./test";

/**
 * Charts load their code (Chart) and profile charts their rows (LazyProfileChart) when they near
 * the screen. A test that reads
 * every chart, or must not see heights change after a jump, brings each waiting chart into view
 * in turn (in the page: a placeholder may turn into its chart at any moment, and one in a panel
 * shown later, such as the product space, waits until it is shown) until no shown chart waits for
 * its rows: a signal, not a clock. A chart whose rows have come keeps its height while it draws.
 */
export async function loadEveryChart(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const shown = [...document.querySelectorAll('[data-testid="profile-chart-pending"], [data-testid="profile-chart-loading"], [data-testid="chart"][data-chart-pending], [data-testid="chart-pending"]')].filter((el) => el.checkVisibility());
          const pending = shown.find((el) => ["profile-chart-pending", "chart-pending"].includes(el.getAttribute("data-testid") ?? "") || el.hasAttribute("data-chart-pending"));
          pending?.scrollIntoView({ block: "center" });
          return shown.length;
        }),
      { timeout: 45_000 },
    )
    .toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * A chart draws once it nears the screen: brings `box` (the chart, or the section or panel that
 * holds it) into view, then waits until its chart has drawn. Returns the chart.
 */
export async function chartReady(box: Locator, timeout = 30_000): Promise<Locator> {
  await box.scrollIntoViewIfNeeded();
  const chart = (await box.getAttribute("data-testid")) === "chart" ? box : box.locator('[data-testid="chart"]').first();
  await expect(chart).toHaveAttribute("data-chart-ready", "true", { timeout });
  return chart;
}
