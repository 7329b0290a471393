import { LOCALE_TAGS, type Locale } from "@/domain/i18n/locales";
import type { BlogPost } from "@/domain/content/blogPosts";
import { escapeXml } from "@/domain/format/xml";

/** RSS 2.0 for one locale's blog. */
export function buildRss(opts: {
  origin: string;
  locale: Locale;
  siteName: string;
  description: string;
  posts: Array<BlogPost & { title: string; summary: string }>;
}): string {
  const base = `${opts.origin}/${opts.locale}/blog`;
  const items = opts.posts
    .map(
      (post) => `    <item>
      <title>${escapeXml(post.title)}</title>
      <link>${escapeXml(`${base}/${post.slug}`)}</link>
      <guid isPermaLink="true">${escapeXml(`${base}/${post.slug}`)}</guid>
      <pubDate>${new Date(`${post.date}T00:00:00Z`).toUTCString()}</pubDate>
      <description>${escapeXml(post.summary)}</description>
    </item>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>${escapeXml(opts.siteName)}</title>
    <link>${escapeXml(base)}</link>
    <description>${escapeXml(opts.description)}</description>
    <language>${LOCALE_TAGS[opts.locale]}</language>
${items}
  </channel>
</rss>
`;
}
