import { Alert } from "@mantine/core";
import { Anchor, Container, Group, List, ListItem, Paper, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import type { Locale } from "@/domain/i18n/locales";
import { formatNumber, formatUsd } from "@/domain/format";
import { ButtonLink, TextLink } from "@/features/shell/AppLink";
import { RankingTable, type RankingColumn, type RankingRow } from "./RankingTable";
import type { ComplexityExclusion, ComplexityRun } from "@/server/catalog/complexity";
import { warehouseStatus } from "@/server/catalog/status";

/** Pages link with the locale prefix; paths here are given without it. */
export const localised = (locale: Locale, path: string) => `/${locale}${path === "/" ? "" : path}`;

export function usd(locale: Locale, value: number): string {
  return formatUsd(value, locale, { compact: true });
}

export function integer(locale: Locale, value: number): string {
  return formatNumber(value, locale);
}

/** The site says so when there is no warehouse, and where it looked (spec: honest data). */
export async function NoWarehouse({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "dataStatus" });
  return (
    <Alert color="yellow" title={t("missingTitle")} data-testid="no-warehouse">
      {t("missingBody", { places: warehouseStatus().lookedIn.join(", ") })}
    </Alert>
  );
}

/** A ranking page: its heading, an optional subtitle (the classification), the lead, then its parts. */
export function RankingShell({ heading, lead, subtitle, children }: { heading: string; lead: string; subtitle?: string; children: ReactNode }) {
  return (
    <Container size="xl" py={40}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{heading}</Title>
          {subtitle ? (
            <Text size="lg" fw={500} c="teal" data-testid="ranking-subtitle">
              {subtitle}
            </Text>
          ) : null}
          <Text c="dimmed" maw={860}>
            {lead}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

/** A ranking table in its card: optional title, the table (by rank), its source line, CSV and API links. */
export function RankingTableCard(props: { locale: Locale; title?: string; rows: RankingRow[]; columns: RankingColumn[]; source: ReactNode; csvUrl: string; apiUrl: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        {props.title ? (
          <Title order={2} size="h4">
            {props.title}
          </Title>
        ) : null}
        <RankingTable rows={props.rows} columns={props.columns} defaultSort={{ key: "rank", direction: "asc" }} />
        {props.source}
        <DataLinks locale={props.locale} csvUrl={props.csvUrl} apiUrl={props.apiUrl} />
      </Stack>
    </Paper>
  );
}

/** "Source: ... · Year" under every table and chart. */
export function SourceLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed" data-testid="source-line">
      <Text span fw={600} inherit>
        {label}:{" "}
      </Text>
      {children}
    </Text>
  );
}

/** The CSV and the API query behind a table (plain anchors: they are API responses, not pages). */
export async function DataLinks({ locale, csvUrl, apiUrl }: { locale: Locale; csvUrl: string; apiUrl: string }) {
  const t = await getTranslations({ locale, namespace: "rankings.downloads" });
  return (
    <Group gap="md">
      <Anchor href={csvUrl} size="sm" data-testid="csv-link" download>
        {t("csv")}
      </Anchor>
      <Anchor href={apiUrl} size="sm" data-testid="api-link" target="_blank" rel="noopener">
        {t("api")}
      </Anchor>
    </Group>
  );
}

export interface LinkOption {
  href: string;
  label: string;
  active?: boolean;
}

/** A row of choices (years, classifications) as links, the current one marked. */
export function OptionLinks({ label, options, testId }: { label: string; options: LinkOption[]; testId: string }) {
  return (
    <Group gap={6} data-testid={testId} role="navigation" aria-label={label}>
      <Text size="sm" fw={600} mr={4}>
        {label}
      </Text>
      {options.map((o) => (
        <ButtonLink key={o.href} href={o.href} size="compact-sm" variant={o.active ? "filled" : "default"} aria-current={o.active ? "page" : undefined}>
          {o.label}
        </ButtonLink>
      ))}
    </Group>
  );
}

/** A plain statement that something is not in the data, with what exists instead. */
export function NotInData({ title, body, options, testId = "not-in-data" }: { title: string; body: ReactNode; options: { href: string; label: string; note?: string }[]; testId?: string }) {
  return (
    <Alert color="blue" variant="light" title={title} data-testid={testId}>
      <Stack gap="xs">
        <Text size="sm">{body}</Text>
        {options.length ? (
          <List size="sm" spacing={4}>
            {options.map((o) => (
              <ListItem key={o.href}>
                <TextLink href={o.href}>{o.label}</TextLink>
                {o.note ? (
                  <Text span size="sm" c="dimmed">
                    {" "}
                    {o.note}
                  </Text>
                ) : null}
              </ListItem>
            ))}
          </List>
        ) : null}
      </Stack>
    </Alert>
  );
}

function thresholdText(locale: Locale, e: ComplexityExclusion): string {
  if (e.threshold === null) return "";
  return e.reason === "population" ? integer(locale, e.threshold) : usd(locale, e.threshold);
}

/**
 * What a complexity run left out, grouped by reason: countries by name, products counted (with the
 * largest listed), so a reader can see why an economy is missing from the ranking.
 */
export async function ExclusionSummary({ locale, excluded, run, namesById }: { locale: Locale; excluded: ComplexityExclusion[]; run: ComplexityRun; namesById?: Map<string, string> }) {
  const t = await getTranslations({ locale, namespace: "rankings.exclusions" });
  const groups = new Map<string, ComplexityExclusion[]>();
  for (const e of excluded) {
    const key = `${e.kind}:${e.reason}`;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const reason = (e: ComplexityExclusion) => (t.has(`reasons.${e.reason}`) ? t(`reasons.${e.reason}`, { threshold: thresholdText(locale, e) }) : e.reason);
  const unknown = run.populationUnknown.map((id) => namesById?.get(id) ?? id);
  return (
    <Stack gap="xs" data-testid="exclusions">
      <Title order={2} size="h4">
        {t("title")}
      </Title>
      <Text size="sm">
        {t("coverage", { countries: run.countries, products: run.products, inputCountries: run.inputCountries, inputProducts: run.inputProducts })}
      </Text>
      {[...groups.entries()].map(([key, items]) => {
        const kind = items[0].kind;
        const shown = kind === "country" ? items : items.slice(0, 12);
        return (
          <details key={key}>
            <summary style={{ cursor: "pointer" }}>
              <Text span size="sm">
                {t(kind === "country" ? "countries" : "products", { count: items.length })} {reason(items[0])}
              </Text>
            </summary>
            <Text size="sm" c="dimmed" mt={4} ml="md">
              {shown.map((e) => (kind === "product" ? `${e.name} (${e.id})` : e.name)).join(", ")}
              {items.length > shown.length ? ` ${t("more", { count: items.length - shown.length })}` : ""}
            </Text>
          </details>
        );
      })}
      {unknown.length ? (
        <Text size="sm" c="dimmed">
          {t("populationUnknown", { names: unknown.join(", ") })}
        </Text>
      ) : null}
    </Stack>
  );
}
