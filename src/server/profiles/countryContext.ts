/**
 * The context of a country profile, as named loaders returning typed rows: the World Bank
 * indicators (GDP, GDP per capita, population) over every year the catalogue holds, goods trade
 * as a share of GDP, the ECI history with ranks, and services exports by year. The queries (cubes,
 * levels, measures) live here; the sections receive rows, each with its year and source.
 */
import "server-only";
import { cache } from "react";
import type { CatalogEntry } from "@/domain/catalog/catalog";
import type { Locale } from "@/domain/i18n/locales";
import {
  eciRankSeries,
  latestIndicator,
  releaseOf,
  servicesByYear,
  tradeShareOfGdp,
  type EciPoint,
  type IndicatorKey,
  type IndicatorYear,
  type LatestIndicator,
  type ServicesYear,
  type TradeShareRow,
  type TradeYear,
} from "@/domain/profiles/countryContext";
import { dataCatalog, rankedYears } from "@/server/catalog/catalog";
import type { CellValue, DataQuery, DataRecord } from "@/server/warehouse/client";
import { load, type Answered } from "./data";
import { complexityCubes, loadAcrossRows, profileSources } from "./sources";

/** The public API URLs of the query behind a figure (JSON and CSV). */
export interface QueryLinks {
  apiUrl: string;
  csvUrl: string;
}

const links = (loaded: Answered): QueryLinks => ({ apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl });

