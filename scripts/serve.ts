/**
 * The production server (`npm start`, `npm run serve`): Next.js behind our front door
 * (src/server/front/door.ts), which decides the client address from the socket and the trusted
 * proxies (TRUST_PROXY_HOPS), refuses methods no route answers, gives every rendered response its
 * own script nonce, serves public pages from the page cache and bounds the work in flight.
 * `next start` alone would trust a client-written X-Forwarded-For.
 *
 *   tsx scripts/serve.ts [-p PORT] [-H HOSTNAME]
 */
import "./lib/outside-next"; // first: lets server modules load outside Next.js
import path from "node:path";
import { randomBytes } from "node:crypto";
import http from "node:http";
import net, { type AddressInfo, type Socket } from "node:net";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import next from "next";
import { parseTagId } from "@/domain/consent/tag";
import { Admission, ClientCap } from "@/server/front/admission";
import { CostMeter } from "@/server/front/cost";
import { proxyMatcher } from "@/server/front/clientAddress";
import { ApiMeter } from "@/server/front/apiMeter";
import { findActiveApiKey } from "@/server/api/keys";
import { windowCounter } from "@/server/http/counters";
import { setWarming, startDraining } from "@/server/health/health";
import { WARMUP_BUDGET_MS, warmUp, warmupPaths } from "@/server/front/warmup";
import { closeDb } from "@/server/db/client";
import { frontDoor, type BusyText, type Rendered } from "@/server/front/door";
import { buildId, generationReader } from "@/server/front/generation";
import { PageCache } from "@/server/front/pageCache";
import { StaticAssets } from "@/server/front/staticAssets";
import { checkSettings } from "@/server/settings";
import { LOCALES } from "@/domain/i18n/locales";
import { loadMessages } from "@/i18n/messages";
import { RENDER_PLAN_HEADER } from "@/server/auth/renderPlan";
import { RenderPool } from "./lib/renderPool";
import { guarded } from "./lib/guarded";
import { collectWhenIdle } from "./lib/idleCollect";

const RENDER_TIMEOUT_MS = 30_000;
const SHUTDOWN_GRACE_MS = 25_000;
const HEADERS_TIMEOUT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 30_000;
const KEEP_ALIVE_MS = 65_000;
const DRAIN_MS = 2_000;

