/**
 * A country's (or continent's) profile sections, by meaning: its exports and imports over every
 * catalogue year, its products (HS4, or HS6 where the year's dataset holds them), its sections,
 * its partners of one year and its product-space opportunities. Each loader names the dataset
 * the catalogue chose and hands the page ready rows ({id, name, value}); no component names a
 * cube, a level or a measure.
 */
import "server-only";
import { figure, provenanceOf, shareOf, type Figure } from "@/domain/catalog/figure";
import type { Locale } from "@/domain/i18n/locales";
import { firstRealProduct } from "@/domain/catalog/unspecified";
import type { DataRecord } from "@/server/warehouse/client";
import { load, loadRows, rankedItems, value, type RankedRows } from "./data";
import { rowYear } from "./figures";
import { complexityCubes, countryLevel, loadAcrossRows, loadYear, type ProfileFlow, type ProfileSources, type YearSource } from "./sources";

export type { RankedRows };

/** The country or continent a profile is about. */
export interface CountryRef {
  kind: "country" | "continent";
  id: string;
}

/** One flow's value in each year. */
export interface YearValue {
  year: number;
  value: number;
}

export interface CountryTradeSeries {
  exports: YearValue[];
  imports: YearValue[];
  /** Years with exports, oldest first. */
  years: number[];
  /** The newest year with exports and the section dataset that answers it. */
  latest: number;
  latestSource: YearSource;
  apiUrl: string;
  csvUrl: string;
}

function byYear(rows: readonly DataRecord[]): YearValue[] {
  const sums = new Map<number, number>();
  for (const r of rows) sums.set(rowYear(r), (sums.get(rowYear(r)) ?? 0) + value(r));
  return [...sums.entries()].map(([year, v]) => ({ year, value: v })).sort((a, b) => a.year - b.year);
}

/** Exports and imports of every section-trade year; null when the country has no exports in any. */
export async function loadCountryTradeSeries(ref: CountryRef, sources: ProfileSources, locale: Locale): Promise<CountryTradeSeries | null> {
  const spec = { own: [ref.id], ownContinent: ref.kind === "continent", drilldowns: ["Year"] };
  const [exports, imports] = await Promise.all([
    loadAcrossRows(sources.sections, { flow: "export", ...spec }, locale),
    loadAcrossRows(sources.sections, { flow: "import", ...spec }, locale),
  ]);
  const exportPoints = byYear(exports.rows);
  const years = exportPoints.filter((p) => p.value > 0).map((p) => p.year);
  const latest = years.at(-1);
  const latestSource = latest === undefined ? undefined : sources.sections.find((s) => s.year === latest);
  if (latest === undefined || !latestSource) return null;
  return { exports: exportPoints, imports: byYear(imports.rows), years, latest, latestSource, apiUrl: exports.apiUrl, csvUrl: exports.csvUrl };
}

/** A flow's value in one year (0 when the year has none). */
export const valueIn = (points: readonly YearValue[], year: number): number => points.find((p) => p.year === year)?.value ?? 0;

/** A country's exports (or imports) by product in one year: HS4 headings, or HS6 products with their sections. */
export async function loadCountryProducts(ref: CountryRef, source: YearSource | null, flow: ProfileFlow, depth: "hs4" | "hs6" = "hs4", locale: Locale): Promise<RankedRows | null> {
  if (!source || ref.kind !== "country") return null;
  const level = depth === "hs6" ? "HS6" : "HS4";
  const loaded = await loadYear(source, { flow, own: [ref.id], drilldowns: [level], ...(depth === "hs6" ? { parents: true } : {}), sort: [{ key: "Trade Value", direction: "desc" }] }, locale);
  return rankedItems(loaded, level);
}

/** A country's (or continent's) exports by section in one year of the section dataset `source`. */
export async function loadCountrySections(ref: CountryRef, source: YearSource, year: number, locale: Locale): Promise<RankedRows> {
  const loaded = await loadRows(
    {
      cube: source.cube,
      drilldowns: ["Section"],
      cuts: [{ level: countryLevel(source, "export", ref.kind === "continent"), ids: [ref.id] }, { level: "Year", ids: [year] }],
      sort: [{ key: "Trade Value", direction: "desc" }],
    },
    locale,
  );
  return rankedItems(loaded, "Section");
}

