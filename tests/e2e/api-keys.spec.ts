import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { expect, test } from "./support/test";
import { signedInUser } from "./support/accounts";

test.use({ viewport: { width: 1280, height: 900 } });

const QUERY = "/api/data?cube=trade_i_ots_a_sections&drilldowns=Year&time=latest";

test.describe("API keys and limits", () => {
  test("create a key on the account page, use it for a higher limit, reach the limit, revoke it", async ({ page, playwright, baseURL }) => {
    test.setTimeout(120_000);
    await signedInUser(page.request, "apikeys");

    // The published limits.
    await page.goto("/en/resources/api");
    const limits = page.getByTestId("api-limits");
    await expect(limits).toBeVisible();
    const anonymous = await page.request.get(QUERY);
    expect(anonymous.status()).toBe(200);
    const anonymousLimit = Number(anonymous.headers()["ratelimit-limit"]);
    expect(anonymousLimit).toBeGreaterThan(0);
    expect(Number(anonymous.headers()["ratelimit-remaining"])).toBeLessThan(anonymousLimit);
    await expect(limits).toContainText(`${anonymousLimit.toLocaleString("en")} requests a minute`);

    // Create a key: shown once, listed by its prefix.
    await page.goto("/en/account");
    const section = page.getByTestId("api-keys-section");
    await expect(section.getByTestId("api-keys-empty")).toBeVisible();
    await section.getByTestId("api-key-name").fill("   ");
    await section.getByRole("button", { name: "Create key" }).click();
    await expect(section.getByRole("alert")).toContainText("name of 1 to 60 characters");
    await section.getByTestId("api-key-name").fill("<b>thesis</b> notebook");
    await section.getByRole("button", { name: "Create key" }).click();
    const key = (await section.getByTestId("api-key-value").textContent())!.trim();
    expect(key).toMatch(/^oto_[A-Za-z0-9_-]{43}$/);
    await expect(section.getByTestId("api-key-row")).toHaveCount(1);
    await expect(section.getByTestId("api-key-row")).toContainText("<b>thesis</b> notebook");
    await expect(section.getByTestId("api-key-row")).toContainText(key.slice(0, 12));

    // Stored hashed: the database holds its SHA-256 and never the key.
    const db = new Database(process.env.E2E_APP_DB_PATH!, { readonly: true, fileMustExist: true });
    const rows = db.prepare("select * from api_keys where prefix = ?").all(key.slice(0, 12)) as Record<string, unknown>[];
    db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key_hash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(key.slice(12));

    // A client without the site's cookies, as a script would be.
    const api = await playwright.request.newContext({ baseURL });
    const keyed = await api.get(QUERY, { headers: { Authorization: `Bearer ${key}` } });
    expect(keyed.status()).toBe(200);
    const keyLimit = Number(keyed.headers()["ratelimit-limit"]);
    expect(keyLimit).toBeGreaterThan(anonymousLimit);
    expect(keyed.headers()["ratelimit-policy"]).toBe(`${keyLimit};w=60`);
    expect((await api.get("/api/cubes", { headers: { "X-API-Key": key } })).headers()["ratelimit-limit"]).toBe(String(keyLimit));

    // Use the key up: past its limit, 429 with Retry-After; anonymous use is counted apart.
    let refused = null;
    for (let sent = 2; sent <= keyLimit + 50 && !refused; sent += 50) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => api.get(QUERY, { headers: { Authorization: `Bearer ${key}` } })));
      refused = answers.find((answer) => answer.status() === 429) ?? null;
    }
    expect(refused, "the key's limit was never reached").not.toBeNull();
    expect(Number(refused!.headers()["retry-after"])).toBeGreaterThan(0);
    expect(refused!.headers()["ratelimit-remaining"]).toBe("0");
    expect(((await refused!.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect((await api.get(QUERY)).status()).toBe(200);

    // The account page shows when it was last used.
    await page.reload();
    await expect(section.getByTestId("api-key-row")).not.toContainText("Never");

    // Revoke it: refused at once (401), not treated as anonymous.
    await section.getByRole("button", { name: /Revoke “<b>thesis<\/b> notebook”/ }).click();
    await page.getByTestId("api-key-revoke-confirm").click();
    await expect(section.getByTestId("api-keys-empty")).toBeVisible();
    const revoked = await api.get(QUERY, { headers: { Authorization: `Bearer ${key}` } });
    expect(revoked.status()).toBe(401);
    expect(((await revoked.json()) as { error: { code: string } }).error.code).toBe("invalid_api_key");
    expect((await api.get(QUERY, { headers: { Authorization: "Bearer '; drop table api_keys; --" } })).status()).toBe(401);
    await api.dispose();
  });

  test("the key routes refuse strangers, other sites and bad input", async ({ page, playwright, baseURL }) => {
    const stranger = await playwright.request.newContext({ baseURL });
    expect((await stranger.post("/api/account/keys", { data: { name: "x" } })).status()).toBe(401);
    await stranger.dispose();
    await signedInUser(page.request, "apikeys-bad");
    const csrf = ((await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
    const post = (url: string, data: unknown, headers: Record<string, string> = {}) => page.request.post(url, { data, headers });
    expect((await post("/api/account/keys", { name: "x" })).status()).toBe(403);
    expect((await post("/api/account/keys", { name: "x", csrfToken: csrf }, { Origin: "https://evil.example" })).status()).toBe(403);
    expect((await post("/api/account/keys", { name: "x".repeat(500), csrfToken: csrf })).status()).toBe(400);
    expect((await post("/api/account/keys/revoke", { id: "../../etc/passwd", csrfToken: csrf })).status()).toBe(400);
    expect((await post("/api/account/keys/revoke", { id: "6f1c1f7e-1b7a-4c9f-9a53-5b8f0f2a9d11", csrfToken: csrf })).status()).toBe(404);
    const created = await post("/api/account/keys", { name: "ok", csrfToken: csrf });
    expect(created.status()).toBe(201);
    expect(created.headers()["cache-control"]).toContain("no-store");
  });

  test("the API answers other sites' scripts (CORS) and documents keys and limits in OpenAPI", async ({ request }) => {
    const preflight = await request.fetch("/api/data", { method: "OPTIONS", headers: { Origin: "https://example.org", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization" } });
    expect(preflight.status()).toBe(204);
    expect(preflight.headers()["access-control-allow-origin"]).toBe("*");
    expect(preflight.headers()["access-control-allow-headers"]).toContain("Authorization");
    const doc = (await (await request.get("/api/openapi.json")).json()) as { components: { securitySchemes: Record<string, unknown> }; paths: Record<string, { get: { responses: Record<string, unknown> } }> };
    expect(Object.keys(doc.components.securitySchemes)).toEqual(["bearerKey", "headerKey"]);
    expect(Object.keys(doc.paths["/api/data"]!.get.responses)).toEqual(expect.arrayContaining(["401", "429"]));
  });

  test("the pricing page lists what each plan opens, and only what exists", async ({ page }) => {
    await page.goto("/en/subscription");
    const pro = page.locator('[data-plan="pro"]');
    await expect(pro).toContainText("Data API: 6,000 requests a minute per key");
    // The test server allows more without a key (its suite comes from one address): the number is the setting's.
    await expect(page.locator('[data-plan="free"]')).toContainText(/Data API: [\d,]+ requests a minute, 1,200 with a free key/);
    await expect(page.locator('[data-plan="premium"]')).toContainText("Bulk downloads of national data");
    // The PRO tools the server gates are on the PRO card (domain/billing/planFeatures.ts); what is not built is not sold.
    for (const tool of ["Trend explorer", "Data explorer"]) await expect(pro).toContainText(tool);
    // The company explorer exists (PREMIUM): on that card only. Company profiles and bills of lading are not sold.
    await expect(page.locator('[data-plan="premium"]')).toContainText("Company explorer");
    await expect(pro).not.toContainText("Company explorer");
    for (const missing of ["Company profiles", "bills of lading", "Most popular"]) await expect(page.locator("main")).not.toContainText(missing);
  });
});
