/**
 * Screenshots of pages in every locale, scheme and width, for looking at what we build.
 * Usage: tsx scripts/screenshots.ts [--base http://localhost:3000] [--out .cache/shots] [--only en] path...
 */
import { chromium } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const args = process.argv.slice(2);
function flag(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const [value] = args.splice(i, 2).slice(1);
  return value ?? fallback;
}
const base = flag("base", "http://localhost:3000");
const out = flag("out", ".cache/shots");
const only = flag("only", "");
const schemes = flag("schemes", "light,dark").split(",");
const widths = flag("widths", "1280,390").split(",").map(Number);
const paths = args.length ? args : ["/"];
const locales = only ? only.split(",") : ["en", "es", "zh"];

async function main() {
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
for (const scheme of schemes) {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
    await context.addCookies([{ name: "ots-color-scheme", value: scheme, url: base }]);
    const page = await context.newPage();
    for (const locale of locales) {
      for (const path of paths) {
        const url = `${base}/${locale}${path === "/" ? "" : path}`;
        await page.goto(url, { waitUntil: "networkidle" });
        const file = join(out, `${(path.replace(/[^a-z0-9]+/gi, "_") || "home").replace(/^_|_$/g, "") || "home"}-${locale}-${scheme}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      }
    }
    await context.close();
  }
}
await browser.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
