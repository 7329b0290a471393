/**
 * What the compare page shows of two to four products, each figure with its dataset, release and
 * year: world exports per year from one dataset (the longest series answering every product's
 * depth: the Atlas's world series when it is imported), the top exporters of each in one year for
 * all, and the PCI with its rank over the ranked years (HS4 headings only).
 */
import "server-only";
import { depthRank, type ProductDepth, type YearSource } from "@/domain/catalog/catalog";
import { figure, provenanceOf, shareOf } from "@/domain/catalog/figure";
import { longestSeries } from "@/domain/compare/series";
import type { CompareBreakdown, ComparePoint, CompareRankYear, CompareSeries, CompareShare, ProductComparison } from "@/domain/compare/types";
import { productOfId, type CompareState } from "@/domain/compare/url";
import type { Locale } from "@/domain/i18n/locales";
import type { ProductRef } from "@/domain/profiles/path";
import { dataCatalog } from "@/server/catalog/catalog";
import { load, PRODUCT_LEVEL, value, type Loaded } from "@/server/profiles/data";
import { complexityCubes, loadYear, newest, profileSources, tradeQuery } from "@/server/profiles/sources";
import type { DataQuery, DataRecord } from "@/server/warehouse/client";
import { compareEntities } from "./entities";

/** How many exporters of each product the page lists. */
export const TOP_EXPORTERS = 10;

const yearOf = (row: DataRecord): number => Number(row["Year ID"] ?? row.Year);

function products(ids: readonly string[]): { id: string; product: ProductRef }[] {
  return ids.flatMap((id) => {
    const product = productOfId(id);
    return product ? [{ id, product }] : [];
  });
}

/** The finest depth among the products: the one dataset drawn must hold every one of them. */
const finest = (list: readonly { product: ProductRef }[]): ProductDepth =>
  list.reduce<ProductDepth>((d, { product }) => (depthRank(product.kind) > depthRank(d) ? (product.kind as ProductDepth) : d), "section");

/** Yearly exports of products in one dataset: the world as a whole (world series) or summed over its reporters. */
function yearlyQuery(source: YearSource, level: string, ids: string[], years: number[]): DataQuery {
  if (source.scope === "world") return { cube: source.cube, drilldowns: ["Year", level], cuts: [{ level, ids }], time: { kind: "list", years } };
  return tradeQuery(source, { flow: "export", years, product: { level, ids }, drilldowns: ["Year", level] });
}

/** World exports of each product per year, from one dataset. */
export async function loadWorldExports(ids: readonly string[], locale: Locale): Promise<CompareSeries<ComparePoint>> {
  const list = products(ids);
  const { entries } = await dataCatalog();
  const series = list.length ? longestSeries(entries, { depth: finest(list), flow: "export", scope: "world" }) : [];
  if (series.length === 0) return { years: [], rows: [], apiUrl: "" };
  const source = series.at(-1)!;
  const kinds = [...new Set(list.map((p) => p.product.kind))];
  const parts = await Promise.all(
    kinds.map(async (kind) => {
      const level = PRODUCT_LEVEL[kind];
      const members = list.filter((p) => p.product.kind === kind);
      const loaded = await load(yearlyQuery(source, level, members.map((p) => p.product.id), series.map((s) => s.year)), locale);
      return { loaded, level, members };
    }),
  );
  const sums = new Map<string, number>();
  for (const { loaded, level, members } of parts) {
    for (const r of loaded.rows) {
      const member = members.find((p) => p.product.id === String(r[`${level} ID`]));
      if (!member) continue;
      const key = `${member.id}\u0000${yearOf(r)}`;
      sums.set(key, (sums.get(key) ?? 0) + value(r));
    }
  }
  const rows: ComparePoint[] = [];
  for (const s of series) for (const { id } of list) {
    const v = sums.get(`${id}\u0000${s.year}`);
    if (v !== undefined) rows.push({ id, year: s.year, value: v, provenance: provenanceOf(s) });
  }
  return { years: series.map(provenanceOf), rows, apiUrl: parts.at(-1)?.loaded.apiUrl ?? "" };
}

