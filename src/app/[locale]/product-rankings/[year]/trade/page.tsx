import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { parseTradeDepth, parseYearSegment, productRankingsPath } from "@/domain/rankings/routes";
import { ProductTradeRankingPage } from "@/features/rankings/TradeRankingPage";
import { pageMetadata } from "@/features/shell/metadata";

type Props = { params: Promise<{ locale: Locale; year: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, year } = await params;
  const y = parseYearSegment(year);
  if (y === null) return {};
  const t = await getTranslations({ locale });
  return pageMetadata({
    locale,
    path: productRankingsPath(y),
    title: t("rankings.trade.products.title", { year: y }),
    description: t("rankings.trade.products.lead"),
    siteName: t("common.siteName"),
  });
}

export default async function Page({ params, searchParams }: Props) {
  const { locale, year } = await params;
  setRequestLocale(locale);
  const y = parseYearSegment(year);
  const depth = parseTradeDepth((await searchParams).depth);
  if (y === null || !depth.ok) notFound();
  return <ProductTradeRankingPage locale={locale} year={y} depth={depth.depth} />;
}
