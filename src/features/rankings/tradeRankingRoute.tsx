import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { countryRankingsPath, parseTradeDepth, parseYearSegment, productRankingsPath } from "@/domain/rankings/routes";
import { pageMetadata } from "@/features/shell/metadata";
import { latestTradeYear, tradeRankingYears } from "@/server/catalog/rankings";
import { CountryTradeRankingPage, ProductTradeRankingPage } from "./TradeRankingPage";

type Props = {
  params: Promise<{ locale: Locale; year: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const PATHS = { countries: countryRankingsPath, products: productRankingsPath } as const;

/**
 * The `/country-rankings/{year}/trade` and `/product-rankings/{year}/trade` routes: one definition,
 * two route files. `latest` (the menus' link) and a year the data lacks (old links such as 2023)
 * redirect, temporarily, to the newest year the catalogue holds; a malformed year, or an unknown
 * `?depth=` on the product ranking, is a 404.
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
    const y = year === "latest" ? null : parseYearSegment(year);
    if (y === null && year !== "latest") notFound();
    const depth = parseTradeDepth((await searchParams).depth);
    if (kind === "products" && !depth.ok) notFound();
    if (y === null || !(await tradeRankingYears(kind)).includes(y)) {
      const newest = await latestTradeYear(kind);
      if (newest !== null) redirect(`/${locale}${kind === "countries" ? PATHS.countries(newest) : PATHS.products(newest, depth.ok ? (depth.depth ?? undefined) : undefined)}`);
      if (y === null) notFound();
    }
    if (kind === "countries") return <CountryTradeRankingPage locale={locale} year={y} />;
    if (!depth.ok) notFound();
    return <ProductTradeRankingPage locale={locale} year={y} depth={depth.depth} />;
  }

  return { generateMetadata, Page };
}
