import { sharedUser } from "./support/accounts";
import { expectChartDownloads } from "./support/chartDownloads";
import { expect, test, type Page } from "./support/test";

// The trend explorer is PRO: the server reads the session's role. Everyone else gets the PRO gate
// and a read-only preview computed from the data (world exports, newest comparable years).
const PATH = "/trend-explorer";

const rows = (page: Page) => page.getByTestId("trend-row");

async function signInPro(page: Page) {
  return sharedUser(page.request, "pro");
}

/** The margins chart's parts add up to its total (each bar carries its value). */
async function expectMarginsAddUp(page: Page) {
  const chart = page.getByTestId("trend-decomposition");
  await expect(chart).toBeVisible();
  const value = async (part: string) => Number(await chart.locator(`[data-part="${part}"]`).getAttribute("data-value"));
  const total = await value("total");
  const sum = (await value("new")) + (await value("lost")) + (await value("continuing"));
  expect(Math.abs(sum - total)).toBeLessThanOrEqual(Math.max(1, Math.abs(total) * 1e-9));
}

test.describe("trend explorer", () => {
  test("an anonymous visitor gets the gate and a real preview, and the API says PRO", async ({ page, request }) => {
    const response = await page.goto(`/en${PATH}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("pro-gate")).toBeVisible();
    await expect(page.getByTestId("pro-gate-title")).toHaveText("Trend explorer");
    await expect(page.getByTestId("pro-gate-subscribe")).toHaveAttribute("href", "/en/subscription");
    await expect(page.getByTestId("pro-gate-sign-in")).toHaveAttribute("href", `/en/login?callbackUrl=${encodeURIComponent(`/en${PATH}`)}`);
    // The preview: the tool's answer on a sample, read-only (no form, no sorting links, no pages).
    const preview = page.getByTestId("trend-preview");
    await expect(preview).toBeVisible();
    expect(await rows(page).count()).toBeGreaterThan(5);
    await expect(page.getByTestId("trend-summary")).toContainText(/World: exports went from .+ in \d{4} to .+ in \d{4}/);
    await expectMarginsAddUp(page);
    await expect(page.getByTestId("trend-controls")).toHaveCount(0);
    await expect(page.getByTestId("trend-sort-cagr")).toHaveCount(0);
    await expect(page.getByTestId("trend-api-link")).toHaveCount(0);

    const api = await request.get("/api/trends?reporter=deu&from=2017&to=2018");
    expect(api.status()).toBe(403);
    expect((await api.json()).error.code).toBe("pro_required");

    await page.goto(`/es${PATH}`);
    await expect(page.getByTestId("pro-gate-title")).toHaveText("Explorador de tendencias");
    await page.goto(`/zh${PATH}`);
    await expect(page.getByTestId("pro-gate-title")).toHaveText("趋势探索器");
  });

  test("a free account gets the gate too", async ({ page }) => {
    await sharedUser(page.request, "free");
    await page.goto(`/en${PATH}`);
    await expect(page.getByTestId("pro-gate")).toBeVisible();
    await expect(page.getByTestId("pro-gate-sign-in")).toHaveCount(0);
    await expect(page.getByTestId("trend-controls")).toHaveCount(0);
    const api = await page.request.get("/api/trends?reporter=deu&from=2017&to=2018");
    expect(api.status()).toBe(403);
  });

  test("a PRO account ranks a country's products, sorts, links to profiles and gets the same numbers from the API", async ({ page }) => {
    await signInPro(page);
    const response = await page.goto(`/en${PATH}?reporter=deu`);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("pro-gate")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trend explorer");
    await expect(page.getByTestId("trend-controls")).toBeVisible();
    await expect(page.getByTestId("trend-summary")).toContainText("Germany: exports went from");

    // A table row: rank, a product linked to its profile, a signed change.
    const first = rows(page).first();
    await expect(first).toBeVisible();
    await expect(first.locator("td").first()).toHaveText("1");
    await expect(first.getByTestId("trend-row-link")).toHaveAttribute("href", /^\/en\/profile\/hs\//);
    await expect(first.getByTestId("trend-change")).toHaveText(/^[+-]/);
    await expectMarginsAddUp(page);
    await expect(page.getByTestId("trend-mover").first()).toBeVisible();

    // The margins are a chart like every other: PNG, SVG and a CSV of the four parts, the figures shown.
    const lines = await expectChartDownloads(page, page.getByTestId("trend-decomposition"), /^trend-margins-\d{4}-\d{4}/);
    expect(lines[0]).toBe("id,Part of the change,Change in value");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["new", "lost", "continuing", "total"]);
    const decomposition = page.getByTestId("trend-decomposition");
    for (const line of lines.slice(1)) {
      // The label may hold a quoted comma ("New (1,234)"): the id comes first, the value last.
      const cells = line.split(",");
      expect(cells.at(-1)).toBe(await decomposition.locator(`[data-part="${cells[0]}"]`).getAttribute("data-value"));
    }

    // The API answers the same selection with the same first row.
    const apiHref = await page.getByTestId("trend-api-link").getAttribute("href");
    const api = await page.request.get(apiHref!);
    expect(api.status()).toBe(200);
    const body = await api.json();
    expect(body.rows[0].id).toBe(await first.getAttribute("data-id"));

    // Sorting is a link: the URL holds it, and reloading restores it.
    await page.getByTestId("trend-sort-cagr").click();
    await page.waitForURL(/sort=cagr/);
    await page.reload();
    await expect(page.getByTestId("trend-sort-cagr").locator("..")).toHaveAttribute("aria-sort", "descending");

    // Partners: from bilateral data, linked to country profiles.
    await page.goto(`/en${PATH}?reporter=deu&by=partners`);
    await expect(rows(page).first().getByTestId("trend-row-link")).toHaveAttribute("href", /^\/en\/profile\/country\/[a-z]{3}$/);
  });

  test("bad selections get a clear message, in the page and as 4xx JSON", async ({ page }) => {
    await signInPro(page);
    await page.goto(`/en${PATH}?reporter=zzz`);
    await expect(page.getByTestId("trend-error")).toHaveAttribute("data-code", "unknown_reporter");
    await expect(page.getByTestId("trend-error")).toContainText("zzz");
    await page.goto(`/en${PATH}?reporter=deu&from=2018&to=2018`);
    await expect(page.getByTestId("trend-error")).toContainText("earlier year");
    await page.goto(`/en${PATH}?reporter=deu&from=1901&to=2018`);
    await expect(page.getByTestId("trend-error")).toHaveAttribute("data-code", "year_not_in_data");
    expect((await page.request.get("/api/trends?reporter=zzz&from=2017&to=2018")).status()).toBe(404);
    expect((await page.request.get("/api/trends?reporter=deu&from=2018&to=2017")).status()).toBe(400);
    expect((await page.request.get("/api/trends?reporter=deu&from=1901&to=2018")).status()).toBe(400);
  });

  test("the PRO page speaks Spanish and Chinese", async ({ page }) => {
    await signInPro(page);
    await page.goto(`/es${PATH}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explorador de tendencias");
    await expect(page.getByRole("heading", { name: "De dónde vino el cambio" })).toBeVisible();
    await page.goto(`/zh${PATH}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("趋势探索器");
    await expect(page.getByRole("heading", { name: "变化从何而来" })).toBeVisible();
  });
});
