import { openPage } from "./page";
// Dev: screenshot a region of a page. Usage: tsx scripts/dev/crop.ts URL OUT [scrollY] [width] [scheme]
async function main() {
  const [url, out, scroll = "0", width = "1280", scheme = "light"] = process.argv.slice(2);
  const { browser, page } = await openPage(url, Number(width), scheme);
  await page.waitForTimeout(1500);
  await page.evaluate((y) => window.scrollTo(0, y), Number(scroll));
  await page.waitForTimeout(800);
  await page.screenshot({ path: out });
  await browser.close();
}
main();
