/**
 * The blog's data stories: every figure in a post is computed here, when the page renders, by the
 * same typed queries the profiles use, from the datasets and years the catalogue names. A bigger
 * import (a newer year, BACI) rewrites the numbers by itself; nothing is typed into the text.
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import { answerTrade, tradeYears, type YearSource } from "@/server/catalog/catalog";
import { total, value } from "@/server/profiles/data";
import { loadAcross, loadYear } from "@/server/profiles/sources";

export type StoryId = "chile-copper" | "six-decades" | "china-usa";

/** Chile's copper: its share of Chile's exports and Chile's place among copper-ore exporters. */
export interface ChileCopper {
  year: number;
  source: string;
  total: number;
  copper: number;
  ore: number;
  worldOre: number;
  rank: number | null;
  topName: string;
  topValue: number;
}

const COPPER_ORE = "2603";
const isCopper = (hs4: string) => hs4 === COPPER_ORE || hs4.startsWith("74");

export async function chileCopper(locale: Locale): Promise<ChileCopper | null> {
  const { chosen } = await answerTrade({ depth: "hs4", flow: "export" });
  if (!chosen) return null;
  const [products, exporters] = await Promise.all([
    loadYear(chosen, { flow: "export", own: ["chl"], drilldowns: ["HS4"], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    loadYear(chosen, { flow: "export", product: { level: "HS4", ids: [COPPER_ORE] }, drilldowns: ["Country"], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
  ]);
  const sum = total(products.rows);
  if (sum <= 0) return null;
  const copper = products.rows.filter((r) => isCopper(String(r["HS4 ID"]))).reduce((s, r) => s + value(r), 0);
  const ore = value(products.rows.find((r) => String(r["HS4 ID"]) === COPPER_ORE));
  const position = exporters.rows.findIndex((r) => String(r["Country ID"]) === "chl");
  const top = products.rows[0];
  return {
    year: chosen.year,
    source: chosen.source,
    total: sum,
    copper,
    ore,
    worldOre: total(exporters.rows),
    rank: position >= 0 ? position + 1 : null,
    topName: String(top?.HS4 ?? ""),
    topValue: value(top),
  };
}

/** World exports by section in the first and the newest year of bilateral data. */
export interface SixDecades {
  from: number;
  to: number;
  sources: string[];
  first: number;
  last: number;
  gainer: { name: string; from: number; to: number };
  loser: { name: string; from: number; to: number };
}

export async function sixDecades(locale: Locale): Promise<SixDecades | null> {
  const years = await tradeYears({ depth: "section", bilateral: true });
  const first = years[0];
  const last = years.at(-1);
  if (!first || !last || first.year === last.year) return null;
  const bySection = (source: YearSource) => loadYear(source, { flow: "export", drilldowns: ["Section"] }, locale);
  const [a, b] = await Promise.all([bySection(first), bySection(last)]);
  const totalA = total(a.rows);
  const totalB = total(b.rows);
  if (totalA <= 0 || totalB <= 0) return null;
  const shares = (rows: typeof a.rows, sum: number) => new Map(rows.map((r) => [String(r["Section ID"]), { name: String(r.Section), share: value(r) / sum }]));
  const sa = shares(a.rows, totalA);
  const sb = shares(b.rows, totalB);
  const changes = [...sb].filter(([id]) => id !== "99" && sa.has(id)).map(([id, s]) => ({ name: s.name, from: sa.get(id)!.share, to: s.share }));
  changes.sort((x, y) => y.to - y.from - (x.to - x.from));
  const gainer = changes[0];
  const loser = changes.at(-1);
  if (!gainer || !loser) return null;
  return { from: first.year, to: last.year, sources: [...new Set([first.source, last.source])], first: totalA, last: totalB, gainer, loser };
}

/** China's exports to the United States, year by year, and their share of China's exports. */
export interface ChinaUsa {
  from: number;
  to: number;
  sources: string[];
  first: number;
  last: number;
  /** Share of China's exports going to the United States: first year, peak, newest. */
  shareFirst: number;
  shareLast: number;
  peak: { year: number; share: number };
}

export async function chinaUsa(locale: Locale): Promise<ChinaUsa | null> {
  const years = await tradeYears({ depth: "section", bilateral: true });
  if (years.length < 2) return null;
  const [toUsa, all] = await Promise.all([
    loadAcross(years, { flow: "export", own: ["chn"], partner: ["usa"], drilldowns: ["Year"] }, locale),
    loadAcross(years, { flow: "export", own: ["chn"], drilldowns: ["Year"] }, locale),
  ]);
  const totals = new Map(all.rows.map((r) => [Number(r["Year ID"] ?? r.Year), value(r)]));
  const series = toUsa.rows
    .map((r) => {
      const year = Number(r["Year ID"] ?? r.Year);
      const sum = totals.get(year) ?? 0;
      return { year, value: value(r), share: sum > 0 ? value(r) / sum : 0 };
    })
    .filter((p) => p.value > 0)
    .sort((a, b) => a.year - b.year);
  if (series.length < 2) return null;
  const peak = series.reduce((best, p) => (p.share > best.share ? p : best), series[0]);
  const firstPoint = series[0];
  const lastPoint = series.at(-1)!;
  return {
    from: firstPoint.year,
    to: lastPoint.year,
    sources: toUsa.sources,
    first: firstPoint.value,
    last: lastPoint.value,
    shareFirst: firstPoint.share,
    shareLast: lastPoint.share,
    peak: { year: peak.year, share: peak.share },
  };
}
