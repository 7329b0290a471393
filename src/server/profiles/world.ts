/**
 * The world profile's data, by meaning: its one-year sections (top exporters, sections, most
 * traded products, the map) in a year the catalogue holds for each, and world exports over every
 * year of each series. No page names a cube or a year: the catalogue answers.
 */
import "server-only";
import { cache } from "react";
import { depthRank, type YearSource } from "@/domain/catalog/catalog";
import type { Locale } from "@/domain/i18n/locales";
import { chooseYear } from "@/domain/profiles/yearChoice";
import type { HistoryPoint } from "@/domain/profiles/tradeHistory";
import { dataCatalog, tradeYears } from "@/server/catalog/catalog";
import { loadPoints, loadRanking, reportersQuery, worldOnlySeries, worldQuery, type YearRanking } from "./figures";

/** Which years answer each world section's question, oldest first. */
export interface WorldYears {
  /** Exports between countries by section (top exporters, sections, the map, the series). */
  sections: YearSource[];
  /** Exports by HS4 heading (most traded products). */
  products: YearSource[];
}

export const worldYears = cache(
  async (): Promise<WorldYears> => {
    const [sections, products] = await Promise.all([tradeYears({ depth: "section", bilateral: true }), tradeYears({ depth: "hs4", flow: "export" })]);
    return { sections, products };
  },
);

/** One snapshot section: the years it can show, the year shown, the asked year when it had to fall back, and its figures. */
export interface SnapshotPart {
  years: number[];
  source: YearSource | null;
  /** ?year= when this section's question has no data that year (it shows the newest instead, and says so). */
  missing: number | null;
  ranking: YearRanking | null;
}

export interface WorldSnapshot {
  exporters: SnapshotPart;
  sections: SnapshotPart;
  products: SnapshotPart;
}

async function part(years: YearSource[], asked: number | undefined, load: (source: YearSource) => Promise<YearRanking | null>): Promise<SnapshotPart> {
  const { chosen, missing } = chooseYear(years, asked);
  return { years: years.map((y) => y.year), source: chosen, missing, ranking: chosen ? await load(chosen) : null };
}

/**
 * The world's one-year sections in `year` (each falls back to its newest year when its question
 * has no data then). Most traded products carry shares of every product's total that year, from
 * the same dataset.
 */
export const loadWorldSnapshot = cache(async (year: number | undefined, locale: Locale): Promise<WorldSnapshot> => {
  const { sections, products } = await worldYears();
  const [exporters, bySection, byProduct] = await Promise.all([
    part(sections, year, (s) => loadRanking(s, { flow: "export", level: "Country" }, locale)),
    part(sections, year, (s) => loadRanking(s, { flow: "export", level: "Section" }, locale)),
    part(products, year, (s) => loadRanking(s, { flow: "export", level: "HS4" }, locale)),
  ]);
  return { exporters, sections: bySection, products: byProduct };
});

/** One line of a history: its points (each year with its dataset) and the query behind it. */
export interface HistoryLine {
  /** "reporters": the sum of exporting countries; "world": a world-only dataset. */
  kind: "reporters" | "world";
  dataset: string;
  /** Source keys of its years, in order of first use. */
  sources: string[];
  points: HistoryPoint[];
  apiUrl: string;
  csvUrl: string;
}

/** Lines of world-only datasets answering at least `depth` (the Atlas world series), each its own line. */
export async function loadWorldOnlyLines(depth: string, product: Parameters<typeof worldQuery>[2], locale: Locale): Promise<HistoryLine[]> {
  const { entries } = await dataCatalog();
  const series = worldOnlySeries(entries, (d) => depthRank(d) >= depthRank(depth));
  const lines = await Promise.all(
    series.map(async ({ dataset, years }) => {
      const loaded = await loadPoints(years, (s, ys) => worldQuery(s, ys, product), locale);
      return { kind: "world" as const, dataset, sources: [...new Set(years.map((y) => y.source))], ...loaded };
    }),
  );
  return lines.filter((l) => l.points.length > 0);
}

/**
 * World exports over every year: the sum of exporting countries over every year of section
 * trade, and each world-only series (the Atlas world series) as a line of its own.
 */
export const loadWorldHistory = cache(async (locale: Locale): Promise<HistoryLine[]> => {
  const { sections } = await worldYears();
  const [reporters, world] = await Promise.all([loadPoints(sections, (s, ys) => reportersQuery(s, ys), locale), loadWorldOnlyLines("section", undefined, locale)]);
  const lines: HistoryLine[] = [];
  if (reporters.points.length) lines.push({ kind: "reporters", dataset: sections.at(-1)!.dataset, sources: [...new Set(sections.map((s) => s.source))], ...reporters });
  return [...lines, ...world];
});
