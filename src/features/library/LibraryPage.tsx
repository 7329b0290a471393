import { Anchor, Badge, Group, Paper, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { DocPage } from "@/features/shell/DocPage";
import { LIBRARY_KINDS, libraryEntries, type LibraryEntry, type LibraryKind } from "@/domain/content/library";
import type { Locale } from "@/domain/i18n/locales";
import { OptionLinks } from "@/features/rankings/parts";

/**
 * /resources/library: datasets, nomenclatures, tariff sources, tools and readings on trade, each
 * with its publisher, licence and what it is for. Filterable by kind through the URL (?kind=tariffs)
 * so a filtered list can be shared and works without JavaScript.
 */
export async function LibraryPage({ locale, kind }: { locale: Locale; kind: LibraryKind | null }) {
  const t = await getTranslations({ locale, namespace: "library" });
  const base = `/${locale}/resources/library`;
  const href = (k: LibraryKind | null) => (k ? `${base}?kind=${k}` : base);
  const shown = libraryEntries(kind);
  const licence = (e: LibraryEntry) => (e.terms ? t(`terms.${e.terms}`) : e.licence);
  return (
    <DocPage
      title={t("title")}
      lead={t("lead")}
      gap="lg"
      intro={
        <Text size="sm" c="dimmed">
          {t("note")}
        </Text>
      }
    >
      <OptionLinks
        label={t("kind")}
        testId="kind-links"
        options={[{ href: href(null), label: t("all"), active: kind === null }, ...LIBRARY_KINDS.map((k) => ({ href: href(k), label: t(`kinds.${k}`), active: kind === k }))]}
      />
      <Text size="sm" c="dimmed" data-testid="library-count">
        {t("count", { count: shown.length })}
      </Text>
      {shown.map((e) => (
        <Paper key={e.id} withBorder radius="md" p="lg" component="article" data-library={e.id} data-kind={e.kind} aria-labelledby={`lib-${e.id}`}>
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Title order={2} size="h4" id={`lib-${e.id}`}>
                <Anchor href={e.url} target="_blank" rel="noopener noreferrer" inherit underline="hover">
                  {e.title}
                </Anchor>
              </Title>
              <Badge variant="light" style={{ flexShrink: 0 }} data-testid="kind">
                {t(`kindBadge.${e.kind}`)}
              </Badge>
            </Group>
            <Text size="sm">
              <strong>{t("publisher")}</strong> {e.publisher}
            </Text>
            {e.authors ? (
              <Text size="sm">
                <strong>{t("authors")}</strong> {e.authors}
                {e.year ? ` (${e.year})` : null}
              </Text>
            ) : null}
            <Text size="sm" data-testid="licence">
              <strong>{t("licence")}</strong> {licence(e)}
            </Text>
            <Text size="sm" data-testid="used-for">
              <strong>{t("usedFor")}</strong> {t(`items.${e.id}`)}
            </Text>
            <Text size="sm" c="dimmed">
              {t("topicsLabel")} {e.topics.map((tp) => t(`topics.${tp}`)).join(" · ")}
            </Text>
          </Stack>
        </Paper>
      ))}
    </DocPage>
  );
}
