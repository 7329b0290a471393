import { handleChat } from "@/server/chat/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return handleChat(request);
}
