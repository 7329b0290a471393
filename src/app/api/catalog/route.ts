import { handleCatalogRequest } from "@/server/catalog/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The data catalogue: what the warehouse can answer, year by year. */
export async function GET(request: Request): Promise<Response> {
  return handleCatalogRequest(request);
}
