import { ALL_SUBNATIONAL_COUNTRIES, SUBNATIONAL_COUNTRIES, firstMappedLevel } from "../../src/domain/subnational/config";
import { expect, test } from "./support/test";

// Subnational countries as configuration (issue 23; spec section 3): every country's landing page
// answers, lists its levels (data or a plain "no data"; the CSV layout lives in docs/subnational.md)
// and draws the map of its first level with geometry.

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

  test("a level without data says so in one sentence, with no operator instructions", async ({ page }) => {
    await page.goto("/en/profile/subnational_chl");
    await expect(page.getByTestId("landing-title")).not.toBeEmpty();
    for (const level of ["regions", "comunas"]) {
      const card = page.getByTestId(`level-${level}`);
      if ((await card.getAttribute("data-has-data")) === "true") continue;
      await expect(card.getByTestId("level-no-data")).toBeVisible();
    }
    await expect(page.locator("main")).not.toContainText(HEADER);
    await expect(page.locator("main")).not.toContainText("npm run");
    await expect(page.getByTestId("operator-doc").getByRole("link")).toHaveAttribute("href", "/docs/subnational.md");
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

test.describe("maps of regions in the visualisation builder", () => {
  test("a landing page opens its map in the builder, where the regions' values match the data API", async ({ page }) => {
    await page.goto("/en/profile/subnational_aus");
    await page.getByTestId("open-map-in-builder").click();
    await expect(page).toHaveURL(/\/en\/visualize\/geomap\/hs92\/export\/aus\/all\/all\/\d{4}\?regions=aus\.states$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Where in Australia do exports come from?");
    await expect(page.getByTestId("region-map")).toBeVisible();
    await expect(page.getByTestId("control-regions")).toHaveValue("Australia · States");
    // The money is Australian dollars, said in the subtitle and the legend.
    await expect(page.getByText(/Values in AUD/)).toBeVisible();
    // The query behind the map: Western Australia's row is the table's first.
    const api = await page.getByTestId("api-query-link").first().getAttribute("href");
    const body = (await (await page.request.get(api!)).json()) as { data: Record<string, unknown>[] };
    const wa = body.data.find((row) => row["State ID"] === "WA");
    expect(Number(wa?.["Trade Value (AUD)"])).toBeGreaterThan(0);
    await page.getByTestId("tab-table").click();
    await expect(page.getByRole("row").nth(1)).toContainText("Western Australia");
  });

  test("a product filter at a depth the data hold, and what a map of regions cannot show", async ({ page }) => {
    const ok = await page.goto("/en/visualize/geomap/hs92/export/aus/all/52603/2023?regions=aus.states");
    expect(ok?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Where in Australia do exports of Copper Ore come from?");
    await expect(page.getByTestId("region-map")).toBeVisible();
    // Spain's provinces hold sections only, for one year, and no partners.
    await page.goto("/es/visualize/geomap/hs92/export/esp/chl/52603/2010?regions=esp.provinces");
    const problems = page.getByTestId("viz-problems");
    await expect(problems).toContainText("Los datos regionales no tienen socios comerciales");
    await expect(problems).toContainText("Un mapa de regiones puede filtrarse");
    await page.getByTestId("problem-suggestion").click();
    await expect(page).toHaveURL(/\/es\/visualize\/geomap\/hs92\/export\/esp\/all\/all\/\d{4}\?regions=esp\.provinces$/);
    await expect(page.getByTestId("region-map")).toBeVisible();
    // A malformed regions parameter is a 404, not a crash.
    expect((await page.request.get("/en/visualize/geomap/hs92/export/esp/all/all/2022?regions=%3Cscript%3E")).status()).toBe(404);
  });

  test("the control panel switches between the world's countries and the regions the data hold", async ({ page }) => {
    await page.goto("/zh/visualize/geomap/hs92/export/chl/show/all/2018");
    await page.getByTestId("control-regions").click();
    await page.getByRole("option", { name: /西班牙 · 省份/ }).click();
    await expect(page).toHaveURL(/\?regions=esp\.provinces$/);
    await expect(page.getByTestId("region-map")).toBeVisible();
    await page.getByTestId("control-regions").click();
    await page.getByRole("option", { name: "世界各国" }).click();
    await expect(page).toHaveURL(/\/zh\/visualize\/geomap\/hs92\/export\/esp\/show\/all\/2022$/);
  });
});
