import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "./support/test";
import { csrfToken, expectSignedIn, PASSWORD, signInByApi, signInWithPassword, uniqueEmail, userCli } from "./support/accounts";
import { NEXTAUTH_BROADCAST_KEY } from "../../src/domain/consent/storageKeys";

// This spec runs in its own Playwright project without the pre-made cookie choice the other
// specs get: every test starts as a first visit.
test.use({ viewport: { width: 1280, height: 900 } });

type Event = Record<string, unknown>;
type Consent = { checked: boolean; functional: boolean; tracking: boolean };

const CHILE = "/en/profile/country/chl";
const GERMANY = "/en/profile/country/deu";
const WORLD = "/en/profile/world/wld";

async function events(page: Page): Promise<Event[]> {
  return page.evaluate(() => ((window as unknown as { dataLayer?: Event[] }).dataLayer ?? []).map((event) => ({ ...event })));
}

async function eventNames(page: Page): Promise<unknown[]> {
  return (await events(page)).map((event) => event.event);
}

async function consentCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === "ots-consent")?.value;
}

/** Local storage keys, but next-auth's cross-tab signal (necessary: authentication, in the catalogue). */
async function storageKeys(page: Page): Promise<string[]> {
  const keys = await page.evaluate(() => Object.keys(window.localStorage).sort());
  return keys.filter((key) => key !== NEXTAUTH_BROADCAST_KEY);
}

async function storedHistory(page: Page, key: string): Promise<Array<{ link: string; title: string; time: number }>> {
  return page.evaluate((k) => JSON.parse(window.localStorage.getItem(k) ?? "[]"), key);
}

/** A marker that lives until the page reloads. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __marked?: boolean }).__marked = true));
}

async function isMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => Boolean((window as unknown as { __marked?: boolean }).__marked));
}

/** A user made with the admin CLI (sign-ups through the API are rate-limited per address). */
function createUser(prefix: string): string {
  const email = uniqueEmail(prefix);
  userCli("create", "--email", email, "--name", "Consent Tester", "--password", PASSWORD);
  return email;
}

async function sessionUser(request: APIRequestContext): Promise<{ id: string; role: number; bespoke_user_metadata: { consent?: Consent } } | undefined> {
  const response = await request.get("/api/auth/session");
  return ((await response.json()) as { user?: { id: string; role: number; bespoke_user_metadata: { consent?: Consent } } }).user;
}

async function postConsent(request: APIRequestContext, consent: Consent) {
  return request.post("/api/consent", { data: { csrfToken: await csrfToken(request), consent } });
}

async function openPreferencesFromFooter(page: Page) {
  await page.getByTestId("footer").getByTestId("cookie-preferences").click();
  await expect(page.getByRole("dialog", { name: "Cookie preferences" })).toBeVisible();
}

/** Flips a category's switch by its visible track, and checks that it flipped. */
async function toggleCategory(page: Page, category: "functional" | "tracking") {
  const modal = page.getByRole("dialog", { name: /Cookie/ });
  const input = modal.getByTestId(`consent-switch-${category}`);
  const before = await input.isChecked();
  await modal.locator(`[data-category="${category}"] .mantine-Switch-track`).click();
  await expect(input).toBeChecked({ checked: !before });
}

async function signInThroughForm(page: Page, email: string) {
  await page.goto("/en/login");
  await signInWithPassword(page, email);
  await page.waitForURL((url) => url.pathname === "/en");
  await expectSignedIn(page);
}

