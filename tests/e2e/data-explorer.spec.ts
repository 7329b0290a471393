import { sharedUser } from "./support/accounts";
import { expectChartDownloads } from "./support/chartDownloads";
import { expect, test, type APIRequestContext, type Page } from "./support/test";

// The data explorer (/explorer) is PRO, decided on the server. Anonymous and free visitors get the
// PRO gate with a read-only sample; PRO users build queries (table, chart, pivot, API snippets)
// whose whole state lives in the page URL.
const PATH = "/en/explorer";

interface CubeListing {
  cubes: { name: string; available: boolean; years: number[]; dimensions: { kind: string; hierarchies: { levels: { name: string }[] }[] }[] }[];
}

/** A cube of the warehouse with Year, Section and Exporter Country levels (asked, not hard-coded). */
async function tradeCube(request: APIRequestContext): Promise<string> {
  const body = (await (await request.get("/api/cubes")).json()) as CubeListing;
  const cube = body.cubes.find((c) => {
    const levels = c.dimensions.flatMap((d) => d.hierarchies.flatMap((h) => h.levels.map((l) => l.name)));
    return c.available && c.years.length > 1 && ["Year", "Section", "Exporter Country"].every((l) => levels.includes(l));
  });
  expect(cube, "a bilateral section cube").toBeTruthy();
  return cube!.name;
}

async function proUser(page: Page) {
  await sharedUser(page.request, "pro");
}

async function pickOption(page: Page, name: RegExp) {
  await page.getByRole("option", { name }).first().click();
}

