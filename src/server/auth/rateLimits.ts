/**
 * The limits on sign-in and sign-up attempts: per process with SQLite, shared by every node
 * through the `rate_limits` table with PostgreSQL (server/http/counters.ts).
 */
import "server-only";
import { windowCounter, type WindowCounter } from "@/server/http/counters";
import { settings } from "@/server/settings";
import { LoginGuard, LOGIN_LIMITS } from "./loginGuard";
import { processValue } from "@/server/processState";

const MINUTE = 60_000;

interface Limiters {
  /** Password sign-ins: per address and account, per address across accounts, per account (loginGuard.ts). */
  login: LoginGuard;
  /** Sign-in link requests, per client address. */
  magicLink: WindowCounter;
  /** Sign-in links sent to one email, from any address (nobody mail-bombs an inbox). */
  magicLinkEmail: WindowCounter;
  /** Sign-ups, per client address. */
  signup: WindowCounter;
  /** Sign-ups with one email, from any address. */
  signupEmail: WindowCounter;
  /** Other account changes (password checks included), per user. */
  account: WindowCounter;
  /** Client log reports to /api/auth/_log, per client address (nobody floods the server log). */
  clientLog: WindowCounter;
}

/** The process's limiters, shared by every Next.js bundle (server/processState.ts). */
export function limiters(): Limiters {
  return processValue<Limiters>("auth/rateLimits:limiters", () => ({
    login: new LoginGuard(LOGIN_LIMITS, Date.now, windowCounter),
    magicLink: windowCounter("magic-link", 10, 15 * MINUTE),
    magicLinkEmail: windowCounter("magic-link-email", 5, 60 * MINUTE),
    signup: windowCounter("signup", settings().signupPerHour, 60 * MINUTE),
    signupEmail: windowCounter("signup-email", 5, 60 * MINUTE),
    account: windowCounter("account", 30, 15 * MINUTE),
    clientLog: windowCounter("client-log", 20, MINUTE),
  }));
}
