/**
 * Bounded work: at most `limit` requests are being rendered at once, at most `queue` more wait
 * their turn, and anything beyond is refused at once (the caller answers 503 with Retry-After)
 * rather than letting every request wait seconds behind the others.
 */
import "server-only";

export class Admission {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Requests refused since start (for tests and anyone inspecting a running process). */
  refused = 0;

  constructor(
    readonly limit: number,
    readonly queue: number,
  ) {}

  /** Resolves with a release function once admitted, or null when full (refuse at once). */
  enter(): Promise<(() => void) | null> {
    if (this.running < this.limit) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.queue) {
      this.refused++;
      return Promise.resolve(null);
    }
    return new Promise((resolve) => this.waiting.push(() => resolve(this.releaser())));
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
      if (next) next();
      else this.running--;
    };
  }
}