/** Each product's largest exporters in the newest year of country detail (one year and dataset for all). */
export async function loadTopExporters(ids: readonly string[], locale: Locale): Promise<CompareBreakdown> {
  const list = products(ids);
  const sources = await profileSources();
  // Sections alone are answered by the section trade (decades of it); any finer product by product detail.
  const source = newest(list.every((p) => p.product.kind === "section") ? sources.sections : sources.productExports);
  if (!source || list.length === 0) return { provenance: null, rows: [], totals: [], apiUrl: "" };
  const provenance = provenanceOf(source);
  const loaded: { id: string; loaded: Loaded }[] = await Promise.all(
    list.map(async ({ id, product }) => ({
      id,
      loaded: await loadYear(source, { flow: "export", product: { level: PRODUCT_LEVEL[product.kind], ids: [product.id] }, drilldowns: ["Country"], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    })),
  );
  const rows: CompareShare[] = [];
  const totals: { id: string; value: number }[] = [];
  for (const { id, loaded: l } of loaded) {
    const positive = l.rows.filter((r) => value(r) > 0);
    const total = figure(
      positive.reduce((s, r) => s + value(r), 0),
      provenance,
    );
    totals.push({ id, value: total.value });
    for (const r of positive.slice(0, TOP_EXPORTERS)) {
      const part = figure(value(r), provenance);
      const country = String(r["Country ID"] ?? "");
      rows.push({ id, partId: country, partName: String(r.Country ?? country), color: null, value: part.value, share: shareOf(part, total), provenance });
    }
  }
  return { provenance, rows, totals, apiUrl: loaded.at(-1)?.loaded.apiUrl ?? "" };
}

/** PCI and rank of each HS4 heading in every ranked year of the profiles' complexity set. */
export async function loadProductPci(ids: readonly string[], locale: Locale): Promise<CompareSeries<CompareRankYear>> {
  const headings = products(ids).filter((p) => p.product.kind === "hs4");
  const { complexity, complexitySet } = await profileSources();
  if (complexity.length === 0 || headings.length === 0) return { years: complexity.map(provenanceOf), rows: [], apiUrl: "" };
  const cube = complexityCubes(complexitySet).pci;
  const years = complexity.map((e) => e.year);
  const [loaded, counts] = await Promise.all([
    load(
      {
        cube,
        drilldowns: ["Year", "HS4"],
        measures: ["PCI", "PCI Rank"],
        cuts: [
          { level: "HS4", ids: headings.map((h) => h.product.id) },
          { level: "Year", ids: years },
        ],
        sort: [{ key: "Year", direction: "asc" }],
      },
      locale,
    ).catch(() => null),
    // How many headings each year ranks (the rank's denominator).
    Promise.all(years.map((year) => load({ cube, drilldowns: ["HS4"], measures: ["PCI Rank"], cuts: [{ level: "Year", ids: [year] }], limit: 1 }, locale).then((l) => [year, l.response.page.total] as const).catch(() => [year, null] as const))),
  ]);
  const ranked = new Map(counts);
  const byYear = new Map(complexity.map((e) => [e.year, e]));
  const rows: CompareRankYear[] = [];
  for (const r of loaded?.rows ?? []) {
    const entry = byYear.get(yearOf(r));
    const pci = Number(r.PCI);
    const heading = headings.find((h) => h.product.id === String(r["HS4 ID"]));
    if (!entry || !heading || r.PCI === null || r.PCI === undefined || !Number.isFinite(pci)) continue;
    const rank = Number(r["PCI Rank"]);
    rows.push({ id: heading.id, year: entry.year, value: pci, rank: Number.isFinite(rank) && rank > 0 ? rank : null, ranked: ranked.get(entry.year) ?? null, provenance: provenanceOf(entry) });
  }
  return { years: complexity.map(provenanceOf), rows, apiUrl: loaded?.apiUrl ?? "" };
}

/** Everything the compare page shows of some products. */
export async function loadProductComparison(state: CompareState, locale: Locale): Promise<ProductComparison> {
  const [entities, world, exporters, pci] = await Promise.all([
    compareEntities(state, locale),
    loadWorldExports(state.ids, locale),
    loadTopExporters(state.ids, locale),
    loadProductPci(state.ids, locale),
  ]);
  return { kind: "products", entities, world, exporters, pci };
}
