/**
 * Render workers: one Node.js process renders on one core, so a node with two cores rendered
 * uncached pages at the speed of one. The front door stays one process (its page cache, admission
 * lanes, meters and per-client caps are one state, as before); the page cache's renders, which it
 * already sends as internal HTTP requests, go to whichever of this process and its render workers
 * has the fewest under way. A worker is this same server in worker mode (scripts/render-worker.ts):
 * Next.js behind a door that answers only the internal renders carrying the door's secret, on
 * loopback. A render for a plan stays in this process (its proof is this process's own, renderPlan.ts).
 *
 * A worker takes renders once it has rendered the warm-up pages itself (a fresh Next.js process
 * renders its first pages several times slower: sent a burst at once, they waited past the
 * admission deadline). A worker that dies is replaced, after a second and twice as long each time it dies young (within
 * a minute of starting; at most a minute); until then its renders go to the others.
 */
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { RENDER_HEADER } from "@/server/front/headerNames";
import { warmUp } from "@/server/front/warmup";

export interface RenderTarget {
  host: string;
  port: number;
  /** Renders sent and not yet answered. */
  inFlight: number;
  /** A worker's process, or null for this process. */
  child: ChildProcess | null;
}

/**
 * The target with the fewest renders under way, this process's (the first) counting two more: it
 * also runs the door (the cache's answers, compression, sign-in, the data API), and sign-in stayed
 * quick under a burst of renders only when it rendered less (closing note, stop 46). This process
 * on a tie: no extra hop.
 */
export function leastBusy(targets: readonly RenderTarget[]): RenderTarget {
  const load = (target: RenderTarget) => target.inFlight + (target.child === null ? 2 : 0);
  let best = targets[0]!;
  for (const target of targets) if (load(target) < load(best)) best = target;
  return best;
}

export class RenderPool {
  /** Workers taking renders (started and warm). */
  private readonly workers: RenderTarget[] = [];
  /** Every worker process alive, warm or still warming: what stop() ends. */
  private readonly children = new Set<ChildProcess>();
  private ownInFlight = 0;
  private stopping = false;

  constructor(
    private readonly self: () => { host: string; port: number },
    private readonly secret: string,
    /** The pages a new worker renders before it takes any (warmup.ts). */
    private readonly warmPaths: () => Promise<string[]> = async () => [],
    private readonly log: (line: string) => void = console.log,
  ) {}

  /** Starts `count` workers; resolves when each has said it listens (or failed to start). */
  async start(count: number): Promise<void> {
    await Promise.all(Array.from({ length: count }, (_, index) => this.spawn(index)));
  }

  /** Where the next render goes (`worker`: not this process); `selfOnly` for a render that must stay in this process. */
  take(selfOnly: boolean): { host: string; port: number; worker: boolean; done: () => void } {
    const own: RenderTarget = { ...this.self(), inFlight: this.ownInFlight, child: null };
    const target = selfOnly ? own : leastBusy([own, ...this.workers]);
    const worker = target.child !== null;
    if (worker) target.inFlight++;
    else this.ownInFlight++;
    let done = false;
    return {
      host: target.host,
      port: target.port,
      worker,
      done: () => {
        if (done) return;
        done = true;
        if (worker) target.inFlight--;
        else this.ownInFlight--;
      },
    };
  }

  /** Stops every worker: each finishes the renders it has under way (SIGTERM), then exits. */
  stop(): void {
    this.stopping = true;
    for (const child of this.children) child.kill("SIGTERM");
  }

  private readonly delays = new Map<number, number>();

  private async warm(target: RenderTarget): Promise<{ warmed: number; ms: number }> {
    return warmUp(`http://${target.host}:${target.port}`, await this.warmPaths(), { headers: { [RENDER_HEADER]: this.secret } });
  }

  private spawn(index: number): Promise<void> {
    const started = Date.now();
    return new Promise((resolve) => {
      const child = fork(path.join(__dirname, "..", "render-worker.ts"), [], {
        execArgv: ["--import", "tsx"],
        env: process.env,
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      this.children.add(child);
      let listening: RenderTarget | null = null;
      let exited = false;
      child.on("message", (message: { port?: number }) => {
        if (typeof message?.port !== "number" || listening) return;
        const target: RenderTarget = { host: "127.0.0.1", port: message.port, inFlight: 0, child };
        listening = target;
        void this.warm(target)
          .catch(() => ({ warmed: 0, ms: 0 }))
          .then(({ warmed, ms }) => {
            if (exited || this.stopping) return;
            this.workers.push(target);
            this.log(`> render worker ${index} ready on 127.0.0.1:${target.port} (warmed ${warmed} pages in ${ms} ms)`);
            resolve();
          });
      });
      child.send({ secret: this.secret });
      child.once("exit", (code, signal) => {
        exited = true;
        this.children.delete(child);
        if (listening && this.workers.includes(listening)) this.workers.splice(this.workers.indexOf(listening), 1);
        resolve();
        if (this.stopping) return;
        const delay = Date.now() - started < 60_000 ? Math.min(60_000, (this.delays.get(index) ?? 500) * 2) : 1_000;
        this.delays.set(index, delay);
        this.log(`> render worker ${index} stopped (${signal ?? `exit ${code}`}); starting another in ${delay / 1000} s`);
        setTimeout(() => void this.spawn(index), delay).unref();
      });
    });
  }
}
