import { Code, Tabs, TabsList, TabsPanel, TabsTab } from "@mantine/core";
import { Anchor, Group, Paper, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { DocPage } from "@/features/shell/DocPage";
import { NOTEBOOKS, NOTEBOOK_EXTENSIONS, NOTEBOOK_LANGUAGES, notebookCode } from "@/domain/content/notebooks";
import type { Locale } from "@/domain/i18n/locales";

/** /resources/notebooks: worked examples of the API in four languages, each downloadable. */
export async function NotebooksPage({ locale, origin }: { locale: Locale; origin: string }) {
  const t = await getTranslations({ locale, namespace: "notebooks" });
  return (
    <DocPage title={t("title")} lead={t("lead")}
      intro={
        <>
          <Anchor href={`/${locale}/resources/api`}>{t("apiLink")}</Anchor>
        </>
      }
    >
        {NOTEBOOKS.map((nb) => (
          <Paper key={nb.id} withBorder radius="md" p="lg" component="section" data-notebook={nb.id} aria-labelledby={`nb-${nb.id}`}>
            <Title order={2} size="h3" id={`nb-${nb.id}`}>
              {t(`items.${nb.id}.title`)}
            </Title>
            <Text my="sm">{t(`items.${nb.id}.body`)}</Text>
            <Tabs defaultValue="python" keepMounted>
              <TabsList aria-label={t("languages")}>
                {NOTEBOOK_LANGUAGES.map((l) => (
                  <TabsTab key={l} value={l}>
                    {t(`lang.${l}`)}
                  </TabsTab>
                ))}
              </TabsList>
              {NOTEBOOK_LANGUAGES.map((l) => (
                <TabsPanel key={l} value={l} pt="sm">
                  <Code block data-testid={`code-${nb.id}-${l}`} tabIndex={0} role="region" aria-label={t("codeLabel", { title: t(`items.${nb.id}.title`), language: t(`lang.${l}`) })}>
                    {notebookCode(nb, l, origin)}
                  </Code>
                  <Group mt="xs">
                    <Anchor href={`/api/notebooks/${nb.id}.${NOTEBOOK_EXTENSIONS[l]}`} download size="sm" underline="always" data-testid={`download-${nb.id}-${l}`}>
                      {t("download", { file: `${nb.id}.${NOTEBOOK_EXTENSIONS[l]}` })}
                    </Anchor>
                  </Group>
                </TabsPanel>
              ))}
            </Tabs>
          </Paper>
        ))}
    </DocPage>
  );
}
