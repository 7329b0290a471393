/**
 * A fixed-window rate limiter kept in this process's memory. Per node, not global: behind a load
 * balancer each node limits on its own, which degrades gracefully (DESIGN.md, scale-out).
 */
import "server-only";
export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
  /** Seconds until this key's window starts afresh (at least 1). */
  resetSeconds: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string): RateLimitResult {
    const time = this.now();
    let entry = this.windows.get(key);
    if (!entry || time - entry.start >= this.windowMs) {
      this.windows.delete(key);
      // Full of live windows: a newcomer is counted in the one shared overflow window rather than
      // evicting someone's live count (a flood of fresh addresses must not reset the others).
      if (!this.makeRoom(time)) key = OVERFLOW_KEY;
      entry = this.windows.get(key);
      if (!entry || time - entry.start >= this.windowMs) {
        entry = { start: time, count: 0 };
        this.windows.delete(key);
        this.windows.set(key, entry);
      }
    }
    entry.count += 1;
    const allowed = entry.count <= this.limit;
    const resetSeconds = Math.max(1, Math.ceil((entry.start + this.windowMs - time) / 1000));
    return {
      allowed,
      remaining: Math.max(0, this.limit - entry.count),
      retryAfterSeconds: allowed ? 0 : resetSeconds,
      resetSeconds,
    };
  }

  /** What this key has used in its live window, without counting a use. */
  count(key: string): { count: number; retryAfterSeconds: number } {
    const time = this.now();
    const entry = this.windows.get(key);
    if (!entry || time - entry.start >= this.windowMs) return { count: 0, retryAfterSeconds: 0 };
    return { count: entry.count, retryAfterSeconds: Math.max(1, Math.ceil((entry.start + this.windowMs - time) / 1000)) };
  }

  reset(key: string) {
    this.windows.delete(key);
  }

  /** Keys held (bounded by maxKeys). */
  get size(): number {
    return this.windows.size;
  }

  /**
   * Room for one more key: windows that have ended are dropped, oldest first (a window is
   * re-inserted when it starts, so the Map's order is the order of start times). Live windows are
   * never dropped: false when every held window is still live.
   */
  private makeRoom(time: number): boolean {
    // The overflow window counts among the maxKeys: one place stays for it.
    const room = () => this.windows.size < this.maxKeys - (this.windows.has(OVERFLOW_KEY) ? 0 : 1);
    if (room()) return true;
    for (const [key, entry] of this.windows) {
      if (time - entry.start < this.windowMs) break;
      this.windows.delete(key);
    }
    return room();
  }
}

/** The window newcomers share while the limiter is full of live windows (memory stays bounded). */
const OVERFLOW_KEY = "\u0000overflow";

/**
 * The client's address: the front door (server/front/door.ts) replaces X-Forwarded-For with the
 * one address it decided on (the socket's peer, or what the trusted proxies saw), so what a client
 * writes there never reaches a limit. Served by `next start` alone, this header is the client's.
 */
export function clientKey(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return (forwarded || headers.get("x-real-ip") || "local").slice(0, 64);
}
