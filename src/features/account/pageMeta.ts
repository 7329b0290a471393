import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { pageMetadata } from "@/features/shell/metadata";

/** Metadata of an account page from "{namespace}.title" and "{namespace}.description". */
export async function accountPageMetadata(locale: Locale, namespace: string, path: string, options: { index?: boolean } = {}): Promise<Metadata> {
  const t = await getTranslations({ locale });
  const metadata = pageMetadata({
    locale,
    path,
    title: t(`${namespace}.title`),
    description: t(`${namespace}.description`),
    siteName: t("common.siteName"),
  });
  return options.index === false ? { ...metadata, robots: { index: false, follow: false } } : metadata;
}
