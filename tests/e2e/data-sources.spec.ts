import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./support/test";

test("data sources lists every loaded cube with its licence, years, files and their checksums", async ({ page, request }) => {
  const cubes = await (await request.get("/api/cubes")).json();
  const loaded = (Array.isArray(cubes) ? cubes : cubes.cubes).filter((c: { available?: boolean }) => c.available).map((c: { name: string }) => c.name);
  await page.goto("/en/data-sources");
  await expect(page.locator("[data-source]")).toHaveCount(loaded.length);
  const sections = page.locator('[data-source="trade_i_ots_a_sections"]');
  await expect(sections.getByTestId("licence")).toContainText("CC BY-NC 4.0");
  await expect(sections.getByTestId("coverage")).toContainText(/^Years: 1962/);
  // The checksum shown is the data package's own.
  const dir = process.env.TRADE_DATA_DIR ?? "../shared/data";
  if (existsSync(join(dir, "datapackage.json"))) {
    const pkg = JSON.parse(readFileSync(join(dir, "datapackage.json"), "utf8"));
    const resource = pkg.resources.find((r: { name: string }) => r.name === "trade_bilateral_section");
    await expect(sections.getByTestId("resources")).toContainText(`sha256 ${resource.hash.replace("sha256:", "")}`);
  }
  await page.goto("/zh/data-sources");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("数据来源");
});
