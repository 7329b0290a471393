/**
 * The limits on sign-in and sign-up attempts. Kept per process (see RateLimiter): behind several
 * nodes each limits on its own.
 */
import "server-only";
import { RateLimiter } from "@/server/http/rateLimit";
import { LoginGuard } from "./loginGuard";

const MINUTE = 60_000;

interface Limiters {
  /** Password sign-ins: per address and account, per address across accounts, per account (loginGuard.ts). */
  login: LoginGuard;
  /** Sign-in link requests, per client address. */
  magicLink: RateLimiter;
  /** Sign-in links sent to one email, from any address (nobody mail-bombs an inbox). */
  magicLinkEmail: RateLimiter;
  /** Sign-ups, per client address. */
  signup: RateLimiter;
  /** Sign-ups with one email, from any address. */
  signupEmail: RateLimiter;
  /** Other account changes (password checks included), per user. */
  account: RateLimiter;
  /** Client log reports to /api/auth/_log, per client address (nobody floods the server log). */
  clientLog: RateLimiter;
}

const holder = globalThis as unknown as { __otoAuthLimiters?: Limiters };

export function limiters(): Limiters {
  holder.__otoAuthLimiters ??= {
    login: new LoginGuard(),
    magicLink: new RateLimiter(10, 15 * MINUTE),
    magicLinkEmail: new RateLimiter(5, 60 * MINUTE),
    signup: new RateLimiter(30, 60 * MINUTE),
    signupEmail: new RateLimiter(5, 60 * MINUTE),
    account: new RateLimiter(30, 15 * MINUTE),
    clientLog: new RateLimiter(20, MINUTE),
  };
  return holder.__otoAuthLimiters;
}