test.describe("data explorer", () => {
  test("an anonymous visitor gets the gate with a real sample and its API URL", async ({ page, request }) => {
    const response = await page.goto(PATH);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("pro-gate")).toBeVisible();
    await expect(page.getByTestId("pro-gate-title")).toHaveText("Data explorer");
    await expect(page.getByTestId("pro-gate-subscribe")).toHaveAttribute("href", "/en/subscription");
    await expect(page.getByTestId("pro-gate-sign-in")).toHaveAttribute("href", `/en/login?callbackUrl=${encodeURIComponent(PATH)}`);
    // The sample is the answer of its API URL, read-only: no builder.
    const apiUrl = (await page.getByTestId("qb-preview-url").innerText()).trim();
    expect(apiUrl).toMatch(/^\/api\/data\?cube=/);
    const sample = (await (await request.get(apiUrl)).json()) as { data: unknown[] };
    expect(sample.data.length).toBeGreaterThan(0);
    await expect(page.getByTestId("qb-preview-table").locator("tbody tr")).toHaveCount(sample.data.length);
    await expect(page.getByTestId("qb-form")).toHaveCount(0);
    const html = await (await request.get(PATH)).text();
    expect(html).not.toContain('data-testid="qb-form"');

    await page.goto("/es/explorer");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explorador de datos");
    await page.goto("/zh/explorer");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("数据浏览器");
  });

  test("a free user gets the gate too", async ({ page }) => {
    await sharedUser(page.request, "free");
    await page.goto(PATH);
    await expect(page.getByTestId("pro-gate")).toBeVisible();
    await expect(page.getByTestId("pro-gate-sign-in")).toHaveCount(0);
    await expect(page.getByTestId("qb-form")).toHaveCount(0);
  });

  test("a PRO user builds a query: table, API URL, chart, pivot, and the URL restores it", async ({ page, request }) => {
    const cube = await tradeCube(request);
    await proUser(page);
    await page.goto(PATH);
    await expect(page.getByTestId("qb-title")).toHaveText("Data explorer");
    await expect(page.getByTestId("pro-gate")).toHaveCount(0);

    // Cube, drilldown, a cut found by member search, the latest year.
    await page.getByTestId("qb-cube").click();
    await pickOption(page, new RegExp(`\\(${cube}\\)$`));
    await page.getByTestId("qb-drilldowns").click();
    await pickOption(page, /^Section( \(Section\))?$/);
    await page.keyboard.press("Escape");
    await page.getByTestId("qb-add-cut").click();
    await page.getByTestId("qb-cut-level").click();
    await pickOption(page, /^Exporter Country( \(Exporter Country\))?$/);
    await page.getByTestId("qb-member-picker").click();
    await page.keyboard.type("deu");
    await pickOption(page, /\(deu\)$/);
    await page.keyboard.press("Escape");
    await page.getByTestId("qb-time").click();
    await pickOption(page, /^Latest year$/);
    await page.getByTestId("qb-run").click();

    // The table is the API's answer for the same query.
    await expect(page.getByTestId("qb-table")).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/cut=Exporter\+Country%3Ddeu/);
    await page.getByTestId("qb-tab-api").click();
    const apiUrl = (await page.getByTestId("qb-api-url").innerText()).trim();
    expect(apiUrl).toContain(`/api/data?cube=${cube}`);
    const answer = (await (await request.get(apiUrl)).json()) as { data: unknown[]; page: { total: number } };
    expect(answer.data.length).toBeGreaterThan(0);
    await expect(page.getByTestId("qb-curl")).toContainText("curl -s '");
    await expect(page.getByTestId("qb-python")).toContainText("requests.get(");
    await page.getByTestId("qb-tab-table").click();
    await expect(page.getByTestId("qb-table").locator("tbody tr")).toHaveCount(Math.min(answer.data.length, 50));
    await expect(page.getByTestId("qb-csv")).toHaveAttribute("href", /format=csv/);
    await expect(page.getByTestId("qb-parquet")).toHaveAttribute("href", /format=parquet/);
    const parquet = await request.get((await page.getByTestId("qb-parquet").getAttribute("href"))!);
    expect(parquet.headers()["content-type"]).toBe("application/vnd.apache.parquet");

    // One categorical drilldown of dollars: the builder picks a treemap.
    await page.getByTestId("qb-tab-chart").click();
    await expect(page.getByTestId("qb-chart-type").locator("input:checked")).toHaveValue("treemap");
    await expect(page.locator('[data-testid="qb-chart"] [data-testid="chart"][data-chart-ready="true"]')).toBeVisible({ timeout: 30_000 });

    // Bars are drawn by the same chart component, with PNG, SVG and a CSV of the answer charted.
    await page.getByTestId("qb-chart-type").getByText("Bars", { exact: true }).click();
    await expect(page.getByTestId("qb-chart-type").locator("input:checked")).toHaveValue("bar");
    const panel = page.getByTestId("qb-chart-panel");
    await expect(panel.locator('[data-testid="chart"]')).toHaveAttribute("data-chart-type", "bars");
    const lines = await expectChartDownloads(page, panel, new RegExp(`^${cube}`));
    expect(lines[0]).toContain("Section");
    expect(lines[0]).toContain("Trade Value");
    expect(lines.length - 1).toBe(answer.data.length);

    // The link restores the whole query in a new page.
    const shared = page.url();
    const other = await page.context().newPage();
    await other.goto(shared);
    await expect(other.getByTestId("qb-cut")).toHaveCount(1);
    await expect(other.getByTestId("qb-chart")).toBeVisible({ timeout: 30_000 });
    await other.close();
  });

  test("a PRO user pivots two dimensions, computed by /api/pivot", async ({ page, request }) => {
    const cube = await tradeCube(request);
    await proUser(page);
    await page.goto(`${PATH}?cube=${cube}&drilldowns=Year,Section&measures=Trade%20Value&cut=Exporter%20Country=deu`);
    await page.getByTestId("qb-tab-pivot").click();
    await expect(page.getByTestId("qb-pivot-table")).toBeVisible({ timeout: 30_000 });
    const pivot = (await (await request.get(`/api/pivot?cube=${cube}&rows=Section&columns=Year&measures=Trade%20Value&cut=Exporter%20Country=deu`)).json()) as {
      data: unknown[];
      columns: { members: unknown[]; capped: boolean };
    };
    await expect(page.getByTestId("qb-pivot-table").locator("tbody tr")).toHaveCount(pivot.data.length);
    await expect(page.getByTestId("qb-pivot-capped")).toHaveCount(pivot.columns.capped ? 1 : 0);
    await expect(page).toHaveURL(/view=pivot/);

    await page.goto("/es/explorer");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explorador de datos");
    await page.goto("/zh/explorer");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("数据浏览器");
  });

  test("bad input gets a clear message, and the APIs answer 4xx JSON", async ({ page, request }) => {
    const cube = await tradeCube(request);
    await proUser(page);
    await page.goto(`${PATH}?cube=nope%3Cscript%3E`);
    await expect(page.getByTestId("qb-problems")).toBeVisible();
    await page.goto(`${PATH}?cube=${cube}&drilldowns=Planet&measures=Trade%20Value`);
    await expect(page.getByTestId("qb-error")).toContainText("Planet");
    for (const url of [`/api/pivot?cube=nope&rows=Section&columns=Year`, `/api/pivot?cube=${cube}&rows=Section&columns=Section`, `/api/query-builder/members?cube=${cube}&level=Planet`]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBeTruthy();
    }
  });
});
