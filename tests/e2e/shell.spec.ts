import AxeBuilder from "@axe-core/playwright";
import { NAV_MENUS } from "../../src/features/shell/navigation";
import { expect, isHydrated, test, type Page } from "./support/test";

async function openMenu(page: Page, id: string) {
  await page.locator(`[data-menu="${id}"]`).click();
}

test.describe("desktop shell (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const scheme of ["light", "dark"] as const) {
    test(`menus open and navigate (${scheme})`, async ({ page, context, baseURL }, testInfo) => {
      await context.addCookies([{ name: "ots-color-scheme", value: scheme, url: baseURL! }]);
      await page.goto("/en");
      await openMenu(page, "profiles");
      const world = page.locator('[data-nav-link="world"]');
      await expect(world).toBeVisible();
      await expect(page.getByRole("menu").locator('[data-badge="PRO"]').first()).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`menu-${scheme}.png`) });
      await world.click();
      await page.waitForURL("**/en/profile/world/wld");
      await expect(page.getByTestId("profile-title")).toHaveText("World");
      await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
    });
  }

  test("menus are keyboard navigable with visible focus", async ({ page }) => {
    await page.goto("/en");
    const trigger = page.locator('[data-menu="about"]');
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
    await page.keyboard.press("ArrowDown");
    const focused = page.locator('[role="menuitem"]:focus');
    await expect(focused).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
  });

  test("the language switch keeps the page", async ({ page }) => {
    await page.goto("/en/resources/about?ref=test#team");
    await page.getByTestId("language-selector").click();
    await page.getByRole("menuitem", { name: "Español" }).click();
    await page.waitForURL("**/es/resources/about?ref=test#team");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acerca del Observatorio");
  });

  test("the loading bar shows on navigation to another path", async ({ page }) => {
    await page.goto("/en");
    await page.locator('[data-testid="footer"] a[href="/en/resources/about"]').click();
    await expect(page.getByTestId("loading-bar")).toBeAttached();
    await page.waitForURL("**/en/resources/about");
  });

  test("profile links show the full-page loading state", async ({ page }) => {
    await page.goto("/en/sitemap");
    await page.route("**/en/profile/world/wld**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const link = page.locator('main a[href="/en/profile/world/wld"]').first();
    // A click before hydration is the browser's own navigation, with no client loading state.
    await expect.poll(() => isHydrated(link)).toBe(true);
    await link.click();
    await expect(page.getByTestId("full-page-loading")).toBeVisible();
    await page.waitForURL("**/en/profile/world/wld");
  });

  test("the server HTML holds every menu link, hidden until a menu opens", async ({ page, request }) => {
    const html = await (await request.get("/es/rankings/eci/hs4/hs92")).text();
    const internal = NAV_MENUS.flatMap((m) => m.items).filter((i) => i.href && !i.external);
    expect(internal.length).toBeGreaterThan(30);
    for (const item of internal) expect(html, item.id).toContain(`href="/es${item.href}"`);
    // Hidden until opened: no menu link is visible before a click.
    await page.goto("/en");
    await expect(page.locator('[data-nav-link="products"]')).toBeHidden();
    await openMenu(page, "profiles");
    await expect(page.locator('[data-nav-link="products"]')).toBeVisible();
  });

  test("the search button and report entries open the explore dialog", async ({ page }) => {
    await page.goto("/en");
    await page.getByTestId("search-button").click();
    await expect(page.getByTestId("explorer-body")).toBeVisible();
    await page.keyboard.press("Escape");
    await openMenu(page, "profiles");
    await page.locator('[data-explore="country"]').click();
    await expect(page.getByTestId("explorer-body")).toHaveAttribute("data-report", "country");
  });

  test("sign in carries the current page as redirect", async ({ page }) => {
    await page.goto("/es/support/faq");
    const signIn = page.getByTestId("user-group").getByRole("link").first();
    await expect(signIn).toHaveAttribute("href", "/es/login?redirect=%2Fes%2Fsupport%2Ffaq");
  });

  test("the footer differs on the home page and links the RSS feed", async ({ page, request }) => {
    await page.goto("/zh");
    const homeBg = await page.getByTestId("footer").evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.goto("/zh/resources/about");
    const otherBg = await page.getByTestId("footer").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(homeBg).not.toBe(otherBg);
    const rss = await request.get((await page.getByTestId("rss-link").getAttribute("href"))!);
    expect(rss.headers()["content-type"]).toContain("application/rss+xml");
    expect(await rss.text()).toContain("<language>zh-Hans</language>");
  });

  test("the home page has no serious or critical accessibility violations", async ({ page, context, baseURL }) => {
    for (const [locale, scheme] of [["en", "light"], ["zh", "dark"]]) {
      await context.addCookies([{ name: "ots-color-scheme", value: scheme, url: baseURL! }]);
      await page.goto(`/${locale}`);
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  });
});

