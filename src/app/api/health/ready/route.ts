import { readiness } from "@/server/health/health";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Readiness (docs/deploy.md): 200 when this node should get traffic (database reachable, warm, not draining). */
export async function GET() {
  const { status, body } = await readiness();
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}
