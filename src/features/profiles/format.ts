import type { Locale } from "@/domain/i18n/locales";

/** "$19.3B", "19,3 mil M US$", "192.5亿美元": compact US dollars in the reader's conventions. */
export function formatMoney(value: number | null | undefined, locale: Locale): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "–";
  if (locale === "zh") {
    const number = new Intl.NumberFormat("zh", { notation: "compact", maximumFractionDigits: 1, minimumFractionDigits: 0 }).format(value);
    return `${number}美元`;
  }
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "USD",
    notation: "compact",
    maximumFractionDigits: 1,
    minimumFractionDigits: 0,
  }).format(value);
}

/** Shares with one decimal, "12.0%" shortened to "12%". */
export function formatShare(share: number | null | undefined, locale: Locale): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return "–";
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1, minimumFractionDigits: 0 }).format(share);
}

export function formatInteger(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}
