/**
 * The tariff simulator on the server: the form's choices from the data catalogue, the baseline
 * (the importer's imports of the product from each partner, from the bilateral dataset the
 * catalogue names for that depth and year), current tariffs from the imported tariff table when
 * there is one, and the SMART-style simulation (src/domain/tariff/model.ts).
 */
import "server-only";
import type { ProductDepth } from "@/domain/catalog/catalog";
import type { Locale } from "@/domain/i18n/locales";
import { simulate, type Simulation } from "@/domain/tariff/model";
import type { TariffErrorCode, TariffParams } from "@/domain/tariff/params";
import { pickRates, type PickedRate, type TariffRateRow } from "@/domain/tariff/rates";
import { bilateralDepths, bilateralSource, bilateralYears, PRODUCT_LEVEL, type BilateralSource } from "@/domain/tariff/sources";
import { dataCatalog } from "@/server/catalog/catalog";
import { dataApiUrl, queryCube, type DataQuery } from "@/server/warehouse/client";
import { withStatements } from "@/server/warehouse/statements";
import { findLevel, getCube } from "@/server/warehouse/registry";
import { sectionChapters, tableColumns, TARIFF_TABLE, tariffImporters, tariffMembers, tariffRates, type Named } from "./statements";

const ALL_PARTNERS = "wld";

export class TariffRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: TariffErrorCode | "unavailable",
    readonly field: string | null,
    message: string,
    /** A message key under tariff.errors and its values, for the page to say the same in the reader's language. */
    readonly detail?: { key: string; values: Record<string, string> },
  ) {
    super(message);
    this.name = "TariffRequestError";
  }
}

export type { Named };

export interface TariffFormOptions {
  depths: ProductDepth[];
  /** Years with bilateral data at the depth asked, newest last, each with its dataset. */
  years: BilateralSource[];
  importers: Named[];
  products: Named[];
  /** An imported tariff table exists. */
  tariffTable: boolean;
}

/** Member table of a cube level (from the registry's allowlist, never from input). */
function memberTable(cubeName: string, level: string): string {
  const cube = getCube(cubeName);
  const table = cube ? findLevel(cube, level)?.members : null;
  if (!table) throw new TariffRequestError(503, "unavailable", null, `the dataset ${cubeName} lacks the level ${level}`);
  return table;
}

async function members(table: string, locale: Locale, id?: string): Promise<Named[]> {
  return withStatements(async (s) => ((await s.hasTable(table)) ? s.run(tariffMembers, { table, locale, id }) : []));
}

/** Countries (no aggregates) and products at `depth` for the form, in the source the newest year uses. */
export async function tariffFormOptions(depth: ProductDepth, locale: Locale): Promise<TariffFormOptions> {
  const entries = (await dataCatalog()).entries;
  const depths = bilateralDepths(entries);
  const years = bilateralYears(entries, depth);
  const newest = years.at(-1);
  const tariffTable = await withStatements((s) => s.hasTable(TARIFF_TABLE)).catch(() => false);
  if (!newest) return { depths, years, importers: [], products: [], tariffTable };
  const countryTable = memberTable(newest.cube, "Importer Country");
  const [importers, products] = await Promise.all([
    withStatements(async (s) => {
      if (!(await s.hasTable(countryTable))) return [];
      const cols = await s.run(tableColumns, { table: countryTable });
      return s.run(tariffImporters, { table: countryTable, locale, marksAggregates: cols.includes("is_aggregate") });
    }),
    members(memberTable(newest.cube, PRODUCT_LEVEL[depth]), locale),
  ]);
  return { depths, years, importers, products, tariffTable };
}

export interface ExporterRow {
  id: string;
  name: string;
  imports: number;
  /** Where the current tariff came from. */
  tariffSource: "imported" | "manual";
  rate: PickedRate | null;
}

export interface TariffResult {
  params: TariffParams & { year: number };
  source: BilateralSource & { api: string; annotations: Readonly<Record<string, string>> };
  importer: Named;
  product: Named & { depth: ProductDepth };
  partner: Named | null;
  exporters: ExporterRow[];
  simulation: Simulation;
  tariffs: { table: boolean; imported: number; years: number[] };
}

async function oneMember(table: string, id: string, locale: Locale): Promise<Named | null> {
  const [hit] = await members(table, locale, id);
  return hit ?? null;
}

/** Candidate tariff rows of an importer for a product (exact, finer, coarser, all products). */
async function tariffRows(importer: string, depth: ProductDepth, product: string): Promise<TariffRateRow[] | null> {
  return withStatements(async (s) => {
    if (!(await s.hasTable(TARIFF_TABLE))) return null;
    // A section's HS2 chapters come from the nomenclature; every tariff line in them is "finer".
    const chapters = depth === "section" && (await s.hasTable("dim_hs2")) ? await s.run(sectionChapters, { section: product }) : [];
    return s.run(tariffRates, { importer, depth, product, chapters });
  });
}

