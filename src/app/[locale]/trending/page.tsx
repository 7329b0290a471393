import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { pageMetadata } from "@/features/shell/metadata";
import { TrendingPage } from "@/features/trending/TrendingPage";

type Props = { params: Promise<{ locale: Locale }> };

// The counts change with every counted view: rendered per request, never from the page cache.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: "/trending", title: t("trending.title"), description: t("trending.lead"), siteName: t("common.siteName") });
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <TrendingPage locale={locale} />;
}