test.describe("first visit", () => {
  test("the consent bar shows with Accept all, Reject all and Customise; it is labelled, keyboard reachable and passes axe", async ({ page, context }) => {
    const response = await page.goto("/en");
    // Rendered by the server: it is there before any script runs.
    expect(await response!.text()).toContain('data-testid="consent-banner"');
    const banner = page.getByRole("region", { name: "Cookies and your choices" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("button", { name: "Accept all" })).toBeVisible();
    await expect(banner.getByRole("button", { name: "Reject all" })).toBeVisible();
    await expect(banner.getByRole("button", { name: "Customise" })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/en/resources/privacy");
    expect(await consentCookie(context)).toBeUndefined();

    // Non-blocking: the header stays usable while the bar shows.
    await page.getByTestId("search-button").click();
    await expect(page.getByTestId("search-input")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("search-input")).toHaveCount(0);

    // Keyboard: right after the skip link come the bar's link and buttons.
    await page.goto("/en");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(banner.getByRole("link", { name: "Privacy policy" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(banner.getByRole("button", { name: "Customise" })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(banner.getByRole("button", { name: "Accept all" })).toBeFocused();

    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    // The bar never hides the end of the page: the footer can be scrolled clear of it.
    await page.getByTestId("footer").getByTestId("cookie-preferences").scrollIntoViewIfNeeded();
    const footerBottom = await page.getByTestId("footer").evaluate((el) => el.getBoundingClientRect().bottom);
    const bannerTop = await banner.evaluate((el) => el.getBoundingClientRect().top);
    await page.mouse.wheel(0, 5000);
    await expect
      .poll(async () => (await page.getByTestId("footer").evaluate((el) => el.getBoundingClientRect().bottom)) <= (await banner.evaluate((el) => el.getBoundingClientRect().top)))
      .toBe(true);
    expect(footerBottom).toBeGreaterThan(0);
    expect(bannerTop).toBeGreaterThan(0);
  });

  test("the customise modal lists the cookie catalogue by category with the spec's durations", async ({ page }) => {
    await page.goto("/en");
    await page.getByTestId("consent-customise").click();
    const modal = page.getByRole("dialog", { name: "Cookie preferences" });
    await expect(modal).toBeVisible();
    // The bar steps aside while the modal is open.
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);

    const necessary = modal.locator('[data-category="necessary"]');
    await expect(necessary.getByTestId("consent-always-active")).toHaveText("Always active");
    await expect(necessary.getByRole("switch")).toHaveCount(0);
    await expect(modal.getByRole("switch", { name: "Allow functional cookies" })).not.toBeChecked();
    await expect(modal.getByRole("switch", { name: "Allow tracking cookies" })).not.toBeChecked();

    for (const category of ["necessary", "functional", "tracking"]) await modal.getByTestId(`consent-show-${category}`).click();
    const row = (cookie: string) => modal.locator(`tr[data-cookie="${cookie}"]`);
    const expectations: Array<[string, string, string, RegExp]> = [
      ["necessary", "ots-consent", "1 year", /cookie choices/],
      ["necessary", "next-auth.session-token", "30 days", /signed in/],
      ["necessary", "next-auth.csrf-token", "Session", /forged/],
      ["necessary", "ots-color-scheme", "1 year", /colour scheme/],
      ["necessary", "__stripe_mid", "1 year", /Stripe/],
      ["functional", "ots-chat:<id>", "No expiry", /chatbot/],
      ["functional", "ots-history:guest", "No expiry", /Recently viewed/],
      ["functional", "ots-history:user:<id>", "No expiry", /other devices/],
      ["functional", "ots-games:<game>:…", "No expiry", /streaks and statistics/],
      ["tracking", "_ga", "1 year 1 month 4 days", /Google Analytics/],
      ["tracking", "_ga_<container-id>", "1 year 1 month 4 days", /Google Analytics/],
    ];
    for (const [category, cookie, duration, description] of expectations) {
      await expect(modal.locator(`[data-category="${category}"] tr[data-cookie="${cookie}"]`)).toBeVisible();
      await expect(row(cookie).getByTestId("cookie-duration")).toHaveText(duration);
      await expect(row(cookie)).toContainText(description);
    }
    const purposes = await modal.locator("tr[data-purpose]").evaluateAll((rows) => [...new Set(rows.map((r) => r.getAttribute("data-purpose")))].sort());
    expect(purposes).toEqual(["analytics", "authentication", "chatbot", "colorScheme", "consent", "games", "payment", "profileHistory"]);

    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    // Closing without a choice leaves the visitor undecided: the bar comes back.
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
    await expect(page.getByTestId("consent-banner")).toBeVisible();
  });

  for (const [locale, title, duration, alwaysActive] of [
    ["es", "Preferencias de cookies", "1 año 1 mes 4 días", "Siempre activas"],
    ["zh", "Cookie 偏好设置", "1年1个月4天", "始终启用"],
  ] as const) {
    test(`the bar and the modal speak ${locale}, and pass axe in the dark scheme`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: "ots-color-scheme", value: "dark", url: baseURL! }]);
      await page.goto(`/${locale}`);
      await expect(page.getByTestId("consent-banner")).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      await page.getByTestId("consent-customise").click();
      const modal = page.getByRole("dialog", { name: title });
      await expect(modal).toBeVisible();
      await expect(modal.getByTestId("consent-always-active")).toHaveText(alwaysActive);
      await modal.getByTestId("consent-show-tracking").click();
      await expect(modal.locator('tr[data-cookie="_ga"]').getByTestId("cookie-duration")).toHaveText(duration);
    });
  }
});

test("the privacy page lists the whole catalogue and opens the preferences", async ({ page }) => {
  await page.goto("/en/resources/privacy");
  const catalogue = page.getByTestId("cookie-catalogue");
  // Nine necessary entries: ots-welcome (the one-time welcome after sign-up) joined the eight.
  await expect(catalogue.locator('[data-category="necessary"] tr[data-cookie]')).toHaveCount(9);
  await expect(catalogue.locator('tr[data-cookie="nextauth.message"]')).toHaveCount(1);
  await expect(catalogue.locator('tr[data-cookie="ots-welcome"]')).toHaveCount(1);
  await expect(catalogue.locator('[data-category="functional"] tr[data-cookie]')).toHaveCount(5);
  await expect(catalogue.locator('[data-category="tracking"] tr[data-cookie]')).toHaveCount(3);
  await expect(catalogue.locator('tr[data-cookie="_ga"]').getByTestId("cookie-duration")).toHaveText("1 year 1 month 4 days");
  await catalogue.getByTestId("cookie-preferences").click();
  await expect(page.getByRole("dialog", { name: "Cookie preferences" })).toBeVisible();
});

test.describe("choices and their effects", () => {
  test("accept all: checked, both allowed; page views reach the data layer and no external script loads", async ({ page, context }) => {
    const external: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (!["localhost", "127.0.0.1"].includes(url.hostname)) external.push(request.url());
    });
    await page.goto("/en");
    expect(await eventNames(page)).toEqual([]);
    await markPage(page);
    await page.getByTestId("consent-accept-all").click();
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
    expect(await consentCookie(context)).toBe("f1t1");
    expect(await isMarked(page)).toBe(true);
    await expect.poll(() => events(page)).toEqual([{ event: "page_view", page_path: "/en", page_location: expect.stringMatching(/\/en$/), page_locale: "en" }]);

    // A page change inside the app is one more page view.
    await page.getByTestId("footer").getByRole("link", { name: "About", exact: true }).click();
    await page.waitForURL("**/en/resources/about");
    await expect.poll(() => events(page)).toContainEqual(expect.objectContaining({ event: "page_view", page_path: "/en/resources/about" }));

    // No tag is configured: nothing external is ever loaded.
    expect(await page.locator("script[src*='googletagmanager']").count()).toBe(0);
    expect(external).toEqual([]);

    // The choice is remembered: the next page comes without the bar, straight from the server.
    const response = await page.goto("/en/support");
    expect(await response!.text()).not.toContain('data-testid="consent-banner"');
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
  });

  test("reject all: checked, nothing allowed; no events, no history, and no reload", async ({ page, context }) => {
    await page.goto("/en");
    await markPage(page);
    await page.getByTestId("consent-reject-all").click();
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
    expect(await consentCookie(context)).toBe("f0t0");
    expect(await isMarked(page)).toBe(true);
    expect(await eventNames(page)).toEqual([]);

    await page.goto(CHILE);
    await expect(page.getByTestId("profile-title")).toHaveText("Chile");
    expect(await eventNames(page)).toEqual([]);
    expect(await storageKeys(page)).toEqual([]);
  });

  test("save keeps the toggled values: functional only records history and sends no events", async ({ page, context }) => {
    await page.goto("/en");
    await page.getByTestId("consent-customise").click();
    const modal = page.getByRole("dialog", { name: "Cookie preferences" });
    await toggleCategory(page, "functional");
    await modal.getByRole("button", { name: "Save preferences" }).click();
    await expect(modal).toBeHidden();
    expect(await consentCookie(context)).toBe("f1t0");
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);

    await page.goto(CHILE);
    await expect(page.getByTestId("profile-title")).toHaveText("Chile");
    await expect.poll(() => storedHistory(page, "ots-history:guest")).toEqual([{ link: "/profile/country/chl", title: "Chile", time: expect.any(Number) }]);
    expect(await eventNames(page)).toEqual([]);

    // Reopened, the modal shows the saved choice.
    await openPreferencesFromFooter(page);
    await expect(page.getByRole("switch", { name: "Allow functional cookies" })).toBeChecked();
    await expect(page.getByRole("switch", { name: "Allow tracking cookies" })).not.toBeChecked();
  });

  test("functional off removes chatbot sessions and the guest's and users' history, without a reload", async ({ page, context }) => {
    await page.goto("/en");
    await page.getByTestId("consent-accept-all").click();
    await page.goto(CHILE);
    await expect(page.getByTestId("profile-title")).toHaveText("Chile");
    await expect.poll(() => storedHistory(page, "ots-history:guest")).toHaveLength(1);
    await page.evaluate(() => {
      window.localStorage.setItem("ots-chat:session-1", JSON.stringify({ messages: ["hello"] }));
      window.localStorage.setItem("ots-history:user:someone", JSON.stringify([{ link: "/profile/country/deu", title: "Germany", time: 1 }]));
      window.localStorage.setItem("unrelated", "kept");
    });
    await markPage(page);
    await openPreferencesFromFooter(page);
    await toggleCategory(page, "functional");
    await page.getByRole("button", { name: "Save preferences" }).click();
    await expect.poll(() => storageKeys(page)).toEqual(["unrelated"]);
    expect(await consentCookie(context)).toBe("f0t1");
    // Tracking stays allowed, so there is no reload.
    expect(await isMarked(page)).toBe(true);

    // And nothing is recorded any more.
    await page.goto(GERMANY);
    await expect(page.getByTestId("profile-title")).toHaveText("Germany");
    expect(await storageKeys(page)).toEqual(["unrelated"]);
  });

  test("withdrawing tracking removes chatbot sessions and analytics cookies, clears the data layer and reloads", async ({ page, context, baseURL }) => {
    await page.goto("/en");
    await page.getByTestId("consent-accept-all").click();
    await expect.poll(() => eventNames(page)).toEqual(["page_view"]);
    // What an analytics tag would have left behind.
    await context.addCookies([
      { name: "_ga", value: "GA1.1.123.456", url: baseURL! },
      { name: "_ga_ABC123", value: "GS1.1.1", url: baseURL! },
      { name: "_gat", value: "1", url: baseURL! },
    ]);
    await page.evaluate(() => {
      window.localStorage.setItem("ots-chat:session-2", "{}");
      window.sessionStorage.setItem("ots-chat:draft", "{}");
      // Records the data layer as it is when the page unloads (session storage outlives the reload).
      window.addEventListener("beforeunload", () => {
        const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [];
        window.sessionStorage.setItem("test:dataLayerAtUnload", String(layer.length));
      });
    });
    await markPage(page);

    await openPreferencesFromFooter(page);
    await toggleCategory(page, "tracking");
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Save preferences" }).click();
    await reloaded;
    await expect.poll(() => isMarked(page).catch(() => true)).toBe(false);

    expect(await consentCookie(context)).toBe("f1t0");
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names.filter((name) => name.startsWith("_ga"))).toEqual([]);
    expect(await page.evaluate(() => window.sessionStorage.getItem("test:dataLayerAtUnload"))).toBe("0");
    expect(await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith("ots-chat:")))).toEqual([]);
    expect(await page.evaluate(() => window.sessionStorage.getItem("ots-chat:draft"))).toBeNull();
    // After the reload nothing is sent.
    expect(await eventNames(page)).toEqual([]);
    await page.goto("/en/support");
    expect(await eventNames(page)).toEqual([]);
  });
});

