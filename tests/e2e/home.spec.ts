import { expect, test } from "./support/test";

test.describe("home page", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("typing in the search box opens the explore search with the text, results as you type", async ({ page }) => {
    await page.goto("/en");
    await page.getByTestId("home-search").pressSequentially("c");
    const body = page.getByTestId("explorer-body");
    await expect(body).toBeVisible();
    const field = body.getByRole("textbox").first();
    await expect(field).toHaveValue("c");
    await field.pressSequentially("hile");
    await expect(body).toContainText("Chile");
  });

  test("featured profiles are links with a figure of the newest year the catalogue holds", async ({ page, request }) => {
    const catalog = await (await request.get("/api/catalog")).json();
    const sections = catalog.datasets.find((d: { dataset: string }) => d.dataset === "ots_sections");
    const newest = String(sections.years.at(-1).year);
    await page.goto("/en");
    const cards = page.getByTestId("featured").locator("a[data-featured]");
    await expect(cards).toHaveCount(4);
    const country = page.locator('a[data-featured="country"]');
    await expect(country).toContainText(`Largest exporter, ${newest}`);
    await expect(country.getByTestId("featured-figure")).toHaveText(/^Exports: \$[\d.]+[TBM]$/);
    const href = (await country.getAttribute("href"))!;
    expect(href).toMatch(/^\/en\/profile\/country\/[a-z]{3}$/);
    expect((await request.get(href)).status()).toBe(200);
    await expect(page.locator('a[data-featured="bilateral"]')).toHaveAttribute("href", /^\/en\/profile\/bilateral-country\/[a-z]{3}\/partner\/[a-z]{3}$/);
    // The ways in are links too.
    await expect(page.locator('a[data-feature="visualize"]')).toHaveAttribute("href", "/en/visualize/tree_map");
  });

  test("what the data covers comes from the catalogue, not from the page", async ({ page, request }) => {
    const catalog = await (await request.get("/api/catalog")).json();
    const years = catalog.datasets.find((d: { dataset: string }) => d.dataset === "ots_sections").years.map((y: { year: number }) => y.year);
    await page.goto("/es");
    const coverage = page.getByTestId("coverage");
    await expect(coverage).toContainText(`de ${years[0]} a ${years.at(-1)}`);
    await expect(coverage).toContainText("no cargados");
    await expect(coverage.getByRole("link", { name: "Disponibilidad de datos, año por año" })).toHaveAttribute("href", "/es/data-availability");
  });
});
