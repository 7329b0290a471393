import { chromium } from "@playwright/test";
// Dev: screenshot a region of a page. Usage: tsx scripts/dev/crop.ts URL OUT [scrollY] [width] [scheme]
async function main() {
  const [url, out, scroll = "0", width = "1280", scheme = "light"] = process.argv.slice(2);
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  const ctx = await browser.newContext({ viewport: { width: Number(width), height: 900 } });
  await ctx.addCookies([
    { name: "ots-color-scheme", value: scheme, url },
    { name: "ots-consent", value: "f0t0", url },
  ]);
  const page = await ctx.newPage();
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForTimeout(1500);
  await page.evaluate((y) => window.scrollTo(0, y), Number(scroll));
  await page.waitForTimeout(800);
  await page.screenshot({ path: out });
  await browser.close();
}
main();
