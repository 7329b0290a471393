/**
 * Two production nodes (scripts/serve.ts) on loopback behind nginx (deploy/nginx.conf), one
 * PostgreSQL (TEST_DATABASE_URL, started by scripts/test.sh), for the scale-out tests.
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, Pool } from "pg";
import { guideBlock, runGuide, substitute } from "./guide";

export const ROOT = path.resolve(__dirname, "../..");
export const FRONT = "http://127.0.0.1:3200";
export const NODES = { a: "http://127.0.0.1:3201", b: "http://127.0.0.1:3202" } as const;
export type NodeName = keyof typeof NODES;

/** The warehouse and bulk export the suite starts from: the project's own (npm test makes them: data:import, data:export). */
export const SOURCE = {
  warehouse: realpathSync(path.join(ROOT, "data/warehouse.duckdb")),
  exports: path.join(ROOT, "data/exports"),
};

export interface Cluster {
  databaseUrl: string;
  /** Each node's data folder, as the guide sets nodes up: WAREHOUSE_PATH=<dir>/warehouse.duckdb, EXPORT_DIR=<dir>/exports. */
  dataDirs: Record<NodeName, string>;
  nodes: Record<NodeName, ChildProcess>;
  kill(node: NodeName): void;
  stop(): Promise<void>;
  /** Another node of the same build and settings on `port` (not behind nginx), named `name` (X-Node). */
  startNode(name: string, port: number): ChildProcess;
  /** Ends a node started with startNode (its whole process group). */
  killNode(child: ChildProcess): void;
  /** A query on the cluster's database; its pool reconnects after a PostgreSQL restart. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  logs: Record<string, string[]>;
}

export async function waitFor(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  let last = "";
  while (Date.now() < end) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = `${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer in ${ms / 1000} s (${last})`);
}

export async function startCluster(): Promise<Cluster> {
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `oto_scale_${process.pid}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name}`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: databaseUrl,
    // Every node shares the secret: a session made on one is read on the other.
    NEXTAUTH_SECRET: "scale-test-secret-shared-by-every-node-0123456789",
    NEXTAUTH_URL: FRONT,
    TRUST_PROXY_HOPS: "1",
    // Every sign-up of the suite comes from 127.0.0.1: the per-address hourly limit (30 by default)
    // would stop the later tests, which are not about it.
    SIGNUP_LIMIT_PER_HOUR: "1000",
    // Two nodes already share this machine's cores: no render workers beside them (render-workers.test.ts tests those).
    RENDER_WORKERS: "0",
  };
  // The migrations, once, before the nodes start (npm run db:migrate).
  await new Promise<void>((resolve, reject) => {
    const migrate = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/db-migrate.ts"], { cwd: ROOT, env, stdio: "inherit" });
    migrate.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`db:migrate exited with ${code}`))));
  });

  // Each node its own data folder (docs/deploy.md, "Shipping a new warehouse"): a copy of the
  // warehouse (deploy/swap.sh renames files in it) and the bulk files, hard-linked (never written).
  const dataRoot = mkdtempSync(path.join(tmpdir(), "oto-scale-data-"));
  const dataDirs = { a: path.join(dataRoot, "a"), b: path.join(dataRoot, "b") };
  for (const dir of Object.values(dataDirs)) {
    mkdirSync(path.join(dir, "exports"), { recursive: true });
    copyFileSync(SOURCE.warehouse, path.join(dir, "warehouse.duckdb"));
    for (const generation of existsSync(SOURCE.exports) ? readdirSync(SOURCE.exports) : []) {
      if (/^[0-9a-f]{16}$/.test(generation)) linkTree(path.join(SOURCE.exports, generation), path.join(dir, "exports", generation));
    }
  }

  const logs: Record<string, string[]> = { a: [], b: [] };
  const start = (node: string, port = new URL(NODES[node as NodeName]).port) => {
    logs[node] = [];
    // Nodes other than a and b (startNode) serve the project's own data folder.
    const dir = node in dataDirs ? dataDirs[node as NodeName] : null;
    const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/serve.ts", "-p", port, "-H", "127.0.0.1"], {
      cwd: ROOT,
      env: { ...env, NODE_NAME: node, ...(dir ? { WAREHOUSE_PATH: path.join(dir, "warehouse.duckdb"), EXPORT_DIR: path.join(dir, "exports") } : {}) },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const keep = (chunk: Buffer) => {
      logs[node].push(chunk.toString());
      if (logs[node].length > 500) logs[node].shift();
    };
    child.stdout!.on("data", keep);
    child.stderr!.on("data", keep);
    return child;
  };
  const nodes = { a: start("a"), b: start("b") };

  // nginx by the guide's own commands (docs/deploy.md, "nginx"), with a fresh, empty prefix folder
  // in place of its example one.
  const prefix = path.join(mkdtempSync(path.join(tmpdir(), "oto-nginx-")), "prefix");
  const nginx = runGuide(substitute(guideBlock("nginx"), { "/srv/oto-nginx": prefix }), { inherit: true });
  let nginxExit: number | null = null;
  nginx.on("exit", (code) => (nginxExit = code ?? -1));
  const stopNginx = (signal: NodeJS.Signals) => {
    try {
      process.kill(-nginx.pid!, signal);
    } catch {
      // gone
    }
  };

  try {
    await Promise.all([waitFor(`${NODES.a}/api/health`, 90_000), waitFor(`${NODES.b}/api/health`, 90_000)]);
    // Our nginx, not one left over from an earlier run on the same port.
    if (nginxExit !== null) throw new Error(`nginx exited (${nginxExit}): is port 3200 taken?`);
    await waitFor(`${FRONT}/api/health`, 10_000);
  } catch (error) {
    console.error(`node a:\n${logs.a.join("").slice(-3000)}\nnode b:\n${logs.b.join("").slice(-3000)}`);
    stopNginx("SIGKILL");
    for (const child of Object.values(nodes)) {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // gone
      }
    }
    throw error;
  }

  // A pool, not one client: a test that stops PostgreSQL must find it usable again afterwards.
  const pool = new Pool({ connectionString: databaseUrl, max: 2 });
  pool.on("error", () => {
    // An idle connection cut by a PostgreSQL stop: the pool drops it and opens another later.
  });
  const extra = new Set<ChildProcess>();

  const killGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  return {
    databaseUrl,
    dataDirs,
    nodes,
    logs,
    kill: (node) => killGroup(nodes[node], "SIGKILL"),
    startNode: (name, port) => {
      const child = start(name, String(port));
      extra.add(child);
      return child;
    },
    killNode: (child) => {
      killGroup(child, "SIGKILL");
      extra.delete(child);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    stop: async () => {
      stopNginx("SIGQUIT");
      const all = [...Object.values(nodes), ...extra];
      for (const child of all) killGroup(child, "SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (const child of all) killGroup(child, "SIGKILL");
      await pool.end();
      rmSync(path.dirname(prefix), { recursive: true, force: true });
      rmSync(dataRoot, { recursive: true, force: true });
      const c = new Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * GET `url` from the loopback address `localAddress` (127.0.0.2, 127.0.0.3...: on one machine,
 * distinct clients), on a fresh connection: the status, headers and body.
 */
export function requestFrom(localAddress: string, url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { localAddress, headers, agent: false, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`${url} from ${localAddress}: no answer in 30 s`)));
    request.on("error", reject);
  });
}

