import AxeBuilder from "@axe-core/playwright";
import type { Request } from "@playwright/test";
import { expect, test, type BrowserContext, type Page } from "./support/test";

// /trending and the view counter behind it (POST /api/views). The suite's default cookie choice
// refuses tracking ("f0t0"), so no other spec counts views; the tests here run in order: the
// fallback list first, on a database without enough counted views.
test.describe.configure({ mode: "serial" });

const CHILE = "/en/profile/country/chl";
/** Profiles the e2e warehouse has (other specs open them too). */
const OTHERS = [
  "/profile/hs/2603",
  "/profile/bilateral-country/deu/partner/fra",
  "/profile/bilateral-product/2603/reporter/chl",
  "/profile/subnational_esp/28",
  "/profile/international_organization/mercosur",
];

async function setConsent(context: BrowserContext, baseURL: string | undefined, value: string) {
  await context.addCookies([{ name: "ots-consent", value, url: baseURL! }]);
}

const isViewPost = (request: Request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/views";

/** Every POST /api/views the page sends until stop(). */
function watchViewPosts(page: Page): { sent: Request[]; stop: () => void } {
  const sent: Request[] = [];
  const listener = (request: Request) => {
    if (isViewPost(request)) sent.push(request);
  };
  page.on("request", listener);
  return { sent, stop: () => page.off("request", listener) };
}

test("an empty database: 'Not enough visits yet' and the fallback list, clearly labelled, in both windows", async ({ page }) => {
  const response = await page.goto("/en/trending");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Trending profiles" })).toBeVisible();
  const week = page.getByTestId("trending-window-7");
  await expect(week.getByTestId("trending-not-enough")).toContainText("Not enough visits yet");
  const fallback = week.getByTestId("trending-fallback");
  await expect(fallback.getByRole("heading", { name: "Meanwhile: the largest exporters, products and trade flows" })).toBeVisible();
  await expect(fallback).toContainText("Ranked by trade value in the data, not by visits.");
  await expect(fallback.getByRole("heading", { name: "Countries", exact: true })).toBeVisible();
  await expect(fallback.getByRole("heading", { name: "Products", exact: true })).toBeVisible();
  const items = fallback.getByTestId("trending-item");
  expect(await items.count()).toBeGreaterThanOrEqual(5);
  // No counts in the fallback: these are not views.
  await expect(fallback.getByTestId("trending-views")).toHaveCount(0);
  const first = await items.first().getByRole("link").getAttribute("href");
  expect(first).toMatch(/^\/en\/profile\/country\/[a-z0-9]+$/);

  await page.getByRole("tab", { name: "Last 30 days" }).click();
  const month = page.getByTestId("trending-window-30");
  await expect(month.getByTestId("trending-not-enough")).toBeVisible();
  await expect(month.getByTestId("trending-fallback").getByTestId("trending-item").first()).toBeVisible();
});

test("without tracking consent no view is sent, and the server would not count one", async ({ page, context, baseURL }) => {
  for (const choice of ["f0t0", "f1t0"]) {
    await setConsent(context, baseURL, choice);
    const { sent, stop } = watchViewPosts(page);
    // The signal that the page's client effects have run: its charts ask /api/view for their rows
    // from an effect of the same hydration that would have sent the view (RecordVisit comes first).
    const chartRows = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/view");
    await page.goto(CHILE);
    await expect(page.getByTestId("profile-title")).toHaveText("Chile");
    await chartRows;
    await page.waitForLoadState("networkidle");
    stop();
    expect(sent, `consent ${choice}`).toHaveLength(0);
  }
  const refused = await page.request.post("/api/views", { data: { path: "/profile/country/chl" } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.code).toBe("consent_required");
});

test("with tracking consent a profile visit is counted and the trending page lists it, with its count", async ({ page, context, baseURL }) => {
  await setConsent(context, baseURL, "f0t1");
  const posted = page.waitForRequest(isViewPost);
  const answered = page.waitForResponse((response) => isViewPost(response.request()));
  await page.goto(CHILE);
  await expect(page.getByTestId("profile-title")).toHaveText("Chile");
  expect((await posted).postDataJSON()).toEqual({ path: "/profile/country/chl" });
  expect((await answered).status()).toBe(204);

  // Enough other profiles for a ranking (the page wants five), counted the way the browser does.
  for (const path of OTHERS) {
    const response = await page.request.post("/api/views", { data: { path } });
    expect(response.status(), path).toBe(204);
  }
  for (let i = 0; i < 3; i++) expect((await page.request.post("/api/views", { data: { path: "/profile/country/chl" } })).status()).toBe(204);

  await page.goto("/en/trending");
  const week = page.getByTestId("trending-window-7");
  await expect(week.getByTestId("trending-list")).toBeVisible();
  await expect(week.getByTestId("trending-not-enough")).toHaveCount(0);
  await expect(week.getByRole("heading", { name: "Most viewed in the last 7 days" })).toBeVisible();
  const chile = week.locator('[data-testid="trending-item"][data-path="/profile/country/chl"]');
  await expect(chile.getByRole("link", { name: "Chile" })).toHaveAttribute("href", "/en/profile/country/chl");
  await expect(chile.getByTestId("trending-views")).toHaveText(/^\d+ views$/);
  const views = Number((await chile.getByTestId("trending-views").innerText()).split(" ")[0]);
  expect(views).toBeGreaterThanOrEqual(4);
  // Grouped by type, each profile linked.
  await expect(week.locator('[data-type="bilateral-country"]').getByRole("link", { name: "Germany – France" })).toHaveAttribute("href", "/en/profile/bilateral-country/deu/partner/fra");
  await expect(week.locator('[data-type="hs"] [data-testid="trending-item"][data-path="/profile/hs/2603"]')).toBeVisible();

  await page.getByRole("tab", { name: "Last 30 days" }).click();
  const month = page.getByTestId("trending-window-30");
  await expect(month.locator('[data-testid="trending-item"][data-path="/profile/country/chl"]')).toBeVisible();
});

test("the page in Spanish and Chinese", async ({ page }) => {
  await page.goto("/es/trending");
  await expect(page.getByRole("heading", { level: 1, name: "Perfiles en tendencia" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Últimos 7 días" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Últimos 30 días" })).toBeVisible();
  await expect(page.getByTestId("trending-window-7").getByRole("heading", { name: "Lo más visto en los últimos 7 días" })).toBeVisible();
  await expect(page.getByTestId("trending-window-7").getByRole("heading", { name: "Países" })).toBeVisible();

  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await page.goto("/zh/trending");
  await expect(page.getByRole("heading", { level: 1, name: "热门概况" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "过去 7 天" })).toBeVisible();
  await expect(page.getByTestId("trending-window-7").getByRole("link", { name: "智利", exact: true })).toHaveAttribute("href", "/zh/profile/country/chl");
});

test("POST /api/views: bad bodies are 400, other sites 403, unknown profiles 404", async ({ request }) => {
  for (const data of [{}, { path: 42 }, { path: "/en/profile/country/chl" }, { path: "/profile/planet/mars" }, { path: `/profile/country/${"a".repeat(200)}` }, { path: "/profile/country/chl", title: "Chile" }]) {
    const response = await request.post("/api/views", { data });
    expect(response.status(), JSON.stringify(data)).toBe(400);
    expect((await response.json()).error.code).toMatch(/^invalid/);
  }
  const notJson = await request.post("/api/views", { data: "not json", headers: { "Content-Type": "application/json" } });
  expect(notJson.status()).toBe(400);

  const crossSite: Record<string, string>[] = [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }];
  for (const headers of crossSite) {
    const response = await request.post("/api/views", { data: { path: "/profile/country/chl" }, headers });
    expect(response.status(), JSON.stringify(headers)).toBe(403);
    expect((await response.json()).error.code).toBe("cross_site");
  }

  const unknown = await request.post("/api/views", { data: { path: "/profile/country/zzz" }, headers: { Cookie: "ots-consent=f0t1" } });
  expect(unknown.status()).toBe(404);
});
