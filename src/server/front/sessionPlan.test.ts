/**
 * The plan the front door keys plan-dependent pages on comes from a verified session only: a
 * cookie it cannot decrypt with the auth secret, an ended session (a newer session version) or a
 * token whose claims were written by someone else is anonymous; a real session gives the user's
 * current role's plan, read from the app database (not from the token).
 */
import { beforeAll, describe, expect, it } from "vitest";

process.env.NEXTAUTH_SECRET = "plan-test-secret-plan-test-secret-0123456";
process.env.NEXTAUTH_URL = "http://localhost:3000";
process.env.APP_DB_PATH = ":memory:";

const { encode } = await import("next-auth/jwt");
const { createUser, endSessions, setRoles } = await import("@/server/auth/users");
const { sessionPlan } = await import("./sessionPlan");

const COOKIE = "next-auth.session-token";
const ask = (cookie?: string) => sessionPlan({ headers: cookie === undefined ? {} : { cookie } });
const tokenFor = (sub: string, sv: number, secret = process.env.NEXTAUTH_SECRET!) =>
  encode({ token: { sub, sv, u: { id: sub, name: "X", email: "x@plan.org", role: 2, isAcademic: false, sso_logo: null, bespoke_user_metadata: {} } }, secret });

let pro: string;
let free: string;

beforeAll(async () => {
  pro = (await createUser({ name: "Pro", email: "pro@plan.org", passwordHash: null, role: 1 })).id;
  free = (await createUser({ name: "Free", email: "free@plan.org", passwordHash: null })).id;
});

describe("the visitor's plan at the front door", () => {
  it("is anonymous without a session cookie, or with one that is not ours", async () => {
    expect(await ask()).toBe("anonymous");
    expect(await ask("ots-color-scheme=dark")).toBe("anonymous");
    expect(await ask(`${COOKIE}=not-a-token`)).toBe("anonymous");
    // Signed with another secret, claiming PREMIUM: not a session of this site.
    expect(await ask(`${COOKIE}=${await tokenFor(pro, 0, "someone-else-s-secret-someone-else-s-0000")}`)).toBe("anonymous");
  });

  it("is the plan of the user's current role, whatever the token claims", async () => {
    expect(await ask(`other=1; ${COOKIE}=${await tokenFor(pro, 0)}`)).toBe("pro");
    // The token says role 2 (PREMIUM); the row says free.
    expect(await ask(`${COOKIE}=${await tokenFor(free, 0)}`)).toBe("free");
    await setRoles(["free@plan.org"], 2);
    expect(await ask(`${COOKIE}=${await tokenFor(free, 0)}`)).toBe("premium");
  });

  it("is anonymous once the session has ended", async () => {
    const cookie = `${COOKIE}=${await tokenFor(pro, 0)}`;
    await endSessions(pro);
    expect(await ask(cookie)).toBe("anonymous");
  });
});
