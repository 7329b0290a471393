/**
 * Writes while the app database is away (issue 41): every app-database write route answers 503
 * with Retry-After and the JSON error body (not an empty 500), and works again when it returns;
 * sign-up, consent and history writes take an Idempotency-Key, so a retried POST writes once.
 * The routes run for real (session cookie, CSRF, limits, repositories) on an in-memory SQLite;
 * "unreachable" is a stub that refuses every query as a stopped PostgreSQL does.
 */
import { createHash } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppDb } from "@/server/db/client";

const SECRET = "write-outage-secret-write-outage-secret-01";
process.env.NEXTAUTH_SECRET = SECRET;
process.env.NEXTAUTH_URL = "http://localhost:3000";
process.env.APP_DB_PATH = ":memory:";

// The request's cookies, as Next.js would hand them to the session reader.
const jar = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    getAll: () => [...jar.cookies].map(([name, value]) => ({ name, value })),
    get: (name: string) => (jar.cookies.has(name) ? { name, value: jar.cookies.get(name)! } : undefined),
  }),
}));

const { encode } = await import("next-auth/jwt");
const history = await import("@/app/api/history/route");
const signup = await import("@/app/api/account/signup/route");
const consent = await import("@/app/api/consent/route");
const chatSession = await import("@/app/api/chat/sessions/[id]/route");
const chatSessions = await import("@/app/api/chat/sessions/route");
const { createUser, findUserByEmail } = await import("@/server/auth/users");
const { setConsent } = await import("@/server/consent/store");
const { getDb, APP_DB } = await import("@/server/db/client");
const { heldValue } = await import("@/server/processState");
const { whileDatabaseAnswers } = await import("@/server/db/unavailable");

/** The process's database slot (processState): swapped for a refusing one while "down". */
const appDb = () => heldValue<{ db: AppDb }>(APP_DB)!;
const TOKEN = "c".repeat(64);
const CSRF_COOKIE = `${TOKEN}|${createHash("sha256").update(`${TOKEN}${SECRET}`).digest("hex")}`;
let realDb: AppDb;
let address = 0;

function databaseDown() {
  const refused = () =>
    Promise.reject(Object.assign(new Error('Failed query: select "id" from "users"'), { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED", syscall: "connect" }) }));
  appDb().db = { ...realDb, use: refused, tx: refused, ping: refused };
}

beforeAll(async () => {
  realDb = getDb();
  const user = await createUser({ name: "Ana", email: "ana@outage.org", passwordHash: null });
  await setConsent(user.id, { checked: true, functional: true, tracking: true });
  const session = await encode({ token: { sub: user.id, sv: 0, u: { id: user.id, name: "Ana", email: "ana@outage.org", role: 0, isAcademic: false, sso_logo: null, bespoke_user_metadata: {} } }, secret: SECRET });
  jar.cookies.set("next-auth.session-token", session);
});

afterEach(() => {
  appDb().db = realDb;
  vi.restoreAllMocks();
});

function request(path: string, body: unknown, init: { method?: string; key?: string } = {}): Request {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    cookie: `next-auth.csrf-token=${encodeURIComponent(CSRF_COOKIE)}`,
    "x-forwarded-for": `10.1.0.${++address}`,
  };
  if (init.key) headers["idempotency-key"] = init.key;
  return new Request(`http://localhost:3000${path}`, { method: init.method ?? "POST", headers, body: JSON.stringify({ csrfToken: TOKEN, ...(body as object) }) });
}

const newcomer = (email: string) => ({ name: "New", email, password: "a long enough passphrase 42", isAcademic: false });

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("5");
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("database_unavailable");
  expect(body.error.message.length).toBeGreaterThan(10);
}

describe("write routes while the app database is unreachable", () => {
  it("answer 503 with Retry-After and the JSON error body", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    databaseDown();
    await expectUnavailable(await history.POST(request("/api/history", { visit: { link: "/profile/country/chl", title: "Chile" } })));
    await expectUnavailable(await history.DELETE(request("/api/history", {}, { method: "DELETE" })));
    await expectUnavailable(await history.GET());
    await expectUnavailable(await signup.POST(request("/api/account/signup", newcomer("down@outage.org"))));
    await expectUnavailable(await consent.POST(request("/api/consent", { consent: { checked: true, functional: true, tracking: false } })));
    const params = { params: Promise.resolve({ id: "conversation-1" }) };
    await expectUnavailable(await chatSession.PUT(request("/api/chat/sessions/conversation-1", { title: "Chile", turns: [] }, { method: "PUT" }), params));
    await expectUnavailable(await chatSessions.GET());
  });

  it("write again once it answers, and the refused sign-up left nothing behind", async () => {
    expect(await findUserByEmail("down@outage.org")).toBeUndefined();
    const visit = await history.POST(request("/api/history", { visit: { link: "/profile/country/chl", title: "Chile" } }));
    expect(visit.status).toBe(200);
    expect(((await visit.json()) as { entries: { link: string }[] }).entries[0]!.link).toBe("/profile/country/chl");
    expect((await signup.POST(request("/api/account/signup", newcomer("back@outage.org")))).status).toBe(201);
  });

  it("still answers other failures as errors, not as an outage", async () => {
    await expect(whileDatabaseAnswers("test", async () => {
      throw new TypeError("a bug");
    })).rejects.toThrow(TypeError);
  });
});

