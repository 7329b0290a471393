/**
 * A chart's downloads, as a visitor gets them: wait until the chart inside `box` is drawn, then
 * open its Download menu and save PNG, SVG and CSV. Each file is checked for what it claims to be
 * (a PNG signature, one SVG document, CSV lines without the byte-order mark); the caller checks
 * what the CSV holds.
 */
import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect } from "./test";

export async function expectChartDownloads(page: Page, box: Locator, fileName: RegExp): Promise<string[]> {
  await expect(box.locator('[data-testid="chart"]').first()).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
  let csv: string[] = [];
  for (const format of ["png", "svg", "csv"] as const) {
    await box.getByTestId("download-button").first().click();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(`download-${format}`).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`${fileName.source}\\.${format}$`));
    const file = readFileSync((await download.path())!);
    if (format === "png") expect(file.subarray(1, 4).toString()).toBe("PNG");
    if (format === "svg") expect(file.toString("utf8")).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    if (format === "csv")
      csv = file
        .toString("utf8")
        .replace(/^\ufeff/, "")
        .split("\r\n")
        .filter((l) => l.length > 0);
  }
  return csv;
}
