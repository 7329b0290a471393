/**
 * The environment, read in one place. Every setting the server knows is parsed and validated here
 * (README.md, "Configuration", is the list); nothing else in src/ reads `process.env` (an ESLint
 * rule keeps it so). Exceptions, each for a reason: `NEXT_PUBLIC_*` values are inlined into the
 * browser bundle by Next.js and must stay literal (features/shell/support.ts), and
 * instrumentation.ts checks NEXT_RUNTIME before it may load any server module.
 *
 * A malformed value never silently becomes something else at start: `checkSettings()` (run when
 * the server starts) stops with one message naming every bad variable. Callers that read settings
 * later get the documented default for a malformed value, so a script or test is never worse off
 * than with the variable unset.
 *
 * Functions that depend on settings take an optional `env` so tests can pass a plain object;
 * without it they read the process environment, re-parsed only when a value changed.
 */
import "server-only";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

export type Env = Record<string, string | undefined>;

export interface WarehouseRuntimeSettings {
  cacheEntries: number;
  cacheBytes: number;
  queryTimeoutMs: number;
  threads: number;
  memoryLimit: string;
  connections: number;
  /** Requests that may wait for a connection; beyond it the answer is 503 with Retry-After at once. */
  queue: number;
  /** The most groups one query may make (estimated before it runs, warehouse/cost.ts); beyond it a 400. */
  maxGroups: number;
  /** WAREHOUSE_TEMP_DIRECTORY as given (relative to projectRoot): where DuckDB spills past its memory limit; null: DuckDB's own (the warehouse file's name + ".tmp"). */
  tempDirectory: string | null;
}

export interface Settings {
  nodeEnv: string;
  production: boolean;
  /** PORT: where `npm start` serves; the localhost fallback of the public origins. */
  port: number;
  /** TRUST_PROXY_HOPS: proxies in front of this node that append to X-Forwarded-For (0: none). */
  trustProxyHops: number;
  /**
   * TRUSTED_PROXIES: the addresses or networks (CIDR) of the proxies that connect to this node; only
   * on a connection from one of them does X-Forwarded-For count (default: loopback, a proxy on the
   * same machine).
   */
  trustedProxies: string[];
  /** The public page cache and the admission limit (server/front). */
  front: {
    pageCacheBytes: number;
    pageCacheSeconds: number;
    /** After PAGE_CACHE_SECONDS a page is still answered this long while a fresh one renders (0: never stale). */
    pageCacheStaleSeconds: number;
    /** The lane of pages, sign-in and account calls. */
    renderConcurrency: number;
    renderQueue: number;
    /** The lane of the data API: its own places and queue, so queries never take the pages' places. */
    dataConcurrency: number;
    dataQueue: number;
    /** Data requests of one client under way at once (429 beyond). */
    dataPerClient: number;
    /** The longest any request waits in a lane's queue before a 503 (ms). */
    admissionWaitMs: number;
    /** A request takes one lane place per this many ms of its family's measured render time (0: one place each). */
    costUnitMs: number;
    /** Render worker processes beside this one (null: one per core beyond the first, at most three). */
    renderWorkers: number | null;
    /** IPv6 clients are counted per network of this prefix length (a /64 is one subscriber). */
    ipv6Prefix: number;
  };
  /** The data API's published limits, requests per minute (server/api/meter.ts). */
  api: { anonymousPerMinute: number; keyPerMinute: number; proKeyPerMinute: number };
  /** SIGNUP_LIMIT_PER_HOUR: sign-ups per client address an hour (server/auth/rateLimits.ts). */
  signupPerHour: number;
  /** NODE_NAME: sent as X-Node on every answer when set (which node of several answered). */
  nodeName: string | null;
  /** EXPORT_DIR as given (relative to projectRoot), when set: where `npm run data:export` writes the bulk files. */
  exportDir: string | null;
  /** SITE_URL, when set and valid. */
  siteUrl: URL | null;
  /** NEXTAUTH_URL, when set and valid. */
  nextAuthUrl: URL | null;
  /** NEXTAUTH_SECRET, else AUTH_SECRET. */
  authSecret: string | null;
  /** PROJECT_ROOT (resolved), else the working directory. */
  projectRoot: string;
  /** TRADE_DATA_DIR and WAREHOUSE_PATH as given (relative to projectRoot), when set. */
  tradeDataDir: string | null;
  warehousePath: string | null;
  warehouse: WarehouseRuntimeSettings;
  databaseUrl: string | null;
  appDbPath: string | null;
  smtpUrl: string | null;
  emailFrom: string | null;
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  /** STRIPE_ACADEMIC_COUPON: the Stripe coupon academic users' PRO checkout carries (else the academic price is sent inline). */
  stripeAcademicCoupon: string | null;
  /** GTM_ID as given: a malformed id only means no tag (README), so it is checked where used. */
  gtmId: string | null;
  slackWebhookUrl: string | null;
  /** LLM_BASE_URL, LLM_API_KEY, LLM_MODEL: an OpenAI-compatible chat-completions server for the data assistant (docs/chat.md); null unless the URL and the model are set. */
  llm: { baseUrl: string; apiKey: string | null; model: string } | null;
  enableTestRoutes: boolean;
  strictMessages: boolean;
  /** STORE_URL: the external merchandise store the About menu links to (spec section 2); null: no link. */
  storeUrl: string | null;
  /** SOCIAL_LINKS: "Name=https://…" pairs, comma-separated, shown in the footer under "Follow us". */
  socialLinks: { name: string; url: string }[];
  /** One line per malformed variable (its default was used instead). */
  problems: string[];
}

