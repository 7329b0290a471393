import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { BULK_TIERS, type BulkTier } from "@/domain/bulk/bulk";
import type { Locale } from "@/domain/i18n/locales";
import { BulkPage } from "@/features/bulk/BulkPage";
import { pageMetadata } from "@/features/shell/metadata";
import { DatasetJsonLd } from "@/features/seo/DatasetJsonLd";
import { siteUrl } from "@/server/origin";

/** /resources/bulk-download/{international,national,products} (bill-of-lading has its own page). */
type Props = { params: Promise<{ locale: Locale; tier: string }> };

export const dynamic = "force-dynamic";

function tierOf(value: string): BulkTier {
  if (!(BULK_TIERS as readonly string[]).includes(value)) notFound();
  return value as BulkTier;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, tier } = await params;
  const t = await getTranslations({ locale });
  const which = tierOf(tier);
  return pageMetadata({ locale, path: `/resources/bulk-download/${which}`, title: t(`bulk.titles.${which}`), description: t(`bulk.leads.${which}`), siteName: t("common.siteName") });
}

export default async function Page({ params }: Props) {
  const { locale, tier } = await params;
  setRequestLocale(locale);
  return (
    <>
      <DatasetJsonLd locale={locale} tier={tierOf(tier)} />
      <BulkPage locale={locale} tier={tierOf(tier)} origin={siteUrl().origin} />
    </>
  );
}
