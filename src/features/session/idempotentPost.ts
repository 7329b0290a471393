/**
 * A write the browser may safely send twice (sign-up, consent, history: docs/deploy.md, "Retrying
 * writes safely"). Each call carries a fresh `Idempotency-Key`; when the answer is lost (a network
 * error: a node died, the connection dropped) or the server says 503 (its database is away), the
 * same request goes once more with the same key, after the server's `Retry-After` (at most
 * `maxWaitMs`). The server stores a write with its key, so the retry never writes twice: it
 * answers what the first one answered, or makes the write now if the first did not land.
 */

/** How long a retry waits at most, whatever Retry-After says: a person is waiting for the form. */
export const MAX_RETRY_WAIT_MS = 5_000;
/** The wait after a network error, or a 503 without a usable Retry-After. */
export const DEFAULT_RETRY_WAIT_MS = 1_000;

export interface IdempotentPostOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** A new key (default: 32 random hex digits). */
  newKey?: () => string;
  maxWaitMs?: number;
  /** For an HTTP-date Retry-After. */
  now?: () => number;
}

/** 32 random hex digits. `crypto.randomUUID` exists only on https and localhost; this works on any page. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Milliseconds to wait for a Retry-After value (seconds or an HTTP date), within 0..max; the default when absent or unreadable. */
export function retryDelayMs(retryAfter: string | null, max = MAX_RETRY_WAIT_MS, now = Date.now()): number {
  const value = retryAfter?.trim() ?? "";
  let ms = DEFAULT_RETRY_WAIT_MS;
  if (/^\d+$/.test(value)) ms = Number(value) * 1000;
  // An HTTP date names its day and month ("Sat, 28 Nov 2026 12:00:03 GMT"); Date.parse alone would take "-3" as a year.
  else if (/^[A-Za-z]{3}, /.test(value) && !Number.isNaN(Date.parse(value))) ms = Date.parse(value) - now;
  return Math.min(max, Math.max(0, ms));
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * POSTs (or sends `init.method`) with an Idempotency-Key, retried once on a network error or a
 * 503. Resolves to the last answer; rejects only when the retry, too, fails to get one.
 */
export async function idempotentPost(url: string, init: RequestInit & { headers?: Record<string, string> }, options: IdempotentPostOptions = {}): Promise<Response> {
  const send = options.fetch ?? fetch;
  const sleep = options.sleep ?? sleepFor;
  const max = options.maxWaitMs ?? MAX_RETRY_WAIT_MS;
  const request: RequestInit = { method: "POST", ...init, headers: { ...init.headers, "Idempotency-Key": (options.newKey ?? newIdempotencyKey)() } };
  let first: Response;
  try {
    first = await send(url, request);
  } catch {
    await sleep(Math.min(max, DEFAULT_RETRY_WAIT_MS));
    return send(url, request);
  }
  if (first.status !== 503) return first;
  await sleep(retryDelayMs(first.headers.get("retry-after"), max, (options.now ?? Date.now)()));
  try {
    return await send(url, request);
  } catch {
    // The retry got no answer at all: the 503 is the last word the client has.
    return first;
  }
}
