import type { NextRequest } from "next/server";
import { handleAuthRequest, type AuthRouteContext } from "@/server/auth/routeHandler";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: NextRequest, context: AuthRouteContext) {
  return handleAuthRequest(request, context);
}

export function POST(request: NextRequest, context: AuthRouteContext) {
  return handleAuthRequest(request, context);
}
