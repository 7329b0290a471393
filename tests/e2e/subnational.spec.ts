import { ALL_SUBNATIONAL_COUNTRIES, SUBNATIONAL_COUNTRIES, firstMappedLevel } from "../../src/domain/subnational/config";
import { expect, test } from "./support/test";

// Subnational countries as configuration (issue 23; spec section 3): every country's landing page
// answers, lists its levels (data or a plain "no data" with the CSV layout and the import
// command) and draws the map of its first level with geometry.

const HEADER = "country,level,region_id,region_name,year,flow,product_level,product_id,value,currency";

test.describe("subnational landing pages", () => {
  test("every configured slug answers 200 with its levels, in every language", async ({ request }) => {
    expect(SUBNATIONAL_COUNTRIES).toHaveLength(19);
    for (const country of ALL_SUBNATIONAL_COUNTRIES) {
      for (const locale of ["en", "es", "zh"]) {
        const path = `/${locale}/profile/subnational_${country.code}`;
        const response = await request.get(path, { maxRedirects: 0 });
        expect(response.status(), path).toBe(200);
        const html = await response.text();
        expect(html, path).toContain(`data-country="${country.code}"`);
        for (const level of country.geoLevels) expect(html, `${path} ${level.slug}`).toContain(`data-testid="level-${level.slug}"`);
      }
    }
  });

  test("a level's address leads to the landing page at that level; unknown slugs are 404", async ({ request }) => {
    for (const country of ALL_SUBNATIONAL_COUNTRIES) {
      for (const level of country.geoLevels) {
        const response = await request.get(`/en/profile/subnational_${country.code}/${level.slug}`, { maxRedirects: 0 });
        expect(response.status()).toBe(308);
        expect(response.headers().location).toContain(`/en/profile/subnational_${country.code}`);
      }
    }
    expect((await request.get("/en/profile/subnational_xyz")).status()).toBe(404);
    expect((await request.get("/en/profile/subnational_bra/nowhere/1")).status()).toBe(404);
  });

  test("a level without data says so and shows the CSV layout and the import command", async ({ page }) => {
    await page.goto("/en/profile/subnational_chl");
    await expect(page.getByTestId("landing-title")).not.toBeEmpty();
    for (const level of ["regions", "comunas"]) {
      const card = page.getByTestId(`level-${level}`);
      if ((await card.getAttribute("data-has-data")) === "true") continue;
      await expect(card.getByTestId("level-no-data")).toBeVisible();
      await expect(card.getByTestId("csv-layout")).toContainText(HEADER);
      await expect(card.getByTestId("csv-layout")).toContainText(`chl,${level},`);
      await expect(card.getByTestId("import-command")).toHaveText("npm run data:import -- --subnational FILE");
    }
  });

  test("unavailable countries are marked so", async ({ page }) => {
    for (const country of SUBNATIONAL_COUNTRIES) {
      await page.goto(`/en/profile/subnational_${country.code}`);
      await expect(page.getByTestId("unavailable"), country.code).toHaveCount(country.available ? 0 : 1);
    }
  });

  test("draws the map of the first level with geometry, in light and dark", async ({ page }) => {
    for (const code of ["bra", "usa", "rus", "ita"]) {
      const country = ALL_SUBNATIONAL_COUNTRIES.find((c) => c.code === code)!;
      expect(firstMappedLevel(country)).toBeDefined();
      await page.goto(`/en/profile/subnational_${code}`);
      await expect(page.getByTestId("subnational-map")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
    }
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/en/profile/subnational_jpn");
    await expect(page.getByTestId("subnational-map")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
    // Portugal's levels have no map in the package: said plainly.
    await page.goto("/en/profile/subnational_prt");
    await expect(page.getByTestId("no-map")).toBeVisible();
    await expect(page.getByTestId("subnational-map")).toHaveCount(0);
  });

  test("Spain's provinces are listed with their values and link to their profiles", async ({ page }) => {
    await page.goto("/en/profile/subnational_esp");
    const provinces = page.getByTestId("level-provinces");
    await expect(provinces).toHaveAttribute("data-has-data", "true");
    const madrid = provinces.getByTestId("member-link").filter({ hasText: /^Madrid$/ });
    await expect(madrid).toHaveAttribute("href", "/en/profile/subnational_esp/28");
    const response = await page.goto("/en/profile/subnational_esp/provinces/28");
    expect(new URL(page.url()).pathname).toBe("/en/profile/subnational_esp/28");
    expect(response?.status()).toBe(200);
  });

  test("the index lists every country and links to its landing page; the menu points there", async ({ page }) => {
    await page.goto("/en/profile/subnational");
    await expect(page.getByTestId("subnational-country")).toHaveCount(ALL_SUBNATIONAL_COUNTRIES.length);
    await expect(page.locator('a[href="/en/profile/subnational_bra"]')).toHaveCount(1);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/en");
    await page.locator('[data-menu="profiles"]').click();
    await expect(page.locator('[data-explore="subnational"]')).toHaveAttribute("href", "/en/profile/subnational");
  });

  test("the explore dialog's subnational entry links to every country's landing page", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/en");
    await page.locator('[data-menu="profiles"]').click();
    await page.locator('[data-explore="subnational"]').click();
    await expect(page.getByTestId("explorer-body")).toHaveAttribute("data-report", "subnational");
    await page.getByTestId("explore-subnational-index").click();
    await expect(page).toHaveURL(/\/en\/profile\/subnational$/);
    await expect(page.getByTestId("subnational-country")).toHaveCount(ALL_SUBNATIONAL_COUNTRIES.length);
  });

  test("the sitemap lists the landing pages", async ({ request }) => {
    const xml = await (await request.get("/sitemaps/pages.xml")).text();
    for (const country of ALL_SUBNATIONAL_COUNTRIES) expect(xml).toContain(`/en/profile/subnational_${country.code}<`);
  });
});
