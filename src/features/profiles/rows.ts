import type { Locale } from "@/domain/i18n/locales";
import { value } from "@/server/profiles/data";
import type { DataRecord } from "@/server/warehouse/client";
import { formatShare } from "./format";
import type { RankedItem } from "./RankedBars";

/** Rows of one drilldown as ranked items (positive values only), with links where given. */
export function items(rows: DataRecord[], level: string, href?: (id: string) => string): RankedItem[] {
  return rows
    .filter((row) => value(row) > 0)
    .map((row) => {
      const id = String(row[`${level} ID`]);
      return { id, name: String(row[level] ?? id), value: value(row), href: href?.(id) };
    });
}

const LIST_LOCALE: Record<Locale, string> = { en: "en-GB", es: "es", zh: "zh" };

/**
 * The three largest items as prose arguments: {top} is the list written in the page's language
 * ("Chile (89.7%) and Argentina (10.3%)" when there are two, "A、B和C" in Chinese), never padded
 * with dashes; {first}, {firstShare}, ... stay for messages that name them one by one.
 */
export function topThree(list: RankedItem[], sum: number, locale: Locale) {
  const [a, b, c] = list;
  const share = (item?: RankedItem) => formatShare(item && sum > 0 ? item.value / sum : null, locale);
  const parts = [a, b, c].filter((item): item is RankedItem => Boolean(item)).map((item) => (locale === "zh" ? `${item.name}（${share(item)}）` : `${item.name} (${share(item)})`));
  return {
    top: parts.length ? new Intl.ListFormat(LIST_LOCALE[locale], { style: "long", type: "conjunction" }).format(parts) : "–",
    first: a?.name ?? "–",
    firstShare: share(a),
    second: b?.name ?? "–",
    secondShare: share(b),
    third: c?.name ?? "–",
    thirdShare: share(c),
  };
}

export const memberImage = (kind: string, id: string) => `/api/cms/member-image?member=${kind}:${id}&size=thumb`;

export function yearValue(rows: DataRecord[], year: number): number {
  return value(rows.find((r) => Number(r.Year) === year));
}

export function latestYearWithData(rows: DataRecord[]): number | null {
  const years = rows.filter((r) => value(r) > 0).map((r) => Number(r.Year));
  return years.length ? Math.max(...years) : null;
}
