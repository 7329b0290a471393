import AxeBuilder from "@axe-core/playwright";
import { LIBRARY } from "../../src/domain/content/library";
import { expect, test } from "./support/test";

test.describe("library", () => {
  test("lists every resource with its publisher link, kind and licence, and filters by kind through the URL", async ({ page }) => {
    await page.goto("/en/resources/library");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Library");
    const items = page.locator("[data-library]");
    await expect(items).toHaveCount(LIBRARY.length);
    // Each title links to its publisher in a new tab; each names its licence and what it is for.
    const baci = page.locator('[data-library="baci"]');
    const link = baci.getByRole("link", { name: /^BACI/ });
    await expect(link).toHaveAttribute("href", LIBRARY.find((e) => e.id === "baci")!.url);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    await expect(baci.getByTestId("licence")).toContainText("Etalab 2.0");
    await expect(page.locator('[data-library="tiva"]').getByTestId("licence")).toContainText("CC BY 4.0");
    await expect(page.locator('[data-library="wits"]').getByTestId("licence")).toContainText("Free with registration, terms of use");
    await expect(page.getByTestId("licence")).toHaveCount(LIBRARY.length);
    await expect(page.getByTestId("used-for")).toHaveCount(LIBRARY.length);

    await page.getByTestId("kind-links").getByRole("link", { name: "Tariffs" }).click();
    await page.waitForURL(/kind=tariffs/);
    const tariffs = LIBRARY.filter((e) => e.kind === "tariffs");
    await expect(items).toHaveCount(tariffs.length);
    for (const kind of await items.evaluateAll((els) => els.map((el) => el.getAttribute("data-kind")))) expect(kind).toBe("tariffs");
    await expect(page.getByTestId("kind-links").getByRole("link", { name: "Tariffs" })).toHaveAttribute("aria-current", "page");
  });

  test("an unknown kind is ignored: the whole list, never an error", async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    const response = await page.goto("/en/resources/library?kind=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    expect(response?.status()).toBe(200);
    await expect(page.locator("[data-library]")).toHaveCount(LIBRARY.length);
    await expect(page.getByTestId("kind-links").getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    // The value is never written into the page as markup.
    await expect(page.locator("main")).not.toContainText("alert(1)");
    expect(dialogs).toEqual([]);
  });

  test("Spanish and Chinese pages are translated", async ({ page }) => {
    await page.goto("/es/resources/library?kind=reading");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Biblioteca");
    await expect(page.locator("[data-library]")).toHaveCount(LIBRARY.filter((e) => e.kind === "reading").length);
    await expect(page.locator('[data-library="practicalGuide"]').getByTestId("licence")).toContainText("Con derechos de autor, lectura gratuita");
    await page.goto("/zh/resources/library");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("资料库");
    await expect(page.locator('[data-library="wdi"]').getByTestId("used-for")).toContainText("世界银行");
  });

  for (const path of ["/en/resources/library", "/zh/resources/library?kind=dataset"]) {
    test(`no accessibility violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("[data-library]").first()).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => v.id)).toEqual([]);
    });
  }
});
