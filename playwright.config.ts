import { defineConfig, devices } from "@playwright/test";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { E2E_SIGNUP_LIMIT_PER_HOUR } from "./tests/e2e/support/limits";

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
// The BACI project runs against a second server over a warehouse with the BACI sample imported
// (scripts/test.sh builds it when ../shared/data/baci_sample exists).
const BACI_SPEC = /baci\.spec\.ts$/;
const baciWarehouse = "data/warehouse-baci.duckdb";
const baciPort = port + 2;
const baciURL = `http://localhost:${baciPort}`;
const withBaci = !process.env.E2E_BASE_URL && existsSync(baciWarehouse);

function server(serverPort: number, url: string, extra: Record<string, string | undefined> = {}) {
  const env: Record<string, string | undefined> = {
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(serverPort),
    ENABLE_TEST_ROUTES: "1",
    // The whole suite comes from one address: its anonymous API allowance is higher than the
    // published default (120), still below a key's (1200), which api-keys.spec.ts uses up.
    API_LIMIT_ANONYMOUS: "1000",
    // Several workers share that address too: their data requests under way at once are more
    // than one real client's (the cap itself is tested in src/server/front/door.lanes.test.ts).
    DATA_PER_CLIENT: "16",
    // A page past its age is rendered afresh, never answered stale: the cache specs expect a MISS
    // then a HIT (stale-while-revalidate itself is tested in src/server/front/door.test.ts).
    PAGE_CACHE_STALE_SECONDS: "0",
    // Every account the suite makes signs up from this one address: more than the default 30 an hour.
    SIGNUP_LIMIT_PER_HOUR: String(E2E_SIGNUP_LIMIT_PER_HOUR),
    STRICT_MESSAGES: "1",
    // A fixed secret for the test server only (production refuses to start without one).
    NEXTAUTH_SECRET: "e2e-only-secret-never-used-in-production-0123456789",
    NEXTAUTH_URL: url,
    APP_DB_PATH: process.env.E2E_APP_DB_PATH,
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    EMAIL_FROM: "Open Trade Observatory <no-reply@localhost>",
    ...extra,
  };
  return {
    command: `npx tsx scripts/serve.ts -p ${serverPort}`,
    url: `${url}/en`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
  };
}

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
    { name: "chromium", testIgnore: [CONSENT_SPEC, BACI_SPEC], use: { ...devices["Desktop Chrome"], channel: undefined, storageState: consentDecided } },
    { name: "consent", testMatch: CONSENT_SPEC, use: { ...devices["Desktop Chrome"], channel: undefined } },
    ...(withBaci ? [{ name: "baci", testMatch: BACI_SPEC, use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: baciURL, storageState: consentDecided } }] : []),
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : [server(port, baseURL), ...(withBaci ? [server(baciPort, baciURL, { WAREHOUSE_PATH: baciWarehouse, APP_DB_PATH: join(process.env.E2E_DATA_DIR!, "app-baci.db") })] : [])],
});
