import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./support/test";

// Issue 37 ("Light on a phone"): the shell's menus are menu buttons drawn in place (no floating
// layer in the first load), and its dialogs and drawer load on first use. Each still behaves as
// the menus and modals it replaced: keyboard, hover, focus given back, nothing for axe to flag.

async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("header menus (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("keyboard: ArrowUp opens on the last item, arrows wrap, Escape returns to the trigger, Tab closes", async ({ page }) => {
    await page.goto("/en");
    const trigger = page.locator('[data-menu="about"]');
    await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.focus();
    await page.keyboard.press("ArrowUp");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const items = menu.getByRole("menuitem");
    await expect(items.last()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("End");
    await expect(items.last()).toBeFocused();
    await page.keyboard.press("Home");
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(trigger).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu").getByRole("menuitem").first()).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("menu")).toHaveCount(0);
  });

  test("a menu opens on hover, closes when the pointer leaves, and stays when clicked open", async ({ page }) => {
    await page.goto("/en");
    const trigger = page.locator('[data-menu="data"]');
    await trigger.hover();
    await expect(page.getByRole("menu")).toBeVisible();
    await page.mouse.move(640, 700);
    await expect(page.getByRole("menu")).toHaveCount(0);

    await trigger.click();
    await expect(page.getByRole("menu")).toBeVisible();
    await page.mouse.move(640, 700);
    await page.waitForTimeout(400);
    await expect(page.getByRole("menu")).toBeVisible();
    // A press outside closes it.
    await page.mouse.click(640, 700);
    await expect(page.getByRole("menu")).toHaveCount(0);
  });

  test("an open menu, the language menu and the account-less header have nothing serious for axe", async ({ page }) => {
    await page.goto("/en");
    await page.locator('[data-menu="profiles"]').click();
    await expect(page.getByRole("menu")).toBeVisible();
    expect(await seriousViolations(page, "header")).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByTestId("language-selector").click();
    await expect(page.getByRole("menu")).toBeVisible();
    expect(await seriousViolations(page, "header")).toEqual([]);
  });

  test("the language menu works from the keyboard", async ({ page }) => {
    await page.goto("/en/resources/about?ref=keys");
    await page.getByTestId("language-selector").focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "English" })).toBeFocused();
    await expect(page.getByRole("menuitem", { name: "English" })).toHaveAttribute("aria-current", "true");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Español" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/es/resources/about?ref=keys");
  });

  test("the explore dialog, loaded on first use, gives focus back to the search button", async ({ page }) => {
    await page.goto("/en");
    const search = page.getByTestId("search-button");
    await search.click();
    await expect(page.getByRole("dialog", { name: "Search profiles" })).toBeVisible();
    await expect(page.getByTestId("search-input")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("explorer-body")).toHaveCount(0);
    await expect(search).toBeFocused();
    // A second open reuses what the first loaded.
    await search.click();
    await expect(page.getByTestId("search-input")).toBeVisible({ timeout: 1_000 });
  });

  test("an explore entry of a menu opens the dialog, and closing it returns to the menu's trigger", async ({ page }) => {
    await page.goto("/en");
    const trigger = page.locator('[data-menu="profiles"]');
    await trigger.click();
    await page.locator('[data-explore="country"]').click();
    await expect(page.getByTestId("explorer-body")).toHaveAttribute("data-report", "country");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("explorer-body")).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });

  test("the cookie preferences, loaded on first use, give focus back to the footer link", async ({ page }) => {
    await page.goto("/en/resources/about");
    const link = page.getByTestId("footer").getByTestId("cookie-preferences");
    await link.click();
    const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("cookie-table").first()).toBeAttached();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(link).toBeFocused();
  });

  test("the search button and the colour toggle show their hint on hover", async ({ page }) => {
    await page.goto("/en");
    const hint = page.getByTestId("search-button").locator("xpath=following-sibling::span[1]");
    await expect(hint).toBeHidden();
    await page.getByTestId("search-button").hover();
    await expect(hint).toBeVisible();
    await expect(hint).toHaveText("Search profiles");
  });
});

test.describe("mobile drawer (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the drawer, loaded on first use, opens from the keyboard and gives focus back to the burger", async ({ page }) => {
    await page.goto("/en");
    const burger = page.getByTestId("mobile-menu-button");
    await burger.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog");
    await expect(drawer.getByRole("button", { name: "Profiles" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(burger).toBeFocused();
  });
});
