import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { parseLibraryKind } from "@/domain/content/library";
import type { Locale } from "@/domain/i18n/locales";
import { LibraryPage } from "@/features/library/LibraryPage";
import { pageMetadata } from "@/features/shell/metadata";

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ kind?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: "/resources/library", title: t("library.title"), description: t("library.lead"), siteName: t("common.siteName") });
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  // An unknown kind is ignored (the whole list shows), never an error page.
  return <LibraryPage locale={locale} kind={parseLibraryKind(one(query.kind))} />;
}
