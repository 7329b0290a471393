/**
 * The OpenAPI 3.1 document of the public API (`GET /api/openapi.json`), generated from the cube
 * registry: every cube with its levels (and their id formats), measures and years-level, the query
 * parameters of /api/data with the limits the parser enforces, the error body, and a runnable
 * example query per cube. Nothing here is written twice: a new cube appears by itself.
 */
import "server-only";
import { CUBES } from "@/server/warehouse/registry";
import { warehouseMeta } from "@/server/warehouse/db";
import { settings } from "@/server/settings";
import { docContext, type ApiCoverage, type Json } from "./openapiCommon";
import { apiPaths } from "./openapiPaths";
import { apiComponents } from "./openapiSchemas";

export type { ApiCoverage } from "./openapiCommon";
export { exampleQuery } from "./openapiSchemas";

/** Every registered cube, years unknown: the document without a warehouse. */
export const REGISTRY_COVERAGE: ApiCoverage = { cubes: CUBES, years: null };

/** The loaded cubes and the catalogue's years of the current warehouse (the registry when none). */
export async function warehouseCoverage(): Promise<ApiCoverage> {
  const meta = await warehouseMeta().catch(() => null);
  if (!meta) return REGISTRY_COVERAGE;
  const cubes = CUBES.filter((c) => meta.cubes.has(c.name));
  const years = meta.catalog.filter((e) => e.scope !== "world").map((e) => e.year);
  return { cubes: cubes.length ? cubes : CUBES, years: years.length ? { min: Math.min(...years), max: Math.max(...years) } : null };
}

/** The document as GET /api/openapi.json serves it: for the warehouse this server holds. */
export async function currentOpenApiDocument(): Promise<Json> {
  return openApiDocument(settings().api, await warehouseCoverage());
}

/** The document for these limits and this coverage (the registry's cubes without a warehouse). */
export function openApiDocument(limits: { anonymousPerMinute: number; keyPerMinute: number; proKeyPerMinute: number } = settings().api, coverage: ApiCoverage = REGISTRY_COVERAGE): Json {
  const context = docContext(coverage);
  return {
    openapi: "3.1.0",
    info: {
      title: "Open Trade Observatory API",
      version: "1.0.0",
      summary: "International trade, economic complexity and indicators, as open data.",
      description:
        `Query any cube of the warehouse: choose levels to drill down by, cut members, pick years and measures. Every answer names its source and licence. Anonymous use is free: ${limits.anonymousPerMinute} requests a minute per address. A free API key (created on the account page, sent as \`Authorization: Bearer oto_...\` or \`X-API-Key\`) raises the limit to ${limits.keyPerMinute} a minute, and to ${limits.proKeyPerMinute} for the keys of PRO and PREMIUM accounts. Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; beyond the limit the answer is 429 with Retry-After. Cubes, levels and measures are listed under components.schemas (x-levels, x-measures) and live at /api/cubes; which years each dataset covers is at /api/catalog.`,
      license: { name: "Per dataset: see each answer's source.annotations.licence", identifier: "CC-BY-4.0" },
    },
    // A key is optional: `{}` is anonymous use.
    security: [{}, { bearerKey: [] }, { headerKey: [] }],
    servers: [{ url: "/", description: "This site" }],
    paths: apiPaths(context),
    components: apiComponents(context),
  };
}
