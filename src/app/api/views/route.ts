import { handleViewPost } from "@/server/trending/viewsApi";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return handleViewPost(request);
}
