/**
 * Issue 39, "Confident on every screen": items 2 (visitor pages, not operator manuals), 5 (one
 * source of truth for what each plan opens) and 9 (edges: product 404s, generic 404s, sign-up,
 * the search dialog's counts, the growth page's plain summary). Item 1 is menus-interactive.spec.ts.
 */
import { planFeatureKeys } from "../../src/domain/billing/planFeatures";
import { ALL_SUBNATIONAL_COUNTRIES } from "../../src/domain/subnational/config";
import { ENTITY_DEFS } from "../../src/domain/entities/entities";
import { NAV_MENUS } from "../../src/features/shell/navigation";
import { PASSWORD, uniqueEmail } from "./support/accounts";
import { expect, test, type BrowserContext, type Page } from "./support/test";

const CSV_HEADER = "country,level,region_id,region_name,year,flow,product_level,product_id,value,currency";

const consent = (context: BrowserContext, baseURL: string, value: "f1t0" | "f0t0") =>
  context.addCookies([{ name: "ots-consent", value, domain: new URL(baseURL).hostname, path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }]);

const stored = (page: Page, key: string): Promise<Array<{ link: string }>> => page.evaluate((k) => JSON.parse(window.localStorage.getItem(k) ?? "[]"), key);

test.describe("visitor pages, not operator manuals (item 2)", () => {
  test("every subnational landing shows no CSV layout or command; without regional data it says what exists elsewhere and shows the national trade", async ({ request }) => {
    expect(ALL_SUBNATIONAL_COUNTRIES.length).toBeGreaterThanOrEqual(21);
    let withoutData = 0;
    for (const country of ALL_SUBNATIONAL_COUNTRIES) {
      const path = `/en/profile/subnational_${country.code}`;
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html, path).not.toContain("npm run");
      expect(html, path).not.toContain(CSV_HEADER);
      expect(html, path).toContain('href="/docs/subnational.md"');
      // A link to the country's own profile, always.
      expect(html, path).toContain(`href="/en/profile/country/${country.code}"`);
      if (!html.includes('data-has-data="true"')) {
        withoutData += 1;
        expect(html, path).toContain('data-testid="elsewhere"');
        expect(html, path).toContain('data-testid="national-trade"');
        expect(html, path).toContain('data-testid="national-profile-link"');
      }
    }
    // Most countries have no regional data in the package: those are the pages the issue is about.
    expect(withoutData).toBeGreaterThanOrEqual(15);
  });

  test("a landing without regional data reads as a page for visitors (Brazil, in Spanish and Chinese too)", async ({ page }) => {
    await page.goto("/en/profile/subnational_bra");
    await expect(page.getByTestId("elsewhere")).toContainText("Brazil");
    const national = page.getByTestId("national-trade");
    await expect(national.getByTestId("national-exports")).toHaveText(/\$/);
    await expect(national.getByTestId("national-source")).toContainText(/\d{4}/);
    await national.getByTestId("national-profile-link").click();
    await page.waitForURL("**/en/profile/country/bra");
    for (const locale of ["es", "zh"]) {
      await page.goto(`/${locale}/profile/subnational_bra`);
      await expect(page.getByTestId("elsewhere")).toBeVisible();
      await expect(page.getByTestId("operator-doc").getByRole("link")).toHaveAttribute("href", "/docs/subnational.md");
    }
  });

  test("the operator documentation is served read-only, and only the listed files", async ({ request }) => {
    for (const [file, text] of [
      ["subnational.md", "npm run data:import -- --subnational"],
      ["entities.md", "npm run data:import"],
      ["bill-of-lading.md", "shipment_id"],
    ]) {
      const response = await request.get(`/docs/${file}`);
      expect(response.status(), file).toBe(200);
      expect(response.headers()["content-type"], file).toContain("text/markdown");
      expect(await response.text(), file).toContain(text);
    }
    for (const file of ["nope.md", "architecture.md"]) {
      const response = await request.get(`/docs/${file}`);
      expect(response.status(), file).toBe(404);
    }
  });

  test("company, digital product, fund and manager pages, funds and bills of lading show no import instructions", async ({ page }) => {
    for (const def of ENTITY_DEFS) {
      await page.goto(`/en/profile/${def.slug}`);
      const main = page.locator("main");
      await expect(main).not.toContainText("npm run");
      await expect(main).not.toContainText(def.file);
      await expect(page.getByTestId("operator-doc").getByRole("link")).toHaveAttribute("href", "/docs/entities.md");
      const none = page.getByTestId("entity-not-loaded");
      if (await none.count()) await expect(page.getByTestId("entity-meanwhile").getByRole("link").first()).toBeVisible();
    }
    await page.goto("/en/fund-manager-landing");
    await expect(page.locator("main")).not.toContainText(/operator|npm run/i);
    await page.goto("/en/resources/bulk-download/bill-of-lading");
    await expect(page.locator("main")).not.toContainText("npm run");
    await expect(page.locator("main")).not.toContainText("shipment_id");
    await expect(page.getByTestId("bol-sources")).toBeVisible();
    await expect(page.getByTestId("bol-meanwhile").getByRole("link").first()).toBeVisible();
    await expect(page.getByTestId("operator-doc").getByRole("link")).toHaveAttribute("href", "/docs/bill-of-lading.md");
  });
});

