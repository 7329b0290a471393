import { handleCompaniesCsv } from "@/server/entities/companiesCsv";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The company explorer's filtered list as CSV (PREMIUM): GET with the explorer's query parameters and `locale`. */
export async function GET(request: Request): Promise<Response> {
  return handleCompaniesCsv(request);
}
