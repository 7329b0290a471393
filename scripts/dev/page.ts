import { chromium, type Browser, type Page } from "@playwright/test";

/** Dev: a page of the running site in Debian's Chromium, with a colour scheme and consent already decided. */
export async function openPage(url: string, width: number, scheme: string): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  await ctx.addCookies([
    { name: "ots-color-scheme", value: scheme, url },
    { name: "ots-consent", value: "f0t0", url },
  ]);
  const page = await ctx.newPage();
  await page.goto(url, { waitUntil: "networkidle" });
  return { browser, page };
}