async function main() {
  const { values } = parseArgs({ options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } } });
  (process.env as Record<string, string>).NODE_ENV = "production";
  const current = checkSettings();
  const port = values.port ? Number(values.port) : current.port;
  // Behind trusted proxies the node's own port must not be reachable by clients (they could write
  // X-Forwarded-For themselves): without an explicit -H/HOSTNAME it listens on loopback only.
  const hostname = values.hostname || (current.trustProxyHops > 0 ? "127.0.0.1" : undefined);
  const app = next({ dev: false, dir: process.cwd(), port, hostname: hostname ?? "localhost" });
  await app.prepare();
  // Loaded once Next.js is prepared: the bulk module reads the session, whose modules need the
  // AsyncLocalStorage Next sets up (imported at the top, the server would not start).
  const { serveBulk } = await import("@/server/bulk/files");
  // The visitor's plan, from the verified session, for the pages cached per plan (PRO profiles, /api/trends).
  const { sessionPlan } = await import("@/server/front/sessionPlan");

  const build = buildId(current.projectRoot);
  const secret = randomBytes(24).toString("base64url");
  // Render workers (scripts/lib/renderPool.ts): the page cache's renders are shared between this
  // process and them, so uncached pages render on every core. They start now, beside this one, and
  // health says ready once they too have rendered the warm-up pages: started after, on two cores,
  // their start took the first fifteen seconds of "ready" from the pages asked meanwhile.
  let self: { host: string; port: number } = { host: "127.0.0.1", port };
  const pool = new RenderPool(() => self, secret, () => warmupPaths());
  const workers = renderWorkerCount(current.front.renderWorkers, current.enableTestRoutes);
  const workersReady = workers > 0 ? pool.start(workers) : Promise.resolve();
  // Internal renders keep their connections open: one page after another costs no handshake.
  const agent = new http.Agent({ keepAlive: true, maxSockets: current.front.renderConcurrency + current.front.dataConcurrency });
  // A kept-alive socket the server closed (its keep-alive timeout) just as it was reused fails
  // with ECONNRESET / "socket hang up" before any answer: that render is tried once more on a
  // fresh socket (the request is a GET; nothing was answered). So is a render whose worker was
  // gone (it stopped): on this process.
  const render = (url: string, headers: Record<string, string>, signal?: AbortSignal): Promise<Rendered> => {
    const target = pool.take(RENDER_PLAN_HEADER in headers);
    return renderOnce(target, url, headers, signal)
      .catch((error: NodeJS.ErrnoException & { reusedSocket?: boolean }) => {
        const lostSocket = error.reusedSocket && (error.code === "ECONNRESET" || /socket hang up/.test(error.message));
        if (!signal?.aborted && (lostSocket || (target.worker && (error.code === "ECONNREFUSED" || error.code === "ECONNRESET")))) return renderOnce(target.worker ? self : target, url, headers, signal);
        throw error;
      })
      .finally(target.done);
  };
  // `signal`: everyone who asked for this page left; the render is abandoned (its socket closed).
  const renderOnce = (to: { host: string; port: number }, url: string, headers: Record<string, string>, signal?: AbortSignal) =>
    new Promise<Rendered>((resolve, reject) => {
      const req = http.request({ host: to.host, port: to.port, path: url, method: "GET", headers, agent, signal }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 500, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      });
      // A render that never ends must not hold its admission slot for ever.
      req.setTimeout(RENDER_TIMEOUT_MS, () => req.destroy(new Error(`render of ${url} took over ${RENDER_TIMEOUT_MS / 1000} s`)));
      req.on("error", (error: NodeJS.ErrnoException & { reusedSocket?: boolean }) => {
        error.reusedSocket = req.reusedSocket;
        reject(error);
      });
      req.end();
    });

  const busyText = Object.fromEntries(await Promise.all(LOCALES.map(async (locale) => [locale, (await loadMessages(locale)).busyPage] as const))) as BusyText;
  const nextHandler = app.getRequestHandler();
  // The build's scripts and styles from memory, compressed ahead of the first visitor (staticAssets.ts).
  const staticAssets = new StaticAssets(path.join(process.cwd(), ".next", "static"));
  void staticAssets.warm().then((count) => console.log(`> compressed ${count} build assets`));
  // Bulk files are answered on Node's own response: Next.js would drop their Content-Length (src/server/bulk/files.ts).
  const door = frontDoor(async (req, res) => (await serveBulk(req, res)) || nextHandler(req, res), {
    busyText,
    staticAssets,
    trustedHops: current.trustProxyHops,
    // X-Forwarded-For counts only on a connection from a proxy: a client on the node's port is its socket's address.
    isProxy: proxyMatcher(current.trustedProxies),
    nodeName: current.nodeName,
    origin: current.siteUrl ?? current.nextAuthUrl,
    tagManager: parseTagId(current.gtmId) !== null,
    // Two lanes: pages, sign-in and account calls never wait behind data queries (door.ts). Each
    // keeps one place for light requests: expensive renders together never take the whole lane.
    admission: new Admission(current.front.renderConcurrency, current.front.renderQueue, current.front.admissionWaitMs, 1),
    dataAdmission: new Admission(current.front.dataConcurrency, current.front.dataQueue, current.front.admissionWaitMs, 1),
    dataPerClient: new ClientCap(current.front.dataPerClient),
    // Each render takes lane places by its family's measured time (admission.ts): at most half the
    // page lane for one request, and never the place kept for light ones.
    cost: current.front.costUnitMs > 0 ? new CostMeter({ unitMs: current.front.costUnitMs, maxWeight: Math.max(1, Math.floor(current.front.renderConcurrency / 2)) }) : undefined,
    ipv6Prefix: current.front.ipv6Prefix,
    apiMeter: new ApiMeter({ ...current.api, findKey: (key) => findActiveApiKey(key), counter: windowCounter }),
    pages: {
      // Past its age a page is still answered for a day while a fresh one renders (stale-while-revalidate).
      cache: new PageCache(current.front.pageCacheBytes, current.front.pageCacheSeconds * 1000, Date.now, current.front.pageCacheStaleSeconds * 1000),
      generation: generationReader(build),
      render,
      secret,
      plan: sessionPlan,
    },
  });
  const server = http.createServer(guarded("serve", door));
  // Which connections have an answer under way. Node's closeIdleConnections counts an answer as
  // done once its body is handed to the response, so it cut a bulk download whose last bytes were
  // still buffered; here an answer is done when it has gone to the OS ('finish', then 'close').
  const sockets = new Set<Socket>();
  const busy = new Set<Socket>();
  let stopping = false;
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => {
      sockets.delete(socket);
      busy.delete(socket);
    });
  });
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    busy.add(req.socket);
    res.once("close", () => {
      busy.delete(req.socket);
      // While stopping, the connection is closed once the client has had time to take the bytes
      // still in flight (closing at once lost the last kilobytes of a slowly read download).
      if (stopping) setTimeout(() => req.socket.end(), DRAIN_MS).unref();
    });
  });
  // Memory back after a burst: one full collection once the server has been quiet for a while.
  collectWhenIdle(server);
  // A client that sends its headers or body slowly is cut off in seconds, not Node's 300 s.
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  // Longer than a proxy's upstream keep-alive (nginx: 60 s), so the node never closes a connection
  // the proxy is about to reuse (a POST sent on it would fail with 502).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.listen(port, hostname, () => {
    const bound = server.address() as AddressInfo;
    // Internal renders go to this server: over loopback when it listens on every interface.
    self = { host: bound.address === "::" || bound.address === "0.0.0.0" ? "127.0.0.1" : bound.address, port: bound.port };
    console.log(`> Open Trade Observatory on http://${hostname ?? "localhost"}:${bound.port} (client address: ${current.trustProxyHops ? `${current.trustProxyHops} trusted proxy hop(s), from ${current.trustedProxies.join(", ")}` : "the socket's peer"})`);
    void warm("start");
  });
  // Warm before serving: the most asked pages are rendered into the cache before health says ready,
  // and again (in the background) when a re-import brings a new warehouse generation.
  const generation = generationReader(build);
  let warmed = generation();
  let warming = false;
  const warm = async (why: string) => {
    if (warming) return;
    warming = true;
    if (why === "start") setWarming(true);
    try {
      const base = `http://${self.host === "::1" ? "[::1]" : self.host}:${self.port}`;
      const { warmed: count, ms } = await warmUp(base, await warmupPaths());
      console.log(`> warmed ${count} pages in ${ms} ms (${why})`);
      // Ready means every process renders warm: the workers warm themselves (within a budget).
      if (why === "start") await Promise.race([workersReady, new Promise((resolve) => setTimeout(resolve, WARMUP_BUDGET_MS).unref())]);
    } catch (error) {
      console.error(`> warm-up failed: ${(error as Error).message}`);
    } finally {
      warming = false;
      setWarming(false);
    }
  };
  setInterval(() => {
    const now = generation();
    if (now !== warmed) {
      warmed = now;
      void warm("new warehouse generation");
    }
  }, 5_000).unref();
  // Graceful shutdown: the health check turns 503 (the balancer stops sending), no new
  // connections are taken, requests under way finish, idle keep-alive connections close; then the
  // app database is closed. A request that never ends does not hold the node for ever.
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`> ${signal}: finishing requests under way, then stopping`);
    startDraining();
    pool.stop();
    // net.Server's close, not http.Server's: the latter destroys every connection whose answer was
    // handed to the socket, even with bytes still in flight (a bulk download's last megabytes).
    net.Server.prototype.close.call(server, () => {
      closeDb().finally(() => process.exit(0));
    });
    // Connections with no answer under way are closed now; the others once their answer has gone out.
    for (const socket of sockets) if (!busy.has(socket)) socket.end();
    setTimeout(() => {
      console.error(`> still busy after ${SHUTDOWN_GRACE_MS / 1000} s: stopping anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * How many render workers: RENDER_WORKERS when set, else one per core beyond the first (at most
 * three). None with the test routes on: they change this process's state, which a worker would not see.
 */
function renderWorkerCount(setting: number | null, testRoutes: boolean): number {
  if (setting !== null) return setting;
  if (testRoutes) return 0;
  return Math.max(0, Math.min(3, availableParallelism() - 1));
}

main().catch((error: unknown) => {
  console.error((error as Error)?.message ?? error);
  process.exit(1);
});
