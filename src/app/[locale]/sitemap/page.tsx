import { List, ListItem } from "@mantine/core";
import { Container, SimpleGrid, Stack, Text, Title } from "@/features/ui/static";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { TextLink } from "@/features/shell/AppLink";
import { withLocale, type Locale } from "@/domain/i18n/locales";
import { articleMetadata } from "@/features/content/ArticlePage";
import { NAV_MENUS } from "@/features/shell/navigation";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return articleMetadata((await params).locale, "sitemapPage", "/sitemap");
}

export default async function SitemapPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale });
  return (
    <Container size="lg" py={56}>
      <Stack gap="lg">
        <Title order={1}>{t("sitemapPage.title")}</Title>
        <Text size="lg">{t("sitemapPage.intro")}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xl">
          {NAV_MENUS.map((menu) => (
            <Stack key={menu.id} gap="xs">
              <Title order={2} size="h4">
                {t(`nav.menus.${menu.id}`)}
              </Title>
              <List listStyleType="none" spacing={4}>
                {menu.items
                  .filter((item) => item.href && !item.external)
                  .map((item) => (
                    <ListItem key={item.id}>
                      <TextLink href={withLocale(item.href as string, locale)}>{t(`nav.items.${item.id}`)}</TextLink>
                    </ListItem>
                  ))}
              </List>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
