/**
 * Named loaders of the bilateral country profile (/bilateral-country/{a}/partner/{b}). They ask the catalogue which
 * datasets answer, query them, and return typed rows with their dataset and year: the pages never
 * name a cube, a level or a measure. Products come at the deepest depth the data hold for the pair
 * and year, a partial sample (the 23-country HS4 file) included for the pairs it holds.
 */
import "server-only";
import { UNKNOWN_COLOR } from "@/domain/charts/presentation";
import { cache } from "react";
import { bilateralProductEntries, deepestPairSource, seriesBreaks, type CatalogEntry, type ProductDepth, type YearSource } from "@/domain/catalog/catalog";
import { figure, provenanceOf, shareOf, type Figure } from "@/domain/catalog/figure";
import type { Locale } from "@/domain/i18n/locales";
import { chooseYear } from "@/domain/profiles/yearChoice";
import { historyPoints, pairDepths, pairYears, type BilateralRow, type HistoryPoint, type PairDepth } from "@/domain/profiles/bilateral";
import { dataCatalog, tradeYears } from "@/server/catalog/catalog";
import { getMembers, type DataRecord } from "@/server/warehouse/client";
import { load, PRODUCT_LEVEL, value, type Loaded } from "./data";
import { loadAcross, loadYear, tradeQuery } from "./sources";

export type { BilateralRow, HistoryPoint, PairDepth };

/** Rows of one query, largest first, with their total and the public URLs of the query. */
export interface BilateralRows {
  rows: BilateralRow[];
  total: Figure;
  apiUrl: string;
  csvUrl: string;
}

export interface BilateralHistory {
  /** One point per catalogue year, oldest first. */
  points: HistoryPoint[];
  /** The dataset answering each year (same order as the points). */
  sources: YearSource[];
  /** Years where the series changes dataset or release (charts and text mark them). */
  breaks: number[];
  apiUrl: string;
  csvUrl: string;
}


const sectionColours = cache(async (locale: Locale) => new Map((await getMembers("section", locale)).map((m) => [String(m.id), { id: String(m.id), name: m.name, color: m.color ?? UNKNOWN_COLOR }])));

/** Rows of one product or partner level into ranked rows with shares of their sum (one dataset and year). */
function rankedRows(loaded: Loaded, level: string, source: YearSource, sections: Map<string, { id: string; name: string; color: string }> | null): BilateralRows {
  const provenance = provenanceOf(source);
  const positive = loaded.rows.filter((r) => value(r) > 0);
  const total = figure(
    positive.reduce((s, r) => s + value(r), 0),
    provenance,
  );
  const rows = positive
    .map((r: DataRecord) => {
      const id = String(r[`${level} ID`]);
      const sectionId = level === "Section" ? id : r["Section ID"] === undefined ? null : String(r["Section ID"]);
      const section = sections && sectionId !== null ? (sections.get(sectionId) ?? { id: sectionId, name: String(r.Section ?? sectionId), color: UNKNOWN_COLOR }) : null;
      return { id, name: String(r[level] ?? id), section, value: value(r), share: shareOf(figure(value(r), provenance), total) };
    })
    .sort((a, b) => b.value - a.value);
  return { rows, total, apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl };
}

const byYear = (rows: DataRecord[]) => new Map(rows.filter((r) => value(r) !== 0).map((r) => [Number(r.Year), value(r)]));

/** Trade between two countries both ways, every year the catalogue holds section (or finer) trade between countries. */
export const loadBilateralHistory = cache(async (reporter: string, partner: string, locale: Locale): Promise<BilateralHistory> => {
  const sources = await tradeYears({ depth: "section", bilateral: true });
  const yearly = (from: string, to: string) => loadAcross(sources, { flow: "export", own: [from], partner: [to], drilldowns: ["Year"] }, locale);
  const [out, back] = await Promise.all([yearly(reporter, partner), yearly(partner, reporter)]);
  return {
    points: historyPoints(
      sources.map((s) => s.year),
      byYear(out.rows),
      byYear(back.rows),
    ),
    sources,
    breaks: seriesBreaks(sources),
    apiUrl: out.apiUrl,
    csvUrl: out.csvUrl,
  };
});

export interface PairCoverage {
  /** Product datasets (finer than sections) holding the pair, one per dataset and year. */
  products: YearSource[];
  /** Depths the data hold for the pair, finest first, with their years. */
  depths: PairDepth[];
  /** Every year some depth holds for the pair, oldest first. */
  years: number[];
  /** The catalogue holds six-digit trade between countries (a BACI import), for any pair. */
  hs6Loaded: boolean;
}

