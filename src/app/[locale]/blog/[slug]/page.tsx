import { Container, Stack, Text, Title } from "@/features/ui/static";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { TextLink } from "@/features/shell/AppLink";
import type { Locale } from "@/domain/i18n/locales";
import { findPost } from "@/domain/content/blogPosts";
import { pageMetadata } from "@/features/shell/metadata";
import { DataStory } from "@/features/blog/DataStory";

type Props = { params: Promise<{ locale: Locale; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  const post = findPost(slug);
  if (!post) return {};
  const t = await getTranslations({ locale });
  return pageMetadata({
    locale,
    path: `/blog/${post.slug}`,
    title: t(`blog.posts.${post.slug}.title`),
    description: t(`blog.posts.${post.slug}.summary`),
    siteName: t("common.siteName"),
  });
}

export default async function BlogPost({ params }: Props) {
  const { locale, slug } = await params;
  setRequestLocale(locale);
  const post = findPost(slug);
  if (!post) notFound();
  const t = await getTranslations({ locale, namespace: "blog" });
  const format = await getFormatter({ locale });
  return (
    <Container size="md" py={56}>
      <Stack gap="md">
        <TextLink href={`/${locale}/blog`}>{t("title")}</TextLink>
        <Title order={1}>{t(`posts.${post.slug}.title`)}</Title>
        <Text size="sm" c="dimmed">
          {t("published", { date: format.dateTime(new Date(`${post.date}T00:00:00Z`), { dateStyle: "long" }) })}
        </Text>
        {post.story ? (
          <DataStory post={{ ...post, story: post.story }} locale={locale} />
        ) : (
          t(`posts.${post.slug}.body`)
            .split("\n\n")
            .map((paragraph, index) => <Text key={index}>{paragraph}</Text>)
        )}
      </Stack>
    </Container>
  );
}