const text = z.string().trim().min(1);
const url = (protocols: string[]) =>
  text.pipe(
    z.string().refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be an absolute ${protocols.map((p) => p.replace(/:$/, "")).join(" or ")} URL`),
  );
const wholeNumber = (max: number) =>
  text.pipe(
    z
      .string()
      .regex(/^\d+$/, "must be a positive whole number")
      .transform(Number)
      .refine((n) => n > 0, "must be a positive whole number")
      .transform((n) => Math.min(n, max)),
  );
/** A whole number where 0 means "none" (a stale time of 0: never stale). */
const zeroOrMore = (max: number) =>
  text.pipe(z.string().regex(/^\d+$/, "must be a whole number, 0 or more").transform(Number).transform((n) => Math.min(n, max)));
/** TRUSTED_PROXIES when unset: a proxy on the same machine (nginx connecting over loopback). */
export const DEFAULT_TRUSTED_PROXIES = ["127.0.0.1", "::1"];

/** "10.0.0.5", "10.0.0.0/24", "fd00::/8": an address or a network. */
export function isProxyEntry(entry: string): boolean {
  const [address, bits, ...rest] = entry.split("/");
  const family = isIP(address ?? "");
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

const proxyList = text.pipe(
  z
    .string()
    .transform((value) => value.split(",").map((entry) => entry.trim()).filter(Boolean))
    .pipe(z.array(z.string().refine(isProxyEntry, "must be IP addresses or networks (10.0.0.5, 10.0.0.0/24, fd00::/8) separated by commas")).min(1, "must list at least one address")),
);

const hopCount = text.pipe(z.string().regex(/^\d+$/, "must be a whole number from 0 to 10").transform(Number).refine((n) => n <= 10, "must be a whole number from 0 to 10"));
const memorySize = text.pipe(z.string().regex(/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i, "must be a size such as 2GB or 512MB"));
const port = text.pipe(
  z
    .string()
    .regex(/^\d+$/, "must be a port number")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 65535, "must be a port number (1-65535)"),
);

/** Reads one variable: unset or blank gives the default; malformed gives the default and a problem. */
function reader(env: Env, problems: string[]) {
  return <T>(name: string, schema: z.ZodType<T>, fallback: T): T => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === "") return fallback;
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const shown = raw.length > 60 ? `${raw.slice(0, 57)}...` : raw;
    problems.push(`${name} ${parsed.error.issues[0]?.message ?? "is malformed"} (got ${JSON.stringify(shown)}); using the default instead.`);
    return fallback;
  };
}

/** "Mastodon=https://…,LinkedIn=https://…": each a short name and an https URL. */
const socialLinkList = text.pipe(
  z
    .string()
    .transform((value) => value.split(",").map((pair) => pair.trim()).filter(Boolean))
    .pipe(
      z.array(
        z
          .string()
          .regex(/^[^=]{1,40}=https:\/\/\S+$/, "must be Name=https://… pairs separated by commas")
          .transform((pair) => {
            const at = pair.indexOf("=");
            return { name: pair.slice(0, at).trim(), url: pair.slice(at + 1).trim() };
          })
          .refine(({ name, url }) => name.length > 0 && URL.canParse(url), "must be Name=https://… pairs separated by commas"),
      ),
    ),
);

function optionalText(env: Env, name: string): string | null {
  return env[name]?.trim() || null;
}

export function parseSettings(env: Env): Settings {
  const problems: string[] = [];
  const read = reader(env, problems);
  const nodeEnv = env.NODE_ENV ?? "development";
  const toUrl = (value: string | null) => (value ? new URL(value) : null);
  return {
    nodeEnv,
    production: nodeEnv === "production",
    port: read("PORT", port, 3000),
    trustProxyHops: read("TRUST_PROXY_HOPS", hopCount, 0),
    trustedProxies: read("TRUSTED_PROXIES", proxyList, DEFAULT_TRUSTED_PROXIES),
    front: {
      pageCacheBytes: read("PAGE_CACHE_MB", wholeNumber(65_536), 256) * 1024 * 1024,
      pageCacheSeconds: read("PAGE_CACHE_SECONDS", wholeNumber(86_400), 300),
      pageCacheStaleSeconds: read("PAGE_CACHE_STALE_SECONDS", zeroOrMore(604_800), 86_400),
      renderConcurrency: read("RENDER_CONCURRENCY", wholeNumber(1024), 4),
      renderQueue: read("RENDER_QUEUE", wholeNumber(100_000), 64),
      dataConcurrency: read("DATA_CONCURRENCY", wholeNumber(1024), 2),
      dataQueue: read("DATA_QUEUE", wholeNumber(100_000), 16),
      dataPerClient: read("DATA_PER_CLIENT", wholeNumber(1024), 4),
      admissionWaitMs: read("ADMISSION_WAIT_MS", wholeNumber(600_000), 5_000),
      costUnitMs: read("ADMISSION_COST_UNIT_MS", zeroOrMore(60_000), 100),
      renderWorkers: read<number | null>("RENDER_WORKERS", zeroOrMore(64), null),
      ipv6Prefix: read("IPV6_PREFIX", wholeNumber(128), 64),
    },
    api: {
      anonymousPerMinute: read("API_LIMIT_ANONYMOUS", wholeNumber(1_000_000), 120),
      keyPerMinute: read("API_LIMIT_KEY", wholeNumber(1_000_000), 1200),
      proKeyPerMinute: read("API_LIMIT_KEY_PRO", wholeNumber(1_000_000), 6000),
    },
    signupPerHour: read("SIGNUP_LIMIT_PER_HOUR", wholeNumber(100_000), 30),
    exportDir: optionalText(env, "EXPORT_DIR"),
    nodeName: read<string | null>("NODE_NAME", text.pipe(z.string().regex(/^[A-Za-z0-9._-]{1,40}$/, "must be 1 to 40 letters, digits, dots, dashes or underscores")), null),
    siteUrl: toUrl(read<string | null>("SITE_URL", url(["http:", "https:"]), null)),
    nextAuthUrl: toUrl(read<string | null>("NEXTAUTH_URL", url(["http:", "https:"]), null)),
    authSecret: optionalText(env, "NEXTAUTH_SECRET") ?? optionalText(env, "AUTH_SECRET"),
    projectRoot: path.resolve(env.PROJECT_ROOT || process.cwd()),
    tradeDataDir: optionalText(env, "TRADE_DATA_DIR"),
    warehousePath: optionalText(env, "WAREHOUSE_PATH"),
    warehouse: {
      cacheEntries: read("WAREHOUSE_CACHE_ENTRIES", wholeNumber(100_000), 5000),
      cacheBytes: read("WAREHOUSE_CACHE_MB", wholeNumber(4096), 64) * 1024 * 1024,
      queryTimeoutMs: read("WAREHOUSE_QUERY_TIMEOUT_MS", wholeNumber(600_000), 15_000),
      threads: read("WAREHOUSE_THREADS", wholeNumber(256), 2),
      memoryLimit: read("WAREHOUSE_MEMORY_LIMIT", memorySize, "2GB"),
      connections: read("WAREHOUSE_CONNECTIONS", wholeNumber(64), 4),
      queue: read("WAREHOUSE_QUEUE", wholeNumber(10_000), 64),
      maxGroups: read("WAREHOUSE_MAX_GROUPS", wholeNumber(1_000_000_000), 3_000_000),
      tempDirectory: optionalText(env, "WAREHOUSE_TEMP_DIRECTORY"),
    },
    databaseUrl: optionalText(env, "DATABASE_URL"),
    appDbPath: optionalText(env, "APP_DB_PATH"),
    smtpUrl: read<string | null>("SMTP_URL", url(["smtp:", "smtps:"]), null),
    emailFrom: optionalText(env, "EMAIL_FROM"),
    stripeSecretKey: optionalText(env, "STRIPE_SECRET_KEY"),
    stripeWebhookSecret: optionalText(env, "STRIPE_WEBHOOK_SECRET"),
    stripeAcademicCoupon: read<string | null>("STRIPE_ACADEMIC_COUPON", text.pipe(z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, "must be a Stripe coupon id (letters, digits, - and _)")), null),
    gtmId: optionalText(env, "GTM_ID"),
    slackWebhookUrl: read<string | null>("SLACK_WEBHOOK_URL", url(["https:", "http:"]), null),
    llm: (() => {
      const baseUrl = read<string | null>("LLM_BASE_URL", url(["http:", "https:"]), null);
      const model = optionalText(env, "LLM_MODEL");
      return baseUrl && model ? { baseUrl, apiKey: optionalText(env, "LLM_API_KEY"), model } : null;
    })(),
    enableTestRoutes: env.ENABLE_TEST_ROUTES === "1",
    strictMessages: env.STRICT_MESSAGES === "1",
    storeUrl: read<string | null>("STORE_URL", url(["https:"]), null),
    socialLinks: read<{ name: string; url: string }[]>("SOCIAL_LINKS", socialLinkList, []),
    problems,
  };
}

/** Every variable parseSettings reads: a change to any of them means a new parse. */
const NAMES = [
  "NODE_ENV", "PORT", "TRUST_PROXY_HOPS", "TRUSTED_PROXIES", "PAGE_CACHE_MB", "PAGE_CACHE_SECONDS", "PAGE_CACHE_STALE_SECONDS", "RENDER_CONCURRENCY", "RENDER_QUEUE", "DATA_CONCURRENCY", "DATA_QUEUE", "DATA_PER_CLIENT", "ADMISSION_WAIT_MS", "ADMISSION_COST_UNIT_MS", "RENDER_WORKERS", "IPV6_PREFIX", "API_LIMIT_ANONYMOUS", "API_LIMIT_KEY", "API_LIMIT_KEY_PRO", "SIGNUP_LIMIT_PER_HOUR", "EXPORT_DIR", "NODE_NAME", "SITE_URL", "NEXTAUTH_URL", "NEXTAUTH_SECRET", "AUTH_SECRET", "PROJECT_ROOT", "TRADE_DATA_DIR",
  "WAREHOUSE_PATH", "WAREHOUSE_CACHE_ENTRIES", "WAREHOUSE_CACHE_MB", "WAREHOUSE_QUERY_TIMEOUT_MS", "WAREHOUSE_THREADS",
  "WAREHOUSE_MEMORY_LIMIT", "WAREHOUSE_CONNECTIONS", "WAREHOUSE_QUEUE", "WAREHOUSE_MAX_GROUPS", "WAREHOUSE_TEMP_DIRECTORY", "DATABASE_URL", "APP_DB_PATH", "SMTP_URL", "EMAIL_FROM",
  "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_ACADEMIC_COUPON", "GTM_ID", "SLACK_WEBHOOK_URL", "LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "ENABLE_TEST_ROUTES", "STRICT_MESSAGES",
  "STORE_URL", "SOCIAL_LINKS",
] as const;

const parsed = new WeakMap<Env, { key: string; settings: Settings; checkedAt: number }>();

/**
 * How long a production server trusts its parsed settings before reading its environment again.
 * Reading process.env costs about a microsecond a variable, and the warehouse asks for its path
 * on every query (about fifty times a profile render): reading all of them each time was 2% of a
 * render. Nothing changes a running server's environment, so a second's delay costs nothing;
 * tests change it freely, so under a test runner (VITEST set) every call reads it.
 */
const PRODUCTION_RECHECK_MS = 1_000;

/** The settings of `env` (default: this process's environment). Cheap to call per request. */
export function settings(env: Env = process.env): Settings {
  const hit = parsed.get(env);
  const now = Date.now();
  if (hit && hit.settings.production && now - hit.checkedAt < PRODUCTION_RECHECK_MS && !process.env.VITEST) return hit.settings;
  const key = `${process.cwd()}\u0000${NAMES.map((name) => env[name] ?? "\u0001").join("\u0000")}`;
  if (hit?.key === key) {
    hit.checkedAt = now;
    return hit.settings;
  }
  const fresh = parseSettings(env);
  parsed.set(env, { key, settings: fresh, checkedAt: now });
  return fresh;
}

export class SettingsError extends Error {
  override name = "SettingsError";
  constructor(readonly problems: string[]) {
    super(`The environment has ${problems.length === 1 ? "a malformed setting" : `${problems.length} malformed settings`} (see README.md, "Configuration"):\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** At start: throws a SettingsError naming every malformed variable. */
export function checkSettings(env: Env = process.env): Settings {
  const current = settings(env);
  if (current.problems.length) throw new SettingsError(current.problems);
  return current;
}

/**
 * next-auth reads NEXTAUTH_URL from the environment itself for every link it builds; without it
 * it assumes http://localhost:3000. Give it the site's own origin when unset.
 */
export function defaultNextAuthUrl(origin: string, env: Env = process.env): void {
  if (!env.NEXTAUTH_URL) env.NEXTAUTH_URL = origin;
}
