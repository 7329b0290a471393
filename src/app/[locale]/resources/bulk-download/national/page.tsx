import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { BulkPage } from "@/features/bulk/BulkPage";
import { pageMetadata } from "@/features/shell/metadata";
import { siteUrl } from "@/server/origin";

type Props = { params: Promise<{ locale: Locale }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: "/resources/bulk-download/national", title: t("bulk.titles.national"), description: t("bulk.leads.national"), siteName: t("common.siteName") });
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <BulkPage locale={locale} tier="national" origin={siteUrl().origin} />;
}
