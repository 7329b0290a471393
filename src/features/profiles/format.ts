import { formatPercent, formatUsd } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";

// Profiles use the site's one formatting module (src/domain/format); these name its two uses here.

/** Compact US dollars: "$19.3B", "19,3 mil M US$", "US$192.5亿". */
export function formatMoney(value: number | null | undefined, locale: Locale): string {
  return formatUsd(value, locale, { compact: true });
}

/** Shares with one decimal, "12.0%" shortened to "12%". */
export function formatShare(share: number | null | undefined, locale: Locale): string {
  return formatPercent(share, locale);
}
