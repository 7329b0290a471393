import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { BillOfLadingPage } from "@/features/bulk/BillOfLadingPage";
import { pageMetadata } from "@/features/shell/metadata";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: "/resources/bulk-download/bill-of-lading", title: t("bulk.titles.billOfLading"), description: t("bulk.leads.billOfLading"), siteName: t("common.siteName") });
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <BillOfLadingPage locale={locale} />;
}
