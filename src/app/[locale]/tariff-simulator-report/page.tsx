import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { pageMetadata } from "@/features/shell/metadata";
import { TARIFF_PATH } from "@/features/tariff/TariffMethod";
import { TariffSimulatorPage } from "@/features/tariff/TariffSimulatorPage";

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// The answer depends on the query string (the scenario).
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: TARIFF_PATH, title: t("tariff.title"), description: t("tariff.metaDescription"), siteName: t("common.siteName") });
}

/** The tariff simulator (SMART-style partial equilibrium); the whole scenario lives in the query string. */
export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <TariffSimulatorPage locale={locale} searchParams={await searchParams} />;
}
