/**
 * GET /api/tariff: one simulation from the query string (the page's URL parameters), as JSON or,
 * with format=csv, as the CSV the page offers for download. Every bad input is a 4xx JSON error
 * naming the parameter; the answer depends only on the request and the warehouse, so it is cacheable.
 */
import "server-only";
import { isLocale, type Locale } from "@/domain/i18n/locales";
import { parseTariffParams } from "@/domain/tariff/params";
import { simulationCsv } from "@/domain/tariff/output";
import { jsonError, jsonErrorWith } from "@/server/http/jsonError";
import { isWarehouseError } from "@/server/warehouse/client";
import { runTariffSimulation, TariffRequestError, type TariffResult } from "./simulator";

const CACHE = { "Cache-Control": "public, max-age=300" };
const KNOWN = new Set(["importer", "depth", "product", "year", "current", "new", "partner", "em", "sigma", "ex", "base", "format", "locale"]);

const pct = (fraction: number) => Number((fraction * 100).toPrecision(12));

/** The JSON answer: tariffs in percent, money in USD. */
export function tariffJson(result: TariffResult) {
  const names = new Map(result.exporters.map((x) => [x.id, x]));
  return {
    query: result.params,
    source: {
      dataset: result.source.dataset,
      cube: result.source.cube,
      year: result.source.year,
      classification: result.source.classification,
      partial: result.source.partial,
      api: result.source.api,
      attribution: result.source.annotations.attribution ?? result.source.annotations.source_name ?? null,
    },
    importer: result.importer,
    product: result.product,
    partner: result.partner,
    elasticities: result.simulation.elasticities,
    tariffs: result.tariffs,
    exporters: result.simulation.exporters.map((r) => {
      const x = names.get(r.id)!;
      return {
        id: r.id,
        name: x.name,
        imports: r.imports,
        currentTariff: pct(r.currentTariff),
        newTariff: pct(r.newTariff),
        tariffSource: x.tariffSource,
        tariffYear: x.rate?.year ?? null,
        dutyType: x.rate?.dutyType ?? null,
        tradeCreation: r.tradeCreation,
        tradeDiversion: r.tradeDiversion,
        totalChange: r.totalChange,
        newImports: r.newImports,
        revenueBefore: r.revenueBefore,
        revenueAfter: r.revenueAfter,
        revenueChange: r.revenueChange,
        consumerSurplus: r.consumerSurplus,
        capped: r.capped,
      };
    }),
    totals: result.simulation.totals,
  };
}

export async function handleTariffRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.search.length > 2000) return jsonError(414, "query_too_long", "the query string is too long");
  const unknown = [...url.searchParams.keys()].find((k) => !KNOWN.has(k));
  if (unknown) return jsonError(400, "unknown_parameter", `unknown parameter "${unknown.slice(0, 40)}"; known: ${[...KNOWN].join(", ")}`);
  const format = url.searchParams.get("format") ?? "json";
  if (format !== "json" && format !== "csv") return jsonError(400, "invalid", "format: json or csv");
  const localeParam = url.searchParams.get("locale") ?? "en";
  if (!isLocale(localeParam)) return jsonError(400, "invalid", "locale: en, es or zh");
  const locale: Locale = localeParam;
  const parsed = parseTariffParams(url.searchParams);
  if (!parsed.ok) return jsonErrorWith(400, { code: parsed.code, message: parsed.message, parameter: parsed.field });
  try {
    const result = await runTariffSimulation(parsed.params, locale);
    if (format === "csv") {
      const names = new Map(result.exporters.map((x) => [x.id, x.name]));
      const file = `tariff-simulation-${result.importer.id}-${result.product.depth}-${result.product.id}-${result.params.year}.csv`;
      return new Response(simulationCsv(result.simulation, names), {
        headers: { ...CACHE, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${file}"` },
      });
    }
    return Response.json(tariffJson(result), { headers: CACHE });
  } catch (error) {
    if (error instanceof TariffRequestError) {
      return jsonErrorWith(error.status, { code: error.code, message: error.message, parameter: error.field });
    }
    if (isWarehouseError(error)) {
      const headers: Record<string, string> = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
      return jsonError(error.status, error.code, error.message, headers);
    }
    console.error("tariff simulation failed", error);
    return jsonError(500, "internal_error", "the simulation failed; please report it");
  }
}
