/**
 * The data every chart option generator takes: rows of one dimension's members with their
 * measures (spec section 3, "chart data rows"), already named in the page language and coloured.
 * Rows are plain JSON so the server can send them to the chart component as they are.
 */
import type { FormatLocale } from "@/domain/format";
import type { FallbackKey, IconKind, TooltipLabels } from "./presentation";

export interface ChartRow {
  /** Member id (ISO3, HS code, section id). */
  id: string;
  name: string;
  /** Which kind of member, for its icon. */
  kind: IconKind;
  /** Drawing colour: the member's section or continent colour, or the unknown grey. */
  color: string;
  /** Parent member (section of a product, continent of a country). */
  group?: string | null;
  groupName?: string | null;
  /** Main measure: trade value in USD. */
  value: number | null;
  /** Year for time series (one row per member and year). */
  year?: number;
  /** Code shown with the name (HS tile code). */
  code?: string;
  rca?: number | null;
  growth?: number | null;
  /** Other measures by key (scatter axes, world trade...). */
  measures?: Readonly<Record<string, number | null>>;
}

/** A legend entry: a section, a continent, or a member drawn as its own series. */
export interface ChartGroup {
  id: string;
  name: string;
  color: string;
  kind: IconKind;
}

export interface ChartLabels {
  tooltip: TooltipLabels;
  fallbacks: Readonly<Record<FallbackKey, string>>;
  /** "Total" in a stacked tooltip. */
  total: string;
  /** Names of scatter measures by key. */
  measures: Readonly<Record<string, string>>;
  /** Network: "World trade" row. */
  worldTrade: string;
  /** Geomap legend title ("Trade Value") and the no-data class. */
  noData: string;
  /** Treemap: the tile of a group's members too small to draw, "312 smaller items". */
  smallerItems: (count: number) => string;
}

export interface ChartContext {
  locale: FormatLocale;
  labels: ChartLabels;
  /** Dark colour scheme: light text and lines. */
  dark: boolean;
  /** Drawn into the chart only for exports (the page shows it as a heading). */
  title?: string;
  subtitle?: string;
  showTitle?: boolean;
  /** Drawing size in px, when known: layout-aware generators (treemap labels) use it. */
  size?: { width: number; height: number };
  /** Currency of trade values; default USD. Australian state data is in AUD (written "AUD ..."). */
  currency?: "USD" | "AUD";
}
