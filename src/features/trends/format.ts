import { formatDecimal, formatUsd } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";

/** "+$1.2B" / "-$340M": a change in USD, signed. */
export function signedUsd(value: number, locale: Locale): string {
  const text = formatUsd(value, locale, { compact: true });
  return value > 0 ? `+${text}` : text;
}

/** "+1.25" / "-0.40": percentage points before the unit. */
export function signedPp(value: number | null, locale: Locale): string | null {
  if (value === null) return null;
  // Rounded first, so a tiny change reads "0.00", never "-0.00".
  const rounded = Math.round(value * 100) / 100 || 0;
  const text = formatDecimal(rounded, locale, 2);
  return rounded > 0 ? `+${text}` : text;
}
