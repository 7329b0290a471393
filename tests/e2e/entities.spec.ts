/**
 * Company, digital-product, fund and manager profiles: the package has no open data for them, so
 * each slug answers a visitor landing page (200) with what the profile would hold, why the site has
 * none and what to explore instead; the CSV layout is in docs/entities.md (one discreet link). An
 * id that is not on the site says so on that page; search never offers these types.
 */
import AxeBuilder from "@axe-core/playwright";
import { ENTITY_DEFS, entityDef } from "../../src/domain/entities/entities";
import { expect, test, type APIRequestContext } from "./support/test";

const TITLES: Record<string, Record<string, string>> = {
  en: { company: "Company profiles", digital_product: "Digital product profiles", fund: "Fund profiles", manager: "Fund manager profiles" },
  es: { company: "Perfiles de empresas", digital_product: "Perfiles de productos digitales", fund: "Perfiles de fondos", manager: "Perfiles de gestores de fondos" },
  zh: { company: "企业概况", digital_product: "数字产品概况", fund: "基金概况", manager: "基金管理人概况" },
};

/** Whether the running warehouse holds records of a type (an operator may have loaded some). */
async function loaded(request: APIRequestContext, slug: string): Promise<boolean> {
  const html = await (await request.get(`/en/profile/${slug}`)).text();
  return html.includes('data-testid="entity-records"');
}

for (const locale of ["en", "es", "zh"]) {
  test(`the four entity landing pages answer 200 for visitors, with no operator instructions (${locale})`, async ({ page }) => {
    for (const def of ENTITY_DEFS) {
      const path = `/${locale}/profile/${def.slug}`;
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLES[locale][def.type]);
      await expect(page.locator("main")).not.toContainText("npm run");
      await expect(page.locator("main")).not.toContainText(def.columns.map((c) => c.name).join(","));
      await expect(page.getByTestId("operator-doc").getByRole("link")).toHaveAttribute("href", "/docs/entities.md");
      await expect(page.getByTestId("entity-not-loaded").or(page.getByTestId("entity-records"))).toBeVisible();
    }
  });
}

test("without data, an entity id answers the landing page saying it is not loaded; with data, 404", async ({ page, request }) => {
  for (const def of ENTITY_DEFS) {
    const path = `/en/profile/${def.slug}/no-such-${def.type.replace(/_/g, "-")}`;
    const response = await page.goto(path);
    if (await loaded(request, def.slug)) {
      expect(response?.status(), path).toBe(404);
      continue;
    }
    expect(response?.status(), path).toBe(200);
    const notice = page.getByTestId("entity-not-loaded");
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(`“no-such-${def.type.replace(/_/g, "-")}” is not on this site`);
    await expect(page.getByTestId("entity-meanwhile").getByRole("link").first()).toBeVisible();
    // The landing page is the page to index, not the id's URL.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  }
  const es = await page.goto("/es/profile/fund/desconocido");
  if (!(await loaded(request, "fund"))) {
    expect(es?.status()).toBe(200);
    await expect(page.getByTestId("entity-not-loaded")).toContainText("«desconocido» no está en este sitio");
  }
});

test("entity URLs: ids are lowercase, extra segments are not found", async ({ request }) => {
  const upper = await request.get("/en/profile/manager/ACME-Capital", { maxRedirects: 0 });
  expect(upper.status()).toBe(308);
  expect(upper.headers().location).toMatch(/\/en\/profile\/manager\/acme-capital$/);
  expect((await request.get("/en/profile/company/a/b")).status()).toBe(404);
});

test("the menu's company and funds pages lead to the landing pages", async ({ page }) => {
  const company = await page.goto("/en/company");
  expect(company?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe("/en/profile/company");
  await expect(page.getByTestId("entity-not-loaded").or(page.getByTestId("entity-records"))).toBeVisible();

  for (const locale of ["en", "es", "zh"]) {
    const funds = await page.goto(`/${locale}/fund-manager-landing`);
    expect(funds?.status()).toBe(200);
    await expect(page.locator(`main a[href="/${locale}/profile/fund"]`)).toBeVisible();
    await expect(page.locator(`main a[href="/${locale}/profile/manager"]`)).toBeVisible();
  }
  await page.locator('main a[href="/zh/profile/manager"]').click();
  await expect(page).toHaveURL(/\/zh\/profile\/manager$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLES.zh.manager);
});

test("search and the explorer's metadata never offer company, digital-product, fund or manager profiles", async ({ request }) => {
  const slugs = ENTITY_DEFS.map((d) => d.slug);
  const metadata = await (await request.get("/api/cms/read/metadata?locale=en")).json();
  expect(metadata.length).toBeGreaterThan(0);
  for (const report of metadata as Array<{ slug: string }>) expect(slugs).not.toContain(report.slug);
  const queries = ["company", "companies", "digital product", "fund", "manager", "empresa", "fondo", "基金", entityDef("company").example.name, ""];
  for (const locale of ["en", "es", "zh"]) {
    for (const query of queries) {
      const response = await request.get(`/api/cms/search/reports?${new URLSearchParams({ query, locale, limit: "100", offset: "0" })}`);
      expect(response.status(), query).toBe(200);
      const body = (await response.json()) as { results: Array<{ path: string; report: { id: number; name: string } }> };
      for (const result of body.results) {
        expect(slugs.some((slug) => result.path.startsWith(`/${slug}/`) || result.path === `/${slug}`), `${locale} "${query}": ${result.path}`).toBe(false);
      }
    }
  }
});

test("the landing pages have no accessibility violations, light and dark", async ({ page, context, baseURL }) => {
  for (const [path, scheme] of [
    ["/en/profile/company", "light"],
    ["/es/profile/fund", "dark"],
    ["/zh/profile/digital-product", "light"],
  ]) {
    await context.addCookies([{ name: "ots-color-scheme", value: scheme, url: baseURL! }]);
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${path} (${scheme}): ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
});
