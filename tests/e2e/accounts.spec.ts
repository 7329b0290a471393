import { expect, test } from "./support/test";
import { SMTPServer } from "smtp-server";
import { csrfToken, expectSignedIn, expectSignedOut, PASSWORD, signedInUser, signInByApi, signInWithPassword, signUpByApi, uniqueEmail, userCli } from "./support/accounts";

test.use({ viewport: { width: 1280, height: 900 } });

test.describe("accounts", () => {
  test("sign up, see the role on the account page, sign out, sign in again", async ({ page, context }) => {
    const email = uniqueEmail("signup");
    await page.goto("/en/signup");
    const form = page.getByTestId("signup-form");
    await form.getByLabel("Name").fill("Ana Pérez");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("New password").fill("short");
    await form.getByRole("button", { name: "Create account" }).click();
    await expect(form.getByText("The password does not meet the rules below.")).toBeVisible();
    await form.getByLabel("New password").fill(PASSWORD);
    await form.getByLabel(/university or research institution/).check();
    await form.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/en");
    await expectSignedIn(page);

    // The session cookie is HttpOnly and SameSite=Lax.
    const session = (await context.cookies()).find((cookie) => cookie.name.endsWith("next-auth.session-token"));
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");

    // Academic users get the icon and the discount tooltip.
    const badge = page.getByTestId("account-menu").getByTestId("academic-badge");
    await badge.hover();
    await expect(page.getByRole("tooltip")).toContainText("50% off");

    await page.goto("/en/account");
    await expect(page.getByTestId("account-email")).toHaveText(email);
    await expect(page.getByTestId("account-role")).toHaveText("Free");
    await expect(page.getByTestId("account-academic")).toContainText("Academic");

    await page.getByTestId("account-menu-button").click();
    await expect(page.getByTestId("account-menu-role")).toHaveText("Free");
    await expect(page.getByTestId("bulk-access-link")).toHaveCount(0);
    await page.getByTestId("logout").click();
    await page.waitForURL("**/en");
    await expectSignedOut(page);

    // Sign in from a page: the Sign in button carries it as redirect, and we come back to it.
    await page.goto("/en/support/faq");
    await page.getByTestId("user-group").getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL("**/en/login?redirect=%2Fen%2Fsupport%2Ffaq");
    await signInWithPassword(page, email, "wrong password 1");
    await expect(page.getByTestId("login-error")).toHaveText("The email or the password is not correct.");
    await signInWithPassword(page, email);
    await page.waitForURL("**/en/support/faq");
    await expectSignedIn(page);
  });

  test("a duplicate email gets a clear message, and an unknown one the same error as a wrong password", async ({ page }) => {
    const email = uniqueEmail("dup");
    await signUpByApi(page.request, email);
    await page.context().clearCookies();
    await page.goto("/es/signup");
    const form = page.getByTestId("signup-form");
    await form.getByLabel("Nombre").fill("Otra");
    await form.getByLabel("Correo electrónico").fill(email.toUpperCase());
    await form.getByLabel("Contraseña nueva").fill(PASSWORD);
    await form.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page.getByTestId("signup-error")).toHaveAttribute("data-error", "email_taken");
    await expect(page.getByTestId("signup-error")).toContainText("Ya existe una cuenta con este correo");

    await page.goto("/en/login");
    await signInWithPassword(page, uniqueEmail("nobody"), PASSWORD);
    await expect(page.getByTestId("login-error")).toHaveText("The email or the password is not correct.");
  });

  test("a page that needs a session sends the visitor to sign in and back", async ({ page }) => {
    const email = uniqueEmail("required");
    await signUpByApi(page.request, email);
    await page.context().clearCookies();
    await page.goto("/en/account");
    await page.waitForURL(/\/en\/login\?error=SessionRequired&callbackUrl=%2Fen%2Faccount$/);
    await expect(page.getByTestId("login-error")).toHaveText("Please sign in to see that page.");
    await signInWithPassword(page, email);
    await page.waitForURL("**/en/account");
    await expect(page.getByTestId("account-role")).toHaveText("Free");
  });

  test("11 wrong passwords give 429 with Retry-After", async ({ page }) => {
    const email = uniqueEmail("limit");
    await signUpByApi(page.request, email);
    await page.context().clearCookies();
    await page.goto("/en/login");
    // From the browser itself, so the attempts and the form below come from the same client address.
    const attempts = await page.evaluate(async (address) => {
      const { csrfToken } = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken: string };
      const results: { status: number; retryAfter: string | null }[] = [];
      for (let attempt = 1; attempt <= 11; attempt++) {
        const response = await fetch("/api/auth/callback/credentials", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ csrfToken, email: address, password: `wrong password ${attempt}`, json: "true" }),
        });
        results.push({ status: response.status, retryAfter: response.headers.get("retry-after") });
      }
      return results;
    }, email);
    expect(attempts.map((attempt) => attempt.status)).toEqual([...Array(10).fill(401), 429]);
    const retryAfter = Number(attempts[10].retryAfter);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Even the right password is refused now, and the form says why.
    await signInWithPassword(page, email);
    await expect(page.getByTestId("login-error")).toHaveAttribute("data-error", "rateLimited");
    await expectSignedOut(page);
  });

  test("a hostile redirect is refused", async ({ page }) => {
    const email = uniqueEmail("redirect");
    await signUpByApi(page.request, email);
    for (const hostile of ["//evil.com", "/\\evil.com", "https://evil.com/en", "javascript:alert(1)", "/api/auth/signout"]) {
      await page.context().clearCookies();
      await page.goto(`/en/login?redirect=${encodeURIComponent(hostile)}`);
      await signInWithPassword(page, email);
      await page.waitForURL((url) => url.pathname === "/en");
      await expectSignedIn(page);
    }
    // A next-auth callbackUrl on another origin is refused too.
    await page.context().clearCookies();
    const token = await csrfToken(page.request);
    const response = await page.request.post("/api/auth/callback/credentials", {
      form: { csrfToken: token, email, password: PASSWORD, json: "true", callbackUrl: "https://evil.com/steal" },
    });
    const { url } = (await response.json()) as { url: string };
    expect(new URL(url).host).not.toBe("evil.com");
  });

  test("a user without role 10 gets 403 at bulk access; a role-10 user changes roles there", async ({ page, browser }) => {
    const member = await signedInUser(page.request, "member");
    // A free user: the page is forbidden, and so is the API.
    const forbidden = await page.goto("/en/bulk-access");
    expect(forbidden?.status()).toBe(403);
    await expect(page.getByTestId("forbidden-page")).toBeVisible();
    const api = await page.request.post("/api/bulk-access", { data: { csrfToken: await csrfToken(page.request), emails: member, role: 10 } });
    expect(api.status()).toBe(403);

    const manager = uniqueEmail("manager");
    expect(userCli("create", "--email", manager, "--name", "Manager", "--role", "10", "--password", PASSWORD)).toContain("role 10");
    const managerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const managerPage = await managerContext.newPage();
    await managerPage.goto("/en/login?redirect=%2Fen%2Fbulk-access");
    await signInWithPassword(managerPage, manager);
    await managerPage.waitForURL("**/en/bulk-access");
    const unknown = uniqueEmail("unknown");
    await managerPage.getByLabel("Email addresses").fill(`Member <${member}>\n${unknown}, not-an-email\n${manager}`);
    await expect(managerPage.getByTestId("bulk-count")).toContainText("3 email addresses found");
    await managerPage.getByTestId("bulk-role").click();
    await managerPage.getByRole("option", { name: "PRO" }).click();
    await managerPage.getByTestId("bulk-submit").click();
    const report = managerPage.getByTestId("bulk-report");
    await expect(report.getByTestId("bulk-changed")).toContainText(member);
    await expect(report.getByTestId("bulk-changed")).toContainText("Free");
    await expect(report.getByTestId("bulk-not-found")).toContainText(unknown);
    await expect(report.getByTestId("bulk-skipped")).toContainText(manager);
    await expect(report.getByTestId("bulk-invalid")).toContainText("not-an-email");
    await managerContext.close();

    // The member's session follows the new role without signing in again.
    await page.goto("/en/account");
    await expect(page.getByTestId("account-role")).toHaveText("PRO");
    expect(userCli("list", "--role", "1")).toContain(member);
  });

  test("signing out in one tab signs out the other", async ({ context }) => {
    const first = await context.newPage();
    await signedInUser(first.request, "tabs");
    await first.goto("/en");
    await expectSignedIn(first);
    const second = await context.newPage();
    await second.goto("/en/account");
    await expect(second.getByTestId("account-role")).toBeVisible();

    await first.getByTestId("account-menu-button").click();
    await first.getByTestId("logout").click();
    await first.waitForURL("**/en");
    await expectSignedOut(first);

    // The other tab hears about it at once: its header changes and the account page leaves.
    await expectSignedOut(second);
    await second.waitForURL(/\/en\/login\?error=SessionRequired/);
  });

  test("the account page renames, changes the password (ending other sessions) and deletes the account", async ({ page, request }) => {
    const email = await signedInUser(page.request, "manage");
    await signInByApi(request, email); // another device
    await page.goto("/en/account");

    const name = page.getByTestId("name-section");
    await name.getByLabel("Your name").fill("  Renamed   Person ");
    await name.getByRole("button", { name: "Save name" }).click();
    await expect(name.getByText("Your name was saved.")).toBeVisible();
    await expect(page.getByTestId("account-menu-button")).toHaveText("Renamed Person");

    const password = page.getByTestId("password-section");
    const next = "another secret 42";
    await password.getByLabel("Current password").fill("not my password 1");
    await password.getByLabel("New password").fill(next);
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(password.getByRole("alert")).toHaveText("The current password is not correct.");
    await password.getByLabel("Current password").fill(PASSWORD);
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(password.getByText("Your password was changed.")).toBeVisible();
    // This device stays signed in; the other one is signed out.
    await page.reload();
    await expect(page.getByTestId("account-email")).toHaveText(email);
    expect(await (await request.get("/api/auth/session")).json()).toEqual({});

    await page.getByTestId("delete-account").click();
    await page.getByRole("dialog").getByLabel("Password", { exact: true }).fill(next);
    await page.getByTestId("confirm-delete").click();
    await page.waitForURL("**/en");
    await expectSignedOut(page);
    const token = await csrfToken(request);
    const again = await request.post("/api/auth/callback/credentials", { form: { csrfToken: token, email, password: next, json: "true" } });
    expect(again.status()).toBe(401);
  });

  test("the mobile drawer shows the account links when signed in", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInUser(page.request, "mobile");
    await page.goto("/en");
    await page.getByTestId("mobile-menu-button").click();
    const drawer = page.getByTestId("account-menu-mobile");
    await expect(drawer).toContainText("Free");
    await drawer.getByRole("link", { name: "Account" }).click();
    await page.waitForURL("**/en/account");
    await expect(page.getByTestId("mobile-menu")).toBeHidden();
  });
});