/** Loads the baseline, fills tariffs and runs the model; TariffRequestError (4xx) for anything the request got wrong. */
export async function runTariffSimulation(params: TariffParams, locale: Locale): Promise<TariffResult> {
  const entries = (await dataCatalog()).entries;
  const years = bilateralYears(entries, params.depth);
  if (!years.length) {
    throw new TariffRequestError(404, "no_data", "depth", `no bilateral trade data at ${params.depth} depth in this warehouse`, { key: "noDepth", values: {} });
  }
  const source = bilateralSource(entries, params.depth, params.year);
  if (!source) {
    const list = years.map((y) => y.year);
    throw new TariffRequestError(404, "no_year", "year", `no bilateral ${params.depth} data for ${params.year}; years with data: ${compactYears(list)}`, {
      key: "noYear",
      values: { year: String(params.year), years: compactYears(list) },
    });
  }
  const [importer, product, partner] = await Promise.all([
    oneMember(memberTable(source.cube, "Importer Country"), params.importer, locale),
    oneMember(memberTable(source.cube, PRODUCT_LEVEL[params.depth]), params.product, locale),
    params.partner ? oneMember(memberTable(source.cube, "Exporter Country"), params.partner, locale) : Promise.resolve(null),
  ]);
  if (!importer) throw new TariffRequestError(404, "unknown_importer", "importer", `unknown importer "${params.importer}"`);
  if (!product) throw new TariffRequestError(404, "unknown_product", "product", `unknown ${params.depth === "section" ? "section" : params.depth.toUpperCase()} product "${params.product}"`);
  if (params.partner && !partner) throw new TariffRequestError(404, "unknown_partner", "partner", `unknown partner "${params.partner}"`);

  const query: DataQuery = {
    cube: source.cube,
    drilldowns: ["Exporter Country"],
    measures: ["Trade Value"],
    cuts: [
      { level: "Importer Country", ids: [params.importer] },
      { level: PRODUCT_LEVEL[params.depth], ids: [params.product] },
    ],
    exclude: [{ level: "Exporter Country", ids: [params.importer] }],
    time: { kind: "list", years: [source.year] },
  };
  const answer = await queryCube(query, locale);
  const baseline = answer.data
    .map((r) => ({ id: String(r["Exporter Country ID"]), name: String(r["Exporter Country"] ?? r["Exporter Country ID"]), imports: Number(r["Trade Value"] ?? 0) }))
    .filter((r) => Number.isFinite(r.imports) && r.imports > 0)
    .sort((a, b) => b.imports - a.imports || a.id.localeCompare(b.id));
  if (!baseline.length) {
    throw new TariffRequestError(404, "no_data", "importer", `${importer.name} imported no ${product.name} from any partner in ${source.year} in ${source.dataset}${source.partial ? " (a sample of countries)" : ""}`, {
      key: "noImports",
      values: { importer: importer.name, product: product.name, year: String(source.year) },
    });
  }
  if (params.partner && !baseline.some((b) => b.id === params.partner)) {
    throw new TariffRequestError(422, "unknown_partner", "partner", `${partner?.name ?? params.partner} sold no ${product.name} to ${importer.name} in ${source.year}: a preference for it changes nothing; choose a partner from the list`, {
      key: "partnerNoTrade",
      values: { partner: partner?.name ?? params.partner, product: product.name, importer: importer.name, year: String(source.year) },
    });
  }

  const rows = params.base === "imported" ? await tariffRows(params.importer, params.depth, params.product) : null;
  const picked = rows ? pickRates(rows, source.year) : new Map<string, PickedRate>();
  const exporters: ExporterRow[] = baseline.map((b) => {
    const rate = picked.get(b.id) ?? picked.get(ALL_PARTNERS) ?? null;
    return { ...b, tariffSource: rate ? "imported" : "manual", rate };
  });
  const simulation = simulate(
    exporters.map((x) => {
      const current = (x.rate ? x.rate.rate : params.current) / 100;
      const applies = !params.partner || params.partner === x.id;
      return { id: x.id, imports: x.imports, currentTariff: current, newTariff: applies ? params.next / 100 : current };
    }),
    { importDemand: params.em, substitution: params.sigma, exportSupply: params.ex },
  );
  const tableExists = rows !== null || (await withStatements((s) => s.hasTable(TARIFF_TABLE)));
  return {
    params: { ...params, year: source.year },
    source: { ...source, api: dataApiUrl(query, locale), annotations: answer.source.annotations },
    importer,
    product: { ...product, depth: params.depth },
    partner,
    exporters,
    simulation,
    tariffs: {
      table: tableExists,
      imported: exporters.filter((x) => x.tariffSource === "imported").length,
      years: [...new Set(exporters.flatMap((x) => (x.rate ? [x.rate.year] : [])))].sort((a, b) => a - b),
    },
  };
}

function compactYears(years: readonly number[]): string {
  const parts: string[] = [];
  let start = years[0];
  for (let i = 1; i <= years.length; i++) {
    if (years[i] !== years[i - 1] + 1) {
      parts.push(start === years[i - 1] ? String(start) : `${start}-${years[i - 1]}`);
      start = years[i];
    }
  }
  return parts.join(", ");
}