/** The destinations of a country's exports (or the origins of its imports) in one year, itself left out. */
export async function loadCountryPartners(ref: CountryRef, source: YearSource, year: number, flow: ProfileFlow, locale: Locale): Promise<RankedRows> {
  const own = countryLevel(source, flow, ref.kind === "continent");
  const partner = flow === "export" ? "Importer Country" : "Exporter Country";
  const loaded = await loadRows(
    {
      cube: source.cube,
      drilldowns: [partner],
      cuts: [{ level: own, ids: [ref.id] }, { level: "Year", ids: [year] }],
      ...(ref.kind === "country" ? { exclude: [{ level: partner, ids: [ref.id] }] } : {}),
      sort: [{ key: "Trade Value", direction: "desc" }],
    },
    locale,
  );
  return rankedItems(loaded, partner);
}

/** A product the country does not yet export with advantage (RCA below 1), by opportunity gain. */
export interface Opportunity {
  id: string;
  name: string;
  rca: number;
  relatedness: number;
  gain: number;
}

/** The ten best opportunities of the complexity set's year; null when the ranking cannot be read. */
export async function loadCountryOpportunities(country: string, complexitySet: string, year: number, locale: Locale, limit = 10): Promise<Opportunity[] | null> {
  const loaded = await load(
    {
      cube: complexityCubes(complexitySet).rca,
      drilldowns: ["HS4"],
      measures: ["RCA", "Relatedness", "Opportunity Gain"],
      cuts: [{ level: "Country", ids: [country] }, { level: "Year", ids: [year] }],
      sort: [{ key: "Opportunity Gain", direction: "desc" }],
    },
    locale,
  ).catch(() => null);
  if (!loaded) return null;
  return loaded.rows
    .filter((r) => Number(r.RCA) < 1)
    .slice(0, limit)
    .map((r) => ({ id: String(r["HS4 ID"]), name: String(r.HS4), rca: Number(r.RCA), relatedness: Number(r.Relatedness), gain: Number(r["Opportunity Gain"]) }));
}

/**
 * A reporter the section trade between countries does not hold, but a product dataset does (Taiwan
 * in the Atlas 2019 file): its exports of the newest product year that has them, all of one dataset
 * and year, the top real product and its share of that dataset's total. Null when no product
 * dataset holds the country either.
 */
export interface ProductOnlyExports {
  source: YearSource;
  total: Figure;
  top: { id: string; name: string; value: Figure; share: number | null } | null;
  /** Years of product data that hold this country, oldest first. */
  years: number[];
  apiUrl: string;
  csvUrl: string;
}

export async function loadProductOnlyExports(ref: CountryRef, sources: ProfileSources, locale: Locale, asked?: number): Promise<ProductOnlyExports | null> {
  if (ref.kind !== "country") return null;
  const answered = await Promise.all(sources.productExports.map(async (source) => ({ source, rows: await loadCountryProducts(ref, source, "export", "hs4", locale) })));
  const held = answered.filter((a): a is { source: YearSource; rows: RankedRows } => a.rows !== null && a.rows.total > 0);
  const chosen = held.find((a) => a.source.year === asked) ?? held.at(-1);
  if (!chosen) return null;
  const provenance = provenanceOf(chosen.source);
  const total = figure(chosen.rows.total, provenance);
  const { top } = firstRealProduct(chosen.rows.items);
  const topValue = top ? figure(top.value, provenance) : null;
  return {
    source: chosen.source,
    total,
    top: top && topValue ? { id: top.id, name: top.name, value: topValue, share: shareOf(topValue, total) } : null,
    years: held.map((a) => a.source.year),
    apiUrl: chosen.rows.apiUrl,
    csvUrl: chosen.rows.csvUrl,
  };
}
