/**
 * A product profile's data (sections, HS2 chapters, HS4 headings, HS6 products), by meaning:
 * exporters and importers in one year from one dataset where one holds both, the products inside
 * it, its world trade over time (each series its own line), its complexity over the ranked years
 * and its product-space neighbours' trade in one year. The catalogue names every dataset and year.
 */
import "server-only";
import { cache } from "react";
import type { CatalogEntry, GoodsQuestion, YearSource } from "@/domain/catalog/catalog";
import { provenanceOf } from "@/domain/catalog/figure";
import type { Locale } from "@/domain/i18n/locales";
import type { ProductRef } from "@/domain/profiles/path";
import { flowPair, neighbourValues, type FlowPair, type Neighbours } from "@/domain/profiles/snapshot";
import { chooseYear } from "@/domain/profiles/yearChoice";
import { dataCatalog, rankedYears, tradeYears } from "@/server/catalog/catalog";
import type { ProfileIndex } from "@/server/search/engine";
import { vizMembers } from "@/server/visualize/members";
import type { Cut } from "@/server/warehouse/client";
import { load, PRODUCT_LEVEL, value } from "./data";
import { loadPoints, loadRanking, reportersQuery, rowYear, type YearRanking } from "./figures";
import { productSpaceNeighbours } from "./productSpace";
import { complexityCubes, loadAcross, loadYear } from "./sources";
import { loadWorldOnlyLines, type HistoryLine } from "./world";

export type ProductFlow = "export" | "import";

/** The product as a cut of trade data. */
export const productCut = (product: ProductRef): Cut => ({ level: PRODUCT_LEVEL[product.kind], ids: [product.id] });

/**
 * The question a product's exporters and importers ask: sections from section trade between
 * countries (both flows every year), chapters and headings from product detail, HS6 from data
 * holding six digits.
 */
export function productQuestion(product: ProductRef): Omit<GoodsQuestion, "flow"> {
  return product.kind === "section" ? { depth: "section", bilateral: true } : { depth: product.kind };
}

/** Exporters and importers of the product in `year` (else the newest year with exports), one dataset where one holds both. */
export const loadProductYears = cache(async (product: ProductRef, year: number | undefined): Promise<FlowPair> => {
  const { entries } = await dataCatalog();
  return flowPair(entries, productQuestion(product), year);
});

/** The product's exporters (or importers) in one year of one dataset, with shares of that year's total. */
export const loadProductTraders = cache(
  (product: ProductRef, flow: ProductFlow, source: YearSource, locale: Locale): Promise<YearRanking | null> =>
    loadRanking(source, { flow, level: "Country", product: productCut(product) }, locale),
);

const CHILD_LEVEL = { section: "HS2", hs2: "HS4", hs4: "HS6", hs6: null } as const;

export interface ProductChildren {
  level: "HS2" | "HS4" | "HS6";
  years: number[];
  source: YearSource;
  missing: number | null;
  ranking: YearRanking | null;
  /** The colour of the product's section (every product inside it shares it). */
  color: string | null;
}

/** The colour of a product's section. */
async function sectionColor(product: ProductRef, locale: Locale): Promise<string | null> {
  const members = await vizMembers(locale);
  const section = product.kind === "section" ? product.id : (members[product.kind].get(product.id)?.parent ?? null);
  return section ? (members.sections.get(section)?.color ?? null) : null;
}

/** The products inside this one (a section's chapters, a chapter's headings, a heading's HS6 products) in `year`. */
export const loadProductChildren = cache(async (product: ProductRef, year: number | undefined, locale: Locale): Promise<ProductChildren | null> => {
  const level = CHILD_LEVEL[product.kind];
  if (!level) return null;
  const years = await tradeYears({ depth: level === "HS2" ? "hs2" : level === "HS4" ? "hs4" : "hs6", flow: "export" });
  const { chosen, missing } = chooseYear(years, year);
  if (!chosen) return null;
  const [ranking, color] = await Promise.all([loadRanking(chosen, { flow: "export", level, product: productCut(product) }, locale), sectionColor(product, locale).catch(() => null)]);
  return { level, years: years.map((y) => y.year), source: chosen, missing, ranking, color };
});

export interface YearTop {
  year: number;
  total: number;
  source: YearSource;
  top: { id: string; name: string; value: number } | null;
}

export interface ProductHistory {
  /** The sum of exporting countries over every year with exports, then each world-only series. */
  lines: HistoryLine[];
  /** Per year of the countries' line: the total and the largest exporter (none for sections: decades of years). */
  byYear: YearTop[];
}

