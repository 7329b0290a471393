import { health } from "@/server/health/health";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET() {
  const { status, body } = await health();
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}
