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
import { load, value, type Loaded } from "@/server/profiles/data";

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

/** A community's exports by section in the entry's year. */
export function communitySections(entry: CatalogEntry, id: number, locale: Locale): Promise<Loaded> {
  return load(
    {
      cube: entry.cube,
      drilldowns: ["Section"],
      cuts: [
        { level: COMMUNITY_LEVEL, ids: [id] },
        { level: "Year", ids: [entry.year] },
      ],
      sort: [{ key: "Trade Value", direction: "desc" }],
    },
    locale,
  );
}

/** A community's provinces with their exports in the entry's year. */
export function communityProvinces(entry: CatalogEntry, id: number, locale: Locale): Promise<Loaded> {
  return load(
    {
      cube: entry.cube,
      drilldowns: ["Province"],
      cuts: [
        { level: COMMUNITY_LEVEL, ids: [id] },
        { level: "Year", ids: [entry.year] },
      ],
      sort: [{ key: "Trade Value", direction: "desc" }],
    },
    locale,
  );
}

/** Every province's exports in the entry's year (the province map). */
export function provinceValues(entry: CatalogEntry, locale: Locale): Promise<Loaded> {
  return load({ cube: entry.cube, drilldowns: ["Province"], cuts: [{ level: "Year", ids: [entry.year] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale);
}

/** The communities with their exports in the newest year, for the level's landing page (USD). */
export async function espCommunityMembers(locale: Locale): Promise<{ year: number; currency: string; flow: "export"; members: { id: string; name: string; value: number }[] } | null> {
  const entry = (await espSources()).communities.at(-1);
  if (!entry) return null;
  const { communities } = await communityStandings(entry, locale);
  return { year: entry.year, currency: "USD", flow: "export", members: communities.map((c) => ({ id: String(c.id), name: c.name, value: c.value })) };
}
