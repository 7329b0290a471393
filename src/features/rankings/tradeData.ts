/**
 * Rankings by trade value: countries by exports (with imports) and products by world exports, for
 * one year, with rank changes and ten-year sparklines where the cube has several years.
 */
import type { Locale } from "@/domain/i18n/locales";
import { rankChanges, rankDescending, seriesByMember, trailingYears } from "@/domain/rankings/rows";
import { cubeYears, dataApiUrl, getMembers, queryCube, type DataQuery, type DataRecord } from "@/server/warehouse/client";
import { countryImage, SPARK_YEARS } from "./data";
import type { RankingRow } from "./RankingTable";

export const SECTIONS_CUBE = "trade_i_ots_a_sections";
export const HS4_CUBE = "trade_i_ots_a_hs4";

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
  csvUrl: string;
  apiUrl: string;
  hasSeries: boolean;
  total: number;
}

export async function loadCountryTradeRanking(year: number, years: number[], locale: Locale): Promise<TradeRanking> {
  const exportsQuery: DataQuery = {
    cube: SECTIONS_CUBE,
    drilldowns: ["Exporter Country"],
    measures: ["Trade Value"],
    cuts: [{ level: "Year", ids: [year] }],
    parents: true,
    sort: [{ key: "Trade Value", direction: "desc" }],
  };
  const previousYear = years.includes(year - 1) ? year - 1 : null;
  const sparkYears = trailingYears(years, year, SPARK_YEARS);
  const [exports, imports, previous, series] = await Promise.all([
    queryCube(exportsQuery, locale),
    queryCube({ cube: SECTIONS_CUBE, drilldowns: ["Importer Country"], measures: ["Trade Value"], cuts: [{ level: "Year", ids: [year] }] }, locale),
    previousYear === null
      ? null
      : queryCube({ cube: SECTIONS_CUBE, drilldowns: ["Exporter Country"], measures: ["Trade Value"], cuts: [{ level: "Year", ids: [previousYear] }] }, locale),
    sparkYears.length > 1
      ? queryCube({ cube: SECTIONS_CUBE, drilldowns: ["Year", "Exporter Country"], measures: ["Trade Value"], time: { kind: "list", years: sparkYears } }, locale)
      : null,
  ]);
  const exportValues = values(exports.data, "Exporter Country");
  const importValues = values(imports.data, "Importer Country");
  const previousValues = previous ? values(previous.data, "Exporter Country") : null;
  const standing = standings(exportValues, previousValues);
  const seriesOf = series
    ? seriesByMember(
        series.data.map((r) => ({ id: str(r["Exporter Country ID"]), year: Number(r["Year ID"]), value: num(r["Trade Value"]) })),
        sparkYears,
      )
    : null;
  const rows: RankingRow[] = exports.data.map((r) => {
    const id = str(r["Exporter Country ID"]);
    const own = standing.of(id);
    return {
      id,
      name: str(r["Exporter Country"]),
      detail: str(r["Exporter Continent"]),
      image: countryImage(id),
      series: seriesOf?.get(id),
      ...own,
      values: { ...own.values, imports: importValues.get(id) ?? null },
    };
  });
  return { rows, previousYear, csvUrl: dataApiUrl(exportsQuery, locale, "csv"), apiUrl: dataApiUrl(exportsQuery, locale), hasSeries: Boolean(seriesOf), total: standing.total };
}

export async function loadProductTradeRanking(year: number, depth: "section" | "hs4", years: number[], locale: Locale): Promise<TradeRanking> {
  const level = depth === "hs4" ? "HS4" : "Section";
  const cube = depth === "hs4" ? HS4_CUBE : SECTIONS_CUBE;
  const query: DataQuery = {
    cube,
    drilldowns: [level],
    measures: ["Trade Value"],
    cuts: [{ level: "Year", ids: [year] }],
    parents: depth === "hs4",
    sort: [{ key: "Trade Value", direction: "desc" }],
  };
  const previousYear = years.includes(year - 1) ? year - 1 : null;
  const sparkYears = trailingYears(years, year, SPARK_YEARS);
  const [current, previous, series, sections] = await Promise.all([
    queryCube(query, locale),
    previousYear === null ? null : queryCube({ cube, drilldowns: [level], measures: ["Trade Value"], cuts: [{ level: "Year", ids: [previousYear] }] }, locale),
    sparkYears.length > 1 ? queryCube({ cube, drilldowns: ["Year", level], measures: ["Trade Value"], time: { kind: "list", years: sparkYears } }, locale) : null,
    getMembers("section", locale),
  ]);
  const valueOf = values(current.data, level);
  const previousValues = previous ? values(previous.data, level) : null;
  const standing = standings(valueOf, previousValues);
  const seriesOf = series
    ? seriesByMember(
        series.data.map((r) => ({ id: str(r[`${level} ID`]), year: Number(r["Year ID"]), value: num(r["Trade Value"]) })),
        sparkYears,
      )
    : null;
  const sectionColor = new Map(sections.map((s) => [String(s.id), s.color]));
  const rows: RankingRow[] = current.data.map((r) => {
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
  return { rows, previousYear, csvUrl: dataApiUrl(query, locale, "csv"), apiUrl: dataApiUrl(query, locale), hasSeries: Boolean(seriesOf), total: standing.total };
}

export { cubeYears };