test("pages send the security headers", async ({ request }) => {
  for (const path of ["/en", "/es/profile/country/chl", "/api/catalog"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["permissions-policy"], path).toContain("camera=()");
    expect(headers["cross-origin-opener-policy"], path).toBe("same-origin");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"], path).toContain("object-src 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
  }
});

test.describe("mobile shell (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the header keeps the logo whole and the language short", async ({ page }) => {
    for (const locale of ["en", "es", "zh"]) {
      await page.goto(`/${locale}`);
      const logo = page.locator("header a[aria-label] svg").first();
      expect((await logo.boundingBox())!.width, locale).toBeGreaterThanOrEqual(30);
      const language = page.getByTestId("language-selector");
      expect((await language.boundingBox())!.width, locale).toBeLessThan(70);
    }
  });

  for (const scheme of ["light", "dark"] as const) {
    test(`the mobile menu holds the menus and the user group (${scheme})`, async ({ page, context, baseURL }, testInfo) => {
      await context.addCookies([{ name: "ots-color-scheme", value: scheme, url: baseURL! }]);
      await page.goto("/es");
      await expect(page.getByTestId("desktop-nav")).toBeHidden();
      await page.getByTestId("mobile-menu-button").click();
      const drawer = page.getByRole("dialog");
      await expect(drawer.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
      await drawer.getByRole("button", { name: "Acerca de" }).click();
      await page.screenshot({ path: testInfo.outputPath(`mobile-menu-${scheme}.png`) });
      await drawer.getByRole("link", { name: "Preguntas frecuentes" }).click();
      await page.waitForURL("**/es/support/faq");
    });
  }
});

test("the error page renders and reports the error", async ({ page }) => {
  await page.goto("/en/test-error");
  const report = page.waitForRequest((req) => req.url().endsWith("/api/alerts/slack") && req.method() === "POST");
  await page.getByTestId("throw").click();
  await expect(page.getByRole("heading", { name: "Oops, error. Sorry!" })).toBeVisible();
  await expect(page.getByText("Test error thrown on purpose")).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to home" })).toBeVisible();
  const body = (await report).postDataJSON() as { message: string[] };
  const text = body.message.join("\n");
  expect(text).toContain("/en/test-error");
  expect(text).toContain("Test error thrown on purpose");
  expect(text).toContain("user agent:");
  expect(text).toContain("Component stack");
  await expect(page.getByTestId("header-present").or(page.locator("header"))).toBeVisible();
});

test("no dead ends: every shell link answers without 404 or 500", async ({ page, request }) => {
  const hrefs = new Set<string>();
  for (const locale of ["en", "es", "zh"]) {
    await page.goto(`/${locale}/sitemap`);
    for (const href of await page.locator("main a[href^='/'], footer a[href^='/'], header a[href^='/']").evaluateAll((els) =>
      els.map((el) => el.getAttribute("href") as string),
    )) {
      hrefs.add(href);
    }
    await openMenu(page, "profiles");
    for (const menu of ["profiles", "tools", "data", "complexity", "games", "about"]) {
      await openMenu(page, menu);
      for (const href of await page.locator("[role=menu] a[href^='/']").evaluateAll((els) => els.map((el) => el.getAttribute("href") as string))) {
        hrefs.add(href);
      }
      await page.keyboard.press("Escape");
    }
  }
  expect(hrefs.size).toBeGreaterThan(100);
  const broken: string[] = [];
  for (const href of hrefs) {
    const response = await request.get(href, { maxRedirects: 5 });
    if (response.status() >= 400) broken.push(`${href} -> ${response.status()}`);
  }
  expect(broken).toEqual([]);
});

test("sitemap.xml indexes every page and every profile, and robots.txt points to it", async ({ request }) => {
  const index = await (await request.get("/sitemap.xml")).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  expect(files[0]).toBe("/sitemaps/pages.xml");
  expect(files.length).toBeGreaterThan(20);
  const pages = await (await request.get("/sitemaps/pages.xml")).text();
  for (const path of ["/en/resources/about", "/es/blog/welcome", "/zh/profile/hs"]) expect(pages).toContain(path);
  expect(pages).toContain('hreflang="zh-Hans"');
  const profiles = await (await request.get(files[1])).text();
  expect(profiles).toContain("/en/profile/country/chn");
  expect(profiles).toContain("/zh/profile/country/chn");
  let count = 0;
  for (const file of files.slice(1)) count += ((await (await request.get(file)).text()).match(/<url>/g) ?? []).length;
  expect(count).toBeGreaterThan(3 * 200_000);
  expect((await request.get("/sitemaps/profiles-9999.xml")).status()).toBe(404);
  expect(await (await request.get("/robots.txt")).text()).toContain("Sitemap:");
});
