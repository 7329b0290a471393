import { handleTrendsGet } from "@/server/trends/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request) {
  return handleTrendsGet(request);
}
