import { jsonError } from "@/server/http/jsonError";
import { settings } from "@/server/settings";
import { clearIssuedQueries, issuedQueries } from "@/server/warehouse/queryLog";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Test route (ENABLE_TEST_ROUTES=1): the warehouse queries issued since the last DELETE. */
export function GET() {
  if (!settings().enableTestRoutes) return jsonError(404, "not_found", "No such route.");
  return Response.json({ queries: issuedQueries() }, { headers: { "Cache-Control": "no-store" } });
}

export function DELETE() {
  if (!settings().enableTestRoutes) return jsonError(404, "not_found", "No such route.");
  clearIssuedQueries();
  return new Response(null, { status: 204 });
}
