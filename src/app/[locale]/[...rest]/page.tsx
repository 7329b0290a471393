import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { PlannedPage } from "@/features/planned/PlannedPage";
import { plannedPageFor } from "@/domain/content/plannedPages";
import { pageMetadata } from "@/features/shell/metadata";

type Props = { params: Promise<{ locale: Locale; rest: string[] }> };

function pathOf(rest: string[]): string {
  return `/${rest.map((segment) => decodeURIComponent(segment)).join("/")}`;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, rest } = await params;
  const page = plannedPageFor(pathOf(rest));
  if (!page) return {};
  const t = await getTranslations({ locale });
  return pageMetadata({
    locale,
    path: pathOf(rest),
    title: t(`nav.items.${page.id}`),
    description: t(`planned.pages.${page.id}`),
    siteName: t("common.siteName"),
  });
}

// Menu links whose capability is not built yet get a page saying what it will hold; any other
// path under a locale renders the localised 404 page with status 404.
export default async function CatchAll({ params }: Props) {
  const { locale, rest } = await params;
  setRequestLocale(locale);
  const page = plannedPageFor(pathOf(rest));
  if (!page) notFound();
  return <PlannedPage locale={locale} page={page} />;
}
