import type { MetadataRoute } from "next";
import { LOCALES, LOCALE_TAGS } from "@/domain/i18n/locales";
import { BLOG_POSTS } from "@/features/blog/posts";
import { PLANNED_PAGES } from "@/features/planned/registry";
import { siteUrl } from "@/features/shell/metadata";

export const dynamic = "force-dynamic";

const CONTENT_PAGES = ["/", "/resources/about", "/resources/privacy", "/resources/terms", "/support", "/support/faq", "/blog", "/sitemap"];
/** Ranking pages with data in the shipped package (the nav's own links are listed too, via the menus). */
const RANKING_PAGES = [
  "/rankings/eci/hs4/hs92",
  "/rankings/pci/hs4/hs92",
  "/rankings/legacy/eci",
  "/country-rankings/2018/trade",
  "/product-rankings/2018/trade",
  "/resources/methods",
];

/** Every page in every locale, each with its alternates. Profiles join as their routes land. */
export default function sitemap(): MetadataRoute.Sitemap {
  const origin = siteUrl().origin;
  const paths = [...CONTENT_PAGES, ...RANKING_PAGES, ...BLOG_POSTS.map((p) => `/blog/${p.slug}`), ...Object.keys(PLANNED_PAGES)];
  const url = (locale: string, path: string) => `${origin}/${locale}${path === "/" ? "" : path}`;
  return paths.flatMap((path) =>
    LOCALES.map((locale) => ({
      url: url(locale, path),
      changeFrequency: path === "/" ? ("daily" as const) : ("weekly" as const),
      priority: path === "/" ? 1 : 0.6,
      alternates: { languages: Object.fromEntries(LOCALES.map((l) => [LOCALE_TAGS[l], url(l, path)])) },
    })),
  );
}
