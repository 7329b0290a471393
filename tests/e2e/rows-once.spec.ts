/**
 * Each chart's rows travel once (issue 36): the server only plans a profile's charts, the browser
 * loads each one's rows from /api/view once, when it comes near the screen. Over one whole page
 * view (the server render and every chart the reader scrolls to), no /api/view URL is asked twice
 * and the warehouse is asked no query twice (the test route's log, ENABLE_TEST_ROUTES=1 in
 * playwright.config.ts, counts every query asked, answered from the result cache or not).
 */
import { expect, test, type Page } from "./support/test";

/** The bilateral profile's charts come with the page (its sections load their rows on the server). */
const PROFILES: [string, boolean][] = [
  ["/en/profile/country/chl", true],
  ["/en/profile/hs/2603", true],
  ["/en/profile/bilateral-country/deu/partner/fra", false],
];

/** Scrolls down half a screen at a time, pausing so charts coming near start loading, until the bottom stays the bottom. */
async function scrollToBottom(page: Page) {
  for (let step = 0; step < 200; step++) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, Math.round(window.innerHeight / 2));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(200);
    if (atBottom && (await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2))) return;
  }
  throw new Error("the page never reached its bottom");
}

/** Every /api/view URL the page asks for, in order (repeats kept). */
function viewRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/view") urls.push(request.url());
  });
  return urls;
}

test.describe("each number loaded once per page view, in the server and the browser together", () => {
  for (const [path, hasBrowserCharts] of PROFILES) {
    test(path, async ({ page, request }) => {
      test.setTimeout(120_000);
      // Link prefetches render other pages (navigations not taken): not this page view's work.
      await page.route("**/*", (route) => (route.request().headers()["next-router-prefetch"] ? route.abort() : route.continue()));
      const views = viewRequests(page);
      expect((await request.delete("/api/test/queries")).status()).toBe(204);
      // A URL new to the page cache, so the page is rendered for this view.
      const response = await page.goto(`${path}?rows-once=${Date.now()}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByTestId("profile-title")).toBeVisible();
      await scrollToBottom(page);
      await page.waitForLoadState("networkidle");

      // Every chart came near the screen and drew (or said it has no data); none failed.
      const lazy = page.locator('[data-testid="profile-chart"][data-rows="browser"]');
      await expect(page.locator('[data-testid="profile-chart-pending"], [data-testid="profile-chart-loading"]')).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByTestId("profile-chart-failed")).toHaveCount(0);
      const charts = page.getByTestId("profile-chart");
      for (let i = 0; i < (await charts.count()); i++) {
        await expect(charts.nth(i).locator('[data-testid="chart"], [data-testid="no-data"]').first(), `chart ${i}`).toBeVisible();
      }
      await page.waitForLoadState("networkidle");

      // (a) Each chart's rows once: the charts that load in the browser asked, and no URL was asked twice
      // (a treemap and the map of the same question share one URL: fewer requests than charts).
      if (hasBrowserCharts) {
        expect(await lazy.count(), "charts whose rows load in the browser").toBeGreaterThan(0);
        expect(views.length).toBeGreaterThan(0);
      }
      const repeatedViews = [...new Set(views)].filter((url) => views.indexOf(url) !== views.lastIndexOf(url));
      expect(repeatedViews, "an /api/view URL asked more than once").toEqual([]);

      // (b) The warehouse asked each query once, the render and the charts' rows together.
      const { queries } = (await (await request.get("/api/test/queries")).json()) as { queries: { key: string; count: number }[] };
      expect(queries.length, "the page view asked the warehouse something").toBeGreaterThan(0);
      expect(queries.filter((q) => q.count > 1).map((q) => `${q.count}× ${q.key}`)).toEqual([]);
    });
  }
});

test("a phone loads only the charts it shows, each placeholder keeping the chart's height", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const views = viewRequests(page);
  await page.goto(`/en/profile/country/chl?rows-phone=${Date.now()}`);
  await expect(page.getByTestId("profile-title")).toBeVisible();
  await page.waitForLoadState("networkidle");
  const charts = await page.locator('[data-testid="profile-chart"][data-rows="browser"]').count();
  const pending = page.getByTestId("profile-chart-pending");
  expect(await pending.count(), "charts far below the screen wait").toBeGreaterThan(0);
  expect(views.length, "fewer requests than charts").toBeLessThan(charts);
  // A waiting chart holds its place: the placeholder is as tall as the chart will be (320 px and up).
  expect((await pending.last().boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(300);
  // Scrolled to, it loads.
  const before = views.length;
  const waiting = page.getByTestId("profile-chart").filter({ has: page.getByTestId("profile-chart-pending") }).last();
  const handle = await waiting.elementHandle();
  await waiting.scrollIntoViewIfNeeded();
  await expect.poll(() => handle!.evaluate((el) => el.querySelector('[data-testid="profile-chart-pending"]') === null)).toBe(true);
  await expect.poll(() => views.length).toBeGreaterThan(before);
});

test("a phone opening a profile fetches no chart code until a chart nears the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts: string[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.text().catch(() => "");
    // ECharts' renderer (zrender) is in its core chunk: only a chart that draws needs it.
    if (body.includes("zrender")) scripts.push(response.url());
  });
  await page.goto(`/en/profile/country/chl?chart-code=${Date.now()}`);
  await expect(page.getByTestId("profile-title")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await page.locator('[data-testid="chart"]').count(), "no chart is drawn at the top of a profile").toBe(0);
  expect(scripts, "no chart library before a chart is near").toEqual([]);
  // Scrolled to the first chart, the library arrives and the chart draws.
  await page.getByTestId("profile-chart").first().scrollIntoViewIfNeeded();
  await expect(page.locator("[data-chart-ready]").first()).toBeVisible({ timeout: 30_000 });
  expect(scripts.length).toBeGreaterThan(0);
});
