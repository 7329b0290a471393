import { Container, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import type { Locale } from "@/domain/i18n/locales";

/**
 * A text page from messages: "{namespace}.title", "{namespace}.intro", then for each section
 * "{namespace}.{section}Title" and "{namespace}.{section}".
 */
export async function ArticlePage({ locale, namespace, sections, children }: { locale: Locale; namespace: string; sections: string[]; children?: ReactNode }) {
  const t = await getTranslations({ locale, namespace });
  return (
    <Container size="md" py={56}>
      <Stack gap="lg">
        <Title order={1}>{t("title")}</Title>
        <Text size="lg">{t("intro")}</Text>
        {sections.map((section) => (
          <Stack gap="xs" key={section}>
            <Title order={2} size="h3">
              {t(`${section}Title`)}
            </Title>
            <Text>{t(section)}</Text>
          </Stack>
        ))}
        {children}
      </Stack>
    </Container>
  );
}

export async function articleMetadata(locale: Locale, namespace: string, path: string) {
  const t = await getTranslations({ locale });
  const { pageMetadata } = await import("@/features/shell/metadata");
  return pageMetadata({
    locale,
    path,
    title: t(`${namespace}.title`),
    description: t(`${namespace}.intro`),
    siteName: t("common.siteName"),
  });
}
