import { Alert, Grid, GridCol } from "@mantine/core";
import { Anchor, Container, List, ListItem, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { ButtonLink, TextLink } from "@/features/shell/AppLink";
import type { Locale } from "@/domain/i18n/locales";
import { HydrateOnInteraction } from "@/features/lazy/HydrateOnInteraction";
import { ControlPanel } from "./ControlPanel";
import type { Resolution } from "./resolve";
import { VisualizeView } from "./VisualizeView";

type Shown = Extract<Resolution, { kind: "ok" | "problems" }>;

/** Combinations that cannot be drawn: what is wrong, a fix per problem, and a view that works. */
export async function ProblemPanel({ resolution, locale }: { resolution: Extract<Resolution, { kind: "problems" }>; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "visualize.problems" });
  return (
    <Alert color="orange" variant="light" title={t("heading")} data-testid="viz-problems">
      <Stack gap="sm">
        <List spacing="xs">
          {resolution.problems.map((p) => (
            <ListItem key={p.code} data-problem={p.code}>
              <Text size="sm">{p.message}</Text>
              {p.fix && (
                <TextLink href={p.fix} size="sm" data-testid="problem-fix">
                  {t("fix")}
                </TextLink>
              )}
            </ListItem>
          ))}
        </List>
        {resolution.suggestion && (
          <ButtonLink href={resolution.suggestion} variant="filled" color="orange" w="fit-content" data-testid="problem-suggestion">
            {t("suggestion")}
          </ButtonLink>
        )}
      </Stack>
    </Alert>
  );
}

export async function UnavailablePanel({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "visualize.unavailable" });
  return (
    <Alert color="red" variant="light" title={t("title")} data-testid="viz-unavailable">
      {t("text")}
    </Alert>
  );
}

/** The full visualisation page: title, control panel, and the chart or the explanation of what is wrong. */
export async function VisualizePage({ resolution, locale }: { resolution: Shown; locale: Locale }) {
  return (
    <Container size="xl" py="lg" data-testid="visualize-page">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {resolution.title}
          </Title>
          <Text c="dimmed" size="sm" mt={4} data-testid="viz-subtitle">
            {resolution.subtitle}
          </Text>
        </div>
        <Grid gap="xl">
          <GridCol span={{ base: 12, md: 3 }} order={{ base: 2, md: 1 }}>
            <HydrateOnInteraction>
              <ControlPanel state={resolution.state} coverage={resolution.coverage} options={resolution.options} />
            </HydrateOnInteraction>
          </GridCol>
          <GridCol span={{ base: 12, md: 9 }} order={{ base: 1, md: 2 }}>
            {resolution.kind === "problems" ? (
              <ProblemPanel resolution={resolution} locale={locale} />
            ) : (
              <VisualizeView data={resolution.data} title={resolution.title} subtitle={resolution.subtitle} path={resolution.path} embedPath={resolution.embedPath} />
            )}
          </GridCol>
        </Grid>
      </Stack>
    </Container>
  );
}

/** The embeddable chart: no shell, a small title and a link to the full view. */
export async function EmbedPage({ resolution, locale }: { resolution: Shown; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "visualize.embed" });
  const site = await getTranslations({ locale, namespace: "common" });
  return (
    <Stack gap={6} p="sm" data-testid="embed-page">
      <Title order={1} size="h4">
        {resolution.title}
      </Title>
      <Text size="xs" c="dimmed">
        {resolution.subtitle}
      </Text>
      {resolution.kind === "problems" ? (
        <ProblemPanel resolution={resolution} locale={locale} />
      ) : (
        <VisualizeView data={resolution.data} title={resolution.title} subtitle={resolution.subtitle} path={resolution.path} embedPath={resolution.embedPath} embedded height="calc(100vh - 120px)" />
      )}
      <Text size="xs" c="dimmed">
        <Anchor href={resolution.path} target="_blank" rel="noopener" size="xs">
          {t("openFull")}
        </Anchor>{" "}
        · {site("siteName")}
      </Text>
    </Stack>
  );
}