describe("Idempotency-Key on write routes", () => {
  it("creates one account for retried sign-ups with the same key, each answered 201", async () => {
    const key = "0b7c1a4e-aaaa-4bbb-8ccc-000000000001";
    const first = await signup.POST(request("/api/account/signup", newcomer("retry@outage.org"), { key }));
    expect(first.status).toBe(201);
    const retry = await signup.POST(request("/api/account/signup", newcomer("retry@outage.org"), { key }));
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual({ ok: true });
    // Without the key, the same sign-up is a second one: refused as taken.
    expect((await signup.POST(request("/api/account/signup", newcomer("retry@outage.org")))).status).toBe(409);
    const { users } = getDb().t;
    const rows = await getDb().use((orm) => orm.select().from(users));
    expect(rows.filter((row) => row.email === "retry@outage.org")).toHaveLength(1);
  });

  it("lets a client whose sign-up failed during the outage retry it with the same key", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const key = "0b7c1a4e-aaaa-4bbb-8ccc-000000000002";
    databaseDown();
    await expectUnavailable(await signup.POST(request("/api/account/signup", newcomer("later@outage.org"), { key })));
    appDb().db = realDb;
    const retry = await signup.POST(request("/api/account/signup", newcomer("later@outage.org"), { key }));
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
  });

  it("replays history and consent writes, and refuses a reused key for another request", async () => {
    const key = "0b7c1a4e-aaaa-4bbb-8ccc-000000000003";
    const visit = { visit: { link: "/profile/country/arg", title: "Argentina" } };
    const first = await history.POST(request("/api/history", visit, { key }));
    expect(first.status).toBe(200);
    const again = await history.POST(request("/api/history", visit, { key }));
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    const reused = await history.POST(request("/api/history", { visit: { link: "/profile/country/bra", title: "Brazil" } }, { key }));
    expect(reused.status).toBe(422);

    const consentKey = "0b7c1a4e-aaaa-4bbb-8ccc-000000000004";
    const choice = { consent: { checked: true, functional: true, tracking: false } };
    expect((await consent.POST(request("/api/consent", choice, { key: consentKey }))).status).toBe(200);
    const replay = await consent.POST(request("/api/consent", choice, { key: consentKey }));
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });

  it("refuses a malformed key with a 400 before doing anything", async () => {
    const response = await signup.POST(request("/api/account/signup", newcomer("bad-key@outage.org"), { key: "no good" }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid_idempotency_key");
    expect(await findUserByEmail("bad-key@outage.org")).toBeUndefined();
  });
});
