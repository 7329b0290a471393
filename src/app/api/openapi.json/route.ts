import { currentOpenApiDocument } from "@/server/api/openapi";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The OpenAPI 3.1 document of the public API, generated from the cube registry and the warehouse it serves. */
export async function GET(): Promise<Response> {
  return Response.json(await currentOpenApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
