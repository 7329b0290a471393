import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { countryRankingsPath, parseTradeDepth, parseYearSegment, productRankingsPath } from "@/domain/rankings/routes";
import { pageMetadata } from "@/features/shell/metadata";
import { CountryTradeRankingPage, ProductTradeRankingPage } from "./TradeRankingPage";

type Props = {
  params: Promise<{ locale: Locale; year: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const PATHS = { countries: countryRankingsPath, products: productRankingsPath } as const;

/**
 * The `/country-rankings/{year}/trade` and `/product-rankings/{year}/trade` routes: one definition,
 * two route files. A year without data is a 200 that says so (and links the nearest year); a
 * malformed year, or an unknown `?depth=` on the product ranking, is a 404.
 */
export function tradeRankingRoute(kind: keyof typeof PATHS) {
  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const { locale, year } = await params;
    const y = parseYearSegment(year);
    if (y === null) return {};
    const t = await getTranslations({ locale });
    return pageMetadata({
      locale,
      path: PATHS[kind](y),
      title: t(`rankings.trade.${kind}.title`, { year: y }),
      description: t(`rankings.trade.${kind}.lead`),
      siteName: t("common.siteName"),
    });
  }

  async function Page({ params, searchParams }: Props) {
    const { locale, year } = await params;
    setRequestLocale(locale);
    const y = parseYearSegment(year);
    if (y === null) notFound();
    if (kind === "countries") return <CountryTradeRankingPage locale={locale} year={y} />;
    const depth = parseTradeDepth((await searchParams).depth);
    if (!depth.ok) notFound();
    return <ProductTradeRankingPage locale={locale} year={y} depth={depth.depth} />;
  }

  return { generateMetadata, Page };
}
