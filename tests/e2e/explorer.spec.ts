import { expect, test, type Page } from "./support/test";

async function openExplorer(page: Page, locale = "en") {
  await page.goto(`/${locale}`);
  await page.getByTestId("search-button").click();
  await expect(page.getByTestId("search-input")).toBeVisible();
  // Metadata and the first page load before the box becomes editable.
  await expect(page.getByTestId("search-input")).not.toHaveAttribute("readonly", /.*/, { timeout: 20_000 });
}

test.describe("explorer", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("typing 'chile' shows Chile's tile with its flag and leads to its profile; the modal closes", async ({ page }) => {
    await openExplorer(page);
    await page.getByTestId("search-input").fill("chile");
    await expect(page.getByTestId("search-spinner")).toHaveCount(0, { timeout: 10_000 });
    const tile = page.locator('[data-profile="country:country:chl"]');
    await expect(tile).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId("result-tile").first()).toHaveAttribute("data-profile", "country:country:chl");
    const flag = tile.locator("img").first();
    await expect(flag).toHaveAttribute("src", /member=country%3Achl&size=thumb/);
    await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // English tile links omit the locale prefix (spec section 2).
    await expect(tile.getByTestId("tile-link")).toHaveAttribute("href", "/profile/country/chl");
    await expect(tile.getByTestId("tile-link")).toHaveText("See Country Report");
    await tile.getByTestId("tile-link").click();
    await page.waitForURL("**/en/profile/country/chl");
    await expect(page.getByTestId("search-input")).toHaveCount(0);
    await expect(page.getByTestId("profile-title")).toHaveText("Chile");
  });

  test("the search box debounces, shows a spinner and a clear button", async ({ page }) => {
    await openExplorer(page);
    const input = page.getByTestId("search-input");
    await input.fill("germ");
    await expect(page.getByTestId("search-clear")).toBeVisible();
    await expect(page.getByTestId("search-spinner")).toBeVisible({ timeout: 2_000 });
    await expect(page.locator('[data-profile="country:country:deu"]')).toBeVisible({ timeout: 10_000 });
    await expect(input).toBeFocused();
    await page.getByTestId("search-clear").click();
    await expect(input).toHaveValue("");
  });

  test("filters narrow results and counts", async ({ page }) => {
    await openExplorer(page);
    await page.getByTestId("search-input").fill("germany");
    // Germany's bilateral profiles only come with the search (the empty-query list starts with countries).
    await expect(page.locator('[data-profile^="bilateral-country:country:deu|"]').first()).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId("search-spinner")).toHaveCount(0);
    const count = async () => Number(await page.getByTestId("results-count").getAttribute("data-total"));
    const all = await count();
    expect(all).toBeGreaterThan(100);
    await page.getByTestId("report-select").click();
    await page.getByRole("option", { name: /^Bilateral Country \(\d+\)$/ }).click();
    await expect(page.locator('[data-profile="country:country:deu"]')).toHaveCount(0);
    await expect.poll(count).toBeLessThan(all);
    const bilateral = await count();
    expect(bilateral).toBeGreaterThan(100);
    await expect(page.getByTestId("result-tile").first()).toHaveAttribute("data-profile", /^bilateral-country:country:deu\|/);
    // Product in Country has more than 2 variants: the variant dropdown appears, with counts from the search.
    await page.getByTestId("report-select").click();
    await page.getByRole("option", { name: /^Product in Country/ }).click();
    await expect(page.getByTestId("variant-select")).toBeVisible();
    await page.getByTestId("variant-select").click();
    await page.getByRole("option", { name: /^Section \/ Country \(\d+\)$/ }).click();
    await expect.poll(count).toBeLessThanOrEqual(22);
    await expect(page.getByTestId("result-tile").first()).toHaveAttribute("data-profile", /^bilateral-product:section:/);
  });

  test("an unknown word shows the empty state", async ({ page }) => {
    await openExplorer(page);
    await page.getByTestId("search-input").fill("qxzqxzqxz");
    await expect(page.getByTestId("no-results")).toContainText("No Results");
    await expect(page.getByTestId("no-results")).toContainText("Try another search or filter.");
  });

  test("a failed search says so and offers a retry", async ({ page }) => {
    await openExplorer(page);
    await page.route("**/api/cms/search/reports**", (route) => route.abort());
    await page.getByTestId("search-input").fill("france");
    await expect(page.getByTestId("search-error")).toBeVisible({ timeout: 10_000 });
    await page.unroute("**/api/cms/search/reports**");
    await page.getByTestId("search-error").getByRole("button").click();
    await expect(page.locator('[data-profile="country:country:fra"]')).toBeVisible({ timeout: 10_000 });
  });

  test("pages through results", async ({ page }) => {
    await openExplorer(page);
    await page.getByTestId("search-input").fill("china");
    // The empty query's results (with their own pagination) show until the debounced search answers.
    await expect(page.getByTestId("result-tile").first()).toHaveAttribute("data-profile", "country:country:chn", { timeout: 10_000 });
    await expect(page.getByTestId("pagination")).toBeVisible();
    const first = await page.getByTestId("result-tile").first().getAttribute("data-profile");
    await page.getByTestId("pagination").getByRole("button", { name: "2", exact: true }).click();
    await expect(page.getByTestId("result-tile").first()).not.toHaveAttribute("data-profile", first!);
    await expect(page.getByTestId("result-tile")).toHaveCount(12);
  });
});

