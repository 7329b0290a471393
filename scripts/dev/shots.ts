// Dev: screenshots of pages in every combination asked, optionally signed in as a PRO user.
// Usage: tsx scripts/dev/shots.ts BASE OUTDIR "path1,path2" [--pro] [--widths 1280,390] [--schemes light,dark] [--locales en,es,zh] [--full]
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

async function main() {
  const [base, outDir, paths] = process.argv.slice(2);
  const pro = process.argv.includes("--pro");
  const full = process.argv.includes("--full");
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  for (const scheme of arg("schemes", "light").split(",")) {
    for (const width of arg("widths", "1280").split(",").map(Number)) {
      const ctx = await browser.newContext({ viewport: { width, height: 900 }, baseURL: base });
      await ctx.addCookies([
        { name: "ots-color-scheme", value: scheme, url: base },
        { name: "ots-consent", value: "f1t0", url: base },
      ]);
      if (pro) {
        const email = `shots-${Date.now().toString(36)}@example.org`;
        const csrf = async () => ((await (await ctx.request.get("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
        await ctx.request.post("/api/account/signup", { data: { csrfToken: await csrf(), name: "Shots", email, password: "correct horse 2024", isAcademic: false } });
        execFileSync("npx", ["tsx", "scripts/user.ts", "set-role", email, "1"], { stdio: "ignore" });
        await ctx.request.post("/api/auth/callback/credentials", { form: { csrfToken: await csrf(), email, password: "correct horse 2024", json: "true" } });
      }
      const page = await ctx.newPage();
      for (const locale of arg("locales", "en").split(",")) {
        for (const path of paths.split(",")) {
          const url = `/${locale}${path}`;
          const response = await page.goto(url, { waitUntil: "networkidle" }).catch(() => null);
          await page.waitForTimeout(1200);
          const name = `${path.replace(/[^a-z0-9]+/gi, "_")}-${locale}-${scheme}-${width}.png`;
          await page.screenshot({ path: `${outDir}/${name}`, fullPage: full });
          console.log(response?.status(), name);
        }
      }
      await ctx.close();
    }
  }
  await browser.close();
}
main();
