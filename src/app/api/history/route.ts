import { handleHistoryClear, handleHistoryList, handleHistoryVisit } from "@/server/auth/consentApi";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET() {
  return handleHistoryList();
}

export function POST(request: Request) {
  return handleHistoryVisit(request);
}

export function DELETE(request: Request) {
  return handleHistoryClear(request);
}
