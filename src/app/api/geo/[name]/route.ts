import { jsonError } from "@/server/http/jsonError";
import { isMapAssetName } from "@/server/visualize/assets";

export const runtime = "nodejs";

/** Old addresses of the maps (/api/geo/world_countries_110m.topojson): one route serves them now. */
export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }): Promise<Response> {
  const { name } = await params;
  if (!isMapAssetName(name)) return jsonError(404, "not_found", "No such map file; names look like world_countries_110m.topojson.", { "Cache-Control": "no-store" });
  return new Response(null, { status: 308, headers: { Location: `/api/assets/${name}`, "Cache-Control": "public, max-age=604800" } });
}
