import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PUBLICATION_TOPICS, type PublicationTopic } from "@/domain/content/publications";
import type { Locale } from "@/domain/i18n/locales";
import { PublicationsPage } from "@/features/publications/PublicationsPage";
import { pageMetadata } from "@/features/shell/metadata";

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ topic?: string | string[]; year?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: "/resources/publications", title: t("publications.title"), description: t("publications.lead"), siteName: t("common.siteName") });
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  // Unknown filters are ignored (the whole list shows), never an error page.
  const topicValue = one(query.topic);
  const topic = PUBLICATION_TOPICS.includes(topicValue as PublicationTopic) ? (topicValue as PublicationTopic) : null;
  const yearValue = Number(one(query.year));
  const year = Number.isInteger(yearValue) && yearValue > 1800 && yearValue < 2200 ? yearValue : null;
  return <PublicationsPage locale={locale} topic={topic} year={year} />;
}