test.describe("one source of truth for what each plan opens (item 5)", () => {
  test("the pricing cards list exactly what each plan opens, with no invented social proof", async ({ page }) => {
    await page.goto("/en/subscription");
    await expect(page.locator("main")).not.toContainText(/most popular/i);
    for (const plan of ["free", "pro", "premium"] as const) {
      await expect(page.locator(`[data-plan="${plan}"] [data-feature]`)).toHaveCount(planFeatureKeys(plan).length);
      for (const key of planFeatureKeys(plan)) await expect(page.locator(`[data-plan="${plan}"] [data-feature="${key}"]`), `${plan}/${key}`).toHaveCount(1);
    }
    const pro = page.locator('[data-plan="pro"]');
    await expect(pro).toContainText("Trend explorer");
    await expect(pro).toContainText("Data explorer");
    await expect(pro.locator('[data-feature="subnationalProfiles"]')).toContainText("Australia");
    await expect(pro.locator('[data-feature="subnationalProfiles"]')).toContainText("autonomous communities");
  });

  test("menu badges: open pages carry none, gated ones carry their plan's", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/en");
    await page.locator('[data-menu="data"]').click();
    await expect(page.locator('[data-nav-link="dataSources"]')).toBeVisible();
    await expect(page.locator('[data-nav-link="dataSources"] [data-badge]')).toHaveCount(0);
    await expect(page.locator('[data-nav-link="bulkNational"] [data-badge="PREMIUM"]')).toHaveCount(1);
    await page.keyboard.press("Escape");
    await page.locator('[data-menu="tools"]').click();
    await expect(page.locator('[data-nav-link="trendExplorer"] [data-badge="PRO"]')).toHaveCount(1);
    await expect(page.locator('[data-nav-link="explorer"] [data-badge="PRO"]')).toHaveCount(1);
    const badged = NAV_MENUS.flatMap((m) => m.items).filter((i) => i.badge === "PRO" || i.badge === "PREMIUM").map((i) => i.id);
    expect(badged).not.toContain("dataSources");
  });

  test("every PRO page shows a real preview: a headline figure and what the page holds", async ({ page }) => {
    for (const [path, title] of [
      ["/en/profile/subnational_esp/28", "Madrid"],
      ["/en/profile/subnational_aus/states/NSW", "New South Wales"],
      ["/en/profile/subnational_esp/autonomous/107", null],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId("pro-gate"), path).toBeVisible();
      if (title) await expect(page.getByTestId("pro-gate-title"), path).toHaveText(title);
      await expect(page.getByTestId("pro-gate-headline"), path).toHaveCount(1);
      expect(await page.getByTestId("pro-gate-holds").locator("li").count(), path).toBeGreaterThanOrEqual(3);
      await expect(page.getByTestId("pro-gate-lead"), path).toContainText("PRO plan");
    }
    // The tools say the same plan as the pricing card that lists them.
    for (const [path, feature] of [
      ["/en/trend-explorer", "trendExplorer"],
      ["/en/explorer", "dataExplorer"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId("pro-gate")).toHaveAttribute("data-feature", feature);
      await expect(page.getByTestId("pro-gate")).toHaveAttribute("data-plan", "pro");
    }
  });
});

