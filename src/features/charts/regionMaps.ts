/**
 * The geometry of a subnational level (the data package's map of it, domain/subnational/config),
 * fetched and read once per page: the one chart component registers it with ECharts and draws it
 * (ChartSpec "regionMap"); SubnationalMap reads the same prepared map for what it says about it
 * (how many members carry a value).
 */
import type { GeoLevel } from "@/domain/subnational/config";
import { prepareFeatures, type GeoCollection, type PreparedMap } from "@/domain/subnational/map";

const prepared = new Map<string, Promise<PreparedMap>>();

/** The name a level's areas are registered under with ECharts. */
export const regionMapName = (country: string, slug: string): string => `subnational-${country}/${slug}`;

/** Fetches and reads a level's map once per page (a failed fetch is tried again next time). */
export function prepareRegion(mapName: string, level: GeoLevel): Promise<PreparedMap> {
  let pending = prepared.get(mapName);
  if (!pending) {
    if (!level.geometry) return Promise.reject(new Error(`no map for ${mapName}`));
    const file = level.geometry.file;
    pending = Promise.all([fetch(`/api/assets/${file}`).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${file}: HTTP ${r.status}`)))), import("topojson-client")]).then(([json, topo]) => {
      const collection = (json.type === "Topology" ? topo.feature(json, Object.values(json.objects)[0] as never) : json) as unknown as GeoCollection;
      return prepareFeatures(collection, level);
    });
    pending.catch(() => prepared.delete(mapName));
    prepared.set(mapName, pending);
  }
  return pending;
}
