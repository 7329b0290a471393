/**
 * The production server a benchmark measures: the one at BENCH_BASE_URL (with BENCH_PID for its
 * memory), or scripts/serve.ts started here on the given port, as a direct child (node --import
 * tsx), so its pid is the server's own and stopping it stops the server.
 */
import { spawn } from "node:child_process";

export interface BenchServer {
  base: string;
  /** The server process, when known (for its resident memory). */
  pid: number | null;
  stop(): void;
}

export async function waitFor(url: string, timeoutMs = 90_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

export async function benchServer(defaultPort: string): Promise<BenchServer> {
  const given = process.env.BENCH_BASE_URL;
  if (given) {
    await waitFor(`${given}/en`);
    return { base: given, pid: process.env.BENCH_PID ? Number(process.env.BENCH_PID) : null, stop: () => {} };
  }
  const port = process.env.BENCH_PORT || defaultPort;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", "-p", port], {
    stdio: "ignore",
    // The load comes from one address: lift the data API's per-address limit, or the bench would
    // measure 429s (the meter itself stays on the request path and is measured with it).
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET || "bench-only-secret-0123456789abcdef012345", API_LIMIT_ANONYMOUS: process.env.API_LIMIT_ANONYMOUS || "1000000" },
  });
  const server = { base: `http://localhost:${port}`, pid: child.pid ?? null, stop: () => void child.kill("SIGTERM") };
  try {
    await waitFor(`${server.base}/en`);
  } catch (error) {
    server.stop();
    throw error;
  }
  return server;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
