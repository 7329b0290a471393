import { openPage } from "./page";
// Dev: screenshot one element. Usage: tsx scripts/dev/elshot.ts URL SELECTOR OUT [width] [scheme]
async function main() {
  const [url, selector, out, width = "390", scheme = "light"] = process.argv.slice(2);
  const { browser, page } = await openPage(url, Number(width), scheme);
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  await page.waitForTimeout(1500);
  await el.screenshot({ path: out });
  console.log(await el.evaluate((e) => `${e.clientWidth}x${e.clientHeight}`), await page.locator(`${selector} canvas`).first().evaluate((c: HTMLCanvasElement) => `${c.style.width}x${c.style.height}`).catch(() => "no canvas"));
  await browser.close();
}
main();
