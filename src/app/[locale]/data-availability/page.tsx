import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { DataAvailabilityPage } from "@/features/dataAvailability/DataAvailabilityPage";
import { pageMetadata } from "@/features/shell/metadata";
import { DatasetJsonLd } from "@/features/seo/DatasetJsonLd";

type Props = { params: Promise<{ locale: Locale }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: "/data-availability", title: t("dataAvailability.title"), description: t("dataAvailability.lead"), siteName: t("common.siteName") });
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <>
      <DatasetJsonLd locale={locale} />
      <DataAvailabilityPage locale={locale} />
    </>
  );
}
