import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { CompanyExplorerPage } from "@/features/companyExplorer/CompanyExplorerPage";
import { pageMetadata } from "@/features/shell/metadata";

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// PREMIUM is decided per request from the session: never from the page cache.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: "/company-explorer", title: t("companyExplorer.title"), description: t("companyExplorer.lead"), siteName: t("common.siteName") });
}

export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <CompanyExplorerPage locale={locale} searchParams={await searchParams} />;
}
