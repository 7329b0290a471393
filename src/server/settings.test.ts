import { describe, expect, it, vi } from "vitest";
import { checkSettings, parseSettings, settings, SettingsError } from "./settings";

describe("settings", () => {
  it("gives README's defaults for an empty environment", () => {
    const s = parseSettings({});
    expect(s).toMatchObject({
      port: 3000,
      siteUrl: null,
      nextAuthUrl: null,
      authSecret: null,
      warehouse: { cacheEntries: 5000, cacheBytes: 64 * 1024 * 1024, queryTimeoutMs: 15_000, threads: 2, memoryLimit: "2GB", connections: 4, tempDirectory: null },
      enableTestRoutes: false,
      strictMessages: false,
      problems: [],
    });
    expect(s.projectRoot).toBe(process.cwd());
  });

  it("reads and trims what is set", () => {
    const s = parseSettings({
      PORT: "3201",
      SITE_URL: "https://trade.example/",
      AUTH_SECRET: " s3cret ",
      WAREHOUSE_THREADS: "8",
      WAREHOUSE_CACHE_ENTRIES: "1000000",
      WAREHOUSE_MEMORY_LIMIT: "512MB",
      WAREHOUSE_TEMP_DIRECTORY: " /var/tmp/oto-duckdb ",
      SMTP_URL: "smtps://u:p@mail.example:465",
      ENABLE_TEST_ROUTES: "1",
      PROJECT_ROOT: "/srv/app",
    });
    expect(s).toMatchObject({ port: 3201, authSecret: "s3cret", smtpUrl: "smtps://u:p@mail.example:465", enableTestRoutes: true, projectRoot: "/srv/app", problems: [] });
    expect(s.siteUrl?.origin).toBe("https://trade.example");
    // Above its ceiling a number is capped, as before.
    expect(s.warehouse).toMatchObject({ threads: 8, cacheEntries: 100_000, memoryLimit: "512MB", tempDirectory: "/var/tmp/oto-duckdb" });
  });

  it("names every malformed variable, and uses its default meanwhile", () => {
    const env = { WAREHOUSE_MEMORY_LIMIT: "lots; DROP", WAREHOUSE_CACHE_ENTRIES: "-3", PORT: "http", NEXTAUTH_URL: "not a url", SMTP_URL: "mail.example" };
    const s = parseSettings(env);
    expect(s.warehouse).toMatchObject({ memoryLimit: "2GB", cacheEntries: 5000 });
    expect(s.port).toBe(3000);
    expect(s.nextAuthUrl).toBeNull();
    expect(s.problems.map((p) => p.split(" ")[0])).toEqual(["PORT", "NEXTAUTH_URL", "WAREHOUSE_CACHE_ENTRIES", "WAREHOUSE_MEMORY_LIMIT", "SMTP_URL"]);
    expect(s.problems[2]).toBe('WAREHOUSE_CACHE_ENTRIES must be a positive whole number (got "-3"); using the default instead.');
    expect(() => checkSettings(env)).toThrow(SettingsError);
    expect(() => checkSettings(env)).toThrow(/5 malformed settings[\s\S]*SMTP_URL must be an absolute smtp or smtps URL/);
    expect(checkSettings({ PORT: "8080" }).port).toBe(8080);
  });

  it("reads the trusted proxy hops: 0 unless set, 0 to 10", () => {
    expect(parseSettings({}).trustProxyHops).toBe(0);
    expect(parseSettings({ TRUST_PROXY_HOPS: "1" }).trustProxyHops).toBe(1);
    const bad = parseSettings({ TRUST_PROXY_HOPS: "-1" });
    expect(bad.trustProxyHops).toBe(0);
    expect(bad.problems[0]).toMatch(/^TRUST_PROXY_HOPS must be a whole number from 0 to 10/);
    expect(parseSettings({ TRUST_PROXY_HOPS: "11" }).problems).toHaveLength(1);
  });

  it("reads the trusted proxies: loopback unless set, addresses and networks of both families, nothing else", () => {
    expect(parseSettings({}).trustedProxies).toEqual(["127.0.0.1", "::1"]);
    expect(parseSettings({ TRUSTED_PROXIES: " 10.0.0.5, 10.0.1.0/24 ,fd00::/8" }).trustedProxies).toEqual(["10.0.0.5", "10.0.1.0/24", "fd00::/8"]);
    for (const bad of ["localhost", "10.0.0.0/33", "::/129", "10.0.0.1/", "10.0.0.0/8/1", "10.0.0.0/abc", ",,"]) {
      const parsed = parseSettings({ TRUSTED_PROXIES: bad });
      expect(parsed.trustedProxies, bad).toEqual(["127.0.0.1", "::1"]);
      expect(parsed.problems[0], bad).toMatch(/^TRUSTED_PROXIES must/);
    }
  });

  it("re-reads an environment only when a value changed", () => {
    const env: Record<string, string | undefined> = { WAREHOUSE_THREADS: "3" };
    const first = settings(env);
    expect(settings(env)).toBe(first);
    env.WAREHOUSE_THREADS = "5";
    expect(settings(env).warehouse.threads).toBe(5);
  });

  it("in a production server, reads its environment again at most once a second (tests always read it)", () => {
    vi.useFakeTimers();
    try {
      const env: Record<string, string | undefined> = { NODE_ENV: "production", WAREHOUSE_THREADS: "3" };
      vi.stubEnv("VITEST", "");
      const first = settings(env);
      env.WAREHOUSE_THREADS = "5";
      // Within the second: the parsed settings, without reading the variables again.
      expect(settings(env)).toBe(first);
      vi.advanceTimersByTime(1_001);
      expect(settings(env).warehouse.threads).toBe(5);
      // Under a test runner, every call reads the environment.
      vi.unstubAllEnvs();
      env.WAREHOUSE_THREADS = "7";
      expect(settings(env).warehouse.threads).toBe(7);
    } finally {
      vi.unstubAllEnvs();
      vi.useRealTimers();
    }
  });
});

