/**
 * A product in a country (/bilateral-product/{product}/reporter/{country}), loaded as meaning:
 * the country's exports of the product in a chosen year, its rank, share of world exports and
 * RCA (each of one dataset and year), its history over every year the catalogue holds at the
 * product's depth (runs of one dataset and release, breaks marked), and the destinations the data
 * hold: the product's own where partner detail exists at its depth, else its section's, plus the
 * partial partner sample where it covers the country. Rows come back typed with their provenance;
 * the page never names a cube, level or measure.
 */
import "server-only";
import { UNKNOWN_COLOR } from "@/domain/charts/presentation";
import { cache } from "react";
import { depthRank, seriesBreaks, toSource, type CatalogEntry, type ProductDepth, type YearSource } from "@/domain/catalog/catalog";
import { figure, provenanceOf, shareOf, type Provenance } from "@/domain/catalog/figure";
import type { Locale } from "@/domain/i18n/locales";
import { rcaOf } from "@/domain/profiles/productInCountry";
import type { ProductRef } from "@/domain/profiles/path";
import { chooseYear } from "@/domain/profiles/yearChoice";
import { dataCatalog, tradeYears } from "@/server/catalog/catalog";
import { getMembers, type DataRecord } from "@/server/warehouse/client";
import { load, PRODUCT_LEVEL, value, type Loaded } from "./data";
import { complexityCubes, inYear, loadAcross, loadYear, newest, profileSources, type YearSource as SourceYear } from "./sources";

/** One year of the product in the country, every figure from that year's dataset. */
export interface ProductYearPoint extends Provenance {
  /** The country's exports of the product. */
  value: number;
  /** Of every country's exports of the product (same dataset and year). */
  worldShare: number | null;
  /** Of the country's own exports (same dataset and year). */
  exportShare: number | null;
  rca: number | null;
  /** "ranking": the RCA of the complexity ranking computed from this year's dataset; "computed": from the four totals. */
  rcaFrom: "ranking" | "computed" | null;
}

export interface RankRow {
  id: string;
  name: string;
  value: number;
}

export interface DestinationRow {
  id: string;
  name: string;
  value: number;
  /** Continent id and colour, for the treemap's grouping. */
  continent: string | null;
  color: string;
}

export interface Destinations {
  /** "product": partner detail at the product's depth; "section": of its section (the closest the data hold); "sample": the partial partner sample. */
  kind: "product" | "section" | "sample";
  provenance: Provenance;
  /** The section whose destinations these are (kind "section"). */
  section: { id: string; name: string } | null;
  rows: DestinationRow[];
  total: number;
  /** The continents the rows fall in, with their names and colours. */
  groups: { id: string; name: string; color: string }[];
  apiUrl: string;
  csvUrl: string;
}

export interface ProductInCountry {
  /** Every year the catalogue holds for the product's depth (the year choice). */
  years: number[];
  chosen: Provenance;
  /** The asked ?year= when the catalogue does not hold it (the page says so). */
  missing: number | null;
  /** The chosen year's figures; null when the country has no exports of the product that year. */
  point: ProductYearPoint | null;
  ranking: { rows: RankRow[]; position: number; worldTotal: number; apiUrl: string; csvUrl: string };
  history: { points: ProductYearPoint[]; breaks: number[]; apiUrl: string; csvUrl: string };
  destinations: Destinations[];
}

/** Catalogue years answering "a country's exports of products this deep". */
function depthOf(product: ProductRef): ProductDepth {
  return product.kind;
}

const yearOf = (r: DataRecord) => Number(r["Year ID"] ?? r.Year);
const byYear = (rows: DataRecord[]) => {
  const out = new Map<number, number>();
  for (const r of rows) out.set(yearOf(r), (out.get(yearOf(r)) ?? 0) + value(r));
  return out;
};

