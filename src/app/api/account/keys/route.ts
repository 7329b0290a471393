import { handleCreateKey } from "@/server/api/keysApi";
import { whileDatabaseAnswers } from "@/server/db/unavailable";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return whileDatabaseAnswers("POST /api/account/keys", () => handleCreateKey(request));
}
