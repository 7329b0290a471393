import { serveMapAsset } from "@/server/http/assets";

export const runtime = "nodejs";

/** The data package's TopoJSON/GeoJSON maps, e.g. /api/geo/world_countries_110m.topojson. */
export async function GET(request: Request, { params }: { params: Promise<{ name: string }> }): Promise<Response> {
  return serveMapAsset(request, (await params).name);
}