/** A finite number, or null for a missing cell (SUM over no value is NULL, never 0). */
function num(value: CellValue | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

const yearOf = (row: DataRecord): number => Number(row["Year ID"] ?? row.Year);

/** Per year, the entry of the highest priority (a bigger import may hold two datasets for one year). */
function bestPerYear(entries: readonly CatalogEntry[]): CatalogEntry[] {
  const best = new Map<number, CatalogEntry>();
  for (const e of entries) {
    if (e.partial) continue;
    const held = best.get(e.year);
    if (!held || e.priority > held.priority) best.set(e.year, e);
  }
  return [...best.values()].sort((a, b) => a.year - b.year);
}

/** Entries grouped by the cube answering them, each with its years. */
function byCube(entries: readonly CatalogEntry[]): { cube: string; years: number[] }[] {
  const groups = new Map<string, number[]>();
  for (const e of entries) groups.set(e.cube, [...(groups.get(e.cube) ?? []), e.year]);
  return [...groups.entries()].map(([cube, years]) => ({ cube, years }));
}

export interface CountryIndicators {
  /** Source key ("wdi") and dataset of the indicators. */
  sources: string[];
  /** Every year the catalogue holds indicators for, oldest first. */
  years: number[];
  /** One row per catalogue year; values null where the country has none. */
  rows: IndicatorYear[];
  /** Newest value of each indicator with its year. */
  latest: Record<IndicatorKey, LatestIndicator | null>;
  query: QueryLinks;
}

/** GDP, GDP per capita and population of a country over every year the indicators hold; null without indicators. */
export const loadCountryIndicators = cache(async (iso3: string, locale: Locale): Promise<CountryIndicators | null> => {
  const entries = bestPerYear((await dataCatalog()).entries.filter((e) => e.kind === "indicators"));
  if (entries.length === 0) return null;
  const parts = await Promise.all(
    byCube(entries).map(({ cube, years }) =>
      load({ cube, drilldowns: ["Year"], measures: ["GDP", "GDP per Capita", "Population"], cuts: [{ level: "Country", ids: [iso3] }], time: { kind: "list", years } }, locale),
    ),
  );
  const byYear = new Map<number, DataRecord>();
  for (const part of parts) for (const row of part.rows) byYear.set(yearOf(row), row);
  const rows: IndicatorYear[] = entries.map(({ year }) => {
    const r = byYear.get(year);
    return { year, gdp: num(r?.GDP), gdpPerCapita: num(r?.["GDP per Capita"]), population: num(r?.Population) };
  });
  if (!rows.some((r) => r.gdp !== null || r.population !== null)) return null;
  return {
    sources: [...new Set(entries.map((e) => e.source))],
    years: entries.map((e) => e.year),
    rows,
    latest: { gdp: latestIndicator(rows, "gdp"), gdpPerCapita: latestIndicator(rows, "gdpPerCapita"), population: latestIndicator(rows, "population") },
    query: links(parts.at(-1)!),
  };
});

export interface CountryTradeShare {
  /** Years where both the goods trade and the GDP exist, oldest first. */
  rows: TradeShareRow[];
  /** Source keys of the trade (numerator) and of the GDP (denominator). */
  tradeSources: string[];
  gdpSources: string[];
  tradeQuery: QueryLinks;
}

/**
 * Goods exports plus imports (the section trade dataset of each year) over GDP of the same year;
 * null when no year has both.
 */
export const loadTradeShareOfGdp = cache(async (iso3: string, locale: Locale): Promise<CountryTradeShare | null> => {
  const [sources, indicators] = await Promise.all([profileSources(), loadCountryIndicators(iso3, locale)]);
  if (!indicators || sources.sections.length === 0) return null;
  // The same queries as the profile's trade balance: one answer per render.
  const [exports, imports] = await Promise.all([
    loadAcrossRows(sources.sections, { flow: "export", own: [iso3], drilldowns: ["Year"] }, locale),
    loadAcrossRows(sources.sections, { flow: "import", own: [iso3], drilldowns: ["Year"] }, locale),
  ]);
  const trade = new Map<number, TradeYear>();
  const at = (year: number) => trade.get(year) ?? trade.set(year, { year, exports: 0, imports: 0 }).get(year)!;
  for (const r of exports.rows) at(yearOf(r)).exports += num(r["Trade Value"]) ?? 0;
  for (const r of imports.rows) at(yearOf(r)).imports += num(r["Trade Value"]) ?? 0;
  const rows = tradeShareOfGdp([...trade.values()], indicators.rows);
  if (rows.length === 0) return null;
  const years = new Set(rows.map((r) => r.year));
  return {
    rows,
    tradeSources: [...new Set(sources.sections.filter((s) => years.has(s.year)).map((s) => s.source))],
    gdpSources: indicators.sources,
    tradeQuery: links(exports),
  };
});

export interface EciHistory {
  /** Every ranked year (full rankings only), oldest first, with the country's ECI and rank where ranked. */
  points: EciPoint[];
  /** Years ranked from partial samples, left out of the history. */
  excluded: { year: number; period: string; reporters: number; source: string }[];
  query: QueryLinks;
}

/** The country's ECI and rank in every year the catalogue ranks; null without rankings. */
export const loadEciHistory = cache(async (iso3: string, locale: Locale): Promise<EciHistory | null> => {
  const sources = await profileSources();
  const ranked = sources.complexity;
  if (ranked.length === 0) return null;
  const all = await rankedYears(sources.complexitySet);
  const query: DataQuery = {
    cube: complexityCubes(sources.complexitySet).eci,
    drilldowns: ["Year", "Country"],
    measures: ["ECI", "ECI Rank"],
    cuts: [{ level: "Country", ids: [iso3] }],
    time: { kind: "list", years: ranked.map((e) => e.year) },
    sort: [{ key: "Year", direction: "asc" }],
  };
  const loaded = await load(query, locale);
  const own = loaded.rows.flatMap((r) => {
    const eci = num(r.ECI);
    const rank = num(r["ECI Rank"]);
    return eci === null || rank === null ? [] : [{ year: yearOf(r), eci, rank }];
  });
  const points = eciRankSeries(
    ranked.map((e) => ({ year: e.year, period: e.period, reporters: e.reporters, source: e.source, release: releaseOf(e) })),
    own,
  );
  return {
    points,
    excluded: all.filter((e) => e.partial).map((e) => ({ year: e.year, period: e.period, reporters: e.reporters, source: e.source })),
    query: links(loaded),
  };
});

export interface CountryServices {
  /** Every catalogue year with services exports for the country, oldest first. */
  years: ServicesYear[];
  /** Years the catalogue holds services for (any country). */
  catalogYears: number[];
  sources: string[];
  query: QueryLinks;
}

/** Services exports by category in every year the catalogue holds services; null when the country reports none. */
export const loadCountryServices = cache(async (iso3: string, locale: Locale): Promise<CountryServices | null> => {
  const entries = bestPerYear((await profileSources()).services);
  if (entries.length === 0) return null;
  const parts = await Promise.all(
    byCube(entries).map(({ cube, years }) =>
      load(
        { cube, drilldowns: ["Year", "Service"], cuts: [{ level: "Exporter Country", ids: [iso3] }], time: { kind: "list", years }, sort: [{ key: "Trade Value", direction: "desc" }] },
        locale,
      ),
    ),
  );
  const years = servicesByYear(
    parts.flatMap((p) => p.rows.map((r) => ({ year: yearOf(r), id: String(r["Service ID"] ?? r.Service), name: String(r.Service ?? r["Service ID"]), value: num(r["Trade Value"]) ?? 0 }))),
  );
  if (years.length === 0) return null;
  const shown = new Set(years.map((y) => y.year));
  return {
    years,
    catalogYears: entries.map((e) => e.year),
    sources: [...new Set(entries.filter((e) => shown.has(e.year)).map((e) => e.source))],
    query: links(parts.at(-1)!),
  };
});