test.describe("other tabs", () => {
  test("a choice made in one tab applies in the others at once, with its effects", async ({ page, context }) => {
    await page.goto("/en");
    const other = await context.newPage();
    await other.goto(CHILE);
    await expect(other.getByTestId("consent-banner")).toBeVisible();
    await page.getByTestId("consent-accept-all").click();
    await expect(other.getByTestId("consent-banner")).toHaveCount(0);
    // The other tab now tracks and records too.
    await expect.poll(() => eventNames(other)).toEqual(["page_view"]);
    await expect.poll(() => storedHistory(other, "ots-history:guest")).toHaveLength(1);

    // Withdrawn here, the other tab stops tracking: it cleans up and reloads.
    await markPage(other);
    const reloaded = other.waitForEvent("load");
    await openPreferencesFromFooter(page);
    await page.getByRole("button", { name: "Reject all" }).click();
    await reloaded;
    await expect.poll(() => isMarked(other).catch(() => true)).toBe(false);
    expect(await eventNames(other)).toEqual([]);
    expect(await storageKeys(other)).toEqual([]);
  });
});

test.describe("profile history", () => {
  test("each visit is recorded newest first, once per link, and shown as Recently viewed in the explore dialog", async ({ page }) => {
    await page.goto("/en");
    await page.getByTestId("consent-accept-all").click();
    for (const path of [CHILE, GERMANY, WORLD, CHILE]) {
      await page.goto(path);
      await expect(page.getByTestId("profile-title")).toBeVisible();
      // Recorded once the page is interactive.
      await expect.poll(async () => (await storedHistory(page, "ots-history:guest"))[0]?.link).toBe(path.slice(3));
    }
    await expect
      .poll(async () => (await storedHistory(page, "ots-history:guest")).map((entry) => [entry.link, entry.title]))
      .toEqual([
        ["/profile/country/chl", "Chile"],
        ["/profile/world/wld", "World"],
        ["/profile/country/deu", "Germany"],
      ]);
    const times = (await storedHistory(page, "ots-history:guest")).map((entry) => entry.time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    await page.getByTestId("search-button").click();
    const recent = page.getByTestId("recently-viewed");
    await expect(recent.getByRole("heading", { name: "Recently viewed" })).toBeVisible();
    await expect(recent.getByTestId("recently-viewed-link")).toHaveText(["Chile", "World", "Germany"]);
    await recent.getByRole("link", { name: "Germany" }).click();
    await page.waitForURL("**" + GERMANY);
    await expect(page.getByTestId("search-input")).toHaveCount(0);
    await expect(page.getByTestId("profile-title")).toHaveText("Germany");
    await expect.poll(async () => (await storedHistory(page, "ots-history:guest")).map((entry) => entry.link)).toEqual([
      "/profile/country/deu",
      "/profile/country/chl",
      "/profile/world/wld",
    ]);
  });

  test("a signed-in user's history is kept apart from the guest's, on the server, and follows them to another device", async ({ page, browser, baseURL }) => {
    const email = createUser("history");
    await page.goto("/en");
    await page.getByTestId("consent-accept-all").click();
    await page.goto(CHILE);
    await expect.poll(() => storedHistory(page, "ots-history:guest")).toHaveLength(1);

    await signInThroughForm(page, email);
    const user = await sessionUser(page.request);
    // The local choice was pushed up.
    await expect.poll(async () => (await sessionUser(page.request))?.bespoke_user_metadata.consent).toEqual({ checked: true, functional: true, tracking: true });
    await page.goto(GERMANY);
    await expect(page.getByTestId("profile-title")).toHaveText("Germany");
    await expect.poll(async () => (await storedHistory(page, `ots-history:user:${user!.id}`))[0]?.link).toBe("/profile/country/deu");
    await page.goto(WORLD);
    await expect(page.getByTestId("profile-title")).toHaveText("World");
    await expect.poll(async () => (await storedHistory(page, `ots-history:user:${user!.id}`)).map((e) => e.link)).toEqual(["/profile/world/wld", "/profile/country/deu"]);
    // The guest's list is untouched.
    expect((await storedHistory(page, "ots-history:guest")).map((e) => e.link)).toEqual(["/profile/country/chl"]);
    await expect
      .poll(async () => ((await (await page.request.get("/api/history")).json()) as { entries: { link: string }[] }).entries.map((e) => e.link))
      .toEqual(["/profile/world/wld", "/profile/country/deu"]);

    await page.goto("/en/account");
    await expect(page.getByTestId("history-section").getByTestId("history-entry")).toHaveText([/^World/, /^Germany/]);

    // Another device: the list comes from the server.
    const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await other.addCookies([{ name: "ots-consent", value: "f1t0", url: baseURL! }]);
    const second = await other.newPage();
    await signInByApi(second.request, email);
    await second.goto("/en/account");
    const section = second.getByTestId("history-section");
    await expect(section.getByTestId("history-entry")).toHaveText([/^World/, /^Germany/]);
    await expect(section).toContainText("follows you to every device");
    await second.getByTestId("search-button").click();
    await expect(second.getByTestId("recently-viewed-link")).toHaveText(["World", "Germany"]);
    await other.close();

    // Clearing it on the account page clears it here and on the server.
    await page.goto("/en/account");
    await page.getByTestId("history-clear").click();
    await expect(page.getByTestId("history-empty")).toBeVisible();
    await expect.poll(() => storedHistory(page, `ots-history:user:${user!.id}`)).toEqual([]);
    await expect.poll(async () => ((await (await page.request.get("/api/history")).json()) as { entries: unknown[] }).entries).toEqual([]);

    // Signed out, the guest's own list is shown again.
    await page.getByTestId("account-menu-button").click();
    await page.getByTestId("logout").click();
    await page.waitForURL((url) => url.pathname === "/en");
    await page.getByTestId("search-button").click();
    await expect(page.getByTestId("recently-viewed-link")).toHaveText(["Chile"]);
  });

  test("the history API: 401 anonymous, 409 without functional consent, at most 25 per user, deleted when functional is withdrawn", async ({ request, playwright, baseURL }) => {
    expect((await request.get("/api/history")).status()).toBe(401);
    const anonymous = await request.post("/api/history", { data: { csrfToken: await csrfToken(request), visit: { link: "/profile/country/chl", title: "Chile" } } });
    expect(anonymous.status()).toBe(401);

    const api = await playwright.request.newContext({ baseURL });
    await signInByApi(api, createUser("history-api"));
    const visit = async (link: string, title = "A profile") =>
      api.post("/api/history", { data: { csrfToken: await csrfToken(api), visit: { link, title } } });
    const refused = await visit("/profile/country/chl");
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("consent_required");

    expect((await postConsent(api, { checked: true, functional: true, tracking: false })).status()).toBe(200);
    const bad = await visit("https://evil.example/profile/x");
    expect(bad.status()).toBe(400);
    const noToken = await api.post("/api/history", { data: { visit: { link: "/profile/country/chl", title: "Chile" } } });
    expect(noToken.status()).toBe(403);
    for (let n = 0; n < 27; n++) expect((await visit(`/profile/country/c${String(n).padStart(2, "0")}`, `Country ${n}`)).status()).toBe(200);
    const again = await visit("/profile/country/c05", "Country 5 again");
    const { entries } = (await again.json()) as { entries: { link: string; title: string }[] };
    expect(entries).toHaveLength(25);
    expect(entries[0]).toMatchObject({ link: "/profile/country/c05", title: "Country 5 again" });
    expect(entries.map((e) => e.link)).not.toContain("/profile/country/c00");
    expect(new Set(entries.map((e) => e.link)).size).toBe(25);

    expect((await postConsent(api, { checked: true, functional: false, tracking: false })).status()).toBe(200);
    expect(((await (await api.get("/api/history")).json()) as { entries: unknown[] }).entries).toEqual([]);
    await api.dispose();
  });
});

test.describe("signed in: consent on the server", () => {
  test("POST /api/consent: 401 anonymous, CSRF and body checked, stored in the user's metadata", async ({ request, playwright, baseURL }) => {
    const anonymous = await postConsent(request, { checked: true, functional: true, tracking: true });
    expect(anonymous.status()).toBe(401);

    const api = await playwright.request.newContext({ baseURL });
    await signInByApi(api, createUser("consent-api"));
    const noToken = await api.post("/api/consent", { data: { consent: { checked: true, functional: true, tracking: true } } });
    expect(noToken.status()).toBe(403);
    const crossSite = await api.post("/api/consent", {
      headers: { Origin: "https://evil.example" },
      data: { csrfToken: await csrfToken(api), consent: { checked: true, functional: true, tracking: true } },
    });
    expect(crossSite.status()).toBe(403);
    for (const consent of [{ checked: true, functional: "yes", tracking: false }, { checked: true, functional: true }, "all"]) {
      const response = await api.post("/api/consent", { data: { csrfToken: await csrfToken(api), consent } });
      expect(response.status(), JSON.stringify(consent)).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid");
    }
    const saved = await postConsent(api, { checked: true, functional: false, tracking: true });
    expect(saved.status()).toBe(200);
    expect(((await saved.json()) as { consent: Consent }).consent).toEqual({ checked: true, functional: false, tracking: true });
    expect((await sessionUser(api))?.bespoke_user_metadata.consent).toEqual({ checked: true, functional: false, tracking: true });
    await api.dispose();
  });

  test("a choice made while signed in is saved on the server and the user data refreshed", async ({ page, context }) => {
    const email = createUser("decide");
    await context.clearCookies();
    await signInByApi(page.request, email);
    await page.goto("/en");
    await expect(page.getByTestId("consent-banner")).toBeVisible();
    const saved = page.waitForResponse((response) => response.url().endsWith("/api/consent") && response.request().method() === "POST");
    const refreshed = page.waitForResponse((response) => response.url().endsWith("/api/auth/session") && response.request().method() === "POST");
    await page.getByTestId("consent-customise").click();
    await toggleCategory(page, "functional");
    await page.getByRole("button", { name: "Save preferences" }).click();
    expect((await saved).status()).toBe(200);
    const session = (await (await refreshed).json()) as { user: { bespoke_user_metadata: { consent: Consent } } };
    expect(session.user.bespoke_user_metadata.consent).toEqual({ checked: true, functional: true, tracking: false });
    expect(await consentCookie(context)).toBe("f1t0");

    // On a new device the stored choice applies at once: no bar. A page rendered for the signed-in
    // user (the account page) has none in its HTML; a cached public page, which is the same for
    // everyone, hides it as soon as the session arrives.
    await context.clearCookies();
    await signInByApi(page.request, email);
    const response = await page.goto("/en/account");
    expect(await response!.text()).not.toContain('data-testid="consent-banner"');
    await expect.poll(() => consentCookie(context)).toBe("f1t0");
    await context.clearCookies({ name: "ots-consent" });
    await page.goto("/en");
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
    await expect.poll(() => consentCookie(context)).toBe("f1t0");
  });

  test("a local choice with none on the server is pushed up, then the user data is refreshed", async ({ page, context, baseURL }) => {
    const email = createUser("push");
    await context.clearCookies();
    await signInByApi(page.request, email);
    expect((await sessionUser(page.request))?.bespoke_user_metadata.consent).toBeUndefined();
    // A choice this browser made (say, in a tab whose request never reached the server).
    await context.addCookies([{ name: "ots-consent", value: "f1t0", url: baseURL! }]);
    const pushed = page.waitForRequest((req) => req.url().endsWith("/api/consent") && req.method() === "POST");
    await page.goto("/en");
    expect((await pushed).postDataJSON()).toMatchObject({ consent: { checked: true, functional: true, tracking: false } });
    await page.waitForResponse((response) => response.url().includes("/api/auth/session") && response.ok());
    expect((await sessionUser(page.request))?.bespoke_user_metadata.consent).toEqual({ checked: true, functional: true, tracking: false });
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
  });

  test("signing in saves this browser's choice with an account that has none", async ({ page, context, baseURL }) => {
    const email = createUser("sign-in-push");
    await context.addCookies([{ name: "ots-consent", value: "f0t1", url: baseURL! }]);
    await signInByApi(page.request, email);
    // The very first session already carries it.
    expect((await sessionUser(page.request))?.bespoke_user_metadata.consent).toEqual({ checked: true, functional: false, tracking: true });
  });

  test("after sign-in the stored server value wins over the local one, with its effects and one reload", async ({ page, context, request, baseURL }) => {
    const email = createUser("server-wins");
    // On another device the user rejected everything.
    await signInByApi(request, email);
    expect((await postConsent(request, { checked: true, functional: false, tracking: false })).status()).toBe(200);

    // Here, as a guest, they accept all and leave traces.
    await page.goto("/en");
    await page.getByTestId("consent-accept-all").click();
    await page.goto(CHILE);
    await expect.poll(() => storedHistory(page, "ots-history:guest")).toHaveLength(1);
    await context.addCookies([{ name: "_ga", value: "GA1.1.1.1", url: baseURL! }]);
    await page.evaluate(() => window.localStorage.setItem("ots-chat:x", "{}"));

    await page.goto("/en/login");
    await markPage(page);
    let loads = 0;
    page.on("load", () => (loads += 1));
    await signInWithPassword(page, email);
    await expect.poll(() => isMarked(page).catch(() => true)).toBe(false);
    await expect.poll(() => consentCookie(context)).toBe("f0t0");
    await expectSignedIn(page);
    expect(await storageKeys(page)).toEqual([]);
    expect((await context.cookies()).map((c) => c.name).filter((name) => name.startsWith("_ga"))).toEqual([]);
    expect(await eventNames(page)).toEqual([]);
    // The server still says what it said: the local value did not overwrite it.
    expect((await sessionUser(page.request))?.bespoke_user_metadata.consent).toEqual({ checked: true, functional: false, tracking: false });
    // One reload, no loop: the reloaded page, marked, answers a click (React runs the effects that
    // reconcile the session's consent before it renders the click) with the stored choice, and is
    // still the same page once its network is quiet.
    await markPage(page);
    await openPreferencesFromFooter(page);
    await expect(page.getByRole("dialog", { name: "Cookie preferences" }).getByTestId("consent-switch-functional")).not.toBeChecked();
    await page.waitForLoadState("networkidle");
    expect(await isMarked(page)).toBe(true);
    expect(loads).toBe(1);
  });
});

test.describe("tracking events", () => {
  test("a user event with id and role after sign-in, and one with both cleared on sign-out", async ({ page }) => {
    const email = createUser("events");
    await page.goto("/en");
    await page.getByTestId("consent-accept-all").click();
    await page.goto("/en/login");
    await signInWithPassword(page, email);
    await page.waitForURL((url) => url.pathname === "/en");
    await expectSignedIn(page);
    const user = await sessionUser(page.request);
    await expect.poll(() => events(page)).toContainEqual({ event: "user", user_id: user!.id, user_role: 0 });

    // Signing out goes to the home page: leave it first, so the wait below sees the navigation.
    await page.goto("/en/support");
    await page.getByTestId("account-menu-button").click();
    await page.getByTestId("logout").click();
    await page.waitForURL((url) => url.pathname === "/en");
    await expect(page.getByTestId("user-group")).toBeVisible();
    await expect.poll(() => events(page)).toContainEqual({ event: "user", user_id: null, user_role: null });
    expect((await events(page)).filter((event) => event.event === "user" && event.user_id !== null)).toEqual([]);
  });

  test("without tracking consent no user events are sent", async ({ page }) => {
    const email = createUser("no-events");
    await page.goto("/en");
    await page.getByTestId("consent-customise").click();
    await toggleCategory(page, "functional");
    await page.getByRole("button", { name: "Save preferences" }).click();
    await page.goto("/en/login");
    await signInWithPassword(page, email);
    await page.waitForURL((url) => url.pathname === "/en");
    await expectSignedIn(page);
    // The signal that the signed-in session reached the tracking effects: React runs pending
    // effects before it renders the next update, here the preferences dialog opened by a click.
    await openPreferencesFromFooter(page);
    expect(await events(page)).toEqual([]);
  });
});

test.describe("account page", () => {
  test("Recently viewed says it is off without functional consent and links to the preferences", async ({ page, context, baseURL }) => {
    const email = createUser("account-off");
    await context.addCookies([{ name: "ots-consent", value: "f0t0", url: baseURL! }]);
    await signInByApi(page.request, email);
    await page.goto("/en/account");
    const section = page.getByTestId("history-section");
    await expect(section.getByTestId("history-off")).toBeVisible();
    await section.getByTestId("cookie-preferences").click();
    await expect(page.getByRole("dialog", { name: "Cookie preferences" })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Accept all" }).click();
    await expect(section.getByTestId("history-empty")).toBeVisible();
  });
});
