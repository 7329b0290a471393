import { PUBLICATIONS } from "../../src/domain/content/publications";
import { expect, test } from "./support/test";

test("publications list the research with DOIs, filter by topic and year through the URL", async ({ page }) => {
  await page.goto("/en/resources/publications");
  const items = page.locator("[data-publication]");
  await expect(items).toHaveCount(PUBLICATIONS.length);
  // Newest first; each cites a DOI or a source link.
  const years = await items.evaluateAll((els) => els.map((el) => Number(/\((\d{4})\)/.exec(el.textContent ?? "")?.[1])));
  expect([...years].sort((a, b) => b - a)).toEqual(years);
  await expect(page.locator('[data-publication="buildingBlocks"] a[href="https://doi.org/10.1073/pnas.0900943106"]').first()).toBeVisible();

  await page.getByTestId("topic-links").getByRole("link", { name: "Fitness and complexity" }).click();
  await page.waitForURL(/topic=fitness/);
  await expect(items).toHaveCount(PUBLICATIONS.filter((p) => p.topics.includes("fitness")).length);
  await page.getByTestId("year-links").getByRole("link", { name: "2012" }).click();
  await page.waitForURL(/topic=fitness&year=2012/);
  await expect(items).toHaveCount(1);
  await expect(items.first()).toHaveAttribute("data-publication", "fitness");

  // Unknown filters are ignored, never an error.
  const response = await page.goto("/es/resources/publications?topic=%3Cscript%3E&year=abc");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Publicaciones");
  await expect(items).toHaveCount(PUBLICATIONS.length);
});