/**
 * Which datasets hold trade between the two countries, year by year: one cheap query per dataset
 * with product detail between countries (the pair's yearly totals), so a partial sample counts
 * only for the pairs it covers; the section years come from the pair's history.
 */
export const loadPairCoverage = cache(async (reporter: string, partner: string, locale: Locale): Promise<PairCoverage> => {
  const [catalog, history] = await Promise.all([dataCatalog(), loadBilateralHistory(reporter, partner, locale)]);
  const candidates = bilateralProductEntries(catalog.entries);
  const groups = new Map<string, { entry: CatalogEntry; years: number[] }>();
  for (const e of candidates) {
    const g = groups.get(e.dataset) ?? { entry: e, years: [] };
    g.years.push(e.year);
    groups.set(e.dataset, g);
  }
  const held = new Set<string>();
  await Promise.all(
    [...groups.values()].map(async ({ entry, years }) => {
      const pair = [reporter, partner];
      const loaded = await load(tradeQuery({ cube: entry.cube, bilateral: true }, { flow: "export", own: pair, partner: pair, drilldowns: ["Year"], years }), locale);
      for (const r of loaded.rows) if (value(r) > 0) held.add(`${entry.dataset}:${Number(r.Year)}`);
    }),
  );
  const holds = (e: Pick<CatalogEntry, "dataset" | "year">) => held.has(`${e.dataset}:${e.year}`);
  const products = [...new Set(candidates.filter(holds).map((e) => e.year))]
    .map((year) => deepestPairSource(catalog.entries, year, holds))
    .filter((s): s is YearSource => s !== null);
  const sectionYears = history.points.filter((p) => (p.exports ?? 0) > 0 || (p.imports ?? 0) > 0).map((p) => p.year);
  const depths = pairDepths(
    candidates.filter(holds).map((e) => ({ depth: e.depth as ProductDepth, year: e.year })),
    sectionYears,
  );
  return { products, depths, years: pairYears(depths), hs6Loaded: candidates.some((e) => e.depth === "hs6") };
});

export interface BilateralSnapshot {
  /** The year shown; `unknownYear` is an asked year the data do not hold (the page shows the newest and says so). */
  year: number;
  unknownYear: number | null;
  /** Every year the page can show, oldest first. */
  years: number[];
  /** The pair's totals that year, each way (section data; where they lack the year, the product data). */
  exports: Figure | null;
  imports: Figure | null;
  /** Products each way at the deepest depth the data hold for the pair that year. */
  products: { depth: ProductDepth; source: YearSource; exports: BilateralRows; imports: BilateralRows };
  coverage: PairCoverage;
}

/** The snapshot sections of a pair in one year (?year=, else the newest): totals and products both ways. */
export async function loadBilateralSnapshot(reporter: string, partner: string, askedYear: number | undefined, locale: Locale): Promise<BilateralSnapshot | null> {
  const [coverage, history, sections] = await Promise.all([loadPairCoverage(reporter, partner, locale), loadBilateralHistory(reporter, partner, locale), sectionColours(locale)]);
  const { chosen, missing } = chooseYear(
    coverage.years.map((y) => ({ year: y })),
    askedYear,
  );
  if (!chosen) return null;
  const year = chosen.year;
  const sectionSource = history.sources.find((s) => s.year === year) ?? null;
  const source = coverage.products.find((s) => s.year === year) ?? sectionSource;
  if (!source) return null;
  const depth: ProductDepth = source === sectionSource ? "section" : source.depth;
  const level = PRODUCT_LEVEL[depth];
  const products = (from: string, to: string) =>
    loadYear(source, { flow: "export", own: [from], partner: [to], drilldowns: [level], parents: depth !== "section", sort: [{ key: "Trade Value", direction: "desc" }] }, locale);
  const [out, back] = await Promise.all([products(reporter, partner), products(partner, reporter)]);
  const exports = rankedRows(out, level, source, sections);
  const imports = rankedRows(back, level, source, sections);
  const point = history.points.find((p) => p.year === year);
  const sectionFigure = (v: number | null | undefined) => (sectionSource && v !== null && v !== undefined ? figure(v, provenanceOf(sectionSource)) : null);
  return {
    year,
    unknownYear: missing,
    years: coverage.years,
    exports: sectionFigure(point?.exports) ?? (exports.total.value > 0 ? exports.total : null),
    imports: sectionFigure(point?.imports) ?? (imports.total.value > 0 ? imports.total : null),
    products: { depth, source, exports, imports },
    coverage,
  };
}