/** Countries' continents and the continents' colours, for treemaps of partners. */
const countryColors = cache(async (locale: Locale) => {
  const [countries, continents] = await Promise.all([getMembers("country", locale), getMembers("continent", locale)]);
  const colors = new Map(continents.map((c) => [String(c.id), c.color ?? UNKNOWN_COLOR]));
  return {
    continents: continents.map((c) => ({ id: String(c.id), name: c.name, color: c.color ?? UNKNOWN_COLOR })),
    countries: new Map(countries.map((c) => [String(c.id), { continent: c.parentId === null ? null : String(c.parentId), color: colors.get(String(c.parentId)) ?? UNKNOWN_COLOR }])),
  };
});

function destinationRows(loaded: Loaded, colors: Map<string, { continent: string | null; color: string }>): DestinationRow[] {
  return loaded.rows
    .filter((r) => value(r) > 0)
    .map((r) => {
      const id = String(r["Partner ID"]);
      const c = colors.get(id);
      return { id, name: String(r.Partner ?? id), value: value(r), continent: c?.continent ?? null, color: c?.color ?? UNKNOWN_COLOR };
    });
}

/** A catalogue entry of the partial partner sample, as the query builders read it. */
const sampleSource: (e: CatalogEntry) => SourceYear = toSource;

async function loadDestinations(
  product: ProductRef,
  country: string,
  chosenYear: number,
  section: { id: string; name: string } | null,
  locale: Locale,
): Promise<Destinations[]> {
  const depth = depthOf(product);
  const [exact, sections, catalog, colors] = await Promise.all([
    tradeYears({ depth, bilateral: true, flow: "export" }),
    tradeYears({ depth: "section", bilateral: true, flow: "export" }),
    dataCatalog(),
    countryColors(locale),
  ]);
  const partnersOf = async (source: SourceYear, cut: { level: string; ids: string[] }) => {
    const loaded = await loadYear(source, { flow: "export", own: [country], product: cut, drilldowns: ["Partner"], excludePartner: [country], sort: [{ key: "Trade Value", direction: "desc" }] }, locale);
    const rows = destinationRows(loaded, colors.countries);
    const used = new Set(rows.map((r) => r.continent));
    return { rows, total: rows.reduce((s, r) => s + r.value, 0), groups: colors.continents.filter((c) => used.has(c.id)), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl };
  };
  const out: Destinations[] = [];
  const own = inYear(exact, chosenYear) ?? newest(exact);
  if (own) {
    const got = await partnersOf(own, { level: PRODUCT_LEVEL[product.kind], ids: [product.id] });
    if (got.total > 0) out.push({ kind: "product", provenance: provenanceOf(own), section: null, ...got });
  }
  if (!out.length && section && product.kind !== "section") {
    const src = inYear(sections, chosenYear) ?? newest(sections.filter((s) => s.year <= chosenYear)) ?? newest(sections);
    if (src) {
      const got = await partnersOf(src, { level: "Section", ids: [section.id] });
      if (got.total > 0) out.push({ kind: "section", provenance: provenanceOf(src), section, ...got });
    }
  }
  // The partial sample (a handful of reporters) answers only where it covers this country.
  const samples = catalog.entries
    .filter((e) => e.kind === "goods" && e.partial && e.bilateral && e.scope !== "world" && e.flows.includes("export") && depthRank(e.depth) >= depthRank(depth))
    .sort((a, b) => b.year - a.year);
  for (const entry of samples) {
    const got = await partnersOf(sampleSource(entry), { level: PRODUCT_LEVEL[product.kind], ids: [product.id] });
    if (got.total > 0) {
      out.push({ kind: "sample", provenance: provenanceOf(entry), section: null, ...got });
      break;
    }
  }
  return out;
}

