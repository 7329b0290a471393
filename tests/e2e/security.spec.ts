import { expect, test, type APIRequestContext } from "./support/test";
import { csrfToken, PASSWORD, signedInUser, signUpByApi, uniqueEmail } from "./support/accounts";
import { AddressClient } from "./support/addressClient";
import { E2E_SIGNUP_LIMIT_PER_HOUR } from "./support/limits";

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

  test("methods no route answers (TRACE, CONNECT-like) are a JSON 405, never a 500", async ({ baseURL }) => {
    const client = new AddressClient(baseURL!, "127.0.0.1");
    for (const [method, path] of [["TRACE", "/en"], ["TRACE", "/api/data"], ["PROPFIND", "/api/catalog"]] as const) {
      const answer = await client.request(method, path);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers["allow"]).toContain("GET");
      expect((JSON.parse(answer.text) as { error: { code: string } }).error.code).toBe("method_not_allowed");
    }
  });

  test("paths that do not decode to UTF-8 are a 400 JSON error at the front door, never a 500", async ({ request }) => {
    // The door decodes every target once before anything routes it (src/server/front/canonical.ts):
    // pages, APIs and static files alike, where Next.js's static handler answered a plain-text 500.
    for (const path of ["/api/assets/%ED%A0%80", "/api/geo/%ED%A0%80", "/api/data/%ED%A0%80", "/en/profile/country/%ED%A0%80", "/_next/static/%c3%28", "/static/%ff%fe", "/geo/%ed%a0%80"]) {
      await expectJsonError(await request.get(path), 400, path);
    }
  });

  test("client log reports are size-bounded and rate-limited", async ({ request, baseURL }) => {
    const headers = { "content-type": "application/x-www-form-urlencoded", origin: new URL(baseURL!).origin, "x-forwarded-for": "198.51.100.7" };
    expect((await request.post("/api/auth/_log", { headers, data: `level=error&code=${"x".repeat(5000)}` })).status()).toBe(413);
    // Only well-formed reports: a level next-auth's logger has and a code that is a word.
    for (const data of ["level=constructor&code=X", "level=error&code=%3Cscript%3E", "code=X", "%%%"]) {
      await expectJsonError(await request.post("/api/auth/_log", { headers, data }), 400, data);
    }
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

test.describe("rate limits key on the real client, and nobody can lock the owner out", () => {
  test("a forged X-Forwarded-For changes nothing: twelve bad passwords from one client are limited", async ({ baseURL, request }) => {
    const email = uniqueEmail("forged");
    await signUpByApi(request, email);
    const attacker = new AddressClient(baseURL!, "127.0.0.21");
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await attacker.signIn(email, `wrong ${i}`, { "x-forwarded-for": `203.0.113.${i}`, "x-real-ip": `198.51.100.${i}` });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });

  test("ten bad passwords from an attacker do not lock the owner out", async ({ baseURL, request }) => {
    const email = uniqueEmail("owner");
    await signUpByApi(request, email);
    const attacker = new AddressClient(baseURL!, "127.0.0.22");
    for (let i = 0; i < 11; i++) await attacker.signIn(email, `wrong ${i}`);
    const refused = await attacker.signIn(email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const owner = new AddressClient(baseURL!, "127.0.0.23");
    const answer = await owner.signIn(email, PASSWORD);
    expect(answer.status, answer.text).toBe(200);
    expect(JSON.parse(answer.text).url).not.toContain("error=");
  });

  test("guessing spread over many addresses: past the account's limit only clean addresses may try", async ({ baseURL, request }) => {
    const email = uniqueEmail("botnet");
    await signUpByApi(request, email);
    // Fifty failures from seven addresses, none of them over its own limit (10 per address).
    for (let a = 0; a < 7; a++) {
      const bot = new AddressClient(baseURL!, `127.0.1.${a + 1}`);
      for (let i = 0; i < (a < 6 ? 8 : 2); i++) expect((await bot.signIn(email, `wrong ${a}-${i}`)).status).toBe(401);
    }
    // Past the account's limit an address that failed is refused, even with the right password...
    expect((await new AddressClient(baseURL!, "127.0.1.1").signIn(email, PASSWORD)).status).toBe(429);
    // ...while the owner, from an address with no failures, signs in.
    expect((await new AddressClient(baseURL!, "127.0.1.50").signIn(email, PASSWORD)).status).toBe(200);
  });

  test("password spraying: one client trying fifteen accounts is stopped", async ({ baseURL }) => {
    const sprayer = new AddressClient(baseURL!, "127.0.0.24");
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await sprayer.signIn(uniqueEmail(`spray${i}`), "Password123!")).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(5).fill(429));
  });

  test("sign-up and sign-in links are limited per client whatever X-Forwarded-For says, and per email", async ({ baseURL }) => {
    const client = new AddressClient(baseURL!, "127.0.0.25");
    const csrfToken = JSON.parse((await client.request("GET", "/api/auth/csrf")).text).csrfToken as string;
    const statuses: number[] = [];
    // The test server's limit (the default is 30; the suite's own sign-ups need more: support/limits.ts).
    const limit = E2E_SIGNUP_LIMIT_PER_HOUR;
    for (let i = 0; i < limit + 2; i++) {
      const json = { csrfToken, name: "Bulk", email: uniqueEmail(`bulk${i}`), password: PASSWORD };
      const answer = await client.request("POST", "/api/account/signup", { json, headers: { "x-forwarded-for": `203.0.113.${i}` } });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, limit).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(limit)).toEqual([429, 429]);

    // Sign-in links to one inbox: five an hour, from any number of clients.
    const inbox = uniqueEmail("inbox");
    const links: number[] = [];
    for (let i = 0; i < 6; i++) {
      const other = new AddressClient(baseURL!, `127.0.2.${i + 1}`);
      const token = JSON.parse((await other.request("GET", "/api/auth/csrf")).text).csrfToken as string;
      links.push((await other.request("POST", "/api/auth/signin/email", { form: { csrfToken: token, email: inbox, json: "true" } })).status);
    }
    // (Whether the mail goes out depends on the test SMTP server; the limit does not.)
    expect(links.slice(0, 5).every((status) => status !== 429)).toBe(true);
    expect(links[5]).toBe(429);
  });
});

