/**
 * The compare page: countries and products side by side from the address alone (shareable), the
 * same figures as the profiles, charts drawn by the one chart component, hostile addresses answered
 * with a message (never a 500), every language, and the "Compare with…" link on the profiles.
 */
import { formatUsd } from "../../src/domain/format";
import { expect, test, type APIRequestContext, type Page } from "./support/test";

/** The warehouse's figure through the public data API. */
async function apiValue(request: APIRequestContext, query: string): Promise<number> {
  const body = await (await request.get(`/api/data?${query}`)).json();
  return body.data.reduce((sum: number, row: Record<string, number>) => sum + Number(row["Trade Value"] ?? 0), 0);
}

async function open(page: Page, path: string) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.getByTestId("compare-title")).toBeVisible();
  return errors;
}

/** Series names of the drawn chart in a section (each entity one name; a break splits a line but keeps its name). */
async function drawnNames(page: Page, section: string): Promise<string[]> {
  const scope = page.locator(`[data-section="${section}"]`);
  await scope.scrollIntoViewIfNeeded();
  await expect(scope.locator('[data-testid="chart"][data-chart-ready="true"]').first()).toBeVisible({ timeout: 15_000 });
  const names = await scope
    .locator('[data-testid="chart"] [role="img"]')
    .first()
    .evaluate((el) => (el as HTMLElement & { otsChart?: { getOption(): { series: { name: string }[] } } }).otsChart!.getOption().series.map((s) => s.name));
  return [...new Set(names)];
}

