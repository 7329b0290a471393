import { expect, test } from "./support/test";

// Pages must fit a 390 px phone: nothing wider than the viewport (tables scroll inside themselves).
const PAGES = [
  "/es",
  "/es/profile/country/chl",
  "/es/profile/bilateral-country/deu/partner/fra",
  "/zh/profile/world/wld",
  "/en/profile/hs/2603",
  "/es/profile/bilateral-product/2603/reporter/chl",
  "/en/profile/subnational_esp/28",
  "/zh/profile/international_organization/eu",
  "/en/profile/hs",
  "/en/sitemap",
  "/es/support/faq",
  "/zh/blog/welcome",
];

test.describe("390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const path of PAGES) {
    test(`${path} has no horizontal overflow`, async ({ page }) => {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    });
  }
});
