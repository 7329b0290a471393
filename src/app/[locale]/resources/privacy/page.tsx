import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { ArticlePage, articleMetadata } from "@/features/content/ArticlePage";
import { CookieCatalogue } from "@/features/consent/CookieCatalogue";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return articleMetadata((await params).locale, "privacy", "/resources/privacy");
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <ArticlePage locale={locale} namespace="privacy" sections={["cookies", "account", "rights"]}>
      <CookieCatalogue />
    </ArticlePage>
  );
}
