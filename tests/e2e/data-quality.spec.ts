import { expect, test, type Page } from "./support/test";

/**
 * Data-quality flags (issue 34): the importer records suspicious patterns in the catalogue; the
 * figures are not corrected but carry a note where they appear, and /data-availability lists every
 * flag. Two known cases of the package: South Africa's 1980 exports of Platinum (7110) and
 * Platinum Clad Metals (7111), USD 1,017,959,073 and 1,017,781,348 (one figure booked twice), and
 * the USA's largest 2018 export line, HS 9999 "Unspecified".
 */

/** Opens one group (a dataset and year) of a rule's list and returns the reporter's line in it. */
async function flagLine(page: Page, rule: string, dataset: string, year: number, reporter: string) {
  const group = page.locator(`[data-testid="quality-group"][data-rule="${rule}"][data-dataset="${dataset}"][data-year="${year}"]`);
  await expect(group).toHaveCount(1);
  await group.locator("summary").click();
  const line = group.locator(`[data-testid="quality-flag"][data-reporter="${reporter}"]`);
  await expect(line.first()).toBeVisible();
  return line.first();
}

test.describe("data-quality flags", () => {
  test("/en/data-availability lists both cases in words, linked to the profile view concerned", async ({ page }) => {
    const response = await page.goto("/en/data-availability");
    expect(response?.status()).toBe(200);
    const list = page.getByTestId("quality-flags");
    await expect(list.getByRole("heading", { name: "Data-quality flags" })).toBeVisible();
    for (const rule of ["sibling_duplicate", "unspecified_top"]) await expect(list.locator(`[data-testid="quality-rule"][data-rule="${rule}"]`)).toBeVisible();

    const zaf = await flagLine(page, "sibling_duplicate", "ots_hs4", 1980, "zaf");
    await expect(zaf).toHaveAttribute("data-products", "7110 7111");
    await expect(zaf).toContainText("South Africa");
    await expect(zaf).toContainText("(7110)");
    await expect(zaf).toContainText("(7111)");
    await expect(zaf).toContainText("$1,017,959,073");
    await expect(zaf).toContainText("$1,017,781,348");
    await expect(zaf.getByRole("link", { name: "South Africa" })).toHaveAttribute("href", "/en/profile/country/zaf?productYear=1980#exports-by-product");

    const usa = await flagLine(page, "unspecified_top", "ots_hs4", 2018, "usa");
    await expect(usa).toHaveAttribute("data-products", "9999");
    await expect(usa).toContainText("(9999) is the largest line of 2018 exports");
    await expect(usa.getByRole("link", { name: "United States" })).toHaveAttribute("href", "/en/profile/country/usa?productYear=2018#exports-by-product");
  });

  test("Spanish and Chinese pages say the flags in their language", async ({ page }) => {
    await page.goto("/es/data-availability");
    await expect(page.getByTestId("quality-flags").getByRole("heading", { name: "Avisos de calidad de los datos" })).toBeVisible();
    const zaf = await flagLine(page, "sibling_duplicate", "ots_hs4", 1980, "zaf");
    await expect(zaf).toContainText("1.017.959.073");
    await page.goto("/zh/data-availability");
    await expect(page.getByTestId("quality-flags").getByRole("heading", { name: "数据质量提示" })).toBeVisible();
    const usa = await flagLine(page, "unspecified_top", "ots_hs4", 2018, "usa");
    await expect(usa).toContainText("最大的项目");
  });

  test("South Africa's 1980 product view carries the note beside its figures", async ({ page }) => {
    expect((await page.goto("/en/profile/country/zaf?productYear=1980#exports-by-product"))?.status()).toBe(200);
    const note = page.locator('[data-section="exports-by-product"] [data-testid="quality-note"]');
    await expect(note).toBeVisible();
    await expect(note).toContainText("Data note");
    await expect(note).toContainText("(7110)");
    await expect(note).toContainText("(7111)");
    await expect(note).toContainText("probably one figure recorded twice");
  });

  test("the USA's 2018 product view notes that its largest line is Unspecified", async ({ page }) => {
    expect((await page.goto("/en/profile/country/usa?productYear=2018#exports-by-product"))?.status()).toBe(200);
    const note = page.locator('[data-section="exports-by-product"] [data-testid="quality-note"]');
    await expect(note).toBeVisible();
    await expect(note).toContainText("(9999) is the largest line of 2018 exports");
  });

  test("a view whose figures carry no flag shows no note", async ({ page }) => {
    // South Africa's 2018 exports by product: no flag names them (its 2018 flag is on imports).
    const body = await (await page.request.get("/api/catalog")).json();
    const flags = body.quality as { dataset: string; year: number; reporter: string | null; flow: string | null }[];
    expect(flags.filter((f) => f.reporter === "zaf" && f.year === 2018 && f.dataset === "ots_hs4" && f.flow === "export")).toEqual([]);
    await page.goto("/en/profile/country/zaf?productYear=2018#exports-by-product");
    await expect(page.locator('[data-section="exports-by-product"]')).toBeVisible();
    await expect(page.locator('[data-section="exports-by-product"] [data-testid="quality-note"]')).toHaveCount(0);
  });

  test("GET /api/catalog includes the flags", async ({ request }) => {
    const body = await (await request.get("/api/catalog")).json();
    type Flag = { dataset: string; year: number; rule: string; reporter: string | null; flow: string | null; products: string[]; values: number[] };
    const quality = body.quality as Flag[];
    const zaf = quality.find((f) => f.rule === "sibling_duplicate" && f.dataset === "ots_hs4" && f.year === 1980 && f.reporter === "zaf");
    expect(zaf).toMatchObject({ flow: "export", products: ["7110", "7111"], values: [1_017_959_073, 1_017_781_348] });
    const usa = quality.find((f) => f.rule === "unspecified_top" && f.dataset === "ots_hs4" && f.year === 2018 && f.reporter === "usa" && f.flow === "export");
    expect(usa?.products).toEqual(["9999"]);
  });
});
