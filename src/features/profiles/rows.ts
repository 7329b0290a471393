import type { ChartRow } from "@/domain/charts/types";
import { UNKNOWN_COLOR } from "@/domain/charts/presentation";
import type { Locale } from "@/domain/i18n/locales";
import { formatShare } from "./format";
import type { RankedItem } from "./RankedBars";
import { formatList } from "@/domain/format";

/**
 * Ranked rows from a loader with the links of this page; with `limit`, only the first rows (a
 * country's products run to over a thousand, of which a page shows at most a few dozen: copying
 * them all was about 1% of a country profile's render).
 */
export function linked<T extends RankedItem>(list: readonly T[], href: (id: string) => string, limit = Infinity): T[] {
  return (limit < list.length ? list.slice(0, limit) : list).map((item) => ({ ...item, href: href(item.id) }));
}

/** Sections with their data colours as treemap rows (grey where the data gives no colour). */
export function sectionChartRows(sections: readonly { id: string; name: string; value: number; color?: string | null }[]): ChartRow[] {
  return sections.map((s) => ({ id: s.id, name: s.name, kind: "section", color: s.color ?? UNKNOWN_COLOR, value: s.value }));
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
    top: parts.length ? formatList(parts, LIST_LOCALE[locale], { style: "long", type: "conjunction" }) : "–",
    first: a?.name ?? "–",
    firstShare: share(a),
    second: b?.name ?? "–",
    secondShare: share(b),
    third: c?.name ?? "–",
    thirdShare: share(c),
  };
}

export const memberImage = (kind: string, id: string) => `/api/cms/member-image?member=${kind}:${id}&size=thumb`;
