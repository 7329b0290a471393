/**
 * Pages and answers that vary by plan, cached per plan behind the front door, on a real HTTP server
 * with a stand-in for Next.js that renders what a plan gate would: the tool for PRO, a preview for
 * everyone else. A PRO page is never served to an anonymous or free visitor (nor the other way
 * round), the render never sees the session, a client cannot name a plan itself, and personal
 * pages are never cached.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RenderPlan } from "@/domain/billing/renderPlan";
import { RENDER_PLAN_HEADER, renderPlanHeader, renderedPlan } from "@/server/auth/renderPlan";
import { Admission } from "./admission";
import { frontDoor } from "./door";
import { fetchText, listen, renderThrough, type TestServer } from "./doorTestServer";
import { PageCache } from "./pageCache";

let server: TestServer;
let base = "";
const seen: { url: string; cookie: string | undefined; plan: RenderPlan | null; planHeader: string | undefined }[] = [];

/** What a plan gate renders: the data for a paid plan, a preview (sign in / upgrade) otherwise. */
function fakeNext(req: IncomingMessage, res: ServerResponse) {
  const url = req.url ?? "/";
  const planHeader = req.headers[RENDER_PLAN_HEADER] as string | undefined;
  // The page's own reading of the plan (proAccess): the proven header, else the session cookie.
  const plan = renderedPlan(planHeader);
  seen.push({ url, cookie: req.headers.cookie, plan, planHeader });
  const fromCookie = /session=(\w+)/.exec(req.headers.cookie ?? "")?.[1] ?? "anonymous";
  const who = plan ?? fromCookie;
  const paid = who === "pro" || who === "premium";
  if (url.startsWith("/api/trends")) {
    res.setHeader("Content-Type", "application/json");
    res.setHeader("Cache-Control", "private, no-store");
    res.statusCode = paid ? 200 : 403;
    return void res.end(JSON.stringify(paid ? { rows: [1, 2, 3] } : { error: { code: "pro_required" } }));
  }
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.end(`<html>${paid ? "PRO DATA" : who === "free" ? "PREVIEW upgrade" : "PREVIEW sign in"} of ${url}${url.includes("account") ? ` for ${fromCookie}` : ""}</html>`);
}

const get = (path: string, headers: Record<string, string> = {}) => fetchText(`${base}${path}`, headers);

/** The door's plan reader: the stand-in session cookie; "broken" fails like an unreadable session. */
async function planOfCookie(req: IncomingMessage): Promise<RenderPlan> {
  const value = /session=(\w+)/.exec(req.headers.cookie ?? "")?.[1];
  if (value === "broken") throw new Error("the app database is away");
  return value === "pro" || value === "premium" || value === "free" ? value : "anonymous";
}

beforeAll(async () => {
  const door = frontDoor(fakeNext, {
    trustedHops: 0,
    origin: null,
    tagManager: false,
    admission: new Admission(4, 16),
    pages: { cache: new PageCache(1 << 24, 60_000), generation: () => "g1", render: renderThrough(() => base), secret: "test-secret", plan: planOfCookie },
  });
  server = await listen(door);
  base = server.base;
});

afterAll(() => {
  return server.close();
});

const PRO_PAGE = "/en/profile/subnational_esp/28";

