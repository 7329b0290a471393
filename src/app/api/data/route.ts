import { handleDataRequest } from "@/server/warehouse/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** OLAP query API over the trade warehouse; parameters are documented in docs/warehouse.md. */
export async function GET(request: Request): Promise<Response> {
  return handleDataRequest(request);
}
