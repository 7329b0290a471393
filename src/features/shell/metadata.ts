import type { Metadata } from "next";
import { DEFAULT_LOCALE, LOCALES, LOCALE_TAGS, type Locale } from "@/domain/i18n/locales";

/**
 * Canonical URL and one alternate per language (plus x-default) for a page path given without
 * its locale prefix: every page's generateMetadata goes through here.
 */
export function localizedAlternates(locale: Locale, pathWithoutLocale: string): Metadata["alternates"] {
  const suffix = pathWithoutLocale === "/" ? "" : pathWithoutLocale;
  const languages: Record<string, string> = {};
  for (const l of LOCALES) languages[LOCALE_TAGS[l]] = `/${l}${suffix}`;
  languages["x-default"] = `/${DEFAULT_LOCALE}${suffix}`;
  return { canonical: `/${locale}${suffix}`, languages };
}

export function pageMetadata(opts: {
  locale: Locale;
  path: string;
  title: string;
  description: string;
  siteName: string;
}): Metadata {
  const alternates = localizedAlternates(opts.locale, opts.path);
  // Absolute: a layout's title template does not reach pages of its own segment.
  const fullTitle = opts.title === opts.siteName ? opts.siteName : `${opts.title} | ${opts.siteName}`;
  return {
    title: { absolute: fullTitle },
    description: opts.description,
    alternates,
    openGraph: {
      title: fullTitle,
      description: opts.description,
      siteName: opts.siteName,
      locale: LOCALE_TAGS[opts.locale],
      type: "website",
      url: alternates?.canonical as string,
    },
    twitter: { card: "summary", title: fullTitle, description: opts.description },
  };
}
