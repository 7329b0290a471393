import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { LEGACY_ECI_PATH } from "@/domain/rankings/routes";
import { ComplexityRankingPage } from "@/features/rankings/ComplexityRankingPage";
import { pageMetadata } from "@/features/shell/metadata";

type Props = { params: Promise<{ locale: Locale }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: LEGACY_ECI_PATH, title: t("rankings.legacy.title"), description: t("rankings.legacy.lead"), siteName: t("common.siteName") });
}

/** ECI from the SITC Rev. 2 trade of 1998-2000 (the complexity fixture's input): one period, no year choice. */
export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <ComplexityRankingPage locale={locale} kind="eci" requested={null} year={null} />;
}
