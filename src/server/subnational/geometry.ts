/**
 * A level's map read on the server: which members it draws (ids and names), for the landing page's
 * CSV example and member count. The browser draws the map itself from /api/assets/{file}.
 */
import "server-only";
import { readFile, stat } from "node:fs/promises";
import { feature } from "topojson-client";
import { geoLevel } from "@/domain/subnational/config";
import { prepareFeatures, type GeoCollection } from "@/domain/subnational/map";
import { resolveDataAsset } from "@/server/warehouse/assets";

export interface MapMember {
  id: string;
  name: string;
}

const cache = new Map<string, { mtimeMs: number; members: MapMember[] }>();

/** Members drawn by the level's map, in file order; null when the package has no map of it. */
export async function mapMembers(code: string, slug: string): Promise<MapMember[] | null> {
  const level = geoLevel(code, slug);
  if (!level?.geometry) return null;
  const asset = resolveDataAsset(`geo/${level.geometry.file}`);
  if (!asset) return null;
  try {
    const { mtimeMs } = await stat(asset.absolutePath);
    const hit = cache.get(asset.absolutePath);
    if (hit && hit.mtimeMs === mtimeMs) return hit.members;
    const json = JSON.parse(await readFile(asset.absolutePath, "utf8"));
    const collection = (json.type === "Topology" ? feature(json, Object.values(json.objects)[0] as never) : json) as unknown as GeoCollection;
    const prepared = prepareFeatures(collection, level);
    const names = new Map<string, string>();
    for (const p of prepared.points) names.set(p.key, p.name);
    for (const f of prepared.areas.features) {
      const key = String(f.properties?.key ?? "");
      if (!key.startsWith("outline-") && !names.has(key)) names.set(key, String(f.properties?.name ?? key));
    }
    const members = prepared.keys.map((id) => ({ id, name: names.get(id) ?? id }));
    cache.set(asset.absolutePath, { mtimeMs, members });
    return members;
  } catch {
    return null;
  }
}
