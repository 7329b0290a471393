/**
 * Which warehouse queries were asked for, and how often, for the test that proves a page asks for
 * each number once (GET /api/test/queries, only with ENABLE_TEST_ROUTES=1). Counts every query a
 * caller issues, answered from the result cache or not. Off (no cost) in production.
 */
import "server-only";
import { settings } from "@/server/settings";

const MAX_KEYS = 10_000;
const holder = globalThis as unknown as { __otoQueryLog?: Map<string, number> };

/** Read once: this runs for every query, and the setting does not change while the server runs. */
let enabled: boolean | undefined;

export function recordIssued(key: string): void {
  enabled ??= settings().enableTestRoutes;
  if (!enabled) return;
  const log = (holder.__otoQueryLog ??= new Map());
  if (log.size >= MAX_KEYS && !log.has(key)) return;
  log.set(key, (log.get(key) ?? 0) + 1);
}

export function issuedQueries(): { key: string; count: number }[] {
  return [...(holder.__otoQueryLog ?? new Map<string, number>())].map(([key, count]) => ({ key, count }));
}

export function clearIssuedQueries(): void {
  holder.__otoQueryLog?.clear();
}
