import type { Metadata } from "next";
import { DEFAULT_LOCALE, LOCALES, LOCALE_TAGS, type Locale } from "@/domain/i18n/locales";
import { SHARE_IMAGE_SIZE, shareImagePath } from "@/domain/seo/shareImage";

/** The blog's feed in the page's language: every page links it in its head (<link rel="alternate">). */
export function feedAlternates(locale: Locale, title: string): NonNullable<NonNullable<Metadata["alternates"]>["types"]> {
  return { "application/rss+xml": [{ url: `/api/blog/rss.xml?locale=${locale}`, title }] };
}

/** The share image of a page (og:image, twitter:image): its own card, or the site's. */
export function shareImages(locale: Locale, path: string, alt: string) {
  return [{ url: shareImagePath(locale, path), ...SHARE_IMAGE_SIZE, alt, type: "image/png" }];
}

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
  const images = shareImages(opts.locale, opts.path, fullTitle);
  return {
    title: { absolute: fullTitle },
    description: opts.description,
    alternates: { ...alternates, types: feedAlternates(opts.locale, opts.siteName) },
    openGraph: {
      title: fullTitle,
      description: opts.description,
      siteName: opts.siteName,
      locale: LOCALE_TAGS[opts.locale],
      type: "website",
      url: alternates?.canonical as string,
      images,
    },
    twitter: { card: "summary_large_image", title: fullTitle, description: opts.description, images },
  };
}
