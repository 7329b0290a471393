import { execFileSync } from "node:child_process";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const PASSWORD = "correct horse 2024";

let counter = 0;
/** An address no other test (or earlier run against the same server) uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.org`;
}

export async function csrfToken(request: APIRequestContext): Promise<string> {
  const response = await request.get("/api/auth/csrf");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/** Creates an account through the sign-up API (the form is tested on its own). */
export async function signUpByApi(request: APIRequestContext, email: string, options: { name?: string; isAcademic?: boolean } = {}) {
  const response = await request.post("/api/account/signup", {
    data: { csrfToken: await csrfToken(request), name: options.name ?? "Test User", email, password: PASSWORD, isAcademic: options.isAcademic ?? false },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The admin CLI, against the test server's database. */
export function userCli(...args: string[]): string {
  return execFileSync("npx", ["tsx", "scripts/user.ts", ...args], {
    env: { ...process.env, APP_DB_PATH: process.env.E2E_APP_DB_PATH },
    encoding: "utf8",
  });
}

export async function signInWithPassword(page: Page, email: string, password = PASSWORD) {
  const form = page.getByTestId("password-form");
  await form.getByLabel("Email").fill(email);
  await form.locator(`input[name="password"]`).fill(password);
  await form.getByRole("button", { name: "Sign in" }).click();
}

export async function expectSignedIn(page: Page) {
  await expect(page.getByTestId("account-menu")).toBeVisible();
  await expect(page.getByTestId("user-group")).toHaveCount(0);
}

export async function expectSignedOut(page: Page) {
  await expect(page.getByTestId("user-group")).toBeVisible();
  await expect(page.getByTestId("account-menu")).toHaveCount(0);
}

/** Signs in through next-auth's endpoint; the session cookie lands in the request's context. */
export async function signInByApi(request: APIRequestContext, email: string, password = PASSWORD) {
  const response = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken: await csrfToken(request), email, password, json: "true" },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A new account, signed in (the request shares its cookies with the page when it is page.request). */
export async function signedInUser(request: APIRequestContext, prefix: string, options: { isAcademic?: boolean } = {}): Promise<string> {
  const email = uniqueEmail(prefix);
  await signUpByApi(request, email, options);
  await signInByApi(request, email);
  return email;
}

const sharedEmails = new Map<string, string>();

/**
 * One account per plan for this worker, signed in on `request`: pages that only need "a free user"
 * or "a PRO user" reuse it, so the suite stays under the sign-up limit per address (30 an hour).
 */
export async function sharedUser(request: APIRequestContext, plan: "free" | "pro"): Promise<string> {
  let email = sharedEmails.get(plan);
  if (!email) {
    email = uniqueEmail(`shared-${plan}`);
    await signUpByApi(request, email);
    if (plan === "pro") userCli("set-role", email, "1");
    sharedEmails.set(plan, email);
  }
  await signInByApi(request, email);
  return email;
}
