import AxeBuilder from "@axe-core/playwright";
import { formatUsd } from "../../src/domain/format";
import { PASSWORD, signedInUser, signInWithPassword, uniqueEmail, userCli } from "./support/accounts";
import { expect, test, type Page } from "./support/test";

// Subnational profiles are PRO (domain/billing/proAccess.ts): the server reads the session's role
// and shows everyone else a preview: the name, what the profile holds, one figure and the ways in.
const PROFILE = "/en/profile/subnational_esp/28";

async function expectPreview(page: Page, options: { signedIn: boolean }) {
  const gate = page.getByTestId("pro-gate");
  await expect(gate).toBeVisible();
  await expect(page.getByTestId("pro-gate-title")).toHaveText("Madrid");
  await expect(page.getByTestId("pro-gate-holds").locator("li")).toHaveCount(3);
  await expect(page.getByTestId("pro-gate-headline")).toHaveCount(1);
  await expect(page.getByTestId("pro-gate-subscribe")).toHaveAttribute("href", "/en/subscription");
  if (options.signedIn) {
    await expect(page.getByTestId("pro-gate-sign-in")).toHaveCount(0);
    await expect(page.getByTestId("pro-gate-lead")).toContainText("your account is on the Free plan");
  } else {
    await expect(page.getByTestId("pro-gate-sign-in")).toHaveAttribute("href", `/en/login?callbackUrl=${encodeURIComponent(PROFILE)}`);
  }
  // Nothing of the profile itself: no chart, no bar lists, no data table.
  for (const id of ["province-treemap", "province-sections", "province-ranking", "chart", "csv-download"]) await expect(page.getByTestId(id)).toHaveCount(0);
  await expect(page.locator("main table")).toHaveCount(0);
}

test.describe("PRO gate on subnational profiles", () => {
  test("an anonymous visitor gets the preview, with HTTP 200, one figure and the ways to open it", async ({ page, request }) => {
    const response = await page.goto(PROFILE);
    expect(response?.status()).toBe(200);
    await expectPreview(page, { signedIn: false });
    // The one figure is the province's exports, as the data API gives them.
    const body = await (await request.get("/api/data?cube=trade_s_esp_a_hs&drilldowns=Province&cut=Province=28")).json();
    const madrid = body.data.reduce((sum: number, row: Record<string, number>) => sum + Number(row["Trade Value"] ?? 0), 0);
    await expect(page.getByTestId("pro-gate-headline")).toContainText(formatUsd(madrid, "en", { compact: true }));
    // The HTML as sent holds no chart or table of the profile either.
    const html = await (await request.get(PROFILE)).text();
    expect(html).not.toContain("province-treemap");
    expect(html).not.toContain("province-ranking");
    // In the other languages too.
    await page.goto("/es/profile/subnational_esp/28");
    await expect(page.getByTestId("pro-gate-subscribe")).toHaveText("Ver el plan PRO");
    await page.goto("/zh/profile/subnational_esp/28");
    await expect(page.getByTestId("pro-gate-subscribe")).toHaveText("查看 PRO 方案");
  });

  test("the preview has no serious or critical accessibility violations", async ({ page }) => {
    await page.goto(PROFILE);
    await expect(page.getByTestId("pro-gate")).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${v.id}: ${v.nodes.slice(0, 5).map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  test("a free user gets the preview, without the sign-in button", async ({ page }) => {
    await signedInUser(page.request, "gate-free");
    const response = await page.goto(PROFILE);
    expect(response?.status()).toBe(200);
    await expectPreview(page, { signedIn: true });
  });

  test("a PRO user gets the full profile; an anonymous visitor afterwards still gets the preview", async ({ page, browser }) => {
    const email = await signedInUser(page.request, "gate-pro");
    userCli("set-role", email, "1");
    const response = await page.goto(PROFILE);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("profile-title")).toHaveText("Madrid");
    await expect(page.getByTestId("stat-exports")).toBeVisible();
    await expect(page.getByTestId("province-sections")).toBeVisible();
    await expect(page.getByTestId("province-treemap").locator('[data-testid="chart"]')).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
    await expect(page.getByTestId("pro-gate")).toHaveCount(0);

    // What the PRO user was shown is never served to someone else (no shared cache of this page).
    const anonymous = await browser.newContext();
    const other = await anonymous.newPage();
    await other.goto(PROFILE);
    await expect(other.getByTestId("pro-gate")).toBeVisible();
    await expect(other.getByTestId("province-treemap")).toHaveCount(0);
    await anonymous.close();

    // Back to free: the preview again, without signing in again.
    userCli("set-role", email, "0");
    await page.goto(PROFILE);
    await expect(page.getByTestId("pro-gate")).toBeVisible();
  });

  test("PREMIUM and the bulk-access manager open it too", async ({ browser }) => {
    for (const role of ["2", "10"]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const email = await signedInUser(page.request, `gate-role-${role}`);
      userCli("set-role", email, role);
      await page.goto(PROFILE);
      await expect(page.getByTestId("province-sections"), `role ${role}`).toBeVisible();
      await expect(page.getByTestId("pro-gate")).toHaveCount(0);
      await context.close();
    }
  });

  test("signing in from the preview comes back to the full profile", async ({ page }) => {
    const email = uniqueEmail("gate-signin");
    expect(userCli("create", "--email", email, "--name", "Pro Reader", "--role", "1", "--password", PASSWORD)).toContain("role 1");
    await page.goto(PROFILE);
    await page.getByTestId("pro-gate-sign-in").click();
    await page.waitForURL(/\/en\/login\?callbackUrl=/);
    await signInWithPassword(page, email);
    await page.waitForURL(`**${PROFILE}`);
    await expect(page.getByTestId("province-sections")).toBeVisible();
    await expect(page.getByTestId("pro-gate")).toHaveCount(0);
  });

  test("the pricing page lists subnational profiles under PRO", async ({ page }) => {
    await page.goto("/en/subscription");
    // One list of what PRO opens (domain/billing/planFeatures): every region with data, not Spain alone.
    await expect(page.locator('[data-plan="pro"]')).toContainText("Regional profiles: the provinces and autonomous communities of Spain, the states of Australia");
    await expect(page.locator('[data-plan="free"]')).not.toContainText("Regional profiles");
  });
});
