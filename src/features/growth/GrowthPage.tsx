import "katex/dist/katex.min.css";
import { Alert } from "@mantine/core";
import { Anchor, Container, List, ListItem, Paper, SimpleGrid, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { chartTable } from "@/domain/charts/table";
import { yearsLabel } from "@/domain/format/years";
import { backtestTrust } from "@/domain/growth/trust";
import type { Locale } from "@/domain/i18n/locales";
import { ChartPanel } from "@/features/charts/ChartPanel";
import { chartTableLabels } from "@/features/charts/tableLabels";
import { localised, NoWarehouse, SourceLine } from "@/features/rankings/parts";
import { RankingTable, type RankingColumn } from "@/features/rankings/RankingTable";
import { loadGrowthView, type GrowthView } from "@/server/growth/predictions";
import { complexitySources, growthChartSpecs, observations, projectionEnd } from "./growthReading";
import { BacktestSection, MethodText, PlainSummary, RegressionSection, Section, SourcesSection, sourceName, type Translate } from "./GrowthSections";

export const GROWTH_PATH = "/resources/methods/eci-growth-predictions";

/**
 * /resources/methods/eci-growth-predictions: our projection of each country's growth of GDP per
 * capita over the next ten years from its economic complexity, income and natural-resource
 * exports, with the method, the fit, a backtest, the map, the scatter and the ranked table.
 */
export async function GrowthPage({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "growth" });
  const data = await getTranslations({ locale, namespace: "data" });
  const view = await loadGrowthView(locale);
  const { predictions: p } = view;

  const header = (
    <Stack gap="sm">
      <Title order={1}>{t("title")}</Title>
      <Text size="lg">{t("lead")}</Text>
    </Stack>
  );

  if (p.status !== "ready" || !p.model) {
    return (
      <Container size="lg" py={48}>
        <Stack gap="xl">
          {header}
          {p.status === "no_warehouse" ? (
            <NoWarehouse locale={locale} />
          ) : (
            <Alert color="blue" variant="light" title={t("status.title")} data-testid="growth-unavailable">
              {p.status === "no_indicators" ? t("status.noIndicators") : t("status.tooFew", { count: observations(p.samples) })}
            </Alert>
          )}
          <MethodText t={t} />
        </Stack>
      </Container>
    );
  }

  const model = p.model;
  const base = p.base;
  const end = projectionEnd(base);
  // The plain summary and the backtest's verdict read the same thresholds (domain/growth/trust).
  const trust = backtestTrust(p.backtest?.correlation);
  const sourceLine = (
    <SourceLine label={t("sourceLabel")}>
      {t("sourceLine", {
        eci: complexitySources(p.samples, base)
          .map((k) => sourceName(t, data, k))
          .join(t("sourceSeparator")),
        gdp: p.indicators ? sourceName(t, data, p.indicators.source) : "",
      })}
    </SourceLine>
  );

  return (
    <Container size="lg" py={48}>
      <Stack gap="xl">
        {header}
        {base && end ? <PlainSummary t={t} locale={locale} base={base} end={end} backtest={p.backtest} trust={trust} /> : null}
        {base && end ? (
          <Text data-testid="growth-summary">
            {t("summary", { start: base.year, end, countries: view.rows.length, n: model.n, years: yearsLabel(model.startYears) })}
          </Text>
        ) : null}
        <nav aria-label={t("contents")}>
          <List size="sm" spacing={2}>
            {["method", "regression", "backtest", "charts", "projections", "limits", "sources"].map((id) => (
              <ListItem key={id}>
                <Anchor href={`#${id}`}>{t(`${id}.title`)}</Anchor>
              </ListItem>
            ))}
          </List>
        </nav>

        <MethodText t={t} />
        <RegressionSection t={t} data={data} locale={locale} model={model} samples={p.samples} />
        <BacktestSection t={t} locale={locale} backtest={p.backtest} />

        <Section id="charts" title={t("charts.title")}>
          {base && end && view.chart.rows.length ? <GrowthCharts locale={locale} t={t} view={view} start={base.year} end={end} sourceLine={sourceLine} /> : <Text c="dimmed">{t("noProjection")}</Text>}
        </Section>

        <Section id="projections" title={t("projections.title")}>
          {base && end && view.rows.length ? (
            <>
              <Text>{t("projections.text", { start: base.year, end })}</Text>
              <Paper withBorder p="md" radius="md">
                <Stack gap="sm">
                  <RankingTable rows={view.rows} columns={columns(t)} defaultSort={{ key: "rank", direction: "asc" }} testId="growth-table" />
                  {sourceLine}
                </Stack>
              </Paper>
            </>
          ) : (
            <Text c="dimmed">{t("noProjection")}</Text>
          )}
        </Section>

        <Section id="limits" title={t("limits.title")}>
          <List spacing={6}>
            {["association", "dollars", "decades", "comparability", "resources", "omitted"].map((k) => (
              <ListItem key={k}>{t(`limits.${k}`)}</ListItem>
            ))}
          </List>
        </Section>

        <SourcesSection t={t} data={data} locale={locale} predictions={p} />
      </Stack>
    </Container>
  );
}

