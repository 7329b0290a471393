/**
 * Fixed-window counters for the rate limits (sign-in, sign-up, account changes, the data API).
 * With SQLite (one node) they live in this process's memory (RateLimiter); with PostgreSQL they
 * live in the shared `rate_limits` table, so every node behind the load balancer counts against
 * the same limit: one atomic upsert per hit, whichever node takes the request.
 */
import "server-only";
import type { Pool } from "pg";
import { getDb } from "@/server/db/client";
import { RateLimiter, type RateLimitResult } from "./rateLimit";
import { processValue } from "@/server/processState";

export interface WindowCounter {
  readonly limit: number;
  readonly windowMs: number;
  /** Counts one use of `key`. */
  hit(key: string): Promise<RateLimitResult>;
  /** What `key` has used in its live window, without counting a use. */
  count(key: string): Promise<{ count: number; retryAfterSeconds: number }>;
  reset(key: string): Promise<void>;
}

export class MemoryCounter implements WindowCounter {
  private readonly limiter: RateLimiter;
  constructor(
    readonly limit: number,
    readonly windowMs: number,
    maxKeys = 10_000,
    now: () => number = Date.now,
  ) {
    this.limiter = new RateLimiter(limit, windowMs, maxKeys, now);
  }
  async hit(key: string) {
    return this.limiter.hit(key);
  }
  async count(key: string) {
    return this.limiter.count(key);
  }
  async reset(key: string) {
    this.limiter.reset(key);
  }
  /** Keys held (bounded). */
  get size(): number {
    return this.limiter.size;
  }
}

/** Rows past their window are deleted now and then (at most once a minute per process). */
const sweep = processValue("http/counters:sweep", () => ({ at: 0 }));

export class PgCounter implements WindowCounter {
  constructor(
    private readonly pool: Pool,
    /** Distinguishes this limiter's keys from the others' in the shared table. */
    private readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string): Promise<RateLimitResult> {
    const time = this.now();
    const { rows } = await this.pool.query<{ count: number; window_start: string }>(
      `INSERT INTO rate_limits (key, window_start, count, expires_at) VALUES ($1, $2, 1, $3)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_start + $4 <= $2 THEN 1 ELSE rate_limits.count + 1 END,
         window_start = CASE WHEN rate_limits.window_start + $4 <= $2 THEN $2 ELSE rate_limits.window_start END,
         expires_at = CASE WHEN rate_limits.window_start + $4 <= $2 THEN $3 ELSE rate_limits.expires_at END
       RETURNING count, window_start`,
      [`${this.name}:${key}`, time, time + this.windowMs, this.windowMs],
    );
    this.sweep(time);
    const count = Number(rows[0]!.count);
    const start = Number(rows[0]!.window_start);
    const allowed = count <= this.limit;
    const resetSeconds = Math.max(1, Math.ceil((start + this.windowMs - time) / 1000));
    return { allowed, remaining: Math.max(0, this.limit - count), retryAfterSeconds: allowed ? 0 : resetSeconds, resetSeconds };
  }

  async count(key: string) {
    const time = this.now();
    const { rows } = await this.pool.query<{ count: number; window_start: string }>("SELECT count, window_start FROM rate_limits WHERE key = $1", [`${this.name}:${key}`]);
    const row = rows[0];
    if (!row || Number(row.window_start) + this.windowMs <= time) return { count: 0, retryAfterSeconds: 0 };
    return { count: Number(row.count), retryAfterSeconds: Math.max(1, Math.ceil((Number(row.window_start) + this.windowMs - time) / 1000)) };
  }

  async reset(key: string) {
    await this.pool.query("DELETE FROM rate_limits WHERE key = $1", [`${this.name}:${key}`]);
  }

  private sweep(time: number) {
    if (time - sweep.at < 60_000) return;
    sweep.at = time;
    this.pool.query("DELETE FROM rate_limits WHERE expires_at < $1", [time]).catch((error: Error) => console.warn(`[limits] sweep failed: ${error.message}`));
  }
}

/**
 * A counter for one limiter: shared through PostgreSQL when the app database is PostgreSQL,
 * this process's memory otherwise. The PostgreSQL tables are migrated before the first hit.
 */
export function windowCounter(name: string, limit: number, windowMs: number, maxKeys = 10_000): WindowCounter {
  const db = getDb();
  if (db.dialect === "postgres" && db.pool) {
    const shared = new PgCounter(db.pool, name, limit, windowMs);
    // The first use waits for the migrations (the table must exist).
    let ready: Promise<void> | null = null;
    const migrated = () => (ready ??= db.ping());
    return {
      limit,
      windowMs,
      hit: async (key) => {
        await migrated();
        return shared.hit(key);
      },
      count: async (key) => {
        await migrated();
        return shared.count(key);
      },
      reset: async (key) => {
        await migrated();
        return shared.reset(key);
      },
    };
  }
  return new MemoryCounter(limit, windowMs, maxKeys);
}
