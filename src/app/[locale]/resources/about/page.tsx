import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { ArticlePage, articleMetadata } from "@/features/content/ArticlePage";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return articleMetadata((await params).locale, "about", "/resources/about");
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <ArticlePage locale={locale} namespace="about" sections={["principles","data","team"]} />;
}
