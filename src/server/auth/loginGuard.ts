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
 * failing address. Kept in this process's memory with a bound on entries (see RateLimiter).
 */
import "server-only";

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

interface Window<T> {
  start: number;
  value: T;
}

/** A map of fixed windows with a bound on keys (oldest dropped first). */
class Windows<T> {
  private readonly map = new Map<string, Window<T>>();
  constructor(
    private readonly windowMs: number,
    private readonly maxKeys: number,
    private readonly fresh: () => T,
  ) {}

  /** The live window for a key, if any. */
  get(key: string, now: number): Window<T> | undefined {
    const entry = this.map.get(key);
    if (entry && now - entry.start >= this.windowMs) {
      this.map.delete(key);
      return undefined;
    }
    return entry;
  }

  /** The live window for a key, opened now if there is none. */
  open(key: string, now: number): Window<T> {
    const live = this.get(key, now);
    if (live) return live;
    while (this.map.size >= this.maxKeys) {
      const oldest = this.map.keys().next().value;
      if (oldest === undefined) break;
      this.map.delete(oldest);
    }
    const entry = { start: now, value: this.fresh() };
    this.map.set(key, entry);
    return entry;
  }

  retryAfter(entry: Window<T>, now: number): number {
    return Math.max(1, Math.ceil((entry.start + this.windowMs - now) / 1000));
  }

  delete(key: string) {
    this.map.delete(key);
  }
}

export class LoginGuard {
  private readonly pairs: Windows<number>;
  private readonly addresses: Windows<Set<string>>;
  private readonly accounts: Windows<{ failures: number; addresses: Set<string> }>;

  constructor(
    private readonly limits: LoginGuardLimits = LOGIN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.pairs = new Windows(limits.pairWindowMs, limits.maxKeys, () => 0);
    this.addresses = new Windows(limits.addressWindowMs, limits.maxKeys, () => new Set());
    this.accounts = new Windows(limits.accountWindowMs, limits.maxKeys, () => ({ failures: 0, addresses: new Set() }));
  }

  /** Whether this address may try a password for this account now. */
  check(address: string, account: string): Verdict {
    const now = this.now();
    const pair = this.pairs.get(`${address}|${account}`, now);
    if (pair && pair.value >= this.limits.perPair) return { allowed: false, retryAfterSeconds: this.pairs.retryAfter(pair, now), reason: "pair" };
    const sprayed = this.addresses.get(address, now);
    if (sprayed && sprayed.value.size >= this.limits.accountsPerAddress) {
      return { allowed: false, retryAfterSeconds: this.addresses.retryAfter(sprayed, now), reason: "spraying" };
    }
    const attacked = this.accounts.get(account, now);
    if (attacked && attacked.value.failures >= this.limits.perAccount && attacked.value.addresses.has(address)) {
      return { allowed: false, retryAfterSeconds: this.accounts.retryAfter(attacked, now), reason: "account" };
    }
    return { allowed: true };
  }

  failed(address: string, account: string) {
    const now = this.now();
    this.pairs.open(`${address}|${account}`, now).value += 1;
    this.addresses.open(address, now).value.add(account);
    const attacked = this.accounts.open(account, now).value;
    attacked.failures += 1;
    if (attacked.addresses.size < this.limits.maxKeys) attacked.addresses.add(address);
  }

  /** A right password clears this address's record on this account (not the account's own count). */
  succeeded(address: string, account: string) {
    this.pairs.delete(`${address}|${account}`);
  }
}
