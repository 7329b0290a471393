/**
 * The top of a country (or continent) profile: one sentence and its cards, every figure of ONE
 * year. Exports, imports, the balance and the main destination come from the section trade of that
 * year; the top export from the product data of the same year (or, without product data that year,
 * the largest section of the same section file), its share taken of the total of that same dataset
 * and year; the ECI rank from the ranking of that year when one was computed. The page only formats
 * what this returns.
 */
import "server-only";
import type { CatalogEntry, YearSource } from "@/domain/catalog/catalog";
import { figure, provenanceOf, shareOf, type Figure } from "@/domain/catalog/figure";
import type { Locale } from "@/domain/i18n/locales";
import { heroYear } from "@/domain/profiles/hero";
import { firstRealProduct } from "@/domain/catalog/unspecified";
import type { DataRecord } from "@/server/warehouse/client";
import { load, total, value } from "./data";
import { complexityCubes, loadAcrossRows, loadYear, loadYearRows, profileSources, type ProfileSources } from "./sources";

export interface HeroMember {
  kind: "country" | "continent";
  id: string;
}

export interface HeroItem {
  id: string;
  name: string;
  value: Figure;
}

export interface HeroTopExport extends HeroItem {
  /** "hs4" (product detail) or "section" (no product detail that year: the largest section). */
  depth: "hs4" | "section";
  /** The member's exports in the same dataset and year (the share's denominator). */
  total: Figure;
  /** value ÷ total, both of one dataset and year (shareOf); null for a zero total. */
  share: number | null;
  /** "Unspecified" (HS 9999) was the largest line that year and is not named as the top export. */
  unspecifiedAbove: Figure | null;
}

export interface CountryHero {
  /** The one year every figure below is of. */
  year: number;
  exports: Figure;
  imports: Figure;
  balance: Figure;
  topExport: HeroTopExport | null;
  topDestination: HeroItem | null;
  eci: { rank: Figure; eci: Figure; count: number } | null;
  /** The member's trade ends before the newest year of the data (a country that no longer exists). */
  endsBefore: boolean;
  /** Every figure of the hero, for checks and for the source line. */
  figures: Figure[];
}

const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));

/** Rows of one level as items sorted largest first (positive values only). */
function ranked(rows: DataRecord[], level: string): { id: string; name: string; value: number }[] {
  return rows
    .filter((r) => value(r) > 0)
    .map((r) => ({ id: str(r[`${level} ID`]), name: str(r[level]) || str(r[`${level} ID`]), value: value(r) }))
    .sort((a, b) => b.value - a.value);
}

async function topExport(member: HeroMember, sources: ProfileSources, section: YearSource, year: number, locale: Locale): Promise<HeroTopExport | null> {
  const own = { own: [member.id], ownContinent: member.kind === "continent" };
  const product = member.kind === "country" ? (sources.productExports.find((s) => s.year === year) ?? null) : null;
  if (product) {
    const rows = (await loadYear(product, { flow: "export", ...own, drilldowns: ["HS4"], sort: [{ key: "Trade Value", direction: "desc" }] }, locale)).rows;
    const sum = total(rows);
    if (sum > 0) {
      const provenance = provenanceOf(product);
      const { top, unspecifiedAbove } = firstRealProduct(ranked(rows, "HS4"));
      if (top) {
        const part = figure(top.value, provenance);
        const whole = figure(sum, provenance);
        return {
          id: top.id,
          name: top.name,
          value: part,
          total: whole,
          share: shareOf(part, whole),
          depth: "hs4",
          unspecifiedAbove: unspecifiedAbove ? figure(unspecifiedAbove.value, provenance) : null,
        };
      }
    }
  }
  // No product detail for the member that year: the largest section of the section file, of its total.
  const rows = (await loadYearRows(section, { flow: "export", ...own, drilldowns: ["Section"], sort: [{ key: "Trade Value", direction: "desc" }] }, locale)).rows;
  const list = ranked(rows, "Section");
  const sum = total(rows);
  if (!list.length || sum <= 0) return null;
  const provenance = provenanceOf(section);
  const part = figure(list[0].value, provenance);
  const whole = figure(sum, provenance);
  return { id: list[0].id, name: list[0].name, value: part, total: whole, share: shareOf(part, whole), depth: "section", unspecifiedAbove: null };
}

