import { handleTariffRequest } from "@/server/tariff/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** A tariff simulation (docs/tariff-simulator.md): GET with the simulator page's query parameters. */
export async function GET(request: Request): Promise<Response> {
  return handleTariffRequest(request);
}
