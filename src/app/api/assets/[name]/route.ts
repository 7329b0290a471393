import { handleAssetRequest } from "@/server/visualize/assets";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Chart assets from the data package (product-space layout, world map); allowlisted names only. */
export async function GET(request: Request, { params }: { params: Promise<{ name: string }> }): Promise<Response> {
  return handleAssetRequest(request, (await params).name);
}