/** World trade in the product over time: the countries' line over every year with exports, and the world-only series to its last year. */
export const loadProductHistory = cache(async (product: ProductRef, locale: Locale): Promise<ProductHistory> => {
  const { exportYears } = await loadProductYears(product, undefined);
  const cut = productCut(product);
  const withExporters = product.kind !== "section";
  const [reporters, world, detail] = await Promise.all([
    loadPoints(exportYears, (s, ys) => reportersQuery(s, ys, cut), locale),
    loadWorldOnlyLines(product.kind, cut, locale),
    withExporters && exportYears.length
      ? loadAcross(exportYears, { flow: "export", product: cut, drilldowns: ["Year", "Country"], sort: [{ key: "Trade Value", direction: "desc" }] }, locale).catch(() => null)
      : null,
  ]);
  const byYear: YearTop[] = exportYears.flatMap((source) => {
    const point = reporters.points.find((p) => p.year === source.year);
    if (!point) return [];
    const rows = (detail?.rows ?? []).filter((r) => rowYear(r) === source.year && value(r) > 0).sort((a, b) => value(b) - value(a));
    const top = rows[0] ? { id: String(rows[0]["Country ID"]), name: String(rows[0].Country ?? rows[0]["Country ID"]), value: value(rows[0]) } : null;
    return [{ year: source.year, total: point.value, source, top }];
  });
  const lines: HistoryLine[] = reporters.points.length
    ? [{ kind: "reporters", dataset: exportYears.at(-1)!.dataset, sources: [...new Set(exportYears.map((s) => s.source))], points: reporters.points, apiUrl: detail?.apiUrl ?? reporters.apiUrl, csvUrl: detail?.csvUrl ?? reporters.csvUrl }]
    : [];
  return { lines: [...lines, ...world], byYear };
});

export interface PciYear {
  entry: CatalogEntry;
  pci: number | null;
  rank: number | null;
  /** Products ranked that year. */
  count: number;
}

/** The product's PCI and rank in every ranked year of the profiles' complexity set (HS4 headings only). */
export const loadProductPci = cache(async (product: ProductRef, locale: Locale): Promise<{ history: PciYear[]; apiUrl: string; csvUrl: string } | null> => {
  if (product.kind !== "hs4") return null;
  const set = "hs92_hs4";
  const ranked = (await rankedYears(set)).filter((e) => !e.partial);
  if (!ranked.length) return null;
  const cube = complexityCubes(set).pci;
  const years = ranked.map((e) => e.year);
  // The product's PCI in every ranked year, and how many products each year ranks (a page of one row tells the count).
  const [own, ...perYear] = await Promise.all([
    load({ cube, drilldowns: ["Year", "HS4"], measures: ["PCI", "PCI Rank"], cuts: [{ level: "HS4", ids: [product.id] }], time: { kind: "list", years }, sort: [{ key: "Year", direction: "asc" }] }, locale).catch(() => null),
    ...years.map((year) => load({ cube, drilldowns: ["HS4"], measures: ["PCI Rank"], cuts: [{ level: "Year", ids: [year] }], limit: 1 }, locale).catch(() => null)),
  ]);
  if (!own) return null;
  const counts = new Map(years.map((year, i) => [year, perYear[i]?.response.page.total ?? 0]));
  const byYear = new Map(own.rows.map((r) => [rowYear(r), r]));
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  const history = ranked.map((entry) => {
    const row = byYear.get(entry.year);
    return { entry, pci: num(row?.PCI), rank: num(row?.["PCI Rank"]), count: counts.get(entry.year) ?? 0 };
  });
  return { history, apiUrl: own.apiUrl, csvUrl: own.csvUrl };
});

/**
 * The product's neighbours in the product space, each with its world exports in one year of one
 * dataset (the year and dataset of the exporters shown), or no value.
 */
export const loadProductNeighbours = cache(async (product: ProductRef, source: YearSource | null, index: ProfileIndex, locale: Locale): Promise<Neighbours | null> => {
  if (product.kind !== "hs4") return null;
  const ids = (await productSpaceNeighbours()).get(product.id) ?? [];
  if (!ids.length) return null;
  const nameOf = (id: string) => {
    const e = index.entity("hs4", id);
    return e ? e.names[locale] || e.names.en : null;
  };
  let values: Map<string, number> | null = null;
  if (source) {
    const loaded = await loadYear(source, { flow: "export", product: { level: "HS4", ids }, drilldowns: ["HS4"] }, locale).catch(() => null);
    if (loaded) values = new Map(loaded.rows.map((r) => [String(r["HS4 ID"]), value(r)]));
  }
  return neighbourValues(ids, nameOf, values, source ? provenanceOf(source) : null);
});
