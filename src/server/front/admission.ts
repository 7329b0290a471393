/**
 * Bounded work: at most `limit` requests are being rendered at once, at most `queue` more wait
 * their turn, and anything beyond is refused at once (the caller answers 503 with Retry-After)
 * rather than letting every request wait seconds behind the others.
 *
 * Every wait has a deadline: a queued request that cannot start within `maxWaitMs` is refused
 * (503 at once, never a minute in a queue), and one whose client has gone (its AbortSignal) leaves
 * the queue without ever taking a place. The front door keeps one Admission per lane, so data
 * queries can never take the places of pages and sign-in (door.ts).
 */
import "server-only";

interface Waiter {
  admit: () => void;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface EnterOptions {
  /** The client went away: leave the queue (resolve null) without taking a place. */
  signal?: AbortSignal;
}

export class Admission {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  /** Requests refused since start: queue full, or waited past the deadline (for tests and inspection). */
  refused = 0;
  /** Of those, refused because their wait reached the deadline. */
  expired = 0;

  constructor(
    readonly limit: number,
    readonly queue: number,
    /** The longest a request may wait for a place before it is refused (0: no deadline). */
    readonly maxWaitMs = 0,
  ) {}

  /** Resolves with a release function once admitted, or null when full, past the deadline or abandoned. */
  enter(options: EnterOptions = {}): Promise<(() => void) | null> {
    if (options.signal?.aborted) return Promise.resolve(null);
    if (this.running < this.limit) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.queue) {
      this.refused++;
      return Promise.resolve(null);
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        admit: () => {
          if (waiter.timer) clearTimeout(waiter.timer);
          options.signal?.removeEventListener("abort", abandon);
          resolve(this.releaser());
        },
        timer: null,
      };
      const leave = () => {
        const at = this.waiting.indexOf(waiter);
        if (at === -1) return false;
        this.waiting.splice(at, 1);
        if (waiter.timer) clearTimeout(waiter.timer);
        options.signal?.removeEventListener("abort", abandon);
        resolve(null);
        return true;
      };
      const abandon = () => void leave();
      if (this.maxWaitMs > 0) {
        waiter.timer = setTimeout(() => {
          if (leave()) {
            this.refused++;
            this.expired++;
          }
        }, this.maxWaitMs);
        waiter.timer.unref?.();
      }
      options.signal?.addEventListener("abort", abandon, { once: true });
      this.waiting.push(waiter);
    });
  }

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next.admit();
      else this.running--;
    };
  }
}

/**
 * At most `perClient` requests of one client under way at once in a lane (the expensive one):
 * one address cannot fill the lane by itself. Bounded by the lane's own size, so it needs no eviction.
 */
export class ClientCap {
  private readonly held = new Map<string, number>();

  constructor(readonly perClient: number) {}

  /** A release function, or null when this client already has `perClient` requests under way. */
  take(client: string): (() => void) | null {
    const count = this.held.get(client) ?? 0;
    if (count >= this.perClient) return null;
    this.held.set(client, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(client) ?? 1) - 1;
      if (left <= 0) this.held.delete(client);
      else this.held.set(client, left);
    };
  }

  get clients(): number {
    return this.held.size;
  }
}
