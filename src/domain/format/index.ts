/**
 * Number, money, percentage and period formatting for every chart, table and profile (spec
 * sections 5 and 9). Pure: Intl only, no IO, no React. Every function takes the site locale
 * ("en" | "es" | "zh") and returns display text; a missing value (null, undefined, NaN) returns
 * MISSING_VALUE so callers never print "NaN" or "null".
 *
 *   formatUsd(1234567, "en")                    -> "$1,234,567"
 *   formatUsd(1234567, "en", { compact: true }) -> "$1.2M"
 *   formatUsd(1.2e10, "es", { compact: true })  -> "12 mil M US$"
 *   formatUsd(1.2e10, "zh", { compact: true })  -> "US$120亿"
 *   formatPercent(0.253, "en") -> "25.3%"      formatPercent(0.25, "en") -> "25%"
 *   formatGrowth(0.05, "en")   -> "+5%"
 *   formatPeriod(20183)        -> "2018-Q3"    formatPeriod(201807) -> "2018-07"
 *   tileCode("52601", "hs4")   -> "2601"
 *   formatSignificant(0.0012, "en") -> "0.0012"   formatRca(3.456, "en") -> "3.46"
 */
import type { Locale } from "@/domain/i18n/locales";

export type FormatLocale = Locale;

/** What a missing number shows as. */
export const MISSING_VALUE = "–";

const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: FormatLocale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

const lists = new Map<string, Intl.ListFormat>();

/**
 * Items joined as a list in a language ("A, B and C", "A、B和C"), with one Intl.ListFormat per
 * locale and options: making one resolves the locale's data and costs far more than using it,
 * and profiles write several lists per render.
 */
export function formatList(items: readonly string[], locale: string, options: Intl.ListFormatOptions = { type: "conjunction" }): string {
  const key = `${locale}|${options.type ?? ""}|${options.style ?? ""}`;
  let format = lists.get(key);
  if (!format) {
    format = new Intl.ListFormat(locale, options);
    lists.set(key, format);
  }
  return format.format(items);
}

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * Spanish compact numbers in one style. CLDR writes 1e9 to 1e10 as thousands of millions
 * ("8880,8 M", "9913 M") but 2e10 as "20 mil M"; on one page that reads as two styles. Here every
 * value from a thousand million up to a billón is written in "mil M" ("8,9 mil M US$"), keeping
 * Intl's own spaces, sign and currency placement.
 */
function compactWithSpanishMilMillones(format: Intl.NumberFormat, value: number, locale: FormatLocale, digits: number): string {
  if (locale !== "es" || Math.abs(value) < 1e9 || Math.abs(value) >= 1e10) return format.format(value);
  const mantissa = numberFormat(locale, { maximumFractionDigits: digits, trailingZeroDisplay: "stripIfInteger" } as Intl.NumberFormatOptions).format(Math.abs(value) / 1e9);
  let numberWritten = false;
  return format
    .formatToParts(value)
    .map((part) => {
      if (part.type === "integer" || part.type === "group" || part.type === "decimal" || part.type === "fraction") {
        if (numberWritten) return "";
        numberWritten = true;
        return mantissa;
      }
      return part.type === "compact" ? "mil M" : part.value;
    })
    .join("");
}

export interface UsdOptions {
  /** Short form: "$1.2B", "1,2 mil M US$", "US$12亿". Default false. */
  compact?: boolean;
  /** The value is in cents: divided by 100 before formatting (spec section 9). */
  cents?: boolean;
  /** Fraction digits of the full form (default 0) or of the compact form (default 1). */
  digits?: number;
  /** Another currency (ISO 4217) in the same shape (formatAud); written as its code ("AUD 1.2B"). Default USD. */
  currency?: string;
}

/**
 * US dollars. The full form always groups thousands (also the 4-digit Spanish case, "1.234 US$"),
 * with no cents unless asked; the compact form uses the language's own large-number words
 * (K/M/B/T, mil/M/mil M/B, 万/亿/万亿) with at most one decimal and no trailing ".0".
 */
