import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { countryRankingsPath, parseYearSegment } from "@/domain/rankings/routes";
import { CountryTradeRankingPage } from "@/features/rankings/TradeRankingPage";
import { pageMetadata } from "@/features/shell/metadata";

type Props = { params: Promise<{ locale: Locale; year: string }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, year } = await params;
  const y = parseYearSegment(year);
  if (y === null) return {};
  const t = await getTranslations({ locale });
  return pageMetadata({
    locale,
    path: countryRankingsPath(y),
    title: t("rankings.trade.countries.title", { year: y }),
    description: t("rankings.trade.countries.lead"),
    siteName: t("common.siteName"),
  });
}

/** A year without data is a 200 that says so (and links the nearest year); a malformed year is a 404. */
export default async function Page({ params }: Props) {
  const { locale, year } = await params;
  setRequestLocale(locale);
  const y = parseYearSegment(year);
  if (y === null) notFound();
  return <CountryTradeRankingPage locale={locale} year={y} />;
}