describe("PAGE_CACHE_STALE_SECONDS", () => {
  it("takes 0 (never stale) and caps at a week", () => {
    expect(parseSettings({ PAGE_CACHE_STALE_SECONDS: "0" }).front.pageCacheStaleSeconds).toBe(0);
    expect(parseSettings({}).front.pageCacheStaleSeconds).toBe(86_400);
    expect(parseSettings({ PAGE_CACHE_STALE_SECONDS: "99999999" }).front.pageCacheStaleSeconds).toBe(604_800);
    expect(parseSettings({ PAGE_CACHE_STALE_SECONDS: "-1" }).problems.join()).toContain("PAGE_CACHE_STALE_SECONDS");
  });
});

describe("ADMISSION_COST_UNIT_MS", () => {
  it("is 100 ms a place by default (0 turns it off), takes a unit in ms, nonsense is a problem named", () => {
    expect(parseSettings({}).front.costUnitMs).toBe(100);
    expect(parseSettings({}).front.admissionWaitMs).toBe(5_000);
    expect(parseSettings({ ADMISSION_COST_UNIT_MS: "0" }).front.costUnitMs).toBe(0);
    expect(parseSettings({ ADMISSION_COST_UNIT_MS: "250" }).front.costUnitMs).toBe(250);
    expect(parseSettings({ ADMISSION_COST_UNIT_MS: "fast" }).problems.join()).toContain("ADMISSION_COST_UNIT_MS");
    // Render workers: unset is "decide by the cores" (null), 0 is none, nonsense is a problem named.
    expect(parseSettings({}).front.renderWorkers).toBeNull();
    expect(parseSettings({ RENDER_WORKERS: "0" }).front.renderWorkers).toBe(0);
    expect(parseSettings({ RENDER_WORKERS: "2" }).front.renderWorkers).toBe(2);
    expect(parseSettings({ RENDER_WORKERS: "many" }).problems.join()).toContain("RENDER_WORKERS");
  });
});
