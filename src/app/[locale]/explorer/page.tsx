import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { pageMetadata } from "@/features/shell/metadata";
import { ExplorerPage } from "@/features/queryBuilder/ExplorerPage";

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// PRO is decided per request from the session: never served from the page cache.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: "/explorer", title: t("queryBuilder.title"), description: t("queryBuilder.lead"), siteName: t("common.siteName") });
}

export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <ExplorerPage locale={locale} searchParams={await searchParams} />;
}
