import { expect, test, type APIRequestContext } from "@playwright/test";
import { csrfToken, signedInUser } from "./support/accounts";

/** The JSON error body every API answers with. */
async function expectJsonError(response: Awaited<ReturnType<APIRequestContext["get"]>>, status: number, what: string) {
  expect(response.status(), what).toBe(status);
  const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
  expect(typeof body.error?.code, what).toBe("string");
  expect(typeof body.error?.message, what).toBe("string");
}

test.describe("bad input never causes a 500", () => {
  test("malformed JSON bodies to the auth routes are 400s with a JSON error", async ({ request, baseURL }) => {
    for (const action of ["_log", "callback/credentials", "signin/email", "signout", "session"]) {
      const response = await request.post(`/api/auth/${action}`, {
        headers: { "content-type": "application/json", origin: new URL(baseURL!).origin },
        data: "{bad",
      });
      await expectJsonError(response, 400, action);
    }
  });

  test("hostile query values to the auth routes are refused, never echoed into a header", async ({ request }) => {
    await expectJsonError(await request.get("/api/auth/callback/email?token=x&email=a%40b.c&callbackUrl=0", { maxRedirects: 0 }), 400, "callbackUrl=0");
    await expectJsonError(await request.get("/api/auth/signin?callbackUrl=https%3A%2F%2Fevil.example%2F", { maxRedirects: 0 }), 400, "foreign callbackUrl");
    await expectJsonError(await request.get("/api/auth/error?error=%E2%80%AE", { maxRedirects: 0 }), 400, "error=U+202E");
    const credentials = await request.get("/api/auth/callback/credentials", { maxRedirects: 0 });
    await expectJsonError(credentials, 405, "GET credentials callback");
    expect(credentials.headers()["allow"]).toBe("POST");
    // A well-formed error code still reaches the sign-in page.
    expect((await request.get("/api/auth/error?error=Verification", { maxRedirects: 0 })).status()).toBeLessThan(400);
  });

  test("paths that do not decode to UTF-8 are a 400 (API) or our 404 page, not a 500", async ({ request }) => {
    for (const path of ["/api/assets/%ED%A0%80", "/api/geo/%ED%A0%80", "/api/data/%ED%A0%80"]) {
      await expectJsonError(await request.get(path), 400, path);
    }
    // A page: redirected to our 404 page, in the visitor's language.
    const page = await request.get("/en/profile/country/%ED%A0%80", { headers: { "accept-language": "es" } });
    expect(page.status()).toBe(404);
    expect(page.headers()["content-type"]).toContain("text/html");
    expect(page.url()).toContain("/es/");
  });

  test("client log reports are size-bounded and rate-limited", async ({ request, baseURL }) => {
    const headers = { "content-type": "application/x-www-form-urlencoded", origin: new URL(baseURL!).origin, "x-forwarded-for": "198.51.100.7" };
    expect((await request.post("/api/auth/_log", { headers, data: `level=error&code=${"x".repeat(5000)}` })).status()).toBe(413);
    let limited = 0;
    for (let i = 0; i < 25; i++) {
      const response = await request.post("/api/auth/_log", { headers, data: "level=error&code=TEST&message=hello" });
      if (response.status() === 429) {
        limited++;
        expect(response.headers()["retry-after"]).toBeTruthy();
      }
    }
    expect(limited).toBeGreaterThan(0);
  });
});

test("signing out ends the session on the server: a copied session cookie stops working", async ({ playwright, baseURL }) => {
  const owner = await playwright.request.newContext({ baseURL });
  await signedInUser(owner, "signout");
  const cookie = (await owner.storageState()).cookies.find((c) => c.name.endsWith("next-auth.session-token"))!;
  expect(cookie).toBeTruthy();
  const thief = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `${cookie.name}=${cookie.value}` } });
  expect((await thief.get("/api/history")).status()).toBe(200);
  const out = await owner.post("/api/auth/signout", { form: { csrfToken: await csrfToken(owner), json: "true" } });
  expect(out.status()).toBe(200);
  // The copy, sent from elsewhere after the sign-out, no longer reads anything.
  expect((await thief.get("/api/history")).status()).toBe(401);
  await owner.dispose();
  await thief.dispose();
});
