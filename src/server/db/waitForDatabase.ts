/**
 * Start-up without a babysitter (issue 41): the app database is tried until it answers, with
 * back-off (0.5 s doubling to 10 s), each failure logged with its real cause. The node does not
 * wait for it: pages, the data API, search and bulk files need no app database and are served
 * meanwhile; readiness (/api/health/ready) says 503 until the database answers.
 */
import "server-only";
import { describeCause } from "./unavailable";

export interface Backoff {
  firstMs: number;
  maxMs: number;
}

export const DATABASE_BACKOFF: Backoff = { firstMs: 500, maxMs: 10_000 };

/** The wait after the `failures`-th failure in a row (1-based): first, doubled each time, capped. */
export function backoffDelay(failures: number, backoff: Backoff = DATABASE_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.max(0, Math.min(30, failures - 1)));
}

export interface WaitOptions {
  backoff?: Backoff;
  /** Where the database is, for the log lines. */
  where?: () => string;
  log?: { warn(line: string): void; info(line: string): void };
  sleep?: (ms: number) => Promise<void>;
  /** A failure that retrying cannot mend (a malformed setting): thrown out of the loop. */
  fatal?: (error: unknown) => boolean;
}

const unrefSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

/**
 * Calls `check` until it resolves; answers how many attempts it took. Never gives up: a database
 * that comes back after an hour finds the node waiting for it, not exited.
 */
export async function waitForDatabase(check: () => Promise<void>, options: WaitOptions = {}): Promise<number> {
  const log = options.log ?? console;
  const sleep = options.sleep ?? unrefSleep;
  const where = options.where ?? (() => "the app database");
  for (let attempt = 1; ; attempt++) {
    try {
      await check();
      if (attempt > 1) log.info(`[db] the app database at ${where()} answers (after ${attempt} attempts): ready for sign-in and account writes`);
      return attempt;
    } catch (error) {
      if (options.fatal?.(error)) throw error;
      const delay = backoffDelay(attempt, options.backoff);
      log.warn(
        `[db] cannot use the app database at ${where()} (attempt ${attempt}): ${describeCause(error)}; trying again in ${delay / 1000} s. ` +
          `Pages, data, search and bulk files are served meanwhile; /api/health/ready answers 503 until it answers.`,
      );
      await sleep(delay);
    }
  }
}
