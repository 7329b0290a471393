import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { NotebooksPage } from "@/features/notebooks/NotebooksPage";
import { pageMetadata } from "@/features/shell/metadata";
import { siteUrl } from "@/server/origin";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: "/resources/notebooks", title: t("notebooks.title"), description: t("notebooks.lead"), siteName: t("common.siteName") });
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <NotebooksPage locale={locale} origin={siteUrl().origin} />;
}
