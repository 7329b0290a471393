import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { FundManagerLanding } from "@/features/entities/FundManagerLanding";
import { pageMetadata } from "@/features/shell/metadata";

type Props = { params: Promise<{ locale: Locale }> };

// Says whether fund and manager records are loaded, which changes with an import.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: "/fund-manager-landing", title: t("entities.fundManager.title"), description: t("entities.fundManager.lead"), siteName: t("common.siteName") });
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <FundManagerLanding locale={locale} />;
}
