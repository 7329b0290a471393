import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { ApiDocsPage } from "@/features/apiDocs/ApiDocsPage";
import { pageMetadata } from "@/features/shell/metadata";
import { siteUrl } from "@/server/origin";
import { settings } from "@/server/settings";

type Props = { params: Promise<{ locale: Locale }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: "/resources/api", title: t("apiDocs.title"), description: t("apiDocs.lead"), siteName: t("common.siteName") });
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // Snippets name the site's public origin (SITE_URL), so they work when copied elsewhere.
  return <ApiDocsPage locale={locale} origin={siteUrl().origin} limits={settings().api} />;
}
