import type { Metadata } from "next";
import { permanentRedirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { parseCompare, resolverFromLookup, type CompareParse, type RawSearchParams } from "@/domain/compare/url";
import type { Locale } from "@/domain/i18n/locales";
import { ComparePage } from "@/features/compare/ComparePage";
import { DataMissing } from "@/features/profiles/DataMissing";
import { pageMetadata } from "@/features/shell/metadata";
import { memberLookup } from "@/server/profiles/lookup";

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<RawSearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: "/compare", title: t("compare.title"), description: t("compare.lead"), siteName: t("common.siteName") });
}

async function parse(query: RawSearchParams): Promise<CompareParse | null> {
  try {
    const { lookup } = await memberLookup();
    return parseCompare(query, resolverFromLookup(lookup));
  } catch {
    return null; // No warehouse: the page says the data is missing.
  }
}

export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const parsed = await parse(await searchParams);
  if (!parsed) return <DataMissing locale={locale} />;
  if (parsed.kind === "redirect") permanentRedirect(`/${locale}/compare?${parsed.search}`);
  return <ComparePage locale={locale} parsed={parsed} />;
}
