/**
 * Render workers (scripts/lib/renderPool.ts): a production node started with one renders the page
 * cache's misses in both processes, the worker answers nobody but its door, a worker that dies is
 * replaced while pages go on answering, and SIGTERM stops both.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { descendants } from "../../scripts/lib/processTree";
import { ROOT, waitFor } from "./cluster";

const PORT = 3214;
const BASE = `http://127.0.0.1:${PORT}`;
let node: ChildProcess;
let log = "";

/** CPU time a process has used (user + system, in clock ticks). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/** The render worker: the process under the node (tsx starts serve.ts as its child) running render-worker.ts. */
function workerPid(): number | null {
  for (const pid of descendants(node.pid!)) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("render-worker")) return pid;
    } catch {
      // gone
    }
  }
  return null;
}

const ready = () => [...log.matchAll(/render worker 0 ready on 127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1]));

async function until(check: () => boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what} did not happen in ${ms / 1000} s; log:\n${log.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "oto-workers-"));
  node = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/serve.ts", "-p", String(PORT), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXTAUTH_SECRET: "render-workers-test-secret-0123456789abcdef",
      APP_DB_PATH: path.join(dir, "app.db"),
      RENDER_WORKERS: "1",
      ENABLE_TEST_ROUTES: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  node.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  node.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  await waitFor(`${BASE}/api/health`, 120_000);
  await until(() => ready().length === 1 && workerPid() !== null, 60_000, "the render worker's start");
}, 180_000);

afterAll(() => {
  if (node.exitCode === null) node.kill("SIGKILL");
  const worker = workerPid();
  if (worker) process.kill(worker, "SIGKILL");
});

describe("render workers", () => {
  it("renders uncached pages in the worker too, which answers nobody but its door", async () => {
    const worker = workerPid()!;
    const before = cpuTicks(worker);
    // Uncached pages, several at once: the door sends a share to the worker.
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => fetch(`${BASE}/en/profile/country/${["chl", "deu", "bra", "jpn"][i % 4]}?worker=${i}`).then((r) => r.status)),
    );
    expect(statuses).toEqual(Array(8).fill(200));
    expect(cpuTicks(worker) - before, "the worker rendered").toBeGreaterThan(5);
    // Straight to the worker's port, without the door's secret: refused.
    const direct = await fetch(`http://127.0.0.1:${ready()[0]}/en`);
    expect(direct.status).toBe(403);
    expect(((await direct.json()) as { error: { code: string } }).error.code).toBe("forbidden");
  }, 60_000);

  it("replaces a worker that dies, and pages go on answering meanwhile", async () => {
    const worker = workerPid()!;
    process.kill(worker, "SIGKILL");
    await until(() => workerPid() !== worker, 10_000, "the dead worker's exit");
    const statuses = await Promise.all(Array.from({ length: 4 }, (_, i) => fetch(`${BASE}/en/profile/country/fra?gone=${i}`).then((r) => r.status)));
    expect(statuses).toEqual(Array(4).fill(200));
    await until(() => ready().length === 2 && workerPid() !== null, 60_000, "a new worker");
    expect((await fetch(`${BASE}/en/profile/country/esp?back=1`)).status).toBe(200);
  }, 90_000);

  it("stops the worker with the node on SIGTERM", async () => {
    const worker = workerPid()!;
    const exited = new Promise<number | null>((resolve) => node.once("exit", (code) => resolve(code)));
    node.kill("SIGTERM");
    expect(await exited).toBe(0);
    await until(() => {
      try {
        process.kill(worker, 0);
        return false;
      } catch {
        return true;
      }
    }, 30_000, "the worker's exit");
  }, 60_000);
});
