import { Anchor, Container, Group, Stack, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { Logo } from "./Logo";
import classes from "./Footer.module.css";

export async function Footer({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "common" });
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <Stack gap="sm">
          <Group gap="sm">
            <Logo size={24} />
            <Text fw={700}>{t("siteName")}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t("footer.createdBy")}
          </Text>
          <Text size="sm" c="dimmed">
            {t("footer.attribution")}
          </Text>
          <Group gap="md">
            <Anchor href="/api/cubes" size="sm">
              {t("nav.dataApi")}
            </Anchor>
          </Group>
        </Stack>
      </Container>
    </footer>
  );
}
