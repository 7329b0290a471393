/**
 * Rankings by trade value: countries by exports (with imports) and products by world exports, for
 * one year, with rank changes and ten-year sparklines. Which dataset answers each year comes from
 * the data catalogue (bilateral section trade for countries; product detail for products), so a
 * bigger import (BACI) reaches these rankings by itself; no cube is named here.
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import { rankComparison } from "@/domain/rankings/comparison";
import { countryImage, rankChanges, rankDescending, seriesByMember, SPARK_YEARS, trailingYears, type RankingRow } from "@/domain/rankings/rows";
import { tradeYears, type YearSource } from "@/server/catalog/catalog";
import { loadAcross, loadYear, tradeQuery } from "@/server/profiles/sources";
import { dataApiUrl, getMembers, type DataQuery, type DataRecord } from "@/server/warehouse/client";


export type TradeRankingDepth = "section" | "hs4";

/** The years each trade ranking can show, each with the dataset that answers it (oldest first). */
export async function tradeRankingSources(): Promise<{ countries: YearSource[]; section: YearSource[]; hs4: YearSource[] }> {
  const [countries, section, hs4] = await Promise.all([
    tradeYears({ depth: "section", bilateral: true }),
    tradeYears({ depth: "section", flow: "export" }),
    tradeYears({ depth: "hs4", flow: "export" }),
  ]);
  return { countries, section, hs4 };
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));

function values(rows: DataRecord[], level: string): Map<string, number | null> {
  return new Map(rows.map((r) => [str(r[`${level} ID`]), num(r["Trade Value"])]));
}

/**
 * What both trade rankings show of each member: its rank and rank change against the previous year,
 * its value, share of the total and growth.
 */
function standings(current: Map<string, number | null>, previous: Map<string, number | null> | null) {
  const ranks = rankDescending([...current].map(([id, value]) => ({ id, value })));
  const changes = rankChanges(ranks, previous ? rankDescending([...previous].map(([id, value]) => ({ id, value }))) : null);
  const total = [...current.values()].reduce<number>((s, v) => s + (v ?? 0), 0);
  const of = (id: string) => {
    const value = current.get(id) ?? null;
    const before = previous?.get(id) ?? null;
    return {
      rank: ranks.get(id) ?? null,
      change: changes.get(id) ?? null,
      values: { exports: value, share: value !== null && total > 0 ? value / total : null, growth: value !== null && before ? (value - before) / before : null },
    };
  };
  return { total, of };
}

export interface TradeRanking {
  rows: RankingRow[];
  previousYear: number | null;
  /** The year before has data, but from another dataset or release: no rank change is shown against it. */
  notComparableYear: number | null;
  csvUrl: string;
  apiUrl: string;
  hasSeries: boolean;
  total: number;
  /** Source key of the year's dataset ("ots", "baci"), named on the page. */
  source: string;
  /** Release of that source the year comes from ("ots_trd"), named on the page where it has a name. */
  vintage: string;
}

/** The ranking as the page takes it: rows, the year compared with, the query behind it as links. */
function ranking(
  rows: RankingRow[],
  o: { previous: YearSource | null; notComparable: number | null; query: DataQuery; locale: Locale; series: boolean; total: number; source: YearSource },
): TradeRanking {
  return {
    rows,
    previousYear: o.previous?.year ?? null,
    notComparableYear: o.notComparable,
    csvUrl: dataApiUrl(o.query, o.locale, "csv"),
    apiUrl: dataApiUrl(o.query, o.locale),
    hasSeries: o.series,
    total: o.total,
    source: o.source.source,
    vintage: o.source.vintage,
  };
}