test.describe("compare countries", () => {
  test("Chile and Peru side by side, with their profiles' 2018 figures and drawn charts", async ({ page, request }) => {
    const errors = await open(page, "/en/compare?countries=chl,per");
    await expect(page.getByTestId("compare-message")).toHaveCount(0);
    const summary = page.getByTestId("compare-summary");
    await expect(summary).toContainText("Chile");
    await expect(summary).toContainText("Peru");
    // Exports are drawn on a canvas, one line per country.
    await expect(page.locator('[data-section="exports"] canvas').first()).toBeVisible({ timeout: 15_000 });
    expect(await drawnNames(page, "exports")).toEqual(["Chile", "Peru"]);
    expect((await drawnNames(page, "balance")).sort()).toEqual(["Chile", "Peru"]);
    // Every section says its source and years.
    for (const id of ["summary", "exports", "imports", "balance", "basket", "eci"]) {
      await expect(page.locator(`[data-section="${id}"]`).getByTestId("section-source"), id).toContainText(/\d{4}/);
    }
    // The summary's year is the newest both have; its exports are the warehouse's (and the profile's) figure.
    const header = await summary.locator("th").nth(1).textContent();
    const year = Number(/\d{4}/.exec(header ?? "")?.[0]);
    expect(year).toBeGreaterThan(1990);
    const chile = await apiValue(request, `cube=trade_i_ots_a_sections&drilldowns=Year&cut=Exporter%20Country=chl&time=${year}`);
    await expect(summary.locator('tr[data-entity="chl"] td').nth(1)).toHaveText(formatUsd(chile, "en", { compact: true }));
    // One basket per country, in the same year.
    await expect(page.locator('[data-section="basket"] [data-entity="chl"] [data-testid="chart"]')).toBeVisible();
    await expect(page.locator('[data-section="basket"] [data-entity="per"] [data-testid="chart"]')).toBeVisible();
    // Downloads are offered on every chart.
    await expect(page.locator('[data-section="exports"]').getByTestId("download-button")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a third country added through the address shows, and the address is the shareable state", async ({ page }) => {
    await open(page, "/en/compare?countries=chl,per,arg");
    await expect(page.getByTestId("compare-summary").locator("tr[data-entity]")).toHaveCount(3);
    await expect(page.getByTestId("compare-summary")).toContainText("Argentina");
    expect(await drawnNames(page, "exports")).toEqual(["Chile", "Peru", "Argentina"]);
    // Removing one in the picker is a new address.
    await page.getByTestId("compare-chips").locator('[data-entity="per"]').getByTestId("compare-remove").click();
    await expect(page).toHaveURL(/\/en\/compare\?countries=chl,arg$/);
    await expect(page.getByTestId("compare-summary").locator("tr[data-entity]")).toHaveCount(2);
  });

  test("ISO2 codes, names and duplicates redirect to the canonical address", async ({ page }) => {
    await open(page, "/en/compare?countries=CL,peru,chl");
    await expect(page).toHaveURL(/\/en\/compare\?countries=chl,per$/);
  });

  test("the picker finds a country through the site search and adds it", async ({ page }) => {
    await open(page, "/en/compare?countries=chl,per");
    await page.getByTestId("compare-search").fill("Bolivia");
    await page.getByTestId("compare-results").getByRole("listitem").filter({ hasText: "Bolivia" }).first().click();
    await expect(page).toHaveURL(/countries=chl,per,bol/);
    await expect(page.getByTestId("compare-summary")).toContainText("Bolivia");
  });
});

test.describe("compare products", () => {
  test("copper ore and refined copper: world exports, top exporters and PCI", async ({ page }) => {
    const errors = await open(page, "/en/compare?products=2603,7403");
    expect(await drawnNames(page, "world-exports")).toHaveLength(2);
    await expect(page.getByTestId("compare-exporters-2603")).toContainText("Chile");
    await expect(page.locator('[data-section="exporters"]').getByTestId("section-source")).toContainText(/\d{4}/);
    await expect(page.locator('[data-section="pci"]').getByTestId("section-source")).toContainText(/\d{4}/);
    expect(errors).toEqual([]);
  });
});

test.describe("hostile and incomplete addresses", () => {
  const hostile = [
    "/en/compare?countries=%3Cscript%3Ealert(1)%3C/script%3E,chl",
    "/en/compare?countries=chl';DROP%20TABLE%20dim_countries;--,per",
    `/en/compare?countries=${Array.from({ length: 50 }, (_, i) => `c${i}`).join(",")}`,
    "/en/compare?countries=",
    "/en/compare?countries=chl,per&products=2603,7403",
    "/en/compare?products=zzzz,2603",
  ];
  for (const path of hostile) {
    test(`${path.slice(0, 60)} shows a message, not an error`, async ({ page }) => {
      let dialog = false;
      page.on("dialog", (d) => {
        dialog = true;
        void d.dismiss();
      });
      const response = await page.goto(path);
      expect([200, 404]).toContain(response?.status());
      await expect(page.getByTestId("compare-message")).toBeVisible();
      await expect(page.getByTestId("compare-summary")).toHaveCount(0);
      expect(dialog).toBe(false);
    });
  }

  test("one entity (the profiles' link) asks for one more and keeps it in the picker", async ({ page }) => {
    await open(page, "/en/compare?countries=chl");
    await expect(page.getByTestId("compare-message")).toBeVisible();
    await expect(page.getByTestId("compare-chips")).toContainText("Chile");
  });
});

test.describe("languages and links", () => {
  for (const [locale, title] of [
    ["es", "Comparar"],
    ["zh", "比较"],
  ] as const) {
    test(`/${locale}/compare renders in its language`, async ({ page }) => {
      await open(page, `/${locale}/compare?countries=chl,per`);
      await expect(page.getByTestId("compare-title")).toHaveText(title);
      await expect(page.locator('[data-section="exports"] [data-testid="chart"][data-chart-ready="true"]')).toBeVisible({ timeout: 15_000 });
    });
  }

  test("the country profile's \"Compare with…\" leads to a comparison holding the country", async ({ page }) => {
    await page.goto("/en/profile/country/chl");
    const link = page.getByTestId("compare-link");
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/en\/compare\?countries=[^&]*chl/);
    await expect(page.getByTestId("compare-chips")).toContainText("Chile");
  });

  test("the product profile links to a comparison holding the product", async ({ page }) => {
    await page.goto("/en/profile/hs/2603");
    await expect(page.getByTestId("compare-link")).toHaveAttribute("href", /\/en\/compare\?products=2603/);
  });

  test("the sitemap lists the page in every language", async ({ request }) => {
    const pages = await (await request.get("/sitemaps/pages.xml")).text();
    for (const locale of ["en", "es", "zh"]) expect(pages).toContain(`/${locale}/compare<`);
  });
});
