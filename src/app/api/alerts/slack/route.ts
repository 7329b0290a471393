import { handleAlert } from "@/server/alerts/slack";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return handleAlert(request);
}
