import { Card } from "@mantine/core";
import { Anchor, Container, Stack, Text, Title } from "@/features/ui/static";
import type { Metadata } from "next";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { TextLink } from "@/features/shell/AppLink";
import type { Locale } from "@/domain/i18n/locales";
import { articleMetadata } from "@/features/content/ArticlePage";
import { BLOG_POSTS } from "@/domain/content/blogPosts";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return articleMetadata((await params).locale, "blog", "/blog");
}

export default async function BlogIndex({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "blog" });
  const format = await getFormatter({ locale });
  return (
    <Container size="md" py={56}>
      <Stack gap="lg">
        <Title order={1}>{t("title")}</Title>
        <Text size="lg">{t("intro")}</Text>
        <Anchor href={`/api/blog/rss.xml?locale=${locale}`}>{t("rss")}</Anchor>
        {BLOG_POSTS.map((post) => (
          <Card key={post.slug} withBorder padding="lg">
            <Text size="sm" c="dimmed">
              {t("published", { date: format.dateTime(new Date(`${post.date}T00:00:00Z`), { dateStyle: "long" }) })}
            </Text>
            <Title order={2} size="h3" my="xs">
              <TextLink href={`/${locale}/blog/${post.slug}`} inherit>
                {t(`posts.${post.slug}.title`)}
              </TextLink>
            </Title>
            <Text>{t(`posts.${post.slug}.summary`)}</Text>
          </Card>
        ))}
      </Stack>
    </Container>
  );
}
