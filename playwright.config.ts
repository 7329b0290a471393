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
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: `npx next start -p ${port}`,
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
