/**
 * What the games are made of: the countries and products whose data is solid in one year (the
 * catalogue's newest year with HS4 exports from nearly every country), read once per warehouse
 * generation by server/games/data.ts. Pure types and helpers, so generators are tested on fixtures.
 */
import type { Locale } from "@/domain/i18n/locales";

export type Names = Record<Locale, string>;

export interface GameCountry {
  id: string;
  iso2: string | null;
  names: Names;
  continent: string;
  lat: number | null;
  lon: number | null;
  /** Exports that year (USD). */
  exports: number;
  /** Largest HS4 exports, heaviest first (never "unspecified"). */
  topProducts: { id: string; value: number }[];
  /** Largest destination of its exports that year (null without partner data). */
  mainPartner: string | null;
}

export interface GameProduct {
  id: string;
  section: string;
  names: Names;
  /** World exports that year (USD). */
  world: number;
  /** Largest exporters among the game's countries, heaviest first. */
  exporters: { id: string; value: number }[];
}

export interface GameData {
  /**
   * The data's identity, the same on every node and after a restart (the warehouse build's
   * fingerprint): daily puzzles are seeded from it, so every player gets the same one.
   */
  dataKey: string;
  year: number;
  /** Catalogue source key of that year's data (a message key under data.sources). */
  source: string;
  /** Countries above the trade threshold, largest exporter first. */
  countries: GameCountry[];
  /** Products above the trade threshold, largest first. */
  products: GameProduct[];
  /** Section and names of every HS4 product traded that year (small ones too: a country's basket shows them). */
  productInfo: Record<string, { section: string; names: Names }>;
  continents: { id: string; names: Names }[];
  sections: { id: string; names: Names; color: string | null }[];
}

/** Puzzles draw only countries exporting at least this much in the year (USD): their data is solid. */
export const MIN_COUNTRY_EXPORTS = 1e9;
/** And products traded at least this much worldwide. */
export const MIN_PRODUCT_TRADE = 1e9;

export const nameIn = (names: Names, locale: Locale) => names[locale] || names.en;