test.describe("Content-Security-Policy", () => {
  test("every page family sends a script nonce of its own, and frames only embeds", async ({ request }) => {
    const nonces = new Set<string>();
    for (const path of ["/en", "/es/profile/country/chl", "/zh/visualize/tree_map/hs92/export/chl/all/show/2018", "/en/rankings/eci/hs4/hs92", "/en/login", "/en/resources/methods"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const policy = response.headers()["content-security-policy"] ?? "";
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce, path).toBeTruthy();
      expect(policy).toContain("'strict-dynamic'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(response.headers()["x-frame-options"]).toBe("DENY");
      // Next.js wrote the same nonce on its scripts.
      expect(await response.text()).toContain(`nonce="${nonce}"`);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(6);
    const embed = await request.get("/en/visualize/embed/tree_map/hs92/export/chl/all/show/2018");
    expect(embed.headers()["content-security-policy"]).toContain("frame-ancestors *");
    expect(embed.headers()["x-frame-options"]).toBeUndefined();
  });

  test("a policy sent by the client never chooses the nonce", async ({ request }) => {
    const response = await request.get("/en", { headers: { "content-security-policy": "script-src 'nonce-attacker'" } });
    expect(response.headers()["content-security-policy"]).not.toContain("nonce-attacker");
    expect(await response.text()).not.toContain('nonce="attacker"');
  });

  test("an injected inline script does not run", async ({ page, cspViolations }) => {
    await page.goto("/en");
    const ran = await page.evaluate(async () => {
      const script = document.createElement("div");
      script.innerHTML = '<img src="x" onerror="window.__pwned = true">';
      // The image's error event is the signal: an inline handler allowed to run is registered
      // before this listener, so it would have run by the time this one hears the event.
      const failed = new Promise((resolve) => script.querySelector("img")!.addEventListener("error", resolve, { once: true }));
      document.body.append(script);
      await failed;
      return (window as unknown as { __pwned?: boolean }).__pwned === true;
    });
    expect(ran).toBe(false);
    // The browser reported the refusal; expected here, so it does not fail this test.
    await expect.poll(() => cspViolations.join("\n")).toMatch(/inline event handler/i);
    cspViolations.length = 0;
  });
});
