import { Anchor, Group, Paper, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import type { Locale } from "@/domain/i18n/locales";

export interface SectionSource {
  name: string;
  years: string;
  apiUrl?: string;
  csvUrl?: string;
}

/** A profile section: titled, with a shareable anchor, its source and year, and the query behind it. */
export async function SectionFrame({
  id,
  title,
  locale,
  source,
  children,
}: {
  id: string;
  title: string;
  locale: Locale;
  source?: SectionSource;
  children: ReactNode;
}) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  // scrollMarginTop adds to html's scroll-padding-top (72 px): a linked section lands below the
  // header and the sticky section menu.
  return (
    <Paper component="section" id={id} withBorder radius="md" p="lg" data-section={id} style={{ scrollMarginTop: 56 }}>
      <Stack gap="md">
        <Title order={2} size="h3">
          <Anchor href={`#${id}`} inherit c="inherit" underline="hover" aria-label={`${title} — ${t("sectionLink")}`}>
            {title}
          </Anchor>
        </Title>
        {children}
        {source && (
          <Group gap="md" justify="space-between" wrap="wrap">
            <Text size="xs" c="dimmed" data-testid="section-source">
              {t("source", { source: source.name, years: source.years })}
            </Text>
            {source.apiUrl && (
              <Group gap="md">
                <Anchor href={source.apiUrl} size="xs" target="_blank" rel="noopener" data-testid="api-query">
                  {t("apiQuery")}
                </Anchor>
                {source.csvUrl && (
                  <Anchor href={source.csvUrl} size="xs" download data-testid="csv-download">
                    {t("downloadCsv")}
                  </Anchor>
                )}
              </Group>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
