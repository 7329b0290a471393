/**
 * A data story's body: paragraphs whose figures come from server/blog/stories.ts (computed now,
 * from the catalogue's datasets and years), live charts of the visualisation builder, and the
 * sources and queries behind them. When the warehouse cannot answer, the post says so.
 */
import { Stack, Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { BlogPost } from "@/domain/content/blogPosts";
import type { Locale } from "@/domain/i18n/locales";
import { profileView } from "@/domain/visualize/profileViews";
import { formatMoney, formatShare } from "@/features/profiles/format";
import { ProfileChart } from "@/features/profiles/ProfileChart";
import { sourceLine, sourceNames } from "@/features/profiles/sourceNames";
import { TextLink } from "@/features/shell/AppLink";
import { chileCopper, chinaUsa, sixDecades } from "@/server/blog/stories";

const paragraphs = (text: string) => text.split("\n\n").map((p, i) => <Text key={i}>{p}</Text>);

export async function DataStory({ post, locale }: { post: BlogPost & { story: NonNullable<BlogPost["story"]> }; locale: Locale }) {
  const [t, names] = await Promise.all([getTranslations({ locale, namespace: `blog.posts.${post.slug}` }), sourceNames(locale)]);
  const tb = await getTranslations({ locale, namespace: "blog" });
  const money = (v: number) => formatMoney(v, locale);
  const share = (v: number) => formatShare(v, locale);
  const sources = (keys: string[], years: string) => (
    <Text size="sm" c="dimmed" data-testid="story-source">
      {tb("storySource", { sources: sourceLine(names, keys), years })}
    </Text>
  );

  if (post.story === "chile-copper") {
    const s = await chileCopper(locale);
    if (!s) return <Text data-testid="story-unavailable">{tb("storyUnavailable")}</Text>;
    return (
      <Stack gap="md" data-testid="data-story">
        {paragraphs(t("text", { year: s.year, total: money(s.total), copper: money(s.copper), share: share(s.copper / s.total), ore: money(s.ore), worldShare: share(s.ore / s.worldOre), rank: s.rank ?? 0 }))}
        <ProfileChart locale={locale} state={profileView({ chart: "tree_map", country: "chl", product: "show", time: s.year })} />
        {sources([s.source], String(s.year))}
        <TextLink href={`/${locale}/profile/bilateral-product/2603/reporter/chl`}>{t("link")}</TextLink>
      </Stack>
    );
  }
  if (post.story === "six-decades") {
    const s = await sixDecades(locale);
    if (!s) return <Text data-testid="story-unavailable">{tb("storyUnavailable")}</Text>;
    return (
      <Stack gap="md" data-testid="data-story">
        {paragraphs(
          t("text", {
            from: s.from,
            to: s.to,
            first: money(s.first),
            last: money(s.last),
            multiple: Math.round(s.last / s.first),
            gainer: s.gainer.name,
            gainFrom: share(s.gainer.from),
            gainTo: share(s.gainer.to),
            loser: s.loser.name,
            lossFrom: share(s.loser.from),
            lossTo: share(s.loser.to),
          }),
        )}
        <ProfileChart locale={locale} state={profileView({ chart: "stacked", country: null, product: "show", time: { from: s.from, to: s.to }, depth: "section" })} />
        {sources(s.sources, `${s.from}–${s.to}`)}
        <TextLink href={`/${locale}/profile/world/wld`}>{t("link")}</TextLink>
      </Stack>
    );
  }
  const s = await chinaUsa(locale);
  if (!s) return <Text data-testid="story-unavailable">{tb("storyUnavailable")}</Text>;
  return (
    <Stack gap="md" data-testid="data-story">
      {paragraphs(t("text", { from: s.from, to: s.to, first: money(s.first), last: money(s.last), shareFirst: share(s.shareFirst), shareLast: share(s.shareLast), peakYear: s.peak.year, peakShare: share(s.peak.share) }))}
      <ProfileChart locale={locale} state={profileView({ chart: "line", country: "chn", partner: "usa", product: null, time: { from: s.from, to: s.to } })} />
      {sources(s.sources, `${s.from}–${s.to}`)}
      <TextLink href={`/${locale}/profile/bilateral-country/chn/partner/usa`}>{t("link")}</TextLink>
    </Stack>
  );
}
