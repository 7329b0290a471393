/**
 * Data-package files the charts draw with (product-space layout, world map), read on the server
 * only to know which products the layout has. The browser fetches the files from /api/assets.
 */
import "server-only";
import { readFile, stat } from "node:fs/promises";
import { matches } from "@/server/http/etag";
import { jsonError } from "@/server/http/jsonError";
import { fileKey, keyedValue } from "@/server/processState";
import { productSpaceAsset, resolveDataAsset } from "@/server/warehouse/assets";
import { CHART_ASSETS } from "@/domain/visualize/assets";

/** HS4 ids of the product-space layout, or null when the package has no layout. */
export async function productSpaceIds(): Promise<Set<string> | null> {
  const asset = productSpaceAsset();
  if (!asset) return null;
  try {
    // Per layout file and version, shared by every bundle (processState); a failed read is not kept.
    return await keyedValue("visualize/assets:productSpaceIds", `${asset.absolutePath}:${fileKey(asset.absolutePath)}`, async () => {
      const layout = JSON.parse(await readFile(asset.absolutePath, "utf8")) as { nodes?: { id?: unknown }[] };
      return new Set((layout.nodes ?? []).map((n) => String(n.id)));
    });
  } catch {
    return null;
  }
}

/** A map file name the package may declare under geo/ (no path, no dots but the extension). */
const MAP_NAME = /^[a-z0-9_]{1,80}\.(?:topojson|geojson)$/;
const CACHE_CONTROL = "public, max-age=604800, stale-while-revalidate=86400";

const PROMISED = new Set<string>(Object.values(CHART_ASSETS));

/**
 * The asset a name may stand for: one the charts draw with (null when the package lacks it: 503),
 * or another map the data package declares; undefined for anything else (404).
 */
function allowedAsset(name: string) {
  if (PROMISED.has(name)) return resolveDataAsset(name);
  if (!MAP_NAME.test(name)) return undefined;
  const asset = resolveDataAsset(`geo/${name}`);
  return asset?.kind === "map" ? asset : undefined;
}

/** Whether a name could be a map file (for the old /api/geo/{name} addresses, redirected here). */
export function isMapAssetName(name: string): boolean {
  return MAP_NAME.test(name);
}

export async function handleAssetRequest(request: Request, name: string): Promise<Response> {
  const asset = allowedAsset(name);
  if (asset === undefined) {
    return jsonError(404, "not_found", `No chart asset named "${name.slice(0, 80)}": the product-space layout (${CHART_ASSETS.productSpace}) or a map file the data package declares, such as ${CHART_ASSETS.worldMap}.`);
  }
  if (!asset) return jsonError(503, "asset_unavailable", `The data package does not provide ${name}.`);
  try {
    const info = await stat(asset.absolutePath);
    const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
    const headers = { "Cache-Control": CACHE_CONTROL, ETag: etag, "Content-Type": `${asset.mediaType}; charset=utf-8` };
    if (matches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
    return new Response(await readFile(asset.absolutePath), { headers: { ...headers, "Content-Length": String(info.size) } });
  } catch {
    return jsonError(503, "asset_unavailable", `Could not read ${name}.`);
  }
}
