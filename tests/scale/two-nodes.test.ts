/**
 * Scale-out, for real: two production nodes behind nginx on one PostgreSQL (cluster.ts), nginx and
 * the warehouse rollout run by the guide's own commands (guide.ts). Sessions, limits, consent and
 * history hold across nodes; retried sign-ups with one idempotency key make one account; a forged
 * X-Forwarded-For straight to a node's port is not believed; a new warehouse generation rolls to
 * both nodes with no 404 on bulk downloads; a PostgreSQL stop signs nobody out and stops no page or data request, and a node started
 * during it serves reads and turns ready when it returns; killing a node under load loses no
 * answered write.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRONT, getFrom, NODES, requestFrom, Session, startCluster, waitFor, type Cluster } from "./cluster";
import { guideBlock, runGuideToEnd, substitute } from "./guide";
import { testPostgres } from "./postgres";

let cluster: Cluster;
let run = 0;
const email = (what: string) => `${what}-${process.pid}-${++run}@example.org`;
const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((into, status) => ((into[status] = (into[status] ?? 0) + 1), into), {});

/**
 * `npm` for the guide's build block: `npm run data:import` and `npm run data:export` are the
 * stand-ins of tests/scale/newGeneration.ts (same arguments and environment); anything else fails.
 */
const NPM_STAND_IN = `npm() {
  [ "$1" = run ] || { echo "stand-in npm: $*" >&2; return 1; }
  case "$2" in
    data:import) shift 2; node_modules/.bin/tsx tests/scale/newGeneration.ts import "$@" ;;
    data:export) node_modules/.bin/tsx tests/scale/newGeneration.ts export ;;
    *) echo "stand-in npm: no script $2" >&2; return 1 ;;
  esac
}`;

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

  it("creates one account for sign-ups retried with the same idempotency key, on both nodes at once", async () => {
    const address = email("idempotent");
    const key = crypto.randomUUID();
    const browser = new Session();
    // The CSRF cookie first, so the racing requests share one token (as a browser's tab would).
    await browser.csrf(FRONT);
    // Three at once (a retry racing the original on the other node), then two late retries.
    const racing = await Promise.all([browser.signUp(NODES.a, address, key), browser.signUp(NODES.b, address, key), browser.signUp(FRONT, address, key)]);
    const late = [await browser.signUp(FRONT, address, key), await browser.signUp(NODES.b, address, key)];
    const answers = [...racing, ...late];
    expect(answers.map((a) => a.status), JSON.stringify(answers.map((a) => a.body))).toEqual([201, 201, 201, 201, 201]);
    expect(late.every((a) => a.headers.get("idempotent-replayed") === "true")).toBe(true);
    const rows = await cluster.query<{ n: string }>("SELECT count(*) AS n FROM users WHERE email = $1", [address]);
    expect(Number(rows[0]!.n)).toBe(1);
    // Keys are per email: the same key for another address is another sign-up; a sign-up without
    // a key is a second attempt at the first address (refused: taken).
    expect((await browser.signUp(FRONT, email("other"), key)).status).toBe(201);
    expect((await browser.signUp(FRONT, address)).status).toBe(409);
    expect((await browser.signIn(FRONT, address)).status).toBe(200);
    expect((await browser.user(FRONT))?.email).toBe(address);
  });

  it("believes X-Forwarded-For only from nginx: forged and rotating, straight to a node's port, it meets the limit of the client's own address", async () => {
    const data = "/api/data?cube=trade_i_ots_a_sections&drilldowns=Section&time=2018";
    // Each request claims another address, as a client spending the per-address limit would.
    const forged = (i: number) => ({ "X-Forwarded-For": `198.51.100.${i % 250}, 203.0.113.${i % 250}`, "X-Real-IP": `192.0.2.${i % 250}` });
    // Distinct clients on one machine: 127.0.0.2 goes straight to the nodes' ports (both, in turn:
    // the limit is shared), 127.0.0.3 through nginx; 127.0.0.4 is someone else behind nginx.
    const direct: number[] = [];
    for (let i = 0; i < 130; i++) direct.push(await getFrom("127.0.0.2", `${i % 2 ? NODES.a : NODES.b}${data}`, forged(i)));
    const proxied: number[] = [];
    for (let i = 0; i < 130; i++) proxied.push(await getFrom("127.0.0.3", `${FRONT}${data}`, forged(i)));
    const someoneElse = await getFrom("127.0.0.4", `${FRONT}${data}`);
    const summary = (statuses: number[]) => `${JSON.stringify(tally(statuses))}, first 429 at #${statuses.indexOf(429) + 1}`;
    console.log(
      `[forged X-Forwarded-For] 130 data requests, each with another forged address: straight to the nodes' ports ${summary(direct)}; ` +
        `through nginx ${summary(proxied)}; another client through nginx then ${someoneElse}`,
    );
    expect(direct.slice(0, 120)).toEqual(Array(120).fill(200));
    expect(direct.slice(120)).toEqual(Array(10).fill(429));
    expect(proxied.slice(0, 120)).toEqual(Array(120).fill(200));
    expect(proxied.slice(120)).toEqual(Array(10).fill(429));
    // nginx's own X-Forwarded-For is believed: a client behind it has a budget of its own.
    expect(someoneElse).toBe(200);
  });

  const postgres = testPostgres();
  it.skipIf(!postgres)(
    "survives a 15 s PostgreSQL stop: everyone stays signed in, pages and data answer 200, writes say 503, a node started meanwhile serves reads and turns ready when it returns",
    async () => {
      // Signed-in users, with history kept (functional consent).
      const users: { browser: Session; address: string }[] = [];
      for (let i = 0; i < 4; i++) {
        const browser = new Session();
        const address = email("outage");
        expect((await browser.signUp(FRONT, address)).status).toBe(201);
        expect((await browser.signIn(FRONT, address)).status).toBe(200);
        await browser.request(FRONT, "/api/consent", { json: { csrfToken: await browser.csrf(FRONT), consent: { checked: true, functional: true, tracking: false } } });
        users.push({ browser, address });
      }
      const anonymous = new Session();
      const pages = ["/en", "/en/profile/country/chl"];
      const data = "/api/data?cube=trade_i_ots_a_sections&drilldowns=Section&cut=Section=5&time=2018";
      const tally = { pages: {} as Record<number, number>, data: {} as Record<number, number>, healthThroughNginx: {} as Record<number, number>, sessionsKept: 0, sessionsLost: 0, writes: {} as Record<number, number> };
      const count = (into: Record<number, number>, status: number) => (into[status] = (into[status] ?? 0) + 1);
      const readAll = async () => {
        for (const path of pages) count(tally.pages, (await anonymous.request(FRONT, path)).status);
        count(tally.data, (await anonymous.request(FRONT, data)).status);
        // A health checker polling through nginx (the mistake the guide warns of) must not take the nodes out.
        count(tally.healthThroughNginx, (await fetch(`${FRONT}/api/health/ready`, { signal: AbortSignal.timeout(10_000) })).status);
        for (const user of users) {
          if ((await user.browser.user(FRONT))?.email === user.address) tally.sessionsKept++;
          else tally.sessionsLost++;
        }
      };
      await readAll();

      let nodeC: ReturnType<Cluster["startNode"]> | null = null;
      const C = "http://127.0.0.1:3203";
      const stoppedAt = Date.now();
      let restartedAt = 0;
      let cLiveAfter = 0;
      let cFailed: unknown = null;
      postgres!.stop();
      try {
        try {
          // A node started while the database is down.
          nodeC = cluster.startNode("c", 3203);
          const cLive = waitFor(`${C}/api/health/live`, 90_000).then(
            () => void (cLiveAfter = Date.now() - stoppedAt),
            (error: unknown) => void (cFailed = error),
          );
          // A write during the outage: a clear 503 with Retry-After, not an empty 500.
          const writer = users[0]!.browser;
          const write = await writer.request(FRONT, "/api/history", { json: { csrfToken: await writer.csrf(FRONT), visit: { link: "/profile/country/arg", title: "Argentina" } } });
          count(tally.writes, write.status);
          expect(write.status).toBe(503);
          expect(write.headers.get("retry-after")).toBeTruthy();
          expect((write.body as { error?: { code?: string } }).error?.code).toBe("database_unavailable");
          // Reads throughout, for at least 15 s and until node c is up (at most 100 s).
          while ((Date.now() - stoppedAt < 15_000 || (!cLiveAfter && !cFailed)) && Date.now() - stoppedAt < 100_000) {
            await readAll();
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
          await cLive;
          if (cFailed) throw cFailed;
          expect(cLiveAfter, "node c never answered /api/health/live").toBeGreaterThan(0);
          // Node c serves pages and data without its database, and says it is not ready.
          expect((await anonymous.request(C, "/en")).status).toBe(200);
          expect((await anonymous.request(C, data)).status).toBe(200);
          const notReady = await fetch(`${C}/api/health/ready`);
          expect(notReady.status).toBe(503);
          expect(["unavailable", "warming"]).toContain(((await notReady.json()) as { status: string }).status);
          expect((await fetch(`${C}/api/health/live`)).status).toBe(200);
        } finally {
          postgres!.start();
          restartedAt = Date.now();
        }
        await waitFor(`${FRONT}/api/health/ready`, 30_000);
        const recoveredAfter = Date.now() - restartedAt;
        await waitFor(`${C}/api/health/ready`, 60_000);
        const cReadyAfter = Date.now() - restartedAt;
        // Everyone is still signed in, and their accounts work again.
        for (const user of users) {
          expect((await user.browser.user(FRONT))?.email).toBe(user.address);
          const history = await user.browser.request(FRONT, "/api/history");
          expect(history.status).toBe(200);
        }
        const writer = users[0]!.browser;
        const write = await writer.request(FRONT, "/api/history", { json: { csrfToken: await writer.csrf(FRONT), visit: { link: "/profile/country/arg", title: "Argentina" } } });
        expect(write.status).toBe(200);
        console.log(
          `[outage test] PostgreSQL stopped ${((restartedAt - stoppedAt) / 1000).toFixed(1)} s; answers during it: pages ${JSON.stringify(tally.pages)}, ` +
            `/api/data ${JSON.stringify(tally.data)}, /api/health/ready through nginx ${JSON.stringify(tally.healthThroughNginx)}, writes ${JSON.stringify(tally.writes)}; ` +
            `session reads signed in ${tally.sessionsKept}, signed out ${tally.sessionsLost}; nginx ready again ${(recoveredAfter / 1000).toFixed(1)} s after the restart; ` +
            `node c (started during the outage) live after ${(cLiveAfter / 1000).toFixed(1)} s, ready ${(cReadyAfter / 1000).toFixed(1)} s after the restart`,
        );
        expect(tally.sessionsLost).toBe(0);
        expect(tally.sessionsKept).toBeGreaterThan(4 * 5);
        expect(Object.keys(tally.pages)).toEqual(["200"]);
        expect(Object.keys(tally.data)).toEqual(["200"]);
      } catch (error) {
        console.error(`node c:\n${(cluster.logs.c ?? []).join("").slice(-3000)}`);
        throw error;
      } finally {
        if (nodeC) cluster.killNode(nodeC);
      }
    },
    180_000,
  );

  it("rolls a new warehouse generation to both nodes with the guide's commands while downloads through nginx never meet a 404", async () => {
    const work = mkdtempSync(path.join(tmpdir(), "oto-swap-"));
    const build = path.join(work, "build");
    mkdirSync(build);
    try {
      const health = async (base: string) => (await (await fetch(`${base}/api/health`)).json()) as { warehouse: { generation: string } };
      const before = (await health(NODES.a)).warehouse.generation;
      expect((await health(NODES.b)).warehouse.generation).toBe(before);

      // The build machine's block, as written; only the import and export are stand-ins (a copy of
      // the warehouse with a new generation, and its bulk files): the real ones take minutes.
      const made = await runGuideToEnd(substitute(guideBlock("build"), { "/srv/build": build }), { prelude: NPM_STAND_IN, timeoutMs: 180_000 });
      expect(made.code, made.output).toBe(0);
      const [generation] = readdirSync(path.join(build, "exports"));
      expect(generation).toMatch(/^[0-9a-f]{16}$/);
      expect(generation).not.toBe(before);

      // Two clients download through nginx the whole time, each as a script fetching a data
      // package would: the list (a redirect to the generation's own list, then that list: two
      // requests nginx may send to two nodes on different generations), then one of its files.
      // Each paces itself under the per-address limit (120 requests a minute) and has an address
      // of its own, so the rest of the suite's budget (127.0.0.1) is untouched.
      const statuses: number[] = [];
      const failures: string[] = [];
      const served = new Set<string>();
      let bytes = 0;
      let downloading = true;
      const downloader = async (client: string, offset: number) => {
        for (let n = offset; downloading; n += 2) {
          const paced = new Promise((resolve) => setTimeout(resolve, 1_600));
          const redirect = await requestFrom(client, `${FRONT}/api/bulk/datapackage.json`);
          statuses.push(redirect.status);
          const location = redirect.headers.location;
          const list = redirect.status === 307 && location ? await requestFrom(client, `${FRONT}${location}`) : redirect;
          if (list !== redirect) statuses.push(list.status);
          if (list.status !== 200) {
            failures.push(`datapackage.json ${redirect.status}/${list.status} ${list.body.toString().slice(0, 200)}`);
            await paced;
            continue;
          }
          const pkg = JSON.parse(list.body.toString()) as { generation: string; resources: { path: string; bytes: number; tier: string }[] };
          served.add(pkg.generation);
          const files = pkg.resources.filter((r) => r.tier === "international" && r.bytes < 2_000_000);
          const file = files[n % files.length]!;
          const answer = await requestFrom(client, `${FRONT}/api/bulk/${pkg.generation}/${file.path}`);
          statuses.push(answer.status);
          if (answer.status !== 200) failures.push(`${pkg.generation}/${file.path} ${answer.status} ${answer.body.toString().slice(0, 200)}`);
          else if (answer.body.length !== file.bytes) failures.push(`${pkg.generation}/${file.path}: ${answer.body.length} bytes of ${file.bytes}`);
          bytes += answer.body.length;
          await paced;
        }
      };
      const downloads = [downloader("127.0.0.5", 0), downloader("127.0.0.6", 1)];
      // When each node starts answering the new generation (the nodes differ in between).
      const switchedAt: { a?: number; b?: number } = {};
      const watcher = (async () => {
        while (downloading) {
          for (const node of ["a", "b"] as const) {
            if (switchedAt[node]) continue;
            const now = await health(NODES[node]).catch(() => null);
            if (now?.warehouse.generation === generation) switchedAt[node] = Date.now();
          }
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      })();

      const started = Date.now();
      const swap = await runGuideToEnd(
        substitute(guideBlock("swap"), {
          "/srv/build": build,
          "node-a:/srv/oto/data": cluster.dataDirs.a,
          "node-b:/srv/oto/data": cluster.dataDirs.b,
          "http://10.0.0.11:3000": NODES.a,
          "http://10.0.0.12:3000": NODES.b,
        }),
        { timeoutMs: 300_000 },
      );
      const swapSeconds = (Date.now() - started) / 1000;
      // A little longer on the new generation, then the downloads stop.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      downloading = false;
      await Promise.all([...downloads, watcher]);
      const mixed = switchedAt.a && switchedAt.b ? `${(Math.abs(switchedAt.b - switchedAt.a) / 1000).toFixed(1)} s` : "unknown";

      const after = { a: (await health(NODES.a)).warehouse.generation, b: (await health(NODES.b)).warehouse.generation };
      console.log(
        `[swap test] deploy/swap.sh ${before} -> ${generation} in ${swapSeconds.toFixed(1)} s (exit ${swap.code}); downloads through nginx meanwhile: ` +
          `${JSON.stringify(tally(statuses))} (${(bytes / 1e6).toFixed(1)} MB, generations served ${[...served].join(", ")}); ` +
          `nodes on different generations for ${mixed}; nodes after: a ${after.a}, b ${after.b}${failures.length ? `; failures: ${failures.slice(0, 5).join(" | ")}` : ""}`,
      );
      expect(swap.code, swap.output).toBe(0);
      expect(failures).toEqual([]);
      expect(Object.keys(tally(statuses)).sort()).toEqual(["200", "307"]);
      expect(served).toEqual(new Set([before, generation]));
      expect(after).toEqual({ a: generation, b: generation });
      // Each node keeps the previous file (to roll back) and the previous generation's bulk files.
      for (const dir of Object.values(cluster.dataDirs)) {
        expect(existsSync(path.join(dir, "warehouse.duckdb.previous"))).toBe(true);
        expect(existsSync(path.join(dir, "warehouse.duckdb.incoming"))).toBe(false);
        expect(readdirSync(path.join(dir, "exports")).sort()).toEqual([before, generation].sort());
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 420_000);

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
