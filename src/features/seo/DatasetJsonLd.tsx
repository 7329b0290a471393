import { getTranslations } from "next-intl/server";
import type { BulkTier } from "@/domain/bulk/bulk";
import { LOCALE_TAGS, type Locale } from "@/domain/i18n/locales";
import { datasetJsonLd, licencesOf, type DistributionInput } from "@/domain/seo/jsonLd";
import { siteUrl } from "@/server/origin";
import { loadDatasetFacts } from "@/server/seo/datasets";
import { JsonLd } from "./JsonLd";

/**
 * A schema.org Dataset for dataset search engines: the data of the whole site (data availability:
 * the catalogue's years and every dataset's licence) or of one bulk tier, with the files to
 * download (each with its size), the data package that lists them and the catalogue as JSON.
 */
export async function DatasetJsonLd({ locale, tier = null }: { locale: Locale; tier?: BulkTier | null }) {
  const [t, facts] = await Promise.all([getTranslations({ locale }), loadDatasetFacts(tier)]);
  const path = tier ? `/${locale}/resources/bulk-download/${tier}` : `/${locale}/data-availability`;
  const distributions: DistributionInput[] = [
    ...(facts.packageUrl ? [{ url: facts.packageUrl, encodingFormat: "application/json", name: "datapackage.json" }] : []),
    { url: "/api/catalog", encodingFormat: "application/json", name: t("seo.dataset.catalogue") },
    ...facts.files.map((f) => ({ url: f.url, encodingFormat: f.mediatype, name: f.name, bytes: f.bytes })),
  ];
  const data = datasetJsonLd({
    origin: siteUrl().origin,
    path,
    name: tier ? t("seo.dataset.tierName", { tier: t(`bulk.titles.${tier}`) }) : t("seo.dataset.name"),
    description: tier ? `${t(`bulk.leads.${tier}`)} ${t("seo.dataset.description")}` : t("seo.dataset.description"),
    inLanguage: LOCALE_TAGS[locale],
    licenses: licencesOf(facts.licenceTexts),
    creator: { name: t("common.siteName"), url: `/${locale}` },
    years: facts.years,
    keywords: [t("seo.dataset.keywords.trade"), t("seo.dataset.keywords.exports"), t("seo.dataset.keywords.imports"), t("seo.dataset.keywords.complexity")],
    distributions,
  });
  return <JsonLd data={data} />;
}
