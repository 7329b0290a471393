import { handleCreateKey } from "@/server/api/keysApi";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return handleCreateKey(request);
}
