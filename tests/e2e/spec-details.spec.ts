/**
 * The spec's last details on a running site (issue 42; their unit tests are in tests/spec): the
 * Digital products entry, the PRO badge of subnational tiles, and "compared with N years earlier"
 * on the country hero.
 */
import { expect, test } from "./support/test";

test.describe("spec details (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("Digital products opens the explore dialog, which says no digital-product profiles are held", async ({ page }) => {
    await page.goto("/en");
    await page.locator('[data-menu="profiles"]').click();
    await page.locator('[data-explore="digital-product"]').click();
    await expect(page.getByTestId("explorer-body")).toHaveAttribute("data-report", "digital-product");
    const note = page.getByTestId("explore-digital-products");
    await expect(note).toBeVisible();
    await expect(note.getByRole("link")).toHaveAttribute("href", "/en/profile/digital-product");
  });

  test("subnational tiles carry the PRO badge (35 by 34), country tiles none", async ({ page }) => {
    await page.goto("/en");
    await page.getByTestId("search-button").click();
    await expect(page.getByTestId("search-input")).not.toHaveAttribute("readonly", /.*/, { timeout: 20_000 });
    await page.getByTestId("search-input").fill("madrid");
    const province = page.locator('[data-testid="result-tile"][data-profile^="subnational_esp:"]').first();
    await expect(province).toBeVisible();
    const badge = province.getByTestId("tile-plan-badge");
    await expect(badge).toContainText("PRO");
    const box = await badge.boundingBox();
    expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([35, 34]);
    await page.getByTestId("search-input").fill("chile");
    const chile = page.locator('[data-testid="result-tile"][data-profile^="country:"]').first();
    await expect(chile).toBeVisible();
    await expect(chile.getByTestId("tile-plan-badge")).toHaveCount(0);
  });
});

test("the country hero compares exports with earlier years, each within one dataset", async ({ page }) => {
  const response = await page.goto("/en/profile/country/chl");
  expect(response?.status()).toBe(200);
  const line = page.getByTestId("hero-comparison");
  await expect(line).toBeVisible();
  const items = line.locator("[data-years-back]");
  expect(await items.count()).toBeGreaterThan(0);
  const datasets = new Set(await items.evaluateAll((els) => els.map((el) => el.getAttribute("data-dataset"))));
  expect(datasets.size).toBe(1);
  await expect(line).toContainText("compared with 10 years earlier");
});
