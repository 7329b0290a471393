/**
 * Chart code loads with the chart, not with the page (issues 36 and 37): a chart's toolbar menus,
 * its data table, a profile chart's view and ECharts itself arrive after the page, ECharts in
 * parts (the core, then the chart type drawn; the SVG renderer only for an SVG download). What a
 * visitor does before they arrive still works, and a placeholder holds each chart's place.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "./support/test";

const VIEW = "/en/visualize/tree_map/hs92/export/chl/all/show/2018";

test("Share and Download, used as soon as the page is there, open once their code has arrived", async ({ page }) => {
  await page.goto(VIEW);
  await page.getByTestId("share-button").click();
  await expect(page.getByTestId("share-url")).toHaveValue(/\/en\/visualize\/tree_map\/hs92\/export\/chl\/all\/show\/2018$/);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("share-url")).toHaveCount(0);

  await page.getByTestId("download-button").click();
  await expect(page.getByTestId("download-csv")).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-csv").click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  expect(readFileSync((await download.path())!, "utf8").replace(/^\ufeff/, "").split("\r\n")[0]).toContain("Trade value");
});

test("an SVG download loads the SVG renderer then, and the chart on the page stays a canvas", async ({ page }) => {
  await page.goto(VIEW);
  const chart = page.locator('[data-testid="chart"]');
  await expect(chart).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
  await expect(chart.locator("canvas").first()).toBeVisible();
  await page.getByTestId("download-button").click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-svg").click()]);
  expect(readFileSync((await download.path())!, "utf8")).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  await expect(chart.locator("canvas").first()).toBeVisible();
  await expect(chart.locator("svg")).toHaveCount(0);
});

test("a chart the server drew the data for holds its height from the placeholder to the drawn chart", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/en/rankings/eci/hs4/hs92");
  const panel = page.getByTestId("ranking-chart-scatter");
  const before = (await panel.boundingBox())?.height ?? 0;
  expect(before).toBeGreaterThan(300);
  await expect(panel.locator('[data-testid="chart"]')).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
  await expect(panel.getByTestId("download-button")).toBeVisible();
  expect(Math.abs(((await panel.boundingBox())?.height ?? 0) - before)).toBeLessThanOrEqual(1);
});

test("a table tab opened for the first time loads the table and shows the rows", async ({ page }) => {
  await page.goto(VIEW);
  await page.getByTestId("tab-table").click();
  const table = page.getByTestId("data-table");
  await expect(table).toBeVisible();
  await expect(table.locator("tbody tr").first()).toContainText("Copper Ore");
});
