import { formatPercent, formatUsd } from "../../src/domain/format";
import { sharedUser } from "./support/accounts";
import { expect, test, type APIRequestContext, type Page } from "./support/test";

// Issue 34, "one figure, one source": the country hero is of one year and one dataset per figure
// (its share is of a total of the same dataset and year), and growth compares two years of one
// series (the trend explorer's preview of world exports 2017 -> 2018 reads both years from the
// section file: +8%, not the +13% two OTS releases made).

type Locale = "en" | "es" | "zh";

/** The hero's top-export figures, as the page marks them up (data-* attributes) and says them (text). */
async function heroTop(page: Page) {
  const overview = page.getByTestId("overview-text");
  await expect(overview).toBeVisible();
  const year = Number(await overview.getAttribute("data-year"));
  const top = page.getByTestId("hero-top-export");
  await expect(top).toBeVisible();
  const read = async (name: string) => Number(await top.getAttribute(`data-${name}`));
  return { year, topYear: await read("year"), dataset: await top.getAttribute("data-dataset"), value: await read("value"), total: await read("total"), share: await read("share"), text: await top.innerText() };
}

/** Chile's exports of one dataset-year through the public data API: the share's denominator, re-read. */
async function chileExports(request: APIRequestContext, cube: string, level: string, year: number, flowCut: boolean): Promise<number> {
  const cut = `cut=${encodeURIComponent(level)}=chl${flowCut ? `&cut=${encodeURIComponent("Trade Flow")}=2` : ""}`;
  const body = await (await request.get(`/api/data?cube=${cube}&drilldowns=Year&${cut}&time=${year}`)).json();
  return body.data.reduce((sum: number, row: Record<string, number>) => sum + Number(row["Trade Value"] ?? 0), 0);
}

test.describe("one figure, one source", () => {
  test("Chile's hero: one year throughout, the share is value ÷ total of that year's dataset", async ({ page, request }) => {
    const response = await page.goto("/en/profile/country/chl");
    expect(response?.status()).toBe(200);
    const hero = await heroTop(page);
    expect(hero.year).toBeGreaterThan(1990);
    // The top export is of the year the sentence names, and its share is of that dataset's total.
    expect(hero.topYear).toBe(hero.year);
    expect(Math.abs(hero.share - hero.value / hero.total)).toBeLessThan(0.001);
    await expect(page.getByTestId("overview-text")).toContainText(`In ${hero.year}, Chile exported`);
    expect(hero.text).toContain(formatPercent(hero.value / hero.total, "en"));
    expect(hero.text).toContain(formatUsd(hero.value, "en", { compact: true }));
    // The denominator, re-read from the warehouse: Chile's exports in that dataset and year.
    const catalogue = await (await request.get("/api/catalog")).json();
    const dataset = catalogue.datasets.find((d: { dataset: string }) => d.dataset === hero.dataset);
    expect(dataset, String(hero.dataset)).toBeTruthy();
    const entry = dataset.years.find((y: { year: number }) => y.year === hero.year);
    expect(entry).toBeTruthy();
    const bilateral = Boolean(dataset.bilateral);
    const total = await chileExports(request, dataset.cube, bilateral ? "Exporter Country" : "Country", hero.year, !bilateral);
    expect(Math.abs(total - hero.total) / total).toBeLessThan(1e-6);
    // Every card names the sentence's year.
    for (const id of ["stat-exports", "stat-imports", "stat-balance", "stat-top-export", "stat-top-destination", "stat-eci-rank"]) {
      const card = page.getByTestId(id);
      if ((await card.count()) === 0) continue;
      await expect(card, id).toContainText(`(${hero.year})`);
    }
    // The hero says where its figures come from, with the year.
    await expect(page.getByTestId("hero-source")).toContainText(String(hero.year));
    await expect(page.getByTestId("hero-source")).toContainText("Open Trade Statistics");
    // "What grew and what shrank" compares two years of one release, and says which.
    const growth = page.locator('[data-section="growth"]').getByTestId("growth-series");
    await expect(growth).toBeVisible();
    expect(Number(await growth.getAttribute("data-from"))).toBeLessThan(Number(await growth.getAttribute("data-to")));
    await expect(growth).toHaveAttribute("data-vintage", /\w+/);
  });

  for (const locale of ["es", "zh"] as const satisfies readonly Locale[]) {
    test(`the hero renders in ${locale}, with the same one-year share`, async ({ page }) => {
      const response = await page.goto(`/${locale}/profile/country/chl`);
      expect(response?.status()).toBe(200);
      const hero = await heroTop(page);
      expect(hero.topYear).toBe(hero.year);
      expect(Math.abs(hero.share - hero.value / hero.total)).toBeLessThan(0.001);
      expect(hero.text).toContain(formatPercent(hero.value / hero.total, locale));
      await expect(page.getByTestId("overview-text")).toContainText(String(hero.year));
      await expect(page.getByTestId("stat-exports")).toContainText(String(hero.year));
      await expect(page.getByTestId("hero-source")).toBeVisible();
    });
  }

  test("the /api/data answer names the release of each year", async ({ request }) => {
    const body = await (await request.get(`/api/data?cube=trade_i_ots_a_hs4&drilldowns=Year&cut=Country=chl&cut=${encodeURIComponent("Trade Flow")}=2&time=2017,2018`)).json();
    expect(body.source.vintages).toEqual([
      { year: 2017, dataset: "ots_hs4", vintage: "ots_ec2019", source: "ots" },
      { year: 2018, dataset: "ots_hs4", vintage: "ots_trd", source: "ots" },
    ]);
  });

  test("the trend explorer's preview: world exports 2017 -> 2018 on one series, +8%", async ({ page }) => {
    const response = await page.goto("/en/trend-explorer");
    expect(response?.status()).toBe(200);
    const summary = page.getByTestId("trend-preview").getByTestId("trend-summary");
    await expect(summary).toContainText(/World: exports went from .+ in 2017 to .+ in 2018/);
    const text = await summary.innerText();
    const growth = /\((\+[\d.]+%)/.exec(text)?.[1];
    expect(growth, text).toMatch(/^\+8(\.\d)?%$/);
    expect(text).not.toContain("+13");
    await expect(page.getByTestId("trend-preview").getByTestId("trend-series")).toHaveAttribute("data-dataset", "ots_sections");
  });

  test("a period across two releases is refused, in the page and as 400 JSON", async ({ page }) => {
    await sharedUser(page.request, "pro");
    await page.goto("/en/trend-explorer?reporter=world&depth=hs4&from=2017&to=2018");
    await expect(page.getByTestId("trend-error")).toHaveAttribute("data-code", "not_comparable");
    await expect(page.getByTestId("trend-comparable-depth")).toHaveAttribute("href", /depth=section/);
    const api = await page.request.get("/api/trends?reporter=world&depth=hs4&from=2017&to=2018");
    expect(api.status()).toBe(400);
    expect((await api.json()).error.code).toBe("not_comparable");
  });
});
