/**
 * Password guessing, limited three ways at once, so that neither guessing nor the limit itself
 * pays for an attacker:
 *
 * - per address and account: 10 failures in 15 minutes, then that address waits (one client
 *   guessing one password);
 * - per address across accounts: failures on 10 different accounts in 15 minutes, then that
 *   address waits (password spraying);
 * - per account across addresses: past 50 failures in an hour the account takes passwords only
 *   from addresses that have not failed on it in that hour (guessing spread over many addresses
 *   gets one try per address, while the owner, signing in from a clean address, still gets in;
 *   an owner who also mistyped uses the emailed sign-in link).
 *
 * The owner can never be locked out by somebody else's failures: every limit is keyed on the
 * failing address. Four fixed-window counters (WindowCounter: in memory, or shared by every
 * node through PostgreSQL), each bounded in keys.
 */
import "server-only";
import { MemoryCounter, type WindowCounter } from "@/server/http/counters";

const MINUTE = 60_000;

export interface LoginGuardLimits {
  perPair: number;
  pairWindowMs: number;
  accountsPerAddress: number;
  addressWindowMs: number;
  perAccount: number;
  accountWindowMs: number;
  maxKeys: number;
}

export const LOGIN_LIMITS: LoginGuardLimits = {
  perPair: 10,
  pairWindowMs: 15 * MINUTE,
  accountsPerAddress: 10,
  addressWindowMs: 15 * MINUTE,
  perAccount: 50,
  accountWindowMs: 60 * MINUTE,
  maxKeys: 20_000,
};

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; reason: "pair" | "spraying" | "account" };

export type CounterFactory = (name: string, limit: number, windowMs: number, maxKeys: number) => WindowCounter;

export class LoginGuard {
  /** Failures per address and account. */
  private readonly pairs: WindowCounter;
  /** Accounts an address failed on: one use per account, at its first failure in the window. */
  private readonly addresses: WindowCounter;
  /** Failures per account, from any address. */
  private readonly accounts: WindowCounter;
  /** Whether an address failed on an account within the account's window. */
  private readonly failedHere: WindowCounter;

  constructor(
    private readonly limits: LoginGuardLimits = LOGIN_LIMITS,
    now: () => number = Date.now,
    make: CounterFactory = (_name, limit, windowMs, maxKeys) => new MemoryCounter(limit, windowMs, maxKeys, now),
  ) {
    this.pairs = make("login-pair", limits.perPair, limits.pairWindowMs, limits.maxKeys);
    this.addresses = make("login-address", limits.accountsPerAddress, limits.addressWindowMs, limits.maxKeys);
    this.accounts = make("login-account", limits.perAccount, limits.accountWindowMs, limits.maxKeys);
    this.failedHere = make("login-failed-here", 1, limits.accountWindowMs, limits.maxKeys);
  }

  /** Whether this address may try a password for this account now. */
  async check(address: string, account: string): Promise<Verdict> {
    const pair = await this.pairs.count(`${address}|${account}`);
    if (pair.count >= this.limits.perPair) return { allowed: false, retryAfterSeconds: pair.retryAfterSeconds, reason: "pair" };
    const sprayed = await this.addresses.count(address);
    if (sprayed.count >= this.limits.accountsPerAddress) return { allowed: false, retryAfterSeconds: sprayed.retryAfterSeconds, reason: "spraying" };
    const attacked = await this.accounts.count(account);
    if (attacked.count >= this.limits.perAccount && (await this.failedHere.count(`${account}|${address}`)).count > 0) {
      return { allowed: false, retryAfterSeconds: attacked.retryAfterSeconds, reason: "account" };
    }
    return { allowed: true };
  }

  async failed(address: string, account: string) {
    const pair = `${address}|${account}`;
    if ((await this.pairs.count(pair)).count === 0) await this.addresses.hit(address);
    await this.pairs.hit(pair);
    await this.accounts.hit(account);
    await this.failedHere.hit(`${account}|${address}`);
  }

  /** A right password clears this address's record on this account (not the account's own count). */
  async succeeded(address: string, account: string) {
    await this.pairs.reset(`${address}|${account}`);
  }
}