export function formatUsd(value: number | null | undefined, locale: FormatLocale, options: UsdOptions = {}): string {
  if (!isNumber(value)) return MISSING_VALUE;
  const amount = options.cents ? value / 100 : value;
  if (options.compact) {
    const format = numberFormat(locale, {
      style: "currency",
      currency: options.currency ?? "USD",
      ...(options.currency && options.currency !== "USD" ? { currencyDisplay: "code" as const } : {}),
      notation: "compact",
      maximumFractionDigits: options.digits ?? 1,
      trailingZeroDisplay: "stripIfInteger",
    });
    return compactWithSpanishMilMillones(format, amount, locale, options.digits ?? 1);
  }
  const digits = options.digits ?? 0;
  return numberFormat(locale, {
    style: "currency",
    currency: options.currency ?? "USD",
    ...(options.currency && options.currency !== "USD" ? { currencyDisplay: "code" as const } : {}),
    useGrouping: "always",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

/** Australian dollars, always with the code ("AUD 12.3B", "12,3 mil M AUD"): never mistaken for USD. */
export function formatAud(value: number | null | undefined, locale: FormatLocale, options: Omit<UsdOptions, "currency"> = {}): string {
  return formatUsd(value, locale, { ...options, currency: "AUD" });
}

export interface NumberOptions {
  compact?: boolean;
  /** Maximum fraction digits (default 0 for the full form, 1 for compact). */
  digits?: number;
}

/** A plain quantity (population, counts): grouped thousands, or compact ("1.2M", "120万"). */
export function formatNumber(value: number | null | undefined, locale: FormatLocale, options: NumberOptions = {}): string {
  if (!isNumber(value)) return MISSING_VALUE;
  if (options.compact) {
    const format = numberFormat(locale, { notation: "compact", maximumFractionDigits: options.digits ?? 1, trailingZeroDisplay: "stripIfInteger" });
    return compactWithSpanishMilMillones(format, value, locale, options.digits ?? 1);
  }
  return numberFormat(locale, { useGrouping: "always", maximumFractionDigits: options.digits ?? 0 }).format(value);
}

/** A decimal such as an RCA or a relatedness: fixed digits (default 2). */
export function formatDecimal(value: number | null | undefined, locale: FormatLocale, digits = 2): string {
  if (!isNumber(value)) return MISSING_VALUE;
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** A standardised index (ECI, PCI): two decimals with its sign ("+1.23", "-0.45", "0.00"). */
export function formatIndex(value: number | null | undefined, locale: FormatLocale): string {
  if (!isNumber(value)) return MISSING_VALUE;
  return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: "exceptZero" }).format(value);
}

/** The decimal separator of a language ("." in English, "," in Spanish). */
export function decimalSeparator(locale: FormatLocale): string {
  return numberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
}

/**
 * A ratio-like value on a log axis (RCA 0.001 ... 1000): small values keep two significant digits
 * ("0.0012"), larger ones at most one decimal, never "0.0" for a value that is not zero.
 */
export function formatSignificant(value: number | null | undefined, locale: FormatLocale, digits = 2): string {
  if (!isNumber(value)) return MISSING_VALUE;
  if (value !== 0 && Math.abs(value) < 1) return numberFormat(locale, { maximumSignificantDigits: digits }).format(value);
  return numberFormat(locale, { useGrouping: "always", maximumFractionDigits: 1 }).format(value);
}

export interface PercentOptions {
  /** Show "+" on positive values (growth, deltas). */
  signed?: boolean;
  /** Significant digits instead of one decimal, for tiny shares on log axes ("0.0012%"). */
  significant?: number;
}

/**
 * A ratio as a percentage with one decimal, where ".0%" is shortened to "%" (spec section 9):
 * 0.253 -> "25.3%", 0.25 -> "25%", 0.2501 -> "25%". Spanish puts a space before the sign ("25,3 %").
 */
export function formatPercent(ratio: number | null | undefined, locale: FormatLocale, options: PercentOptions = {}): string {
  if (!isNumber(ratio)) return MISSING_VALUE;
  if (options.significant) {
    return numberFormat(locale, { style: "percent", maximumSignificantDigits: options.significant, signDisplay: options.signed ? "exceptZero" : "auto" }).format(ratio);
  }
  // Rounding to one decimal first keeps -0.04% from printing as "-0%".
  const rounded = Math.round(ratio * 1000) / 1000;
  return numberFormat(locale, {
    style: "percent",
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
    signDisplay: options.signed ? "exceptZero" : "auto",
  }).format(rounded === 0 ? 0 : rounded);
}

/** Growth as a signed percentage: 0.05 -> "+5%", -0.123 -> "-12.3%". */
export function formatGrowth(ratio: number | null | undefined, locale: FormatLocale): string {
  return formatPercent(ratio, locale, { signed: true });
}

/** Revealed comparative advantage: two decimals. */
export function formatRca(value: number | null | undefined, locale: FormatLocale): string {
  return formatDecimal(value, locale, 2);
}

// ---------------------------------------------------------------------------------------------
// Periods (spec section 5: 4 digits year, 5 quarter, 6 month; only values below 203012 shown)

/** Period codes at or above this are not shown (placeholders for future periods). */
export const PERIOD_LIMIT = 203012;

export type Period =
  | { kind: "year"; year: number }
  | { kind: "quarter"; year: number; quarter: 1 | 2 | 3 | 4 }
  | { kind: "month"; year: number; month: number };

/** Reads a period code (2018, 20183, 201807; numbers or strings). Null when malformed. */
export function parsePeriod(code: number | string | null | undefined): Period | null {
  if (code === null || code === undefined) return null;
  const text = String(code).trim();
  if (!/^\d{4,6}$/.test(text)) return null;
  const year = Number(text.slice(0, 4));
  if (text.length === 4) return { kind: "year", year };
  if (text.length === 5) {
    const quarter = Number(text[4]);
    return quarter >= 1 && quarter <= 4 ? { kind: "quarter", year, quarter: quarter as 1 | 2 | 3 | 4 } : null;
  }
  const month = Number(text.slice(4));
  return month >= 1 && month <= 12 ? { kind: "month", year, month } : null;
}

/** Whether a period code is to be shown at all (below 203012). */
export function isShownPeriod(code: number | string): boolean {
  const n = Number(code);
  return Number.isFinite(n) && n < PERIOD_LIMIT;
}

/** "2018", "2018-Q3", "2018-07"; an empty string for malformed or hidden codes. */
export function formatPeriod(code: number | string | null | undefined): string {
  const period = parsePeriod(code);
  if (!period || !isShownPeriod(code as number | string)) return "";
  if (period.kind === "year") return String(period.year);
  if (period.kind === "quarter") return `${period.year}-Q${period.quarter}`;
  return `${period.year}-${String(period.month).padStart(2, "0")}`;
}

/** Whether a period code is a month (the tooltip row then reads "Month" instead of "Year"). */
export function periodKind(code: number | string | null | undefined): Period["kind"] | null {
  return parsePeriod(code)?.kind ?? null;
}

// ---------------------------------------------------------------------------------------------
// HS tile codes (spec section 5)

export type HsLevel = "hs2" | "hs4" | "hs6";
const HS_DIGITS: Record<HsLevel, number> = { hs2: 2, hs4: 4, hs6: 6 };

/**
 * The code shown on a product tile: the last 2, 4 or 6 characters of the original id
 * (OEC ids prefix the HS code with the section: "52601" is HS4 2601 in section 5).
 */
export function tileCode(originalId: string | number, level: HsLevel): string {
  const id = String(originalId);
  return id.slice(-HS_DIGITS[level]);
}