/** The status of a GET from `localAddress` (requestFrom). */
export async function getFrom(localAddress: string, url: string, headers: Record<string, string> = {}): Promise<number> {
  return (await requestFrom(localAddress, url, headers)).status;
}

/** A copy of a folder whose files are hard links (bulk files are only ever replaced, never written). */
export function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) linkTree(source, path.join(to, entry.name));
    else linkSync(source, path.join(to, entry.name));
  }
}

/** A browser's worth of cookies, kept across requests to any node. */
export class Session {
  private readonly cookies = new Map<string, string>();
  constructor(readonly password = "correct horse 2024") {}

  /** The same cookies in another client, as a second tab (or a stolen cookie) would hold them. */
  clone(): Session {
    const copy = new Session(this.password);
    for (const [key, value] of this.cookies) copy.cookies.set(key, value);
    return copy;
  }

  async request(
    base: string,
    pathname: string,
    init: { method?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: unknown; node: string | null; headers: Headers }> {
    const headers: Record<string, string> = { Origin: FRONT, ...init.headers };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    let body: string | undefined;
    if (init.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(`${base}${pathname}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body, redirect: "manual", signal: AbortSignal.timeout(20_000) });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      const key = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(key);
      else this.cookies.set(key, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, body: parsed, node: response.headers.get("x-node"), headers: response.headers };
  }

  async csrf(base: string): Promise<string> {
    return ((await this.request(base, "/api/auth/csrf")).body as { csrfToken: string }).csrfToken;
  }

  async signUp(base: string, email: string, idempotencyKey?: string) {
    return this.request(base, "/api/account/signup", {
      json: { csrfToken: await this.csrf(base), name: "Scale Test", email, password: this.password, isAcademic: false },
      headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : undefined,
    });
  }

  async signIn(base: string, email: string, password = this.password) {
    return this.request(base, "/api/auth/callback/credentials", { form: { csrfToken: await this.csrf(base), email, password, json: "true" } });
  }

  async user(base: string): Promise<{ email?: string } | null> {
    const body = (await this.request(base, "/api/auth/session")).body as { user?: { email?: string } };
    return body?.user ?? null;
  }
}
