/**
 * axe on twelve page types, in English and Chinese, light and dark (issue 38): no serious or
 * critical violation. Among them the four the audit found: the Tradle instructions' close button
 * (first visit, so the dialog is open), the scrollable code blocks of /resources/api, the dataset
 * badges of the bulk page and the "sign up" link of /login.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./support/test";

const PAGES = [
  { name: "home", path: "" },
  { name: "country profile", path: "/profile/country/chl" },
  { name: "product profile", path: "/profile/hs/2603" },
  { name: "rankings", path: "/rankings/eci/hs4/hs92" },
  { name: "visualize", path: "/visualize/tree_map/hs92/export/chl/all/show/2018" },
  { name: "data availability", path: "/data-availability" },
  { name: "API reference", path: "/resources/api" },
  { name: "notebooks", path: "/resources/notebooks" },
  { name: "bulk downloads", path: "/resources/bulk-download/international" },
  { name: "Tradle", path: "/games/tradle" },
  { name: "sign in", path: "/login" },
  { name: "sign up", path: "/signup" },
] as const;

async function seriousViolations(page: Page): Promise<string[]> {
  // Charts and lists that load after the first paint are part of the page too.
  await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => {});
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`).join("; ")}`);
}

test.describe("accessibility (axe) of every page type, both colour schemes", () => {
  for (const { name, path } of PAGES) {
    test(`${name}: no serious or critical violations in en and zh, light and dark`, async ({ page, context, baseURL }) => {
      test.setTimeout(120_000);
      for (const scheme of ["light", "dark"] as const) {
        for (const locale of ["en", "zh"] as const) {
          // A fresh visit each time: first-visit dialogs (Tradle's instructions) are checked too.
          await context.clearCookies();
          await context.addCookies([{ name: "ots-color-scheme", value: scheme, url: baseURL! }]);
          await page.goto(`/${locale}${path}`);
          await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
          expect(await seriousViolations(page), `/${locale}${path} (${scheme})`).toEqual([]);
        }
      }
    });
  }

  test("the code blocks of /resources/api are reachable by keyboard and named", async ({ page }) => {
    await page.goto("/en/resources/api");
    const blocks = page.locator("pre[role=region]");
    expect(await blocks.count()).toBeGreaterThan(3);
    for (const block of await blocks.all()) {
      await expect(block).toHaveAttribute("tabindex", "0");
      expect((await block.getAttribute("aria-label"))?.length).toBeGreaterThan(5);
    }
  });

  test("Tradle's instructions dialog closes from a named button", async ({ page, context }) => {
    await context.clearCookies();
    await page.goto("/en/games/tradle");
    await page.getByRole("button", { name: "Close the instructions" }).click();
    await expect(page.getByTestId("instructions")).toBeHidden();
  });

  test("the sign-up link of /login is underlined in the dark scheme", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "ots-color-scheme", value: "dark", url: baseURL! }]);
    await page.goto("/en/login");
    const link = page.getByRole("main").getByRole("link", { name: "Create an account" });
    expect(await link.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain("underline");
  });
});
