import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = Number(process.env.E2E_PORT || 3100);
const baseURL = process.env.E2E_BASE_URL || `http://localhost:${port}`;

// A throw-away app database for each run. Set once here; the workers inherit it through the
// environment (they re-read this file), so the tests and the server share the same database.
process.env.E2E_DATA_DIR ||= mkdtempSync(join(tmpdir(), "oto-e2e-"));
process.env.E2E_APP_DB_PATH ||= join(process.env.E2E_DATA_DIR, "app.db");
// The sign-in link test runs a local SMTP server on this port; the app sends its email there.
process.env.E2E_SMTP_PORT ||= String(port + 25);

// Every spec but the consent spec starts with the cookie choice made (all optional cookies
// refused), so the first-visit consent bar is not in the way of what they test.
const consentDecided = {
  cookies: [
    { name: "ots-consent", value: "f0t0", domain: new URL(baseURL).hostname, path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" as const },
  ],
  origins: [],
};
const CONSENT_SPEC = /consent\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: ".cache/playwright-results.json" }]],
  use: {
    baseURL,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's Chromium, installed by apt: never a downloaded browser build.
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
  },
  projects: [
    { name: "chromium", testIgnore: CONSENT_SPEC, use: { ...devices["Desktop Chrome"], channel: undefined, storageState: consentDecided } },
    { name: "consent", testMatch: CONSENT_SPEC, use: { ...devices["Desktop Chrome"], channel: undefined } },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: `npx tsx scripts/serve.ts -p ${port}`,
        url: `${baseURL}/en`,
        reuseExistingServer: !process.env.CI,
        timeout: 120_000,
        env: {
          NEXT_TELEMETRY_DISABLED: "1",
          PORT: String(port),
          ENABLE_TEST_ROUTES: "1",
          STRICT_MESSAGES: "1",
          // A fixed secret for the test server only (production refuses to start without one).
          NEXTAUTH_SECRET: "e2e-only-secret-never-used-in-production-0123456789",
          NEXTAUTH_URL: baseURL,
          APP_DB_PATH: process.env.E2E_APP_DB_PATH,
          SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
          EMAIL_FROM: "Open Trade Observatory <no-reply@localhost>",
        },
      },
});
