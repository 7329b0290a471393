import { handleCubesRequest } from "@/server/warehouse/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The cube registry with localised captions and which cubes the current warehouse holds. */
export async function GET(request: Request): Promise<Response> {
  return handleCubesRequest(request);
}
