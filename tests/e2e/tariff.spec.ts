import { expectChartDownloads } from "./support/chartDownloads";
import { expect, test, type Page } from "./support/test";

const PATH = "/tariff-simulator-report";

interface ApiAnswer {
  query: { importer: string; product: string; year: number };
  exporters: { id: string; name: string; imports: number; tradeDiversion: number }[];
}

/** The first importer and section the API can simulate, read from the data (never typed in). */
async function scenario(page: Page): Promise<ApiAnswer> {
  const response = await page.request.get(`/api/tariff?importer=usa&product=5&new=0`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiAnswer;
}

async function pick(page: Page, testId: string, text: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(text);
  await page.getByRole("option", { name: new RegExp(text, "i") }).first().click();
}

test.describe("tariff simulator", () => {
  test("fills the form, simulates, and shows the results, chart and downloads", async ({ page }) => {
    const answer = await scenario(page);
    await page.goto(`/en${PATH}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tariff simulator");
    await expect(page.getByTestId("tariff-empty")).toBeVisible();

    await pick(page, "tariff-importer", "United States");
    await pick(page, "tariff-product", "Mineral");
    await page.getByTestId("tariff-current").fill("5");
    await page.getByTestId("tariff-new").fill("0");
    await page.getByTestId("tariff-submit").click();

    await expect(page).toHaveURL(/importer=usa/);
    await expect(page).toHaveURL(/new=0/);
    await expect(page.getByTestId("tariff-results-heading")).toContainText("United States");
    await expect(page.getByTestId("tariff-row")).toHaveCount(answer.exporters.length);
    await expect(page.getByTestId("tariff-row").first()).toHaveAttribute("data-exporter", answer.exporters[0].id);
    // A cut for everyone creates trade and diverts none.
    await expect(page.getByTestId("summary-creation")).toContainText("+");
    await expect(page.getByTestId("tariff-chart").locator("canvas")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("tariff-method")).toBeVisible();

    const csv = await page.request.get((await page.getByTestId("tariff-csv").getAttribute("href"))!);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect((await csv.text()).split("\r\n")[0]).toContain("Trade creation (USD)");

    // The bars are a chart like every other: PNG, SVG and the CSV of the bars drawn (largest changes).
    const lines = await expectChartDownloads(page, page.getByTestId("tariff-chart"), /^tariff-change-by-exporter/);
    expect(lines[0]).toBe("id,Exporter,Trade creation,Trade diversion");
    const ids = new Set(answer.exporters.map((e) => e.id));
    expect(lines.length - 1).toBe(Math.min(15, answer.exporters.length));
    for (const line of lines.slice(1)) {
      // A name may hold a quoted comma ("Korea, Rep."): the id comes first, the two values last.
      const cells = line.split(",");
      expect(ids.has(cells[0]), line).toBe(true);
      // A cut for everyone creates trade for each exporter and diverts none.
      expect(Number(cells.at(-2))).toBeGreaterThanOrEqual(0);
    }
    expect(Number(lines[1].split(",").at(-2))).toBeGreaterThan(0);
  });

  test("a preference for one partner diverts trade to it, and the URL restores the scenario", async ({ page }) => {
    const answer = await scenario(page);
    const partner = answer.exporters[1];
    await page.goto(`/en${PATH}?importer=usa&product=5&current=10&new=0&partner=${partner.id}&em=-2&sigma=3`);
    const row = page.locator(`[data-testid="tariff-row"][data-exporter="${partner.id}"]`);
    await expect(row.locator("td").nth(5)).toContainText("+");
    await expect(page.getByTestId("tariff-em")).toHaveValue("-2");
    await expect(page.getByTestId("tariff-sigma")).toHaveValue("3");
    await expect(page.getByTestId("tariff-partner")).toHaveValue(partner.name);
  });

  test("explains bad input instead of failing", async ({ page }) => {
    await page.goto(`/en${PATH}`);
    await pick(page, "tariff-importer", "United States");
    await pick(page, "tariff-product", "Mineral");
    await page.getByTestId("tariff-new").fill("-5");
    await page.getByTestId("tariff-submit").click();
    await expect(page.getByText("A tariff cannot be negative")).toBeVisible();
    await expect(page).not.toHaveURL(/new=/);

    await page.goto(`/en${PATH}?importer=usa&product=5&new=10000`);
    await expect(page.getByTestId("tariff-error")).toContainText("1000%");
    await page.goto(`/en${PATH}?importer=qqq&product=5&new=0`);
    await expect(page.getByTestId("tariff-error")).toContainText("We do not know this importer");
    await page.goto(`/en${PATH}?importer=usa&product=5&new=0&year=1800`);
    await expect(page.getByTestId("tariff-error")).toBeVisible();

    const api = await page.request.get(`/api/tariff?importer=usa&product=5&new=-1`);
    expect(api.status()).toBe(400);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("tariff_negative");
  });

  test("reads in Spanish and Chinese, and links to its method page and back", async ({ page }) => {
    await page.goto(`/es${PATH}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Simulador de aranceles");
    await page.goto(`/zh${PATH}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("关税模拟器");
    await page.getByTestId("tariff-link-method").click();
    await expect(page.getByTestId("tariff-method-title")).toHaveText("关税模拟器：方法");
    await page.getByTestId("tariff-link-simulator").click();
    await expect(page).toHaveURL(/\/zh\/tariff-simulator-report/);
  });

  test("fits a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/en${PATH}?importer=usa&product=5&new=0`);
    await expect(page.getByTestId("tariff-results")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });
});
