/**
 * Context on the country page (issue 33): the economy (GDP, GDP per capita, population and goods
 * trade as a share of GDP), the ECI history drawn as a chart with ranks, and services in every year
 * the catalogue holds. Figures are checked against the public data API, years against the catalogue.
 */
import { readFileSync } from "node:fs";
import { formatNumber, formatUsd } from "../../src/domain/format";
import type { Locator } from "@playwright/test";
import { expect, test, type APIRequestContext, type Page } from "./support/test";

type Row = Record<string, string | number | null>;

async function apiRows(request: APIRequestContext, query: string): Promise<Row[]> {
  const response = await request.get(`/api/data?${query}`);
  expect(response.status(), query).toBe(200);
  return (await response.json()).data as Row[];
}

const yearOf = (row: Row) => Number(row["Year ID"] ?? row.Year);
const has = (value: unknown) => value !== null && value !== undefined && value !== "";

async function visit(page: Page, path: string): Promise<string[]> {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.getByTestId("profile-title")).toBeVisible();
  return errors;
}

/** Waits for the chart inside `box` to be drawn and counts the points with a value, across its series. */
async function drawnPoints(box: Locator): Promise<number> {
  await box.scrollIntoViewIfNeeded();
  await expect(box.locator('[data-testid="chart"]').first()).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
  await expect(box.locator("canvas").first()).toBeVisible();
  return box
    .locator('[data-testid="chart"] [role="img"]')
    .first()
    .evaluate((el) => {
      const option = (el as HTMLElement & { otsChart?: { getOption(): { series: { data: (number | null)[][] }[] } } }).otsChart!.getOption();
      return option.series.reduce((n, s) => n + s.data.filter((d) => d[1] !== null && d[1] !== undefined).length, 0);
    });
}

/** Downloads the CSV of the chart inside `box`: its lines without the byte-order mark. */
async function chartCsv(page: Page, box: Locator): Promise<string[]> {
  await box.getByTestId("download-button").click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-csv").click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  return readFileSync((await download.path())!)
    .toString("utf8")
    .replace(/^\ufeff/, "")
    .split("\r\n")
    .filter((l) => l.length > 0);
}

