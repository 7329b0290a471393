import { expect, test } from "./support/test";

test.describe("locales", () => {
  test("/ redirects to /en", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("an unprefixed path follows Accept-Language", async ({ browser }) => {
    const context = await browser.newContext({ locale: "es-ES" });
    const page = await context.newPage();
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/es");
    await context.close();
  });

  for (const [locale, name, lang] of [
    ["es", "Observatorio Abierto del Comercio", "es"],
    ["zh", "开放贸易观察站", "zh-Hans"],
  ] as const) {
    test(`/${locale} shows the translated site name`, async ({ page }, testInfo) => {
      await page.goto(`/${locale}`);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByTestId("site-name")).toHaveText(name);
      await expect(page).toHaveTitle(new RegExp(name));
      // Glyphs must render (no tofu): the CJK font gives the site name a real width.
      const width = await page.getByTestId("site-name").evaluate((el) => el.getBoundingClientRect().width);
      expect(width).toBeGreaterThan(60);
      await page.screenshot({ path: testInfo.outputPath(`home-${locale}.png`), fullPage: true });
    });
  }

  test("every page carries canonical and hreflang links", async ({ request }) => {
    for (const path of [
      "/zh",
      "/es/profile/country/chl",
      "/en/rankings/eci/hs4/hs92",
      "/es/visualize/tree_map/hs92/export/chl/all/show/2018",
      "/zh/login",
      "/en/resources/methods",
      "/es/trend-explorer",
      "/en/blog/welcome",
    ]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${path.replace(/[/]/g, "\\/")}"`));
      for (const hreflang of ["en", "es", "zh-Hans", "x-default"]) {
        expect(html, `${path} ${hreflang}`).toContain(`hrefLang="${hreflang}"`);
      }
    }
  });

  test("PRO pages show the gradient bar, others do not", async ({ page }) => {
    await page.goto("/en/trend-explorer");
    await expect(page.getByTestId("pro-bar")).toBeVisible();
    await page.goto("/en/resources/about");
    await expect(page.getByTestId("pro-bar")).toHaveCount(0);
  });

  test("/xx/anything is a 404", async ({ page }) => {
    const response = await page.goto("/xx/anything");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("an unknown page under a locale is a localised 404", async ({ page }) => {
    const response = await page.goto("/es/no-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  });

  test("the language selector keeps the current page", async ({ page }) => {
    await page.goto("/en");
    await page.getByTestId("language-selector").click();
    await page.getByRole("menuitem", { name: "中文" }).click();
    await page.waitForURL("**/zh");
    await expect(page.getByTestId("site-name")).toHaveText("开放贸易观察站");
  });
});

test.describe("colour scheme", () => {
  test("mod+J toggles the scheme and it survives a reload", async ({ page }) => {
    await page.goto("/en");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
    await page.locator("body").click();
    await page.keyboard.press("ControlOrMeta+j");
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
    await page.reload();
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
    // The server rendered it: the very first HTML already says dark (no flash).
    const raw = await (await page.request.get("/en")).text();
    expect(raw).toMatch(/<html[^>]*data-mantine-color-scheme="dark"/);
    await page.keyboard.press("ControlOrMeta+j");
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
  });

  test("the toggle button switches the scheme", async ({ page }) => {
    await page.goto("/es");
    await page.getByTestId("color-scheme-toggle").click();
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  });
});

test("image optimisation serves resized images with the spec's sizes", async ({ request }) => {
  const ok = await request.get("/_next/image?url=%2Fimages%2Fscreenshot-home.png&w=640&q=75");
  expect(ok.status()).toBe(200);
  expect(ok.headers()["content-type"]).toMatch(/^image\//);
  const badWidth = await request.get("/_next/image?url=%2Fimages%2Fscreenshot-home.png&w=641&q=75");
  expect(badWidth.status()).toBe(400);
  const small = await request.get("/_next/image?url=%2Fimages%2Fscreenshot-home.png&w=384&q=75");
  expect(small.status()).toBe(200);
});
