/**
 * The "baci" project: a server over a warehouse holding the data package plus the real BACI-format
 * sample in ../shared/data/baci_sample (Chile and Argentina, HS6 in HS 2012 codes, 2002 and 2004),
 * imported by scripts/test.sh. Pages must find the six-digit data through the catalogue alone.
 */
import { profileView } from "../../src/domain/visualize/profileViews";
import { viewApiUrl } from "../../src/domain/visualize/stateCodec";
import { expect, test } from "./support/test";

test.describe("with a BACI import", () => {
  test("the catalogue lists the BACI years at HS6", async ({ request }) => {
    const body = await (await request.get("/api/catalog")).json();
    const baci = body.datasets.find((d: { dataset: string }) => d.dataset === "baci_hs12");
    expect(baci).toBeTruthy();
    expect(baci.years.map((y: { year: number }) => y.year)).toEqual([2002, 2004]);
  });

  test("Chile's profile offers 2002 and 2004 with HS6 products, exported to Argentina", async ({ page, request }) => {
    await page.goto("/en/profile/country/chl");
    const section = page.locator('[data-section="exports-by-product"]');
    const select = section.getByTestId("year-select-productYear");
    for (const year of ["2002", "2004"]) await expect(select.locator(`option[value="${year}"]`)).toHaveCount(1);
    await select.selectOption("2004");
    await page.waitForURL(/productYear=2004/);

    await expect(section.getByTestId("product-depth")).toContainText("six-digit (HS6)");
    await expect(section.getByTestId("section-source")).toContainText("CEPII BACI, 2004");
    // The treemap and the list come from the same HS6 rows.
    const treemap = section.getByTestId("hs6-treemap").locator('[data-testid="chart"]');
    await expect(treemap).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
    const first = section.getByTestId("hs6-products").locator("a").first();
    const href = (await first.getAttribute("href"))!;
    expect(href).toMatch(/^\/en\/profile\/hs\/\d{6}$/);
    // Every one of those products went to Argentina: the sample holds no other partner.
    const api = (await section.getByTestId("api-query").getAttribute("href"))!;
    expect(api).toContain("cube=trade_i_baci_a_12");
    const partners = await (await request.get(`/api/data?cube=trade_i_baci_a_12&drilldowns=Importer+Country&cut=Exporter+Country=chl&time=2004`)).json();
    expect(partners.data.map((r: Record<string, unknown>) => r["Importer Country ID"])).toEqual(["arg"]);
  });

  test("the bilateral profile Chile → Argentina shows HS6 products, and one opens as a profile", async ({ page }) => {
    await page.goto("/en/profile/bilateral-country/chl/partner/arg?year=2004");
    const section = page.locator('[data-section="products"]');
    await expect(section.getByRole("heading", { level: 2 })).toHaveText("Products Chile sells to Argentina (HS6)");
    await expect(section.getByTestId("hs6-treemap").locator('[data-testid="chart"]')).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
    const bars = section.getByTestId("hs6-products").locator("a");
    expect(await bars.count()).toBeGreaterThan(5);
    const name = (await bars.first().innerText()).trim();
    const href = (await bars.first().getAttribute("href"))!;
    expect(href).toMatch(/^\/en\/profile\/hs\/\d{6}$/);

    // The HS6 product profile opens on the BACI years, with Chile among its exporters.
    const response = await page.goto(href);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("profile-title")).toHaveText(name);
    await expect(page.getByTestId("stat-world-exports")).toBeVisible();
    await expect(page.locator('[data-section="exporters"]')).toContainText("Chile");
    await expect(page.locator('[data-section="exporters"] [data-testid="section-source"]')).toContainText("CEPII BACI");
  });

  test("the visualisation builder draws HS6 between two countries in the BACI revision", async ({ page, request }) => {
    const path = "/en/visualize/tree_map/hs12/export/chl/arg/show/2004?depth=hs6";
    await page.goto(path);
    await expect(page.locator('[data-testid="chart"]')).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
    await expect(page.getByTestId("control-classification")).toBeVisible();
    await expect(page.getByTestId("control-depth").getByText("HS6", { exact: true })).toBeVisible();
    // The view's rows are the HS6 products Chile sold to Argentina, as the data API sums them.
    const state = profileView({ chart: "tree_map", classification: "hs12", country: "chl", partner: "arg", product: "show", time: 2004, depth: "hs6" });
    const view = (await (await request.get(viewApiUrl(state, "en"))).json()).data;
    expect(view.rows.length).toBeGreaterThan(5);
    for (const row of view.rows) expect(row.id).toMatch(/^\d{6}$/);
    const api = new URL(view.queries[0].api, "http://x");
    expect(api.searchParams.get("cube")).toBe("trade_i_baci_a_12");
    const total = (await (await request.get("/api/data?cube=trade_i_baci_a_12&drilldowns=Year&cut=Exporter+Country=chl&cut=Importer+Country=arg&time=2004")).json()).data[0]["Trade Value"];
    const sum = view.rows.reduce((s: number, r: { value: number }) => s + r.value, 0);
    expect(Math.abs(sum - total) / total).toBeLessThan(1e-9);
    // 2003 has no BACI data: explained, with the nearest view that exists.
    await page.goto("/en/visualize/tree_map/hs12/export/chl/arg/show/2003?depth=hs6");
    await expect(page.getByTestId("viz-problems")).toContainText("HS6 product detail between two countries exists only for 2002, 2004.");
  });

  test("the profiles' HS6 charts open in the builder", async ({ page }) => {
    await page.goto("/en/profile/country/chl?productYear=2004");
    const link = page.locator('[data-section="exports-by-product"] [data-testid="hs6-treemap"]').getByRole("link", { name: "Open in the visualisation builder" });
    await expect(link).toHaveAttribute("href", "/en/visualize/tree_map/hs12/export/chl/all/show/2004?depth=hs6");
    await link.click();
    await page.waitForURL("**/en/visualize/tree_map/hs12/export/chl/all/show/2004?depth=hs6");
    await expect(page.locator('[data-testid="chart"]')).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
  });

  test("an HS6 product's destinations from one country (bilateral product profile)", async ({ page, request }) => {
    // Chile's largest HS6 export in 2004, as the data API ranks it.
    const top = (await (await request.get("/api/data?cube=trade_i_baci_a_12&drilldowns=HS6&cut=Exporter+Country=chl&time=2004&sort=Trade+Value.desc&limit=1")).json()).data[0];
    const response = await page.goto(`/en/profile/bilateral-product/${top["HS6 ID"]}/reporter/chl`);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("product-destinations")).toContainText("Argentina");
    await expect(page.getByTestId("stat-exports")).toBeVisible();
  });

  test("an HS4 heading lists its HS6 products", async ({ page }) => {
    await page.goto("/en/profile/hs/0101");
    const children = page.getByTestId("product-children").locator("a");
    await expect(children.first()).toHaveAttribute("href", /^\/en\/profile\/hs\/0101\d{2}$/);
  });
});
