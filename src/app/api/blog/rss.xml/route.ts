import { getTranslations } from "next-intl/server";
import { DEFAULT_LOCALE, isLocale } from "@/domain/i18n/locales";
import { BLOG_POSTS } from "@/domain/content/blogPosts";
import { buildRss } from "@/features/blog/rss";
import { siteUrl } from "@/server/origin";
import { jsonError } from "@/server/http/jsonError";

export const runtime = "nodejs";

export async function GET(request: Request) {
  const requested = new URL(request.url).searchParams.get("locale") ?? DEFAULT_LOCALE;
  if (!isLocale(requested)) {
    return jsonError(400, "invalid_locale", "locale must be one of en, es, zh.");
  }
  const t = await getTranslations({ locale: requested });
  const xml = buildRss({
    origin: siteUrl().origin,
    locale: requested,
    siteName: `${t("common.siteName")} · ${t("blog.title")}`,
    description: t("blog.intro"),
    posts: BLOG_POSTS.map((post) => ({
      ...post,
      title: t(`blog.posts.${post.slug}.title`),
      summary: t(`blog.posts.${post.slug}.summary`),
    })),
  });
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
