import { openApiDocument } from "@/server/api/openapi";

/** The OpenAPI 3.1 document of the public API, generated from the cube registry. */
export function GET(): Response {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