async function topDestination(member: HeroMember, section: YearSource, locale: Locale): Promise<HeroItem | null> {
  const loaded = await loadYearRows(
    section,
    {
      flow: "export",
      own: [member.id],
      ownContinent: member.kind === "continent",
      drilldowns: ["Partner"],
      ...(member.kind === "country" ? { excludePartner: [member.id] } : {}),
      sort: [{ key: "Trade Value", direction: "desc" }],
    },
    locale,
  );
  const top = ranked(loaded.rows, "Partner")[0];
  return top ? { id: top.id, name: top.name, value: figure(top.value, provenanceOf(section)) } : null;
}

async function eciOf(member: HeroMember, sources: ProfileSources, year: number, locale: Locale): Promise<CountryHero["eci"]> {
  const entry: CatalogEntry | undefined = sources.complexity.find((e) => e.year === year);
  if (member.kind !== "country" || !entry) return null;
  const loaded = await load(
    { cube: complexityCubes(sources.complexitySet).eci, drilldowns: ["Country"], measures: ["ECI", "ECI Rank"], cuts: [{ level: "Country", ids: [member.id] }, { level: "Year", ids: [year] }] },
    locale,
  ).catch(() => null);
  const row = loaded?.rows[0];
  const rank = Number(row?.["ECI Rank"]);
  const eci = Number(row?.ECI);
  if (!row || row["ECI Rank"] === null || !Number.isFinite(rank) || row.ECI === null || !Number.isFinite(eci)) return null;
  const provenance = provenanceOf(entry);
  return { rank: figure(rank, provenance), eci: figure(eci, provenance), count: entry.reporters };
}

/**
 * The hero of a country or continent profile for `year` (the newest year it traded when absent or
 * not traded): null when the member has no exports in the section data at all.
 */
export async function loadCountryHero(member: HeroMember, locale: Locale, year?: number): Promise<CountryHero | null> {
  const sources = await profileSources();
  if (!sources.sections.length) return null;
  const spec = { own: [member.id], ownContinent: member.kind === "continent", drilldowns: ["Year"] };
  const [exportsSeries, importsSeries] = await Promise.all([
    loadAcrossRows(sources.sections, { flow: "export", ...spec }, locale),
    loadAcrossRows(sources.sections, { flow: "import", ...spec }, locale),
  ]);
  const byYear = (rows: DataRecord[]) => new Map(rows.map((r) => [Number(r["Year ID"] ?? r.Year), value(r)]));
  const exportsByYear = byYear(exportsSeries.rows);
  const importsByYear = byYear(importsSeries.rows);
  const traded = [...exportsByYear].filter(([, v]) => v > 0).map(([y]) => y);
  const chosen = heroYear(traded, year);
  const section = chosen === null ? null : (sources.sections.find((s) => s.year === chosen) ?? null);
  if (chosen === null || !section) return null;
  const provenance = provenanceOf(section);
  const exports = figure(exportsByYear.get(chosen) ?? 0, provenance);
  const imports = figure(importsByYear.get(chosen) ?? 0, provenance);
  const balance = figure(exports.value - imports.value, provenance);
  const [top, destination, eci] = await Promise.all([topExport(member, sources, section, chosen, locale), topDestination(member, section, locale), eciOf(member, sources, chosen, locale)]);
  const figures = [exports, imports, balance, ...(top ? [top.value, top.total] : []), ...(top?.unspecifiedAbove ? [top.unspecifiedAbove] : []), ...(destination ? [destination.value] : []), ...(eci ? [eci.rank, eci.eci] : [])];
  return {
    year: chosen,
    exports,
    imports,
    balance,
    topExport: top,
    topDestination: destination,
    eci,
    endsBefore: Math.max(...traded) < (sources.sections.at(-1)?.year ?? chosen),
    figures,
  };
}
