/**
 * The rows the compare loaders hand to the page: every figure carries its provenance (dataset,
 * release, source and year), so charts, tables and downloads say where each number comes from.
 */
import type { Provenance } from "@/domain/catalog/figure";

export interface CompareEntity {
  /** Canonical id of the codec (ISO3, HS code, "section-N"). */
  id: string;
  name: string;
  /** The member's kind, for its icon and profile link. */
  kind: "country" | "section" | "hs2" | "hs4";
  /** Path of its profile, without the locale ("/profile/country/chl"). */
  profile: string;
}

/** One entity's value in one year of a series. */
export interface ComparePoint {
  id: string;
  year: number;
  value: number;
  provenance: Provenance;
}

/** A country's goods trade with the world in one year (exports and imports of one dataset and year). */
export interface CountryTradeYear {
  id: string;
  year: number;
  exports: number;
  imports: number;
  /** Exports minus imports, of the same dataset and year. */
  balance: number;
  provenance: Provenance;
}

/** A series over years: which years it covers (each with its provenance) and the values. */
export interface CompareSeries<T> {
  /** Every year of the series, oldest first, with the dataset and release that answers it. */
  years: Provenance[];
  rows: T[];
  /** The public data API query behind it (the last dataset's, when it spans several). */
  apiUrl: string;
}

/** One part of an entity's total in one year (a section of a country's exports, an exporter of a product). */
export interface CompareShare {
  /** The entity compared. */
  id: string;
  /** The part: a section id, an exporter's ISO3. */
  partId: string;
  partName: string;
  /** The part's colour (a section's), when it has one. */
  color: string | null;
  value: number;
  /** Of the entity's total in the same dataset and year (null for a zero total). */
  share: number | null;
  provenance: Provenance;
}

export interface CompareBreakdown {
  /** The one year and dataset all entities are broken down in; null when no year answers. */
  provenance: Provenance | null;
  rows: CompareShare[];
  /** Each entity's total in that year (the denominators of the shares). */
  totals: { id: string; value: number }[];
  apiUrl: string;
}

/** A complexity index (ECI of a country, PCI of a product) and its rank in one ranked year. */
export interface CompareRankYear {
  id: string;
  year: number;
  value: number;
  rank: number | null;
  /** How many countries (or products) that year ranks; null when unknown. */
  ranked: number | null;
  provenance: Provenance;
}

export interface CountryComparison {
  kind: "countries";
  entities: CompareEntity[];
  trade: CompareSeries<CountryTradeYear>;
  basket: CompareBreakdown;
  eci: CompareSeries<CompareRankYear>;
}

export interface ProductComparison {
  kind: "products";
  entities: CompareEntity[];
  /** World exports per year, from one dataset (the longest series answering every product's depth). */
  world: CompareSeries<ComparePoint>;
  exporters: CompareBreakdown;
  pci: CompareSeries<CompareRankYear>;
}

export type Comparison = CountryComparison | ProductComparison;
