/**
 * Where the profile index (server/search/build.ts) finds subnational members: each source lists
 * the members of some levels as {country, level, regionId, names, weight}. A member listed here
 * gets a profile URL (/profile/subnational_{country}/{level}/{regionId}, resolved by the profile
 * codec's `subnational` lookup), a search entry, an explorer tile and a sitemap entry.
 *
 * Levels imported generically are read by `genericRegionsForIndex`. A level with a cube of its own
 * adds its source to SOURCES (one line), and its profile component to
 * features/profiles/subnational/registry.tsx.
 */
import "server-only";
import { genericRegionsForIndex, type IndexedRegion } from "./data";

const SOURCES: Array<() => Promise<IndexedRegion[]>> = [genericRegionsForIndex];

/** Every subnational member of every source; a failing source is left out (logged), never fatal to the index. */
export async function subnationalRegionsForIndex(): Promise<IndexedRegion[]> {
  const lists = await Promise.all(
    SOURCES.map((source) =>
      source().catch((error: unknown) => {
        console.error(`[search] a subnational member source failed: ${(error as Error).message}`);
        return [] as IndexedRegion[];
      }),
    ),
  );
  return lists.flat();
}
