/**
 * Sessions survive an app-database outage (issue 41): while the user's row cannot be read, GET
 * /api/auth/session answers from the token's last known state and never deletes the cookie; once
 * the database answers again, revocation (a newer session version) wins.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { AppDb } from "@/server/db/client";

process.env.NEXTAUTH_SECRET = "outage-test-secret-outage-test-secret-0123";
process.env.NEXTAUTH_URL = "http://localhost:3000";
process.env.APP_DB_PATH = ":memory:";

// next-auth's core handler (what its route handler calls), loaded by path: the package does not export it.
type Handler = (params: { req: Request; options: unknown }) => Promise<{ status?: number; body?: unknown; cookies?: unknown[] }>;
const { AuthHandler } = createRequire(import.meta.url)(join(process.cwd(), "node_modules/next-auth/core/index.js")) as { AuthHandler: Handler };
const { encode } = await import("next-auth/jwt");
const { authOptions, refreshSessionToken, SessionEndedError } = await import("./options");
const { createUser, endSessions } = await import("./users");
const { getDb, APP_DB } = await import("@/server/db/client");
const { heldValue } = await import("@/server/processState");

/** The process's database slot (processState): swapped for a refusing one while "down". */
const appDb = () => heldValue<{ db: AppDb }>(APP_DB)!;
const COOKIE = "next-auth.session-token";

/** The app database as a stopped PostgreSQL looks to the pool: every query refused. */
function refusedDb(real: AppDb): AppDb {
  const refused = () => Promise.reject(Object.assign(new Error("Failed query: select ..."), { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED", syscall: "connect" }) }));
  return { ...real, use: refused, tx: refused, ping: refused };
}

let realDb: AppDb;
let userId: string;
let token: string;

beforeAll(async () => {
  realDb = getDb();
  const row = await createUser({ name: "Ana", email: "ana@outage.org", passwordHash: null });
  userId = row.id;
  token = await encode({
    token: { sub: row.id, sv: 0, am: "password", at: Date.now(), name: "Ana", email: "ana@outage.org", u: { id: row.id, name: "Ana", email: "ana@outage.org", role: 0, isAcademic: false, sso_logo: null, bespoke_user_metadata: {} } },
    secret: process.env.NEXTAUTH_SECRET!,
  });
});

afterEach(() => {
  appDb().db = realDb;
  vi.restoreAllMocks();
});

async function readSession(): Promise<{ status: number; body: unknown; cookies: { name: string; value: string; options?: { expires?: Date; maxAge?: number } }[] }> {
  const request = new Request("http://localhost:3000/api/auth/session", { headers: { cookie: `${COOKIE}=${token}`, host: "localhost:3000" } });
  const answer = await AuthHandler({ req: request, options: authOptions() });
  return { status: answer.status ?? 200, body: answer.body, cookies: (answer.cookies ?? []) as never };
}

function sessionCookieKept(cookies: { name: string; value: string; options?: { expires?: Date; maxAge?: number } }[]): boolean {
  const mine = cookies.filter((cookie) => cookie.name.startsWith(COOKIE));
  return mine.length > 0 && mine.every((cookie) => cookie.value !== "" && cookie.options?.maxAge !== 0 && (!cookie.options?.expires || cookie.options.expires.getTime() > Date.now()));
}

describe("GET /api/auth/session while the app database is unreachable", () => {
  it("reads the session from the database when it answers", async () => {
    const answer = await readSession();
    expect((answer.body as { user?: { email?: string } }).user?.email).toBe("ana@outage.org");
    expect(sessionCookieKept(answer.cookies)).toBe(true);
  });

  it("keeps the user signed in from the token and never deletes the cookie", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    appDb().db = refusedDb(realDb);
    for (let i = 0; i < 3; i++) {
      const answer = await readSession();
      expect((answer.body as { user?: { id?: string; email?: string } }).user).toMatchObject({ id: userId, email: "ana@outage.org" });
      expect(sessionCookieKept(answer.cookies)).toBe(true);
    }
  });

  it("lets revocation win once the database answers again", async () => {
    await endSessions(userId);
    const answer = await readSession();
    expect(answer.body).toEqual({});
    const cleared = answer.cookies.filter((cookie) => cookie.name.startsWith(COOKIE));
    expect(cleared.length).toBeGreaterThan(0);
    expect(cleared.every((cookie) => cookie.value === "")).toBe(true);
  });
});

describe("refreshSessionToken", () => {
  const u = { id: "u1", name: "Ana", email: "a@x.org", role: 1, isAcademic: false, sso_logo: null, bespoke_user_metadata: {} };

  it("answers the token as it was when the lookup cannot reach the database", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const down = () => Promise.reject(Object.assign(new Error("Connection terminated unexpectedly")));
    const token = await refreshSessionToken({ sub: "u1", sv: 3, u }, down);
    expect(token).toEqual({ sub: "u1", sv: 3, u });
  });

  it("still fails on any other error, and on a token that never had a user", async () => {
    const bug = () => Promise.reject(new TypeError("undefined is not a function"));
    await expect(refreshSessionToken({ sub: "u1", sv: 0, u }, bug)).rejects.toThrow(TypeError);
    const down = () => Promise.reject(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }));
    await expect(refreshSessionToken({ sub: "u1", sv: 0 }, down)).rejects.toThrow("refused");
  });

  it("ends a session whose user is gone or whose version moved on", async () => {
    await expect(refreshSessionToken({ sub: "u1", sv: 0, u }, async () => undefined)).rejects.toThrow(SessionEndedError);
    const row = { id: "u1", sessionVersion: 2 } as never;
    await expect(refreshSessionToken({ sub: "u1", sv: 1, u }, async () => row)).rejects.toThrow(SessionEndedError);
  });
});

describe("sessionUserFromToken (reads that go on during an outage)", () => {
  it("answers the row's user when the database answers, the token's when it is away, nobody for an ended session", async () => {
    const { sessionUserFromToken } = await import("./session");
    const u = { id: "u9", name: "Old name", email: "u9@x.org", role: 1, isAcademic: false, sso_logo: null, bespoke_user_metadata: {} };
    const raw = await encode({ token: { sub: "u9", sv: 2, u }, secret: process.env.NEXTAUTH_SECRET! });
    const row = { id: "u9", name: "New name", email: "u9@x.org", role: 10, isAcademic: false, ssoLogo: null, bespokeUserMetadata: {}, sessionVersion: 2, passwordHash: null } as never;
    expect((await sessionUserFromToken(raw, async () => row))?.role).toBe(10);
    const down = () => Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
    expect(await sessionUserFromToken(raw, down)).toEqual(u);
    expect(await sessionUserFromToken(raw, async () => ({ ...(row as object), sessionVersion: 3 }) as never)).toBeNull();
    expect(await sessionUserFromToken(undefined, down)).toBeNull();
    expect(await sessionUserFromToken("not a token", down)).toBeNull();
    await expect(sessionUserFromToken(raw, () => Promise.reject(new TypeError("a bug")))).rejects.toThrow(TypeError);
  });
});