function columns(t: Translate): RankingColumn[] {
  return [
    { key: "rank", label: t("projections.rank"), format: "rank" },
    { key: "name", label: t("projections.country"), format: "name" },
    { key: "projected", label: t("projections.projected"), format: "index", help: t("projections.projectedHelp") },
    { key: "eci", label: t("projections.eci"), format: "index", secondary: true },
    { key: "gdp_per_capita", label: t("projections.gdpPerCapita"), format: "usd", secondary: true },
    { key: "natural_resources", label: t("projections.naturalResources"), format: "share", secondary: true },
  ];
}

/** The map of projected growth and the ECI against GDP per capita scatter of the base year, in the one chart stack. */
async function GrowthCharts({ locale, t, view, start, end, sourceLine }: { locale: Locale; t: Translate; view: GrowthView; start: number; end: number; sourceLine: ReactNode }) {
  const { eci, gdp, projected, map, scatter, scatterRows } = growthChartSpecs(view, start, { high: t("charts.high"), low: t("charts.low") });
  const base = await chartTableLabels(locale, ["eci", "gdp_per_capita"]);
  const labels = { ...base, measures: { ...base.measures, projected_growth: t("charts.measure") } };
  const sharePath = localised(locale, GROWTH_PATH);
  const mapTitle = t("charts.mapTitle", { start, end });
  const scatterTitle = t("charts.scatterTitle", { year: start });
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={3} size="h4">
            {mapTitle}
          </Title>
          <ChartPanel
            testId="growth-chart-map"
            spec={map}
            title={mapTitle}
            subtitle={t("charts.measure")}
            table={chartTable({ rows: view.chart.rows, groups: view.chart.groups, measures: [projected, eci, gdp] }, labels)}
            fileName={`growth-projection-map-${start}-${end}`}
            sharePath={sharePath}
            height="clamp(240px, 62vw, 340px)"
          />
          <Text size="sm" c="dimmed">
            {t("charts.mapNote")}
          </Text>
          {sourceLine}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={3} size="h4">
            {scatterTitle}
          </Title>
          <ChartPanel
            testId="growth-chart-scatter"
            spec={scatter}
            title={scatterTitle}
            table={chartTable({ rows: scatterRows, groups: view.chart.groups, scatter: { x: gdp, y: eci }, measures: [projected] }, labels)}
            groups={view.chart.groups}
            fileName={`growth-eci-gdp-${start}`}
            sharePath={sharePath}
            height={380}
          />
          <Text size="sm" c="dimmed">
            {t("charts.scatterNote")}
          </Text>
          {sourceLine}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
