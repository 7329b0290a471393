/**
 * Warm before serving: after a start (and after a new warehouse generation) the server renders
 * the pages its first visitors are most likely to ask for, through its own front door, so they
 * land in the page cache and the warehouse's result cache: the home page in every language, the
 * most viewed profiles of the last week, and the heaviest profiles of the index (largest traders
 * and products). The health check says "warming" until this ends (or its time budget runs out).
 */
import "server-only";
import { LOCALES } from "@/domain/i18n/locales";
import { profileIndex } from "@/server/search/build";
import { fallbackProfiles } from "@/server/trending/fallback";
import { topViewedPaths } from "@/server/trending/repository";

/** The paths to render first, most likely first, without repeats. */
export async function warmupPaths(limit = 24): Promise<string[]> {
  const paths = LOCALES.map((locale) => `/${locale}`);
  const viewed = await topViewedPaths({ days: 7, limit: 10 }).catch(() => []);
  paths.push(...viewed.map((row) => `/en${row.path}`));
  const index = await profileIndex().catch(() => null);
  if (index) paths.push(...fallbackProfiles(index, "en").map((profile) => `/en${profile.path}`));
  return [...new Set(paths)].slice(0, limit);
}

/** How long a warm-up may take at most, the server's and each render worker's (health waits no longer). */
export const WARMUP_BUDGET_MS = 30_000;

/**
 * Asks `base` for each path, `concurrency` (2) at a time, until done or `budgetMs`
 * (WARMUP_BUDGET_MS) has passed; returns how many answered 200 and how long it took.
 */
export async function warmUp(base: string, paths: readonly string[], options: { concurrency?: number; budgetMs?: number; headers?: Record<string, string> } = {}): Promise<{ warmed: number; ms: number }> {
  const started = Date.now();
  const deadline = started + (options.budgetMs ?? WARMUP_BUDGET_MS);
  let next = 0;
  let warmed = 0;
  const worker = async () => {
    while (next < paths.length && Date.now() < deadline) {
      const path = paths[next++]!;
      try {
        const response = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())), headers: { "accept-encoding": "gzip", ...options.headers } });
        await response.arrayBuffer();
        if (response.ok) warmed++;
      } catch {
        // A page that fails to warm is rendered when first asked.
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 2 }, worker));
  return { warmed, ms: Date.now() - started };
}
