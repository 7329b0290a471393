/**
 * Entities that resolve (issue 33): continents and countries whose ids collide each keep their own
 * page (South America is /profile/continent/sa; /profile/country/sa is Saudi Arabia), every
 * reporter of the data has a profile and a search entry (Taiwan, whose exports only the 2019 Atlas
 * year holds), and every country code the pages show gets an image (Romania's legacy "rom").
 */
import { formatUsd } from "../../src/domain/format";
import { expect, test, type APIRequestContext, type Page } from "./support/test";

async function openExplorer(page: Page) {
  await page.goto("/en");
  await page.getByTestId("search-button").click();
  await expect(page.getByTestId("search-input")).toBeVisible();
  await expect(page.getByTestId("search-input")).not.toHaveAttribute("readonly", /.*/, { timeout: 20_000 });
}

/** The warehouse's figure through the public data API. */
async function apiValue(request: APIRequestContext, query: string): Promise<number> {
  const body = await (await request.get(`/api/data?${query}`)).json();
  return body.data.reduce((sum: number, row: Record<string, number>) => sum + Number(row["Trade Value"] ?? 0), 0);
}

test.describe("entities resolve", () => {
  test("a continent has its own page: South America is not Saudi Arabia", async ({ page }) => {
    const response = await page.goto("/en/profile/continent/sa");
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("profile-title")).toHaveText("South America");
    await expect(page).toHaveTitle(/South America/);
    await expect(page).not.toHaveTitle(/Saudi/);

    // A country URL with an ISO2 code is that country.
    await page.goto("/en/profile/country/sa");
    await page.waitForURL("**/en/profile/country/sau");
    await expect(page.getByTestId("profile-title")).toHaveText("Saudi Arabia");

    // An old continent link by name lands on the continent route.
    await page.goto("/en/profile/country/south-america");
    await page.waitForURL("**/en/profile/continent/sa");
    await expect(page.getByTestId("profile-title")).toHaveText("South America");
  });

  test("the sitemap and the search tiles link continents to their own route", async ({ page, request }) => {
    const sitemap = await (await request.get("/sitemaps/profiles-0.xml")).text();
    for (const id of ["sa", "af", "as", "na", "eu", "oc"]) expect(sitemap, id).toContain(`/en/profile/continent/${id}</loc>`);
    // No continent listed at a country URL; the countries with those ISO2 codes have their ISO3 URL.
    expect(sitemap).not.toMatch(/\/profile\/country\/(sa|af|as|na|eu|oc)<\/loc>/);
    expect(sitemap).toContain("/en/profile/country/sau</loc>");

    await openExplorer(page);
    await page.getByTestId("search-input").fill("South America");
    const tile = page.locator('[data-profile="country:continent:sa"]');
    await expect(tile).toBeVisible({ timeout: 10_000 });
    await expect(tile.getByTestId("tile-link")).toHaveAttribute("href", "/profile/continent/sa");
    await tile.getByTestId("tile-link").click();
    await page.waitForURL("**/en/profile/continent/sa");
    await expect(page.getByTestId("profile-title")).toHaveText("South America");
  });

  test("Taiwan has a profile that shows its exports", async ({ page, request }) => {
    const response = await page.goto("/en/profile/country/twn");
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("profile-title")).toHaveText("Taiwan");
    // Its newest exports, as the catalogue's newest product dataset holds them (USD 381 bn in 2019).
    const newest = (await (await request.get("/api/catalog?depth=hs4&flow=export")).json()).answer.chosen as { cube: string; year: number };
    const exports = await apiValue(request, `cube=${newest.cube}&drilldowns=Country&cut=Country=twn&cut=Trade%20Flow=2&time=${newest.year}`);
    expect(exports).toBeGreaterThan(1e11);
    await expect(page.locator("main")).toContainText(formatUsd(exports, "en", { compact: true }));
    await expect(page.getByTestId("no-data")).toHaveCount(0);
  });

  test("search finds Taiwan", async ({ page, request }) => {
    const api = await (await request.get("/api/cms/search/reports?query=Taiwan&locale=en&limit=5")).json();
    expect(api.results[0].path).toBe("/country/twn");

    await openExplorer(page);
    await page.getByTestId("search-input").fill("Taiwan");
    const tile = page.locator('[data-profile="country:country:twn"]');
    await expect(tile).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId("result-tile").first()).toHaveAttribute("data-profile", "country:country:twn");
    const flag = tile.locator("img").first();
    await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test("flags of Taiwan and of Romania's legacy code answer an image", async ({ request }) => {
    for (const member of ["country:twn", "country:rom", "country:sun", "continent:sa"]) {
      const response = await request.get(`/api/cms/member-image?member=${encodeURIComponent(member)}&size=thumb`);
      expect(response.status(), member).toBe(200);
      expect(response.headers()["content-type"], member).toMatch(/^image\//);
      expect((await response.body()).length, member).toBeGreaterThan(100);
    }
    // Romania's legacy code shows Romania's flag.
    const rom = await (await request.get("/api/cms/member-image?member=country%3Arom&size=thumb")).text();
    const rou = await (await request.get("/api/cms/member-image?member=country%3Arou&size=thumb")).text();
    expect(rom).toBe(rou);
    // An unknown code stays a 404 with a JSON error.
    const unknown = await request.get("/api/cms/member-image?member=country%3Azzz&size=thumb");
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).error.code).toBe("not_found");
  });
});
