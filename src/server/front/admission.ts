/**
 * Bounded work: at most `limit` places of work are taken at once, at most `queue` more requests wait
 * their turn, and anything beyond is refused at once (the caller answers 503 with Retry-After)
 * rather than letting every request wait seconds behind the others.
 *
 * A request takes as many places as its measured cost says (`weight`, from cost.ts: a country
 * profile that renders in 300 ms takes three places where a 40 ms page takes one), so a burst of
 * expensive renders cannot crowd the lane with more work than the machine does at once. A waiter
 * that fits is admitted even when one ahead of it does not, until that one has been passed over
 * `MAX_PASSED` times; from then on the places freed are kept for it (no starvation).
 *
 * A lane may keep `reserve` places for light requests (weight 1): requests weighing more share the
 * other places, so expensive renders can never take the whole lane and a sign-in, a menu target
 * or a health probe always finds a place within a light request's time. While places are kept for
 * a heavy waiter, light requests still enter as long as enough places stay for it once the heavy
 * ones running finish.
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
  weight: number;
  passed: number;
}

export interface EnterOptions {
  /** The client went away: leave the queue (resolve null) without taking a place. */
  signal?: AbortSignal;
  /** Places this request takes (its measured cost), 1 by default; at most the lane's limit. */
  weight?: number;
}

/** How often a waiter that does not fit may be passed by smaller ones before places are kept for it. */
export const MAX_PASSED = 8;

export class Admission {
  private running = 0;
  /** Places taken by requests weighing more than one. */
  private heavy = 0;
  /** The most places requests weighing more than one may take together. */
  private readonly heavyLimit: number;
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
    /** Places kept for light requests (weight 1); at most `limit - 1`. */
    readonly reserve = 0,
  ) {
    this.heavyLimit = Math.max(1, limit - Math.max(0, Math.min(reserve, limit - 1)));
  }

  /** Resolves with a release function once admitted, or null when full, past the deadline or abandoned. */
  enter(options: EnterOptions = {}): Promise<(() => void) | null> {
    if (options.signal?.aborted) return Promise.resolve(null);
    const weight = Math.min(this.heavyLimit, Math.max(1, Math.round(options.weight ?? 1)));
    if (this.waiting.length === 0 && this.fits(weight)) {
      this.take(weight);
      return Promise.resolve(this.releaser(weight));
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
          resolve(this.releaser(weight));
        },
        timer: null,
        weight,
        passed: 0,
      };
      const leave = () => {
        const at = this.waiting.indexOf(waiter);
        if (at === -1) return false;
        this.waiting.splice(at, 1);
        if (waiter.timer) clearTimeout(waiter.timer);
        options.signal?.removeEventListener("abort", abandon);
        resolve(null);
        // A large waiter leaving may let smaller ones behind it in.
        this.admitWaiting();
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
      // It may fit now although one ahead of it does not.
      this.admitWaiting();
    });
  }

  /** Places taken and requests waiting. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Places taken by requests weighing more than one (never more than `limit - reserve`). */
  get heavyRunning(): number {
    return this.heavy;
  }

  private fits(weight: number): boolean {
    return this.running + weight <= this.limit && (weight === 1 || this.heavy + weight <= this.heavyLimit);
  }

  private take(weight: number): void {
    this.running += weight;
    if (weight > 1) this.heavy += weight;
  }

  private releaser(weight: number): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= weight;
      if (weight > 1) this.heavy -= weight;
      this.admitWaiting();
    };
  }

  /**
   * Admits waiters in order while they fit; one that does not fit is passed at most MAX_PASSED
   * times. Once places are kept for a heavy waiter, only light waiters still enter, and only while
   * the light requests running leave it room (the heavy ones running finish by themselves).
   */
  private admitWaiting(): void {
    let keptFor: Waiter | null = null;
    for (let i = 0; i < this.waiting.length; ) {
      const waiter = this.waiting[i]!;
      const roomLeft = keptFor === null || (waiter.weight === 1 && this.running - this.heavy + 1 + keptFor.weight <= this.limit);
      if (roomLeft && this.fits(waiter.weight)) {
        this.waiting.splice(i, 1);
        this.take(waiter.weight);
        waiter.admit();
        continue;
      }
      if (keptFor === null) {
        // Only a waiter someone behind it actually passes counts as passed.
        const behind = this.waiting.slice(i + 1).some((w) => this.fits(w.weight));
        if (!behind) return;
        if (waiter.passed >= MAX_PASSED) {
          // Light requests still use the places kept for light ones, never the heavy one's.
          if (this.heavyLimit === this.limit) return;
          keptFor = waiter;
        } else waiter.passed++;
      }
      i++;
    }
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