/** The complexity ranking's RCA of the country in the product, for ranked years computed from the same trade dataset. */
async function rankingRca(product: ProductRef, country: string, points: readonly Provenance[], locale: Locale): Promise<Map<number, number>> {
  if (product.kind !== "hs4") return new Map();
  const sources = await profileSources();
  // Only a ranking computed from the very dataset and release of that year's figures.
  const ranked = sources.complexity.filter((cx) => points.some((p) => p.year === cx.year && cx.source === p.dataset && cx.vintage === p.vintage));
  if (!ranked.length) return new Map();
  const loaded = await load(
    {
      cube: complexityCubes(sources.complexitySet).rca,
      drilldowns: ["Year", "Country", "HS4"],
      measures: ["RCA"],
      cuts: [
        { level: "Country", ids: [country] },
        { level: "HS4", ids: [product.id] },
        { level: "Year", ids: ranked.map((e) => e.year) },
      ],
    },
    locale,
  ).catch(() => null);
  const out = new Map<number, number>();
  for (const r of loaded?.rows ?? []) if (r.RCA !== null && r.RCA !== undefined && Number.isFinite(Number(r.RCA))) out.set(yearOf(r), Number(r.RCA));
  return out;
}

/** Everything the product-in-country page shows, for the asked year (or the newest, with a note). */
export async function loadProductInCountry(product: ProductRef, country: string, locale: Locale, asked?: number): Promise<ProductInCountry | null> {
  const years: YearSource[] = await tradeYears({ depth: depthOf(product), flow: "export" });
  const { chosen, missing } = chooseYear(years, asked);
  if (!chosen) return null;
  const cut = { level: PRODUCT_LEVEL[product.kind], ids: [product.id] };
  const [countryProduct, countryTotal, worldProduct, worldTotal, exporters] = await Promise.all([
    loadAcross(years, { flow: "export", own: [country], product: cut, drilldowns: ["Year", cut.level], parents: true }, locale),
    loadAcross(years, { flow: "export", own: [country], drilldowns: ["Year"] }, locale),
    loadAcross(years, { flow: "export", product: cut, drilldowns: ["Year"] }, locale),
    loadAcross(years, { flow: "export", drilldowns: ["Year"] }, locale),
    loadYear(chosen, { flow: "export", product: cut, drilldowns: ["Country"], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
  ]);
  const [cp, ct, wp, wt] = [countryProduct, countryTotal, worldProduct, worldTotal].map((l) => byYear(l.rows));
  const ranked = await rankingRca(
    product,
    country,
    years.filter((y) => (cp.get(y.year) ?? 0) > 0).map(provenanceOf),
    locale,
  );
  const points: ProductYearPoint[] = years
    .filter((y) => (cp.get(y.year) ?? 0) > 0)
    .map((y) => {
      const p = provenanceOf(y);
      const f = (m: Map<number, number>) => figure(m.get(y.year) ?? 0, p);
      const computed = rcaOf({ countryProduct: f(cp), countryTotal: f(ct), worldProduct: f(wp), worldTotal: f(wt) });
      const fromRanking = ranked.get(y.year);
      return {
        ...p,
        value: cp.get(y.year) ?? 0,
        worldShare: shareOf(f(cp), f(wp)),
        exportShare: shareOf(f(cp), f(ct)),
        rca: fromRanking ?? computed,
        rcaFrom: fromRanking !== undefined ? "ranking" : computed === null ? null : "computed",
      };
    });
  const rows: RankRow[] = exporters.rows.filter((r) => value(r) > 0).map((r) => ({ id: String(r["Country ID"]), name: String(r.Country ?? r["Country ID"]), value: value(r) }));
  const sectionRow = countryProduct.rows.find((r) => r["Section ID"] !== undefined && r["Section ID"] !== null);
  const section = product.kind === "section" ? { id: product.id, name: String(countryProduct.rows[0]?.Section ?? product.id) } : sectionRow ? { id: String(sectionRow["Section ID"]), name: String(sectionRow.Section ?? sectionRow["Section ID"]) } : null;
  const destinations = await loadDestinations(product, country, chosen.year, section, locale);
  return {
    years: years.map((y) => y.year),
    chosen: provenanceOf(chosen),
    missing,
    point: points.find((p) => p.year === chosen.year) ?? null,
    ranking: { rows, position: rows.findIndex((r) => r.id === country), worldTotal: rows.reduce((s, r) => s + r.value, 0), apiUrl: exporters.apiUrl, csvUrl: exporters.csvUrl },
    history: { points, breaks: seriesBreaks(points), apiUrl: countryProduct.apiUrl, csvUrl: countryProduct.csvUrl },
    destinations,
  };
}