export async function loadCountryTradeRanking(year: number, sources: readonly YearSource[], locale: Locale): Promise<TradeRanking> {
  const source = sources.find((s) => s.year === year)!;
  // Changes, growth and sparklines compare years of one series only (one dataset, one release): two
  // cleanings or releases of the same trade (OTS 2018 against the Atlas's 2019, or OTS HS4 2018
  // against its older 2017) would show their differences as growth.
  const { series: comparable, previous: previousSource, notComparable } = rankComparison(sources, year, "previousYear");
  const years = comparable.map((s) => s.year);
  const sparkYears = trailingYears(years, year, SPARK_YEARS);
  const spec = { drilldowns: ["Country"], parents: true };
  const exportsQuery = { ...tradeQuery(source, { flow: "export", years: [year], ...spec }), sort: [{ key: "Trade Value", direction: "desc" as const }] };
  const [exports, imports, previous, series] = await Promise.all([
    loadYear(source, { flow: "export", ...spec, sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    loadYear(source, { flow: "import", drilldowns: ["Country"] }, locale),
    previousSource ? loadYear(previousSource, { flow: "export", drilldowns: ["Country"] }, locale) : null,
    sparkYears.length > 1
      ? loadAcross(
          comparable.filter((s) => sparkYears.includes(s.year)),
          { flow: "export", drilldowns: ["Year", "Country"] },
          locale,
        )
      : null,
  ]);
  const exportValues = values(exports.rows, "Country");
  const importValues = values(imports.rows, "Country");
  const previousValues = previous ? values(previous.rows, "Country") : null;
  const standing = standings(exportValues, previousValues);
  const seriesOf = series
    ? seriesByMember(
        series.rows.map((r) => ({ id: str(r["Country ID"]), year: Number(r["Year ID"]), value: num(r["Trade Value"]) })),
        sparkYears,
      )
    : null;
  const rows: RankingRow[] = exports.rows.map((r) => {
    const id = str(r["Country ID"]);
    const own = standing.of(id);
    return {
      id,
      name: str(r.Country),
      detail: str(r["Exporter Continent"] ?? r.Continent),
      image: countryImage(id),
      series: seriesOf?.get(id),
      ...own,
      values: { ...own.values, imports: importValues.get(id) ?? null },
    };
  });
  return ranking(rows, { previous: previousSource, notComparable, query: exportsQuery, locale, series: Boolean(seriesOf), total: standing.total, source });
}

export async function loadProductTradeRanking(year: number, depth: TradeRankingDepth, sources: readonly YearSource[], locale: Locale): Promise<TradeRanking> {
  const level = depth === "hs4" ? "HS4" : "Section";
  const source = sources.find((s) => s.year === year)!;
  // Changes, growth and sparklines compare years of one series only (one dataset, one release): two
  // cleanings or releases of the same trade (OTS 2018 against the Atlas's 2019, or OTS HS4 2018
  // against its older 2017) would show their differences as growth.
  const { series: comparable, previous: previousSource, notComparable } = rankComparison(sources, year, "previousYear");
  const years = comparable.map((s) => s.year);
  const sparkYears = trailingYears(years, year, SPARK_YEARS);
  const sort = [{ key: "Trade Value", direction: "desc" as const }];
  const query = { ...tradeQuery(source, { flow: "export", years: [year], drilldowns: [level], parents: depth === "hs4" }), sort };
  const [current, previous, series, sections] = await Promise.all([
    loadYear(source, { flow: "export", drilldowns: [level], parents: depth === "hs4", sort }, locale),
    previousSource ? loadYear(previousSource, { flow: "export", drilldowns: [level] }, locale) : null,
    sparkYears.length > 1
      ? loadAcross(
          comparable.filter((s) => sparkYears.includes(s.year)),
          { flow: "export", drilldowns: ["Year", level] },
          locale,
        )
      : null,
    getMembers("section", locale),
  ]);
  const valueOf = values(current.rows, level);
  const previousValues = previous ? values(previous.rows, level) : null;
  const standing = standings(valueOf, previousValues);
  const seriesOf = series
    ? seriesByMember(
        series.rows.map((r) => ({ id: str(r[`${level} ID`]), year: Number(r["Year ID"]), value: num(r["Trade Value"]) })),
        sparkYears,
      )
    : null;
  const sectionColor = new Map(sections.map((s) => [String(s.id), s.color]));
  const rows: RankingRow[] = current.rows.map((r) => {
    const id = str(r[`${level} ID`]);
    const sectionId = depth === "hs4" ? str(r["Section ID"]) : id;
    return {
      id,
      name: str(r[level]),
      detail: depth === "hs4" ? `${id} · ${str(r.Section)}` : undefined,
      color: sectionColor.get(sectionId) ?? null,
      series: seriesOf?.get(id),
      ...standing.of(id),
    };
  });
  return ranking(rows, { previous: previousSource, notComparable, query, locale, series: Boolean(seriesOf), total: standing.total, source });
}
