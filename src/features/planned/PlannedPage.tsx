import { Badge, Container, List, ListItem, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { TextLink } from "@/features/shell/AppLink";
import type { Locale } from "@/domain/i18n/locales";
import { PAGE_TITLE_KEYS, type PlannedPage as Planned } from "@/domain/content/plannedPages";

export async function PlannedPage({ locale, page }: { locale: Locale; page: Planned }) {
  const t = await getTranslations({ locale });
  return (
    <Container size="md" py={56} data-testid="planned-page">
      <Stack gap="md">
        <Badge variant="light" color="yellow" size="lg">
          {t("planned.badge")}
        </Badge>
        <Title order={1}>{t(`nav.items.${page.id}`)}</Title>
        <Text c="dimmed">{t("planned.lead")}</Text>
        <Text size="lg">{t(`planned.pages.${page.id}`)}</Text>
        <Title order={2} size="h4" mt="md">
          {t("planned.meanwhile")}
        </Title>
        <List>
          {page.related.map((path) => (
            <ListItem key={path}>
              <TextLink href={path === "/" ? `/${locale}` : `/${locale}${path}`}>{t(PAGE_TITLE_KEYS[path] ?? "common.home")}</TextLink>
            </ListItem>
          ))}
        </List>
      </Stack>
    </Container>
  );
}