test.describe("explorer at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("shows rows of buttons, the selected one outlined with a check", async ({ page }) => {
    await openExplorer(page, "es");
    await expect(page.getByTestId("selector-narrow")).toBeVisible();
    await expect(page.getByTestId("selector-wide")).toBeHidden();
    const country = page.locator('[data-report-button="1"]');
    await country.click();
    await expect(country).toHaveAttribute("aria-pressed", "true");
    await expect(country.locator("svg")).toHaveCount(1);
    await expect(page.locator('[data-variant-button="3"]')).toBeVisible();
    await country.click();
    await expect(country).toHaveAttribute("aria-pressed", "false");
  });
});

test("'中国' finds China", async ({ page }) => {
  await openExplorer(page, "zh");
  await page.getByTestId("search-input").fill("中国");
  const first = page.getByTestId("result-tile").first();
  await expect(first).toHaveAttribute("data-profile", "country:country:chn", { timeout: 10_000 });
  await expect(first).toContainText("中国");
  await expect(first.getByTestId("tile-link")).toHaveAttribute("href", "/zh/profile/country/chn");
});

test.describe("search API", () => {
  test("a country's name brings the country and its own profiles before weak matches", async ({ request }) => {
    const body = await (await request.get("/api/cms/search/reports?query=chile&locale=en&limit=10&offset=0")).json();
    const paths: string[] = body.results.map((r: { path: string }) => r.path);
    expect(paths[0]).toBe("/country/chl");
    expect(paths[1]).toMatch(/^\/bilateral-country\/chl\/partner\//);
    // "chile" is one letter from "chicle" (natural rubber's Spanish name): never above Chile's profiles.
    expect(paths.slice(0, 5).filter((p) => p.startsWith("/hs/"))).toEqual([]);
  });

  test("answers the spec's shape and refuses bad parameters", async ({ request }) => {
    const ok = await request.get("/api/cms/search/reports?query=germany%20france&format=profiles&locale=en&limit=5&offset=0&visible=true&includes=true&noImage=false&all=false&origin=typesense");
    expect(ok.status()).toBe(200);
    const body = await ok.json();
    expect(body.results[0]).toMatchObject({ path: "/bilateral-country/deu/partner/fra", report: { id: 4 } });
    expect(body.results[0].members[0]).toMatchObject({ id: "country:deu", metadata: { variant: { id: 3 }, dimension: { id: 4 } } });
    expect(typeof body.meta.variantCount).toBe("object");
    for (const bad of ["locale=xx", "limit=abc", "limit=0", "limit=101", "offset=-1", "variant[]=abc", `query=${"a".repeat(300)}`, "format=html"]) {
      const res = await request.get(`/api/cms/search/reports?${bad}`);
      expect(res.status(), bad).toBe(400);
      expect((await res.json()).error.code, bad).toBe("invalid_parameter");
    }
    // A report id that is not a number is ignored (spec section 5).
    expect((await request.get("/api/cms/search/reports?report[]=country")).status()).toBe(200);
    const sql = await request.get(`/api/cms/search/reports?query=${encodeURIComponent("'; DROP TABLE dim_countries; --")}`);
    expect(sql.status()).toBe(200);
  });

  test("metadata lists the reports with counts, and member images are cacheable", async ({ request }) => {
    const metadata = await (await request.get("/api/cms/read/metadata?locale=es")).json();
    expect(metadata.map((r: { name: string }) => r.name)).toContain("País");
    const country = metadata.find((r: { id: number }) => r.id === 1);
    expect(country.dimensions[0].variants.find((v: { id: number }) => v.id === 3).members_count).toBeGreaterThan(200);
    const flag = await request.get("/api/cms/member-image?member=country:chl&size=thumb");
    expect(flag.status()).toBe(200);
    expect(flag.headers()["content-type"]).toContain("image/svg+xml");
    expect(flag.headers()["cache-control"]).toContain("max-age=31536000");
    const icon = await request.get("/api/cms/member-image?member=section:5&size=thumb");
    expect(await icon.text()).toContain("<svg");
    expect((await request.get("/api/cms/member-image?member=country:zzz&size=thumb")).status()).toBe(404);
    expect((await request.get("/api/cms/member-image?member=..%2F..%2Fetc%2Fpasswd")).status()).toBe(400);
  });
});
