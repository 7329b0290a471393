import { handleViewRequest } from "@/server/visualize/viewApi";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request) {
  return handleViewRequest(request);
}
