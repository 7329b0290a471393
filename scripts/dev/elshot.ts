import { chromium } from "@playwright/test";
// Dev: screenshot one element. Usage: tsx scripts/dev/elshot.ts URL SELECTOR OUT [width] [scheme]
async function main() {
  const [url, selector, out, width = "390", scheme = "light"] = process.argv.slice(2);
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  const ctx = await browser.newContext({ viewport: { width: Number(width), height: 900 } });
  await ctx.addCookies([
    { name: "ots-color-scheme", value: scheme, url },
    { name: "ots-consent", value: "f0t0", url },
  ]);
  const page = await ctx.newPage();
  await page.goto(url, { waitUntil: "networkidle" });
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  await page.waitForTimeout(1500);
  await el.screenshot({ path: out });
  console.log(await el.evaluate((e) => `${e.clientWidth}x${e.clientHeight}`), await page.locator(`${selector} canvas`).first().evaluate((c: HTMLCanvasElement) => `${c.style.width}x${c.style.height}`).catch(() => "no canvas"));
  await browser.close();
}
main();