test.describe("sign-in links by email", () => {
  const inbox: string[] = [];
  let server: SMTPServer;

  test.beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          inbox.push(Buffer.concat(chunks).toString("utf8"));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(Number(process.env.E2E_SMTP_PORT), "127.0.0.1", resolve));
  });

  test.afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** The text of the last email to `to`, quoted-printable soft breaks and escapes undone. */
  async function mailTo(to: string): Promise<string> {
    let found: string | undefined;
    await expect.poll(() => (found = inbox.filter((raw) => raw.includes(to)).at(-1)) !== undefined, { timeout: 15_000 }).toBe(true);
    return found!.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }

  test("a magic link from the local SMTP server signs the user in", async ({ page }) => {
    const email = uniqueEmail("magic");
    await signUpByApi(page.request, email, { name: "Magic" });
    await page.context().clearCookies();

    await page.goto("/en/login?redirect=%2Fen%2Faccount");
    await page.getByTestId("magic-link-tab").click();
    await page.getByTestId("link-form").getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await expect(page.getByTestId("link-sent")).toContainText(email);

    const mail = await mailTo(email);
    const link = /http:\/\/localhost:\d+\/api\/auth\/callback\/email\?[^\s"<>]+/.exec(mail)?.[0];
    expect(link, mail).toBeTruthy();
    await page.goto(link!);
    await page.waitForURL("**/en/account");
    await expect(page.getByTestId("account-email")).toHaveText(email);
    // Signed in by link: a new password can be set without the old one, for a while.
    await expect(page.getByTestId("password-section")).toContainText("without typing the old one");

    // A link works once.
    await page.context().clearCookies();
    await page.goto(link!);
    await expect(page.getByTestId("login-error")).toHaveAttribute("data-error", "linkExpired");
  });

  test("an unknown address is told by email, not on the page", async ({ page }) => {
    const email = uniqueEmail("stranger");
    await page.goto("/en/login");
    await page.getByTestId("magic-link-tab").click();
    await page.getByTestId("link-form").getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    // The same answer as for a registered address.
    await expect(page.getByTestId("link-sent")).toContainText(email);
    const mail = await mailTo(email);
    expect(mail).toContain("there is no account for it");
    expect(mail).not.toMatch(/callback\/email\?/);
  });
});
