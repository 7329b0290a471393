/**
 * Scale-out, for real: two production nodes behind nginx on one PostgreSQL (cluster.ts). Sessions,
 * limits, consent and history hold across nodes; killing a node under load loses no answered write.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRONT, NODES, Session, startCluster, type Cluster } from "./cluster";

let cluster: Cluster;
let run = 0;
const email = (what: string) => `${what}-${process.pid}-${++run}@example.org`;

beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(async () => {
  await cluster?.stop();
});

describe("two nodes behind nginx, one PostgreSQL", () => {
  it("answers health on both nodes with the same warehouse generation and the database reachable", async () => {
    const a = (await (await fetch(`${NODES.a}/api/health`)).json()) as { status: string; database: { dialect: string; ok: boolean }; warehouse: { generation: string | null } };
    const b = (await (await fetch(`${NODES.b}/api/health`)).json()) as typeof a;
    expect(a).toMatchObject({ status: "ok", database: { dialect: "postgres", ok: true } });
    expect(b.status).toBe("ok");
    expect(a.warehouse.generation).toBe(b.warehouse.generation);
    // nginx spreads requests over both.
    const seen = new Set<string | null>();
    for (let i = 0; i < 6; i++) seen.add((await fetch(`${FRONT}/api/health`)).headers.get("x-node"));
    expect(seen).toEqual(new Set(["a", "b"]));
  });

  it("signs in through node A, uses the session through node B, and signing out on B ends it on A", async () => {
    const browser = new Session();
    const address = email("session");
    expect((await browser.signUp(NODES.a, address)).status).toBe(201);
    expect((await browser.signIn(NODES.a, address)).status).toBe(200);
    expect((await browser.user(NODES.a))?.email).toBe(address);
    expect((await browser.user(NODES.b))?.email).toBe(address);
    // A copy of the cookie, as a second tab or a thief would hold it.
    const copy = browser.clone();
    const out = await browser.request(NODES.b, "/api/auth/signout", { form: { csrfToken: await browser.csrf(NODES.b), json: "true" } });
    expect(out.status).toBe(200);
    expect(await copy.user(NODES.a)).toBeNull();
    expect(await copy.user(NODES.b)).toBeNull();
  });

  it("counts bad passwords spread over both nodes against one shared limit", async () => {
    const browser = new Session();
    const address = email("guess");
    expect((await browser.signUp(FRONT, address)).status).toBe(201);
    const nodes = new Set<string | null>();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await browser.signIn(i % 2 ? NODES.a : NODES.b, address, `wrong password ${i}`);
      statuses.push(answer.status);
      nodes.add(answer.node);
    }
    expect(nodes).toEqual(new Set(["a", "b"]));
    // Ten failures allowed in all, not ten per node: the eleventh is refused.
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await browser.signIn(NODES.a, address)).status).toBe(429);
  });

  it("keeps consent and history written on both nodes, all of it", async () => {
    const browser = new Session();
    const address = email("history");
    expect((await browser.signUp(FRONT, address)).status).toBe(201);
    expect((await browser.signIn(NODES.a, address)).status).toBe(200);
    const consent = await browser.request(NODES.b, "/api/consent", { json: { csrfToken: await browser.csrf(NODES.b), consent: { checked: true, functional: true, tracking: false } } });
    expect(consent.status).toBe(200);
    for (let i = 0; i < 10; i++) {
      const base = i % 2 ? NODES.a : NODES.b;
      const answer = await browser.request(base, "/api/history", { json: { csrfToken: await browser.csrf(base), visit: { link: `/profile/country/c${i}`, title: `Country ${i}` } } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const list = (await browser.request(FRONT, "/api/history")).body as { entries: { link: string }[] };
    expect(list.entries.map((e) => e.link).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `/profile/country/c${i}`).sort());
    const [row] = await cluster.query<{ consent: unknown }>("SELECT bespoke_user_metadata->'consent' AS consent FROM users WHERE email = $1", [address]);
    expect(row!.consent).toEqual({ checked: true, functional: true, tracking: false });
  });

  it("loses no answered write when a node is killed under load", async () => {
    // Writers: history visits by ten signed-in users, and sign-ups, all through nginx.
    const writers: { browser: Session; address: string; csrf: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const browser = new Session();
      const address = email("load");
      expect((await browser.signUp(FRONT, address)).status).toBe(201);
      expect((await browser.signIn(FRONT, address)).status).toBe(200);
      await browser.request(FRONT, "/api/consent", { json: { csrfToken: await browser.csrf(FRONT), consent: { checked: true, functional: true, tracking: false } } });
      writers.push({ browser, address, csrf: await browser.csrf(FRONT) });
    }
    const ok = { visits: [] as { address: string; link: string }[], signups: [] as string[] };
    const failed = { visits: 0, signups: 0 };
    const nodesAfterKill = new Set<string | null>();
    let killedAt = 0;
    const started = Date.now();
    const visitLoop = async (w: (typeof writers)[number], index: number) => {
      for (let n = 0; n < 20; n++) {
        const link = `/profile/country/w${index}n${n}`;
        try {
          const sentAt = Date.now();
          const answer = await w.browser.request(FRONT, "/api/history", { json: { csrfToken: w.csrf, visit: { link, title: `W${index} N${n}` } } });
          if (answer.status === 200) {
            ok.visits.push({ address: w.address, link });
            // Only requests sent after the kill (a reply already on its way from b may land just after it).
            if (killedAt && sentAt > killedAt + 100) nodesAfterKill.add(answer.node);
          } else failed.visits++;
        } catch {
          failed.visits++;
        }
        await new Promise((resolve) => setTimeout(resolve, 80));
      }
    };
    const signupLoop = async () => {
      const browser = new Session();
      for (let n = 0; n < 14; n++) {
        const address = email("burst");
        try {
          const answer = await browser.signUp(FRONT, address);
          if (answer.status === 201) ok.signups.push(address);
          else failed.signups++;
        } catch {
          failed.signups++;
        }
      }
    };
    const killer = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      cluster.kill("b");
      killedAt = Date.now();
    })();
    await Promise.all([...writers.map((w, i) => visitLoop(w, i)), signupLoop(), killer]);

    // Every write that was answered with success is in PostgreSQL.
    const addresses = writers.map((w) => w.address);
    const stored = await cluster.query<{ email: string; link: string }>(
      "SELECT u.email, h.link FROM profile_history h JOIN users u ON u.id = h.user_id WHERE u.email = ANY($1)",
      [addresses],
    );
    const storedSet = new Set(stored.map((r) => `${r.email} ${r.link}`));
    const lostVisits = ok.visits.filter((v) => !storedSet.has(`${v.address} ${v.link}`));
    const signedUp = await cluster.query<{ email: string; password_hash: string | null; created_at: Date | null }>("SELECT email, password_hash, created_at FROM users WHERE email = ANY($1)", [ok.signups]);
    // None half written: every stored account is whole.
    const partial = await cluster.query<{ n: string }>("SELECT count(*) AS n FROM users WHERE email LIKE 'burst-%' AND (password_hash IS NULL OR created_at IS NULL OR updated_at IS NULL)");
    console.log(
      `[fault test] ${((Date.now() - started) / 1000).toFixed(1)} s; node b killed at ${((killedAt - started) / 1000).toFixed(1)} s; ` +
        `history writes: ${ok.visits.length} answered 200 (${lostVisits.length} missing in PostgreSQL), ${failed.visits} failed; ` +
        `sign-ups: ${ok.signups.length} answered 201 (${ok.signups.length - signedUp.length} missing), ${failed.signups} failed; ` +
        `partial accounts: ${partial[0]!.n}; nodes answering after the kill: ${[...nodesAfterKill].join(", ")}`,
    );
    expect(killedAt).toBeGreaterThan(0);
    expect(ok.visits.length).toBeGreaterThan(100);
    expect(lostVisits).toEqual([]);
    expect(signedUp.map((r) => r.email).sort()).toEqual([...ok.signups].sort());
    expect(Number(partial[0]!.n)).toBe(0);
    // After the kill, node a carries the traffic alone.
    expect(nodesAfterKill).toEqual(new Set(["a"]));
    const health = await fetch(`${FRONT}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get("x-node")).toBe("a");
  });

  it("stops gracefully on SIGTERM: a download under way finishes, the health check turns away new traffic, the process exits 0", async () => {
    const redirect = await fetch(`${NODES.a}/api/bulk/datapackage.json`, { redirect: "manual" });
    const location = redirect.headers.get("location");
    expect(location, "the bulk files must be exported (npm run data:export)").toBeTruthy();
    const pkg = (await (await fetch(`${NODES.a}${location}`)).json()) as { generation: string; resources: { path: string; bytes: number; tier: string }[] };
    const file = pkg.resources.filter((r) => r.tier === "international").sort((x, y) => y.bytes - x.bytes)[0]!;
    const response = await fetch(`${NODES.a}/api/bulk/${pkg.generation}/${file.path}`);
    const reader = response.body!.getReader();
    let received = (await reader.read()).value!.length;
    const exited = new Promise<number | null>((resolve) => cluster.nodes.a.on("exit", (code) => resolve(code)));
    process.kill(-cluster.nodes.a.pid!, "SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Draining: no new connections are taken.
    await expect(fetch(`${NODES.a}/api/health`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(received).toBe(file.bytes);
    expect(await exited).toBe(0);
  });
});
