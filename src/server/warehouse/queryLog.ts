/**
 * Which warehouse queries were asked for, and how often, for the test that proves a page asks for
 * each number once (GET /api/test/queries, only with ENABLE_TEST_ROUTES=1). Counts every query a
 * caller issues, answered from the result cache or not. Off (no cost) in production.
 */
import "server-only";
import { settings } from "@/server/settings";
import { heldValue, processValue } from "@/server/processState";

const MAX_KEYS = 10_000;
const QUERY_LOG = "warehouse/queryLog:issued";


export function recordIssued(key: string): void {
  // Read once: this runs for every query, and the setting does not change while the server runs.
  if (!processValue("warehouse/queryLog:enabled", () => settings().enableTestRoutes)) return;
  const log = processValue(QUERY_LOG, () => new Map<string, number>());
  if (log.size >= MAX_KEYS && !log.has(key)) return;
  log.set(key, (log.get(key) ?? 0) + 1);
}

export function issuedQueries(): { key: string; count: number }[] {
  return [...(heldValue<Map<string, number>>(QUERY_LOG) ?? new Map<string, number>())].map(([key, count]) => ({ key, count }));
}

export function clearIssuedQueries(): void {
  heldValue<Map<string, number>>(QUERY_LOG)?.clear();
}
