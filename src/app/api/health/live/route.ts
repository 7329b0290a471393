import { liveness } from "@/server/health/health";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Liveness (docs/deploy.md): 200 while the process can serve pages and data, whatever the database does. */
export async function GET() {
  const { status, body } = await liveness();
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}
