import { expect, test } from "./support/test";
import { expectSignedIn, PASSWORD, uniqueEmail } from "./support/accounts";

test.use({ viewport: { width: 1280, height: 900 } });

// The browser's writes carry an Idempotency-Key and are retried once on a 503 with the same key
// (src/features/session/idempotentPost.ts): a sign-up that met a database outage goes through.
test("the sign-up form retries a 503 once, after Retry-After, with the same Idempotency-Key", async ({ page }) => {
  const keys: (string | null)[] = [];
  await page.route("**/api/account/signup", async (route) => {
    keys.push(await route.request().headerValue("idempotency-key"));
    if (keys.length === 1) {
      await route.fulfill({
        status: 503,
        headers: { "Retry-After": "1", "Content-Type": "application/json" },
        body: JSON.stringify({ error: { code: "database_unavailable", message: "The app database is not answering; try again in a few seconds." } }),
      });
    } else {
      await route.continue();
    }
  });
  await page.goto("/en/signup");
  const form = page.getByTestId("signup-form");
  await form.getByLabel("Name").fill("Retry Tester");
  await form.getByLabel("Email").fill(uniqueEmail("retry"));
  await form.getByLabel("New password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/en");
  await expectSignedIn(page);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
});
