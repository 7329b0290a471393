/**
 * Serves the data package's maps as static, cacheable files (GET /api/geo/<file>). Only files the
 * package declares resolve (src/server/warehouse/assets.ts), so the name cannot reach elsewhere.
 */
import "server-only";
import fs from "node:fs";
import { resolveDataAsset } from "@/server/warehouse/assets";
import { jsonError } from "./jsonError";

const NAME = /^[a-z0-9_]{1,80}\.(topojson|geojson)$/;
/** Map files change only with a new data package; the ETag lets clients revalidate cheaply after a day. */
const CACHE = "public, max-age=86400, s-maxage=604800, stale-while-revalidate=604800";

export async function serveMapAsset(request: Request, name: string): Promise<Response> {
  if (!NAME.test(name)) return jsonError(404, "not_found", "No such map file; names look like world_countries_110m.topojson.", { "Cache-Control": "no-store" });
  const asset = resolveDataAsset(`geo/${name}`);
  if (!asset || asset.kind !== "map") {
    return jsonError(404, "not_found", `The data package has no map named ${name}.`, { "Cache-Control": "no-store" });
  }
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(asset.absolutePath);
  } catch {
    return jsonError(404, "not_found", `The map file ${name} is missing from the data package.`, { "Cache-Control": "no-store" });
  }
  const etag = `"${stat.size.toString(16)}-${Math.round(stat.mtimeMs).toString(16)}"`;
  const headers = { "Cache-Control": CACHE, ETag: etag, "Content-Type": `${asset.mediaType}; charset=utf-8` };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const body = await fs.promises.readFile(asset.absolutePath);
  return new Response(new Uint8Array(body), { status: 200, headers: { ...headers, "Content-Length": String(body.byteLength) } });
}
