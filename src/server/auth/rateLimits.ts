/**
 * The limits on sign-in and sign-up attempts. Kept per process (see RateLimiter): behind several
 * nodes each limits on its own.
 */
import "server-only";
import { RateLimiter } from "@/server/http/rateLimit";

const MINUTE = 60_000;

export const LOGIN_ATTEMPTS = 10;
export const LOGIN_WINDOW_MS = 15 * MINUTE;

interface Limiters {
  /** Password sign-ins, per client address and email. */
  login: RateLimiter;
  /** Sign-in link requests, per client address and email (no mail bombing). */
  magicLink: RateLimiter;
  /** Sign-ups, per client address. */
  signup: RateLimiter;
  /** Other account changes (password checks included), per user. */
  account: RateLimiter;
  /** Client log reports to /api/auth/_log, per client address (nobody floods the server log). */
  clientLog: RateLimiter;
}

const holder = globalThis as unknown as { __otoAuthLimiters?: Limiters };

export function limiters(): Limiters {
  holder.__otoAuthLimiters ??= {
    login: new RateLimiter(LOGIN_ATTEMPTS, LOGIN_WINDOW_MS),
    magicLink: new RateLimiter(5, 15 * MINUTE),
    signup: new RateLimiter(30, 60 * MINUTE),
    account: new RateLimiter(30, 15 * MINUTE),
    clientLog: new RateLimiter(20, MINUTE),
  };
  return holder.__otoAuthLimiters;
}
