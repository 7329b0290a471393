/**
 * Spain's autonomous communities, summed from the provinces by the warehouse (the province cube's
 * "Autonomous Community" level; the grouping is domain/subnational/espCommunities.ts). The
 * catalogue's dataset `esp_autonomous` says which cube and years answer; no cube is named here.
 */
import "server-only";
import { cache } from "react";
import type { CatalogEntry } from "@/domain/catalog/catalog";
import type { Locale } from "@/domain/i18n/locales";
import { espCommunity } from "@/domain/subnational/espCommunities";
import { dataCatalog } from "@/server/catalog/catalog";
import { load, loadSectionMembers, rankedItems, value, type Loaded, type RankedRow, type RankedRows } from "@/server/profiles/data";
import type { Cut } from "@/server/warehouse/client";

export const ESP_COMMUNITIES_DATASET = "esp_autonomous";
export const ESP_PROVINCES_DATASET = "esp_provinces";
export const COMMUNITY_LEVEL = "Autonomous Community";

export const espSources = cache(async (): Promise<{ communities: CatalogEntry[]; provinces: CatalogEntry[] }> => {
  const { entries } = await dataCatalog();
  const of = (dataset: string) => entries.filter((e) => e.kind === "subnational" && e.dataset === dataset).sort((a, b) => a.year - b.year);
  return { communities: of(ESP_COMMUNITIES_DATASET), provinces: of(ESP_PROVINCES_DATASET) };
});

export interface CommunityStanding {
  id: number;
  name: string;
  value: number;
  rank: number;
  share: number;
}

/**
 * Every community's exports in the entry's year, ranked among the 17 communities and the two
 * autonomous cities (exports with no province assigned are left out of the ranking, not of `allTotal`).
 */
export async function communityStandings(entry: CatalogEntry, locale: Locale): Promise<{ loaded: Loaded; communities: CommunityStanding[]; total: number; allTotal: number }> {
  const loaded = await load(
    { cube: entry.cube, drilldowns: [COMMUNITY_LEVEL], cuts: [{ level: "Year", ids: [entry.year] }], sort: [{ key: "Trade Value", direction: "desc" }] },
    locale,
  );
  const rows = loaded.rows
    .map((r) => ({ id: Number(r[`${COMMUNITY_LEVEL} ID`]), name: String(r[COMMUNITY_LEVEL] ?? r[`${COMMUNITY_LEVEL} ID`]), value: value(r) }))
    .filter((r) => espCommunity(r.id) !== null)
    .sort((a, b) => b.value - a.value || a.id - b.id);
  const total = rows.reduce((s, r) => s + r.value, 0);
  return {
    loaded,
    communities: rows.map((r, i) => ({ ...r, rank: i + 1, share: total > 0 ? r.value / total : 0 })),
    total,
    allTotal: loaded.rows.reduce((s, r) => s + value(r), 0),
  };
}

/** A section of a region's exports, with the colour the data gives the section (null where none). */
export interface SectionShare extends RankedRow {
  color: string | null;
}

/** Exports by section of one province or community in the entry's year, with section colours. */
/** A region's sections with their colours, the total of every row and the query behind them. */
export interface SectionShares extends Omit<RankedRows, "items"> {
  items: SectionShare[];
}

async function sectionsOf(entry: CatalogEntry, cut: Cut, locale: Locale): Promise<SectionShares> {
  const [loaded, members] = await Promise.all([
    load({ cube: entry.cube, drilldowns: ["Section"], cuts: [cut, { level: "Year", ids: [entry.year] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    loadSectionMembers(locale),
  ]);
  const ranked = rankedItems(loaded, "Section");
  return { ...ranked, items: ranked.items.map((s) => ({ ...s, color: members.get(s.id)?.color ?? null })) };
}

/** Provinces (all, or a community's) with their exports in the entry's year, largest first. */
function provincesOf(entry: CatalogEntry, cuts: Cut[], locale: Locale): Promise<RankedRows> {
  return load({ cube: entry.cube, drilldowns: ["Province"], cuts: [...cuts, { level: "Year", ids: [entry.year] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale).then((loaded) =>
    rankedItems(loaded, "Province"),
  );
}

/** A community's exports by section in the entry's year. */
export function communitySections(entry: CatalogEntry, id: number, locale: Locale) {
  return sectionsOf(entry, { level: COMMUNITY_LEVEL, ids: [id] }, locale);
}

/** A community's provinces with their exports in the entry's year. */
export function communityProvinces(entry: CatalogEntry, id: number, locale: Locale): Promise<RankedRows> {
  return provincesOf(entry, [{ level: COMMUNITY_LEVEL, ids: [id] }], locale);
}

/** Every province's exports in the entry's year (the ranking, the map, the level's landing page). */
export function provinceValues(entry: CatalogEntry, locale: Locale): Promise<RankedRows> {
  return provincesOf(entry, [], locale);
}

/** A province's exports by section in the entry's year. */
export function provinceSections(entry: CatalogEntry, id: number, locale: Locale) {
  return sectionsOf(entry, { level: "Province", ids: [id] }, locale);
}

/** The newest year of the province dataset, or null without one. */
export async function newestProvinceEntry(): Promise<CatalogEntry | null> {
  return (await espSources()).provinces.at(-1) ?? null;
}

/** The provinces with their exports in the newest year, for the level's landing page (USD). */
export async function espProvinceMembers(locale: Locale): Promise<{ year: number; currency: string; flow: "export"; members: RankedRow[] } | null> {
  const entry = await newestProvinceEntry();
  if (!entry) return null;
  return { year: entry.year, currency: "USD", flow: "export", members: (await provinceValues(entry, locale)).items };
}

/** The communities with their exports in the newest year, for the level's landing page (USD). */
export async function espCommunityMembers(locale: Locale): Promise<{ year: number; currency: string; flow: "export"; members: { id: string; name: string; value: number }[] } | null> {
  const entry = (await espSources()).communities.at(-1);
  if (!entry) return null;
  const { communities } = await communityStandings(entry, locale);
  return { year: entry.year, currency: "USD", flow: "export", members: communities.map((c) => ({ id: String(c.id), name: c.name, value: c.value })) };
}
