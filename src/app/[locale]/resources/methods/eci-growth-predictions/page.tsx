import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { GROWTH_PATH, GrowthPage } from "@/features/growth/GrowthPage";
import { pageMetadata } from "@/features/shell/metadata";

type Props = { params: Promise<{ locale: Locale }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: GROWTH_PATH, title: t("growth.title"), description: t("growth.metaDescription"), siteName: t("common.siteName") });
}

/** Growth projections from economic complexity: the model, its fit and backtest, the map, the scatter and the ranked table. */
export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <GrowthPage locale={locale} />;
}
