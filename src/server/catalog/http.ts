/**
 * GET /api/catalog: the data catalogue, dataset by dataset with coverage per year, and (with
 * question parameters) the answer the site itself uses: which dataset and years answer
 * "trade at this depth, bilateral or not, in this flow". The full catalogue also lists the
 * data-quality flags the importer recorded (`quality`, see ./quality.ts).
 */
import "server-only";
import { warehouseMeta } from "@/server/warehouse/db";
import { matches } from "@/server/http/etag";
import { dataEtag } from "@/server/warehouse/http";
import { z } from "zod";
import { answerGoods, datasets, PRODUCT_DEPTHS, type CatalogEntry } from "@/domain/catalog/catalog";
import { jsonError } from "@/server/http/jsonError";
import { dataApiUrl, type DataQuery } from "@/server/warehouse/client";
import { dataCatalog } from "./catalog";
import { qualityFlags } from "./quality";

const CACHE_CONTROL = "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400";

const questionSchema = z
  .object({
    depth: z.enum(PRODUCT_DEPTHS).optional(),
    bilateral: z.enum(["true", "false"]).optional(),
    flow: z.enum(["export", "import"]).optional(),
    classification: z.string().regex(/^[a-z]{2,5}\d{0,2}$/, "a classification such as hs92 or hs12").optional(),
    year: z
      .string()
      .regex(/^\d{4}$/, "a four-digit year")
      .transform(Number)
      .optional(),
  })
  .strict();

function sampleQuery(e: CatalogEntry): DataQuery {
  if (e.kind === "complexity") return { cube: e.cube, drilldowns: ["Year", "Country"], measures: ["ECI", "ECI Rank"], cuts: [{ level: "Year", ids: [e.year] }] };
  if (e.kind === "indicators") return { cube: e.cube, drilldowns: ["Year"], measures: ["GDP", "Population"] };
  return { cube: e.cube, drilldowns: ["Year"] };
}

export function catalogBody(entries: readonly CatalogEntry[], builtAt: string | null) {
  return {
    built_at: builtAt,
    datasets: datasets(entries).map(({ dataset, entries: list }) => {
      const first = list[0];
      return {
        dataset,
        cube: first.cube,
        kind: first.kind,
        classification: first.classification,
        depth: first.depth,
        bilateral: first.bilateral,
        partial: first.partial,
        source: first.source,
        priority: first.priority,
        // "world": the world as a whole, no reporters (never a country's figures or shares).
        scope: first.scope,
        api: dataApiUrl(sampleQuery({ ...first, year: list.at(-1)!.year })),
        // Each year's release of the source: two years compare only within one dataset and release.
        years: list.map((e) => ({ year: e.year, period: e.period, vintage: e.vintage, flows: e.flows, reporters: e.reporters, rows: e.rows, total: e.total })),
      };
    }),
  };
}

export async function handleCatalogRequest(request: Request): Promise<Response> {
  let params: Record<string, string>;
  try {
    const url = new URL(request.url);
    if (url.search.length > 512) return jsonError(414, "query_too_long", "query string longer than 512 characters");
    params = {};
    for (const [key, value] of url.searchParams) {
      if (key in params) return jsonError(400, "invalid_parameter", `parameter ${key} given more than once`);
      params[key] = value;
    }
  } catch {
    return jsonError(400, "invalid_parameter", "malformed URL");
  }
  const parsed = questionSchema.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.join(".") || "query";
    const message = issue.code === "unrecognized_keys" ? `unknown parameter: ${issue.keys.join(", ")}` : `${where}: ${issue.message}`;
    return jsonError(400, "invalid_parameter", message);
  }
  const [{ entries, builtAt }, meta] = await Promise.all([dataCatalog(), warehouseMeta()]);
  const etag = meta ? dataEtag(meta.build, new URL(request.url).search) : null;
  if (etag && matches(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": CACHE_CONTROL } });
  }
  const q = parsed.data;
  const asked = q.depth !== undefined || q.bilateral !== undefined || q.flow !== undefined || q.classification !== undefined || q.year !== undefined;
  const body = asked
    ? {
        question: q,
        answer: answerGoods(
          entries,
          { depth: q.depth ?? "section", bilateral: q.bilateral === "true", ...(q.flow ? { flow: q.flow } : {}), ...(q.classification ? { classification: q.classification } : {}) },
          q.year,
        ),
      }
    : { ...catalogBody(entries, builtAt), quality: await qualityFlags() };
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": CACHE_CONTROL, ...(etag ? { ETag: etag } : {}) },
  });
}