test.describe("country context", () => {
  test("Chile: the economy section states GDP, GDP per capita and population with their year and source", async ({ page, request }) => {
    const errors = await visit(page, "/en/profile/country/chl");
    const economy = page.locator('[data-section="economy"]');
    await expect(economy.getByRole("heading", { level: 2 })).toHaveText("Economy");

    const indicators = await apiRows(request, "cube=indicators_i_wdi_a&drilldowns=Year&measures=GDP,Population&cut=Country=chl");
    const newest = (key: string) => indicators.filter((r) => has(r[key]) && Number(r[key]) > 0).sort((a, b) => yearOf(b) - yearOf(a))[0];
    const gdp = newest("GDP");
    const population = newest("Population");

    const gdpStat = economy.getByTestId("economy-stat-gdp");
    await expect(gdpStat).toContainText(`GDP, ${yearOf(gdp)}`);
    await expect(gdpStat.locator("[data-stat-value]")).toHaveText(formatUsd(Number(gdp.GDP), "en", { compact: true }));
    await expect(gdpStat).toContainText("World Bank");
    const populationStat = economy.getByTestId("economy-stat-population");
    await expect(populationStat).toContainText(`Population, ${yearOf(population)}`);
    await expect(populationStat.locator("[data-stat-value]")).toHaveText(formatNumber(Number(population.Population), "en", { compact: true }));
    await expect(economy.getByTestId("economy-stat-gdp-per-capita")).toContainText(/GDP per capita, \d{4}/);
    await expect(economy.getByTestId("section-source")).toContainText("World Bank");

    // Every year the indicators hold for Chile is drawn, not a fixed list.
    const gdpYears = indicators.filter((r) => has(r.GDP)).length;
    expect(gdpYears).toBeGreaterThan(50);
    const gdpChart = economy.getByTestId("economy-chart-gdp");
    await expect(gdpChart).toHaveAttribute("data-points", String(gdpYears));
    expect(await drawnPoints(gdpChart)).toBe(gdpYears);
    expect(await drawnPoints(economy.getByTestId("economy-chart-population"))).toBe(indicators.filter((r) => has(r.Population)).length);

    // Trade as a share of GDP: goods trade (OTS) over World Bank GDP, same year, only years with both.
    const share = economy.getByTestId("trade-share");
    await expect(share.getByTestId("trade-share-text")).toContainText("Open Trade Statistics");
    await expect(share.getByTestId("trade-share-text")).toContainText("World Bank");
    await expect(share.getByTestId("trade-share-text")).toContainText("same year");
    const exportYears = new Set((await apiRows(request, "cube=trade_i_ots_a_sections&drilldowns=Year&cut=Exporter%20Country=chl")).filter((r) => Number(r["Trade Value"]) > 0).map(yearOf));
    const both = indicators.filter((r) => has(r.GDP) && exportYears.has(yearOf(r))).length;
    expect(both).toBeGreaterThan(0);
    const shareChart = share.getByTestId("trade-share-chart");
    await expect(shareChart).toHaveAttribute("data-points", String(both));
    expect(await drawnPoints(shareChart)).toBe(both);
    const csv = await chartCsv(page, shareChart);
    expect(csv[0]).toBe("Year,Goods exports,Goods imports,GDP,Goods trade / GDP");
    expect(csv).toHaveLength(both + 1);
    // Each row's share is its own year's trade over its own year's GDP.
    for (const line of csv.slice(1)) {
      const [, x, m, g, s] = line.split(",").map(Number);
      expect(s).toBeCloseTo((x + m) / g, 9);
    }
    expect(errors).toEqual([]);
  });

  test("Chile: the ECI history is a chart with a point per ranked year and the rank of each year", async ({ page, request }) => {
    await visit(page, "/en/profile/country/chl");
    const complexity = page.locator('[data-section="complexity"]');
    const chart = complexity.getByTestId("eci-chart");
    const table = complexity.getByTestId("eci-history");
    const rankedRows = table.locator("tbody tr").filter({ hasText: /\d+ of \d+/ });
    const ranked = await rankedRows.count();
    expect(ranked).toBeGreaterThanOrEqual(3);
    await expect(chart).toHaveAttribute("data-points", String(ranked));
    expect(await drawnPoints(chart)).toBe(ranked);

    // The ranks are the stored ranking's, year by year.
    const stored = new Map((await apiRows(request, "cube=complexity_eci_a_hs92_hs4&drilldowns=Year&measures=ECI%20Rank&cut=Country=chl")).map((r) => [yearOf(r), Number(r["ECI Rank"])]));
    for (let i = 0; i < ranked; i++) {
      const cells = await rankedRows.nth(i).locator("td").allInnerTexts();
      const year = Number(cells[0]);
      expect(cells[2]).toMatch(new RegExp(`^${stored.get(year)} of \\d+$`));
    }
    // Partial samples are left out of the history and said so; the change of source is marked.
    await expect(table).not.toContainText("1989");
    const note = complexity.getByTestId("eci-releases");
    await expect(note).toContainText("1989");
    await expect(note).toContainText("Atlas of Economic Complexity");
    await expect(note).toContainText("line breaks where the source changes");

    const csv = await chartCsv(page, chart);
    expect(csv[0]).toBe("Year,ECI,Rank,Economies ranked,Source");
    expect(csv.slice(1).filter((l) => l.split(",")[1] !== "")).toHaveLength(ranked);
  });

  test("Chile: services show every year the catalogue holds, with the year", async ({ page, request }) => {
    await visit(page, "/en/profile/country/chl");
    // The catalogue's services datasets, and the years in them where Chile reports services.
    const catalog = await (await request.get("/api/catalog")).json();
    const datasets: { cube: string; years: { year: number }[] }[] = catalog.datasets.filter((d: { kind: string }) => d.kind === "services");
    expect(datasets.length).toBeGreaterThan(0);
    const years: number[] = [];
    for (const d of datasets) {
      const rows = await apiRows(request, `cube=${d.cube}&drilldowns=Year&cut=Exporter%20Country=chl&time=${d.years.map((y) => y.year).join(",")}`);
      years.push(...rows.filter((r) => Number(r["Trade Value"]) > 0).map(yearOf));
    }
    expect(years.length).toBeGreaterThan(0);
    const services = page.locator('[data-section="services"]');
    const source = services.getByTestId("section-source");
    await expect(source).toContainText(String(Math.min(...years)));
    await expect(source).toContainText(String(Math.max(...years)));
    await expect(services.getByTestId("services-text")).toContainText(`In ${Math.max(...years)}`);
    await expect(services.getByTestId("services-years")).toContainText(String(Math.max(...years)));
    await expect(services.getByTestId("services")).toBeVisible();
    // More than one year: the categories are also drawn over the years.
    await expect(services.getByTestId("services-chart")).toHaveCount(new Set(years).size > 1 ? 1 : 0);
  });

  test("Spanish and Chinese headings and stats", async ({ page }) => {
    await visit(page, "/es/profile/country/chl");
    await expect(page.locator('[data-section="economy"]').getByRole("heading", { level: 2 })).toHaveText("Economía");
    await expect(page.getByTestId("economy-stat-gdp")).toContainText(/PIB, \d{4}/);
    await expect(page.getByTestId("trade-share")).toContainText("Comercio de bienes como porcentaje del PIB");
    await expect(page.getByTestId("eci-over-time").getByRole("heading", { level: 3 }).first()).toHaveText("Ranking de complejidad a lo largo del tiempo");
    expect(await drawnPoints(page.getByTestId("eci-chart"))).toBeGreaterThanOrEqual(3);

    await visit(page, "/zh/profile/country/chl");
    await expect(page.locator('[data-section="economy"]').getByRole("heading", { level: 2 })).toHaveText("经济概况");
    await expect(page.getByTestId("economy-stat-population")).toContainText(/人口，\d{4} 年/);
    await expect(page.getByTestId("trade-share")).toContainText("货物贸易占国内生产总值的比重");
    expect(await drawnPoints(page.getByTestId("eci-chart"))).toBeGreaterThanOrEqual(3);
  });
});
