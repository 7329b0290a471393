/**
 * Data-package files the charts draw with (product-space layout, world map), read on the server
 * only to know which products the layout has. The browser fetches the files from /api/assets.
 */
import "server-only";
import { readFile, stat } from "node:fs/promises";
import { jsonError } from "@/server/http/jsonError";
import { productSpaceAsset, resolveDataAsset } from "@/server/warehouse/assets";
import { CHART_ASSETS } from "@/domain/visualize/assets";

let cached: { path: string; mtimeMs: number; ids: Set<string> } | null = null;

/** HS4 ids of the product-space layout, or null when the package has no layout. */
export async function productSpaceIds(): Promise<Set<string> | null> {
  const asset = productSpaceAsset();
  if (!asset) return null;
  try {
    const { mtimeMs } = await stat(asset.absolutePath);
    if (!cached || cached.path !== asset.absolutePath || cached.mtimeMs !== mtimeMs) {
      const layout = JSON.parse(await readFile(asset.absolutePath, "utf8")) as { nodes?: { id?: unknown }[] };
      cached = { path: asset.absolutePath, mtimeMs, ids: new Set((layout.nodes ?? []).map((n) => String(n.id))) };
    }
    return cached.ids;
  } catch {
    return null;
  }
}


const ALLOWED = new Set<string>([CHART_ASSETS.productSpace, CHART_ASSETS.worldMap, "world_countries_50m.topojson"]);
const CACHE_CONTROL = "public, max-age=604800, stale-while-revalidate=86400";

/**
 * GET /api/assets/{name}: a chart asset from the data package. Only the names above are served
 * (no path is ever built from the request); responses are cacheable for a week and carry an ETag
 * derived from the file's size and modification time, so revalidation is a cheap 304.
 */
export async function handleAssetRequest(request: Request, name: string): Promise<Response> {
  if (!ALLOWED.has(name)) return jsonError(404, "not_found", `No chart asset named "${name.slice(0, 80)}"; available: ${[...ALLOWED].join(", ")}.`);
  const asset = resolveDataAsset(name);
  if (!asset) return jsonError(503, "asset_unavailable", `The data package does not provide ${name}.`);
  try {
    const info = await stat(asset.absolutePath);
    const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
    const headers = { "Cache-Control": CACHE_CONTROL, ETag: etag, "Content-Type": `${asset.mediaType}; charset=utf-8` };
    const match = request.headers.get("if-none-match");
    if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return new Response(null, { status: 304, headers });
    return new Response(await readFile(asset.absolutePath), { headers: { ...headers, "Content-Length": String(info.size) } });
  } catch {
    return jsonError(503, "asset_unavailable", `Could not read ${name}.`);
  }
}