describe("pages cached per plan", () => {
  it("never serves a page rendered for PRO to an anonymous or free visitor, nor theirs to PRO", async () => {
    const pro = await get(PRO_PAGE, { cookie: "session=pro" });
    expect([pro.status, pro.headers["x-front-cache"]]).toEqual([200, "MISS"]);
    expect(pro.body).toContain("PRO DATA");

    // The PRO entry is in the cache; an anonymous visitor of the same URL must not get it.
    const anonymous = await get(PRO_PAGE);
    expect(anonymous.body).toContain("PREVIEW sign in");
    expect(anonymous.body).not.toContain("PRO DATA");
    expect(anonymous.headers["x-front-cache"]).toBe("MISS");
    const free = await get(PRO_PAGE, { cookie: "session=free" });
    expect(free.body).toContain("PREVIEW upgrade");
    expect(free.headers["x-front-cache"]).toBe("MISS");

    // Each plan then gets its own page from the cache.
    const again = await Promise.all([get(PRO_PAGE, { cookie: "session=pro" }), get(PRO_PAGE), get(PRO_PAGE, { cookie: "session=free" })]);
    expect(again.map((r) => r.headers["x-front-cache"])).toEqual(["HIT", "HIT", "HIT"]);
    expect(again.map((r) => /PRO DATA|PREVIEW sign in|PREVIEW upgrade/.exec(r.body)?.[0])).toEqual(["PRO DATA", "PREVIEW sign in", "PREVIEW upgrade"]);
    // PREMIUM is a plan of its own (a PREMIUM-only gate must never hand its page to PRO).
    expect((await get(PRO_PAGE, { cookie: "session=premium" })).headers["x-front-cache"]).toBe("MISS");

    // Never for a shared cache, even the cookie-less anonymous variant.
    for (const answer of [pro, anonymous, ...again]) expect(answer.headers["cache-control"]).toBe("private, no-cache");
  });

  it("renders for the plan without the session: no cookie of the visitor reaches the render", async () => {
    const before = seen.length;
    await get("/es/trend-explorer", { cookie: "session=pro; other=secret-value" });
    const renders = seen.slice(before);
    expect(renders).toHaveLength(1);
    expect(renders[0]!.plan).toBe("pro");
    expect(renders[0]!.cookie).toBeUndefined();
  });

  it("ignores a plan a client names itself, proven or not", async () => {
    const before = seen.length;
    // A forged header on a personal page: the door removes it; Next never sees it.
    await get("/en/account", { [RENDER_PLAN_HEADER]: renderPlanHeader("premium") });
    await get("/en/account", { [RENDER_PLAN_HEADER]: "pro guessed-proof" });
    expect(seen.slice(before).map((r) => r.planHeader)).toEqual([undefined, undefined]);
    // On a plan page the visitor is anonymous whatever it sends.
    const forged = await get("/zh/explorer", { [RENDER_PLAN_HEADER]: renderPlanHeader("pro") });
    expect(forged.body).toContain("PREVIEW sign in");
    expect(renderedPlan("pro guessed-proof")).toBeNull();
  });

  it("caches the trends API per plan: PRO's rows never answer an anonymous request", async () => {
    const url = "/api/trends?reporter=chl&flow=export";
    const first = await get(url, { cookie: "session=pro" });
    const second = await get(url, { cookie: "session=pro" });
    expect([first.status, first.headers["x-front-cache"], second.headers["x-front-cache"]]).toEqual([200, "MISS", "HIT"]);
    expect(JSON.parse(second.body)).toEqual({ rows: [1, 2, 3] });
    expect(second.headers["cache-control"]).toBe("private, no-store");
    expect(second.headers["vary"]).toBe("Accept-Encoding, Cookie");
    const anonymous = await get(url);
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).not.toContain("rows");
  });

  it("does not cache what varies by plan when the plan cannot be read, nor personal pages", async () => {
    const before = seen.length;
    const broken = await get(PRO_PAGE, { cookie: "session=broken" });
    expect(broken.headers["x-front-cache"]).toBeUndefined();
    // Handed to Next.js as it came: the page reads the session itself.
    expect(seen.at(-1)).toMatchObject({ url: PRO_PAGE, cookie: "session=broken", plan: null });
    const account = await Promise.all([get("/en/account", { cookie: "session=pro" }), get("/en/account", { cookie: "session=free" })]);
    expect(account.map((r) => r.headers["x-front-cache"])).toEqual([undefined, undefined]);
    expect(account.map((r) => r.body)).toEqual([expect.stringContaining("for pro"), expect.stringContaining("for free")]);
    expect(seen.length - before).toBe(3);
  });
});
