import { expect, test } from "./support/test";

test.describe("the API page (/resources/api)", () => {
  test("documents every parameter and status of the OpenAPI document, and each loaded cube", async ({ page, request }) => {
    const doc = await (await request.get("/api/openapi.json")).json();
    const data = doc.paths["/api/data"].get;
    await page.goto("/en/resources/api");
    const params = page.getByTestId("api-parameters");
    for (const p of data.parameters) await expect(params.locator("code", { hasText: new RegExp(`^${p.name}$`) })).toHaveCount(1);
    const errors = page.getByTestId("api-errors");
    for (const status of Object.keys(data.responses).filter((s) => s !== "200")) await expect(errors).toContainText(status);
    const cubes = await (await request.get("/api/cubes")).json();
    const loaded = (Array.isArray(cubes) ? cubes : cubes.cubes).filter((c: { available?: boolean }) => c.available).map((c: { name: string }) => c.name);
    await expect(page.getByTestId("api-cubes").locator("[data-cube]")).toHaveCount(loaded.length);
    // Each cube's example is a link that answers.
    const example = (await page.locator('[data-cube="trade_i_ots_a_sections"] [data-testid="cube-example"]').getAttribute("href"))!;
    expect((await request.get(example)).status()).toBe(200);
  });

  test("the quick-start query runs live on the page and shows its rows", async ({ page }) => {
    await page.goto("/es/resources/api");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("API de datos");
    await expect(page.getByTestId("snippet-curl")).toContainText("/api/data?cube=trade_i_ots_a_sections");
    await page.getByTestId("try-run").click();
    const table = page.getByTestId("try-table");
    await expect(table).toBeVisible();
    await expect(table.locator("thead")).toContainText("Trade Value");
    await expect(table.locator("tbody tr").first()).toBeVisible();
    // A bad query shows the API's error, in words.
    await page.getByTestId("try-url").fill("/api/data?cube=nope");
    await page.getByTestId("try-run").click();
    await expect(page.getByTestId("try-error")).toContainText("400 unknown_cube");
    // Another origin is refused before any request.
    await page.getByTestId("try-url").fill("https://evil.example/api/data?cube=x");
    await page.getByTestId("try-run").click();
    await expect(page.getByTestId("try-error")).toContainText("/api/data");
  });
});