test.describe("edges (item 9)", () => {
  test("an HS code of unclassified trade is a 404 that offers the product search, not 'Unspecified'", async ({ page, request }) => {
    const response = await request.get("/en/profile/hs/999999", { maxRedirects: 0 });
    expect(response.status()).toBe(404);
    const visit = await page.goto("/en/profile/hs/999999");
    expect(visit?.status()).toBe(404);
    expect(new URL(page.url()).pathname).toBe("/en/profile/hs/999999");
    await expect(page).toHaveTitle(/Page not found/);
    await expect(page.getByTestId("product-hint")).toHaveAttribute("data-code", "999999");
    await expect(page.getByTestId("nearest-product")).toHaveCount(0);
    await page.getByTestId("product-search").click();
    await expect(page.getByTestId("explorer-body")).toBeVisible();
  });

  test("a valid HS6 without data is a 404 that links its heading", async ({ page }) => {
    // 010111 (pure-bred breeding horses) is an HS92 subheading; the suite's warehouse has no HS6 dataset.
    const visit = await page.goto("/en/profile/hs/010111");
    test.skip(visit?.status() === 200, "this warehouse holds HS6 data: the subheading has a profile");
    expect(visit?.status()).toBe(404);
    const nearest = page.getByTestId("nearest-product");
    await expect(nearest).toHaveAttribute("href", "/en/profile/hs/0101", { timeout: 15_000 });
    await nearest.click();
    await page.waitForURL("**/en/profile/hs/0101");
    await expect(page.getByTestId("profile-title")).toBeVisible();
  });

  test("a generic 404 is titled 'Page not found' and offers a search and the main sections", async ({ page }) => {
    for (const [locale, title] of [
      ["en", "Page not found"],
      ["es", "Página no encontrada"],
      ["zh", "找不到页面"],
    ] as const) {
      const visit = await page.goto(`/${locale}/no-such-page-here`);
      expect(visit?.status()).toBe(404);
      await expect(page).toHaveTitle(new RegExp(title));
      const links = page.getByTestId("not-found-links").getByRole("link");
      await expect(links).toHaveCount(5);
      for (const href of [`/${locale}/profile/country`, `/${locale}/rankings/eci/latest`, `/${locale}/data-availability`]) await expect(page.locator(`[data-testid="not-found-links"] a[href="${href}"]`)).toHaveCount(1);
    }
    await page.goto("/en/no-such-page-here");
    const search = page.getByTestId("not-found-search");
    await search.getByRole("textbox").fill("Chile");
    await search.getByRole("button").click();
    await expect(page.getByTestId("search-input")).toHaveValue("Chile");
  });

  test("sign-up welcomes the new account and keeps the guest's recently viewed profiles", async ({ page, context, baseURL }) => {
    await consent(context, baseURL!, "f1t0");
    await page.goto("/en/profile/country/chl");
    await expect(page.getByTestId("profile-title")).toBeVisible();
    await expect.poll(async () => (await stored(page, "ots-history:guest")).map((e) => e.link)).toContain("/profile/country/chl");

    await page.goto("/en/signup");
    const form = page.getByTestId("signup-form");
    await form.getByLabel("Name").fill("Rosa Díaz");
    await form.getByLabel("Email").fill(uniqueEmail("welcome"));
    await form.getByLabel("New password").fill(PASSWORD);
    await form.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/en");
    const welcome = page.getByTestId("welcome");
    await expect(welcome).toBeVisible();
    await expect(welcome).toContainText("Welcome, Rosa Díaz!");
    await expect(welcome).toHaveAttribute("data-viewed", "1");
    await expect(welcome).toContainText("The profile you viewed before signing up is in your history.");

    // The guest's list is now the account's.
    const userKey = await page.evaluate(() => Object.keys(window.localStorage).find((k) => k.startsWith("ots-history:user:") && !k.endsWith(":pending")) ?? null);
    expect(userKey).not.toBeNull();
    await expect.poll(async () => (await stored(page, userKey!)).map((e) => e.link)).toContain("/profile/country/chl");
    expect(await stored(page, "ots-history:guest")).toEqual([]);
    await page.getByTestId("search-button").click();
    await expect(page.getByTestId("recently-viewed").getByRole("link", { name: "Chile" })).toBeVisible();

    // Shown once.
    await page.keyboard.press("Escape");
    await page.reload();
    await expect(page.getByTestId("welcome")).toHaveCount(0);
  });

  test("the search dialog's 'All' count is the number of profiles it lists", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/en");
    await page.getByTestId("search-button").click();
    const count = page.getByTestId("results-count");
    await expect(count).toHaveAttribute("data-total", /^[1-9]\d*$/, { timeout: 20_000 });
    const total = await count.getAttribute("data-total");
    await expect(page.getByTestId("selector-wide")).toHaveAttribute("data-total-count", total!);
  });

  test("the growth projections page opens with a plain summary of what it is and how far to trust it", async ({ page }) => {
    await page.goto("/en/resources/methods/eci-growth-predictions");
    const summary = page.getByTestId("growth-plain-summary");
    await expect(summary).toBeVisible();
    await expect(summary).toContainText("In short");
    await expect(summary).toContainText("not an official forecast");
    await expect(page.getByTestId("growth-plain-trust")).toContainText("How far to trust it");
    // It comes first, before the technical summary and the method.
    const [summaryTop, technicalTop] = await Promise.all([summary.boundingBox(), page.getByTestId("growth-summary").boundingBox()]);
    expect(summaryTop!.y).toBeLessThan(technicalTop!.y);
    const correlation = await page.getByTestId("backtest-correlation").textContent();
    const r = Number((correlation ?? "").replace("−", "-"));
    if (Number.isFinite(r) && r <= -0.1) {
      await expect(summary).toHaveAttribute("data-trust", "inverse");
      await expect(page.getByTestId("growth-plain-trust")).toContainText(correlation!.trim());
      await expect(page.getByTestId("growth-plain-trust")).toContainText("wrong way round");
    }
  });
});
