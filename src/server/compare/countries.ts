/**
 * What the compare page shows of two to four countries, each figure with its dataset, release and
 * year: goods exports and imports with the world in every year the catalogue's section trade
 * answers (the same question, and so the same figures, as the country profiles), the export
 * basket by section in one year for all, and the ECI with its rank over the ranked years.
 */
import "server-only";
import { shareOf, figure, provenanceOf, type Provenance } from "@/domain/catalog/figure";
import { commonYear } from "@/domain/compare/series";
import type { CompareBreakdown, CompareRankYear, CompareSeries, CountryComparison, CountryTradeYear } from "@/domain/compare/types";
import type { CompareState } from "@/domain/compare/url";
import type { Locale } from "@/domain/i18n/locales";
import { load, value } from "@/server/profiles/data";
import { complexityCubes, loadAcross, loadYear, profileSources } from "@/server/profiles/sources";
import { getMembers, type DataRecord } from "@/server/warehouse/client";
import { compareEntities } from "./entities";

const yearOf = (row: DataRecord): number => Number(row["Year ID"] ?? row.Year);
const idOf = (row: DataRecord, level: string): string => String(row[`${level} ID`] ?? "");

/** Exports, imports and balance of each country in every year of the section trade the catalogue names. */
export async function loadCountryTrade(ids: readonly string[], locale: Locale): Promise<CompareSeries<CountryTradeYear>> {
  const { sections } = await profileSources();
  if (sections.length === 0 || ids.length === 0) return { years: [], rows: [], apiUrl: "" };
  const spec = { own: ids, drilldowns: ["Year", "Country"] };
  const [exports, imports] = await Promise.all([loadAcross(sections, { ...spec, flow: "export" }, locale), loadAcross(sections, { ...spec, flow: "import" }, locale)]);
  const sum = (rows: DataRecord[]) => {
    const map = new Map<string, number>();
    for (const r of rows) map.set(`${idOf(r, "Country")}\u0000${yearOf(r)}`, (map.get(`${idOf(r, "Country")}\u0000${yearOf(r)}`) ?? 0) + value(r));
    return map;
  };
  const ex = sum(exports.rows);
  const im = sum(imports.rows);
  const rows: CountryTradeYear[] = [];
  for (const source of sections) {
    for (const id of ids) {
      const key = `${id}\u0000${source.year}`;
      if (!ex.has(key) && !im.has(key)) continue;
      const e = ex.get(key) ?? 0;
      const i = im.get(key) ?? 0;
      rows.push({ id, year: source.year, exports: e, imports: i, balance: e - i, provenance: provenanceOf(source) });
    }
  }
  return { years: sections.map(provenanceOf), rows, apiUrl: exports.apiUrl };
}

/** Each country's exports by section in one year: the newest in which all of them export (the same dataset for all). */
export async function loadExportBaskets(ids: readonly string[], trade: CompareSeries<CountryTradeYear>, locale: Locale): Promise<CompareBreakdown> {
  const { sections } = await profileSources();
  const exporting = (year: number) => trade.rows.filter((r) => r.year === year && r.exports > 0).map((r) => r.id);
  const source = commonYear(sections, exporting, ids);
  if (!source) return { provenance: null, rows: [], totals: [], apiUrl: "" };
  const provenance = provenanceOf(source);
  const [loaded, members] = await Promise.all([
    loadYear(source, { flow: "export", own: ids, drilldowns: ["Country", "Section"], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    getMembers("section", locale),
  ]);
  const colors = new Map(members.map((m) => [String(m.id), m.color]));
  const totals = ids.map((id) => ({ id, value: loaded.rows.filter((r) => idOf(r, "Country") === id).reduce((s, r) => s + value(r), 0) }));
  const rows = loaded.rows
    .filter((r) => value(r) > 0 && ids.includes(idOf(r, "Country")))
    .map((r) => {
      const id = idOf(r, "Country");
      const part = figure(value(r), provenance);
      const total = figure(totals.find((t) => t.id === id)!.value, provenance);
      const section = idOf(r, "Section");
      return { id, partId: section, partName: String(r.Section ?? section), color: colors.get(section) ?? null, value: part.value, share: shareOf(part, total), provenance };
    });
  return { provenance, rows, totals, apiUrl: loaded.apiUrl };
}

/** ECI and rank of each country in every ranked year of the profiles' complexity set (full rankings only). */
export async function loadCountryEci(ids: readonly string[], locale: Locale): Promise<CompareSeries<CompareRankYear>> {
  const { complexity, complexitySet } = await profileSources();
  if (complexity.length === 0 || ids.length === 0) return { years: [], rows: [], apiUrl: "" };
  const byYear = new Map(complexity.map((e) => [e.year, e]));
  const loaded = await load(
    {
      cube: complexityCubes(complexitySet).eci,
      drilldowns: ["Year", "Country"],
      measures: ["ECI", "ECI Rank"],
      cuts: [
        { level: "Country", ids },
        { level: "Year", ids: complexity.map((e) => e.year) },
      ],
      sort: [{ key: "Year", direction: "asc" }],
    },
    locale,
  ).catch(() => null);
  const rows: CompareRankYear[] = [];
  for (const r of loaded?.rows ?? []) {
    const entry = byYear.get(yearOf(r));
    const eci = Number(r.ECI);
    if (!entry || r.ECI === null || r.ECI === undefined || !Number.isFinite(eci)) continue;
    const rank = Number(r["ECI Rank"]);
    rows.push({ id: idOf(r, "Country"), year: entry.year, value: eci, rank: Number.isFinite(rank) && rank > 0 ? rank : null, ranked: entry.reporters || null, provenance: provenanceOf(entry) });
  }
  return { years: complexity.map((e): Provenance => provenanceOf(e)), rows, apiUrl: loaded?.apiUrl ?? "" };
}

/** Everything the compare page shows of some countries. */
export async function loadCountryComparison(state: CompareState, locale: Locale): Promise<CountryComparison> {
  const ids = state.ids;
  const [entities, trade, eci] = await Promise.all([compareEntities(state, locale), loadCountryTrade(ids, locale), loadCountryEci(ids, locale)]);
  const basket = await loadExportBaskets(ids, trade, locale);
  return { kind: "countries", entities, trade, basket, eci };
}
