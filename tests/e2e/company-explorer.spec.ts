import { sharedUser, signedInUser, userCli } from "./support/accounts";
import { expect, test } from "./support/test";

// The company explorer is PREMIUM (domain/billing/planFeatures.ts): the server reads the session's
// role. The shipped data package has no company file, so whoever opens it is told, in one sentence,
// that the site holds no companies, with the operator documentation one discreet link away.
const PAGE = "/en/company-explorer";
const NONE_SENTENCE = "This site holds no company-level trade data";

test.describe("company explorer", () => {
  test("an anonymous visitor gets the PREMIUM gate and a preview saying no companies are loaded", async ({ page }) => {
    const response = await page.goto(PAGE);
    expect(response?.status()).toBe(200);
    const gate = page.getByTestId("pro-gate");
    await expect(gate).toBeVisible();
    await expect(gate).toHaveAttribute("data-plan", "premium");
    await expect(gate.locator('[data-badge="PREMIUM"]')).toBeVisible();
    await expect(page.getByTestId("pro-gate-title")).toHaveText("Company explorer");
    await expect(page.getByTestId("pro-gate-holds").locator("li")).toHaveCount(3);
    await expect(page.getByTestId("pro-gate-sign-in")).toHaveAttribute("href", `/en/login?callbackUrl=${encodeURIComponent(PAGE)}`);
    await expect(page.getByTestId("company-preview").getByTestId("companies-not-loaded")).toContainText(NONE_SENTENCE);
    // No tool, and no "in development" placeholder any more.
    for (const id of ["company-explorer", "company-table", "company-filters", "company-csv"]) await expect(page.getByTestId(id)).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText("In development");
    // No operator instructions in visitor copy.
    await expect(page.locator("main")).not.toContainText("npm run");
    await expect(page.locator("main")).not.toContainText("company.csv");
  });

  test("the gate reads in Spanish and Chinese too", async ({ page }) => {
    await page.goto("/es/company-explorer");
    await expect(page.getByTestId("pro-gate-title")).toHaveText("Explorador de empresas");
    await expect(page.getByTestId("pro-gate-subscribe")).toHaveText("Ver el plan PREMIUM");
    await page.goto("/zh/company-explorer");
    await expect(page.getByTestId("pro-gate-title")).toHaveText("企业探索器");
  });

  test("free and PRO accounts get the gate, told which plan they are on", async ({ browser }) => {
    for (const plan of ["free", "pro"] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await sharedUser(page.request, plan);
      await page.goto(PAGE);
      await expect(page.getByTestId("pro-gate"), plan).toBeVisible();
      await expect(page.getByTestId("pro-gate-sign-in")).toHaveCount(0);
      await expect(page.getByTestId("pro-gate-lead")).toContainText(`your account is on the ${plan === "free" ? "Free" : "PRO"} plan`);
      await expect(page.getByTestId("company-explorer")).toHaveCount(0);
      // The CSV is gated like the page.
      expect((await page.request.get("/api/companies.csv")).status(), plan).toBe(403);
      await context.close();
    }
  });

  test("PREMIUM and the bulk-access manager open the tool: with no company file, one sentence and the docs link", async ({ browser }) => {
    for (const role of ["2", "10"]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const email = await signedInUser(page.request, `companies-role-${role}`);
      userCli("set-role", email, role);
      const response = await page.goto(PAGE);
      expect(response?.status(), `role ${role}`).toBe(200);
      await expect(page.getByTestId("pro-gate")).toHaveCount(0);
      await expect(page.locator("main h1")).toHaveText("Company explorer");
      await expect(page.getByTestId("companies-not-loaded")).toContainText(NONE_SENTENCE);
      await expect(page.getByTestId("companies-meanwhile").locator("a").first()).toBeVisible();
      await expect(page.getByTestId("operator-doc").locator("a")).toHaveAttribute("data-doc", "entities");
      await expect(page.getByTestId("company-table")).toHaveCount(0);
      // Hostile parameters are ignored by the page and refused by the CSV route, never a 500.
      for (const query of ["country=chl'%20OR%201=1--&product=1;DROP&sort=x&dir=y&page=99999999999", `country=${"a".repeat(5000)}`, "page=-1&product=%E0%A4%A"]) {
        expect((await page.request.get(`${PAGE}?${query}`)).status(), query).toBeLessThan(500);
      }
      expect((await page.request.get("/api/companies.csv?country=chl'--")).status()).toBe(400);
      expect((await page.request.get("/api/companies.csv?sort=exports_usd;DROP")).status()).toBe(400);
      expect((await page.request.get("/api/companies.csv?locale=fr")).status()).toBe(400);
      expect((await page.request.get("/api/companies.csv?country=chl")).status()).toBe(404);
      await context.close();
    }
  });

  test("the CSV asks an anonymous caller to sign in", async ({ request }) => {
    const response = await request.get("/api/companies.csv");
    expect(response.status()).toBe(401);
    expect((await response.json()).error.code).toBe("sign_in_required");
  });
});
