import { handleMemberImage } from "@/server/search/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request) {
  return handleMemberImage(request);
}
