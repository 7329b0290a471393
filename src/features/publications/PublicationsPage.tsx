import { Anchor, Badge, Group, Paper, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { DocPage } from "@/features/shell/DocPage";
import { PUBLICATIONS, PUBLICATION_TOPICS, publicationLink, type PublicationTopic } from "@/domain/content/publications";
import type { Locale } from "@/domain/i18n/locales";
import { OptionLinks } from "@/features/rankings/parts";

/**
 * /resources/publications: the research behind the measures, newest first, filterable by topic
 * and year through the URL (?topic=fitness&year=<year>), so a filtered list can be shared and works
 * without JavaScript.
 */
export async function PublicationsPage({ locale, topic, year }: { locale: Locale; topic: PublicationTopic | null; year: number | null }) {
  const t = await getTranslations({ locale, namespace: "publications" });
  const base = `/${locale}/resources/publications`;
  const href = (next: { topic?: PublicationTopic | null; year?: number | null }) => {
    const params = new URLSearchParams();
    const tp = next.topic === undefined ? topic : next.topic;
    const yr = next.year === undefined ? year : next.year;
    if (tp) params.set("topic", tp);
    if (yr) params.set("year", String(yr));
    const q = params.toString();
    return q ? `${base}?${q}` : base;
  };
  const years = [...new Set(PUBLICATIONS.map((p) => p.year))].sort((a, b) => b - a);
  const shown = PUBLICATIONS.filter((p) => (!topic || p.topics.includes(topic)) && (!year || p.year === year)).sort((a, b) => b.year - a.year || a.title.localeCompare(b.title));
  return (
    <DocPage title={t("title")} lead={t("lead")} gap="lg">
        <Stack gap="xs">
          <OptionLinks
            label={t("topic")}
            testId="topic-links"
            options={[{ href: href({ topic: null }), label: t("all"), active: topic === null }, ...PUBLICATION_TOPICS.map((tp) => ({ href: href({ topic: tp }), label: t(`topics.${tp}`), active: topic === tp }))]}
          />
          <OptionLinks
            label={t("year")}
            testId="year-links"
            options={[{ href: href({ year: null }), label: t("all"), active: year === null }, ...years.map((y) => ({ href: href({ year: y }), label: String(y), active: year === y }))]}
          />
        </Stack>
        <Text size="sm" c="dimmed" data-testid="publication-count">
          {t("count", { count: shown.length })}
        </Text>
        {shown.map((p) => {
          const link = publicationLink(p);
          return (
            <Paper key={p.id} withBorder radius="md" p="lg" component="article" data-publication={p.id}>
              <Stack gap={6}>
                <Title order={2} size="h4">
                  {link ? (
                    <Anchor href={link} target="_blank" rel="noopener noreferrer" inherit underline="hover">
                      {p.title}
                    </Anchor>
                  ) : (
                    p.title
                  )}
                </Title>
                <Text size="sm">
                  {p.authors} ({p.year}). <em>{p.venue}</em>.{p.doi ? <> DOI: <Anchor href={`https://doi.org/${p.doi}`} target="_blank" rel="noopener noreferrer" underline="always">{p.doi}</Anchor></> : null}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`items.${p.id}`)}
                </Text>
                <Group gap={6}>
                  {p.topics.map((tp) => (
                    <Badge key={tp} size="sm" variant="light">
                      {t(`topics.${tp}`)}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            </Paper>
          );
        })}
    </DocPage>
  );
}
