/**
 * Memory back after a burst. Rendering pages allocates fast, V8 grows its heap to keep up, and a
 * server that falls quiet afterwards is not collected in full for minutes: measured, a render
 * worker held 1.2 GB a minute after a burst, 740 MB after one full collection. So once a server
 * that has answered requests has been quiet for `quietMs`, it collects once (a full GC, a few
 * hundred milliseconds at most, while nothing is asked of it), and again only after new work.
 *
 * V8's `gc` is reached without a command-line flag: the flag is set at run time and the function
 * taken from a fresh context, where V8 exposes it (Node's documented v8.setFlagsFromString use).
 */
import type { Server } from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** V8's full collection, or null where it cannot be reached. */
export function fullCollection(): (() => void) | null {
  try {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as unknown;
    return typeof gc === "function" ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

export interface IdleCollector {
  /** Full collections made so far. */
  readonly collections: number;
  stop(): void;
}

export function collectWhenIdle(server: Server, quietMs = 10_000, collect: (() => void) | null = fullCollection()): IdleCollector {
  let lastRequest = 0;
  let inFlight = 0;
  let workSinceCollection = false;
  let collections = 0;
  server.on("request", (_req, res) => {
    inFlight++;
    workSinceCollection = true;
    lastRequest = Date.now();
    res.once("close", () => {
      inFlight--;
      lastRequest = Date.now();
    });
  });
  const timer = setInterval(() => {
    if (!collect || !workSinceCollection || inFlight > 0 || Date.now() - lastRequest < quietMs) return;
    workSinceCollection = false;
    collect();
    collections++;
  }, Math.max(50, Math.min(2_500, quietMs / 4)));
  timer.unref();
  return {
    get collections() {
      return collections;
    },
    stop: () => clearInterval(timer),
  };
}
