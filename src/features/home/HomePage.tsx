import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { DataMissing } from "@/features/profiles/DataMissing";
import { warehouseStatus } from "@/server/warehouse/client";
import classes from "./HomePage.module.css";

const FEATURES = [
  { key: "profiles", icon: "M4 4h16v16H4zM4 10h16M10 10v10" },
  { key: "visualize", icon: "M3 21h18M6 17V9M11 17V4M16 17v-6M21 17V7" },
  { key: "complexity", icon: "M12 3l8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12L4 7.5" },
  { key: "data", icon: "M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" },
] as const;

export async function HomePage({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale });
  return (
    <>
      {!warehouseStatus().available && <DataMissing locale={locale} />}
      <section className={classes.hero}>
        <Container size="lg" py={64}>
          <Stack gap="lg" maw={780}>
            <Text className={classes.kicker} data-testid="site-name">
              {t("common.siteName")}
            </Text>
            <Title order={1} className={classes.title}>
              {t("home.title")}
            </Title>
            <Text size="xl">{t("home.lead")}</Text>
            <Text c="dimmed">{t("home.intro")}</Text>
          </Stack>
        </Container>
      </section>
      <Container size="lg" py={48}>
        <Title order={2} mb="lg">
          {t("home.offerTitle")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {FEATURES.map(({ key, icon }) => (
            <Card key={key} withBorder padding="lg" radius="md">
              <ThemeIcon size={44} radius="md" variant="light" mb="md">
                <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                  <path d={icon} />
                </svg>
              </ThemeIcon>
              <Title order={3} size="h4" mb="xs">
                {t(`home.features.${key}.title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`home.features.${key}.body`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} mt={56}>
          <Stack gap="xs">
            <Title order={2} size="h3">
              {t("home.audienceTitle")}
            </Title>
            <Text>{t("home.audience")}</Text>
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h3">
              {t("home.sourcesTitle")}
            </Title>
            <Text>{t("home.sources")}</Text>
            <Text size="sm" c="dimmed">
              {t("home.languagesNote")}
            </Text>
          </Stack>
        </SimpleGrid>
      </Container>
    </>
  );
}
