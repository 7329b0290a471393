/**
 * What the builder knows of a cube (sent by the server from the registry and the warehouse): its
 * levels grouped by dimension, measures, years, and which measures take growth and RCA. Plus the
 * cell formatting of answers, by column name.
 */
import { formatGrowth, formatNumber, formatRca, formatSignificant, MISSING_VALUE, type FormatLocale } from "@/domain/format";

export interface CubeLevel {
  name: string;
  caption: string;
  dimension: string;
  dimensionCaption: string;
}

export interface CubeMeasure {
  name: string;
  caption: string;
  unit: string;
  /** RCA is defined for it (trade values). */
  rca: boolean;
}

export interface CubeInfo {
  name: string;
  caption: string;
  description: string;
  years: number[];
  timeLevel: string | null;
  levels: CubeLevel[];
  measures: CubeMeasure[];
}

export function isMoney(unit: string | undefined): boolean {
  return /usd|dollar/i.test(unit ?? "");
}

/** A cell as text: ids and captions as they are, growth as a percentage, RCA with two decimals. */
export function formatCell(column: string, value: string | number | boolean | null | undefined, locale: FormatLocale, measures: readonly string[]): string {
  if (value === null || value === undefined || value === "") return MISSING_VALUE;
  if (typeof value !== "number" || !measures.includes(column)) return String(value);
  if (/ Growth$/.test(column)) return formatGrowth(value, locale);
  if (/ RCA$|^RCA$/.test(column)) return formatRca(value, locale);
  if (Number.isInteger(value)) return formatNumber(value, locale);
  return Math.abs(value) >= 1000 ? formatNumber(Math.round(value), locale) : formatSignificant(value, locale, 4);
}
