import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { isLocale, type Locale } from "@/domain/i18n/locales";
import { HomePage } from "@/features/home/HomePage";
import { pageMetadata } from "@/features/shell/metadata";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale });
  return pageMetadata({
    locale,
    path: "/",
    title: t("meta.homeTitle"),
    description: t("meta.description"),
    siteName: t("common.siteName"),
  });
}

export default async function Home({ params }: Props) {
  const { locale } = await params;
  // /favicon.ico and other one-segment requests land here; the layout answers 404 for them, but
  // Next.js renders the page alongside it, so the page refuses them itself (no render, no error log).
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return <HomePage locale={locale} />;
}
