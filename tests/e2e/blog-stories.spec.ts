/**
 * The blog's data stories: their figures are the warehouse's (checked here against /api/data, the
 * same queries), their charts are live builder views, and the RSS feeds list them in every language.
 */
import { expect, test } from "./support/test";

type Dataset = { kind: string; depth: string; flows?: string[]; partial: boolean; bilateral: boolean; years: { year: number; flows: string[] }[]; cube: string; scope?: string };

const pct = (ratio: number) => `${(Math.round(ratio * 1000) / 10).toLocaleString("en-GB", { maximumFractionDigits: 1 })}%`;

test.describe("data stories", () => {
  test("Chile and copper: the copper share and Chile's rank are the data API's", async ({ page, request }) => {
    const goods = ((await (await request.get("/api/catalog")).json()).datasets as Dataset[]).filter((d) => d.kind === "goods" && !d.partial && d.scope !== "world" && (d.depth === "hs4" || d.depth === "hs6"));
    // The newest year with HS4 exports, and the dataset answering it (the catalogue's choice).
    const candidates = goods.flatMap((d) => d.years.filter((y) => y.flows.includes("export")).map((y) => ({ year: y.year, cube: d.cube, bilateral: d.bilateral })));
    const year = Math.max(...candidates.map((c) => c.year));
    const { cube, bilateral } = candidates.find((c) => c.year === year)!;
    const own = bilateral ? "Exporter+Country" : "Country";
    const flow = bilateral ? "" : "&cut=Trade+Flow=2";
    const rows = (await (await request.get(`/api/data?cube=${cube}&drilldowns=HS4&cut=${own}=chl${flow}&time=${year}`)).json()).data as Record<string, number | string>[];
    const totalValue = rows.reduce((s, r) => s + Number(r["Trade Value"]), 0);
    const copper = rows.filter((r) => String(r["HS4 ID"]) === "2603" || String(r["HS4 ID"]).startsWith("74")).reduce((s, r) => s + Number(r["Trade Value"]), 0);
    const ore = (await (await request.get(`/api/data?cube=${cube}&drilldowns=${bilateral ? "Exporter+Country" : "Country"}&cut=HS4=2603${flow}&time=${year}&sort=Trade+Value.desc`)).json()).data as Record<string, string>[];
    const rank = ore.findIndex((r) => r[bilateral ? "Exporter Country ID" : "Country ID"] === "chl") + 1;

    await page.goto("/en/blog/chile-and-copper");
    const story = page.getByTestId("data-story");
    await expect(story).toContainText(`In ${year}, Chile exported`);
    await expect(story).toContainText(`${pct(copper / totalValue)} of everything Chile sold abroad`);
    if (rank === 1) await expect(story).toContainText("the largest exporter in the world");
    await expect(story.locator('[data-testid="chart"]')).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
    await expect(page.getByTestId("story-source")).toContainText(String(year));
  });

  test("six decades and China–US: live charts, every language, and the posts in each RSS feed", async ({ page, request }) => {
    for (const slug of ["six-decades-of-world-trade", "china-and-the-united-states"]) {
      for (const locale of ["en", "es", "zh"]) {
        const response = await page.goto(`/${locale}/blog/${slug}`);
        expect(response?.status(), `${locale} ${slug}`).toBe(200);
        await expect(page.getByTestId("data-story")).toBeVisible();
        await expect(page.getByTestId("story-unavailable")).toHaveCount(0);
      }
      await expect(page.locator('[data-testid="data-story"] [data-testid="chart"]')).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
    }
    for (const locale of ["en", "es", "zh"]) {
      const rss = await (await request.get(`/api/blog/rss.xml?locale=${locale}`)).text();
      for (const slug of ["chile-and-copper", "six-decades-of-world-trade", "china-and-the-united-states", "welcome"]) expect(rss, `${locale} ${slug}`).toContain(`/${locale}/blog/${slug}</link>`);
    }
  });
});
