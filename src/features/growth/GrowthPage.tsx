import "katex/dist/katex.min.css";
import {
  Alert,
  Anchor,
  Box,
  Container,
  List,
  ListItem,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  TableCaption,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  Text,
  Title,
} from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { chartTable } from "@/domain/charts/table";
import { formatDecimal, formatNumber } from "@/domain/format";
import { yearsLabel } from "@/domain/format/years";
import { GROWTH_HORIZON, type GrowthTerm } from "@/domain/growth/model";
import { backtestTrust, backtestVerdict } from "@/domain/growth/trust";
import type { Locale } from "@/domain/i18n/locales";
import { ASSET_URLS } from "@/domain/visualize/assets";
import { scatterMeasure } from "@/domain/charts/measures";
import { ChartPanel } from "@/features/charts/ChartPanel";
import type { ChartSpec } from "@/features/charts/spec";
import { chartTableLabels } from "@/features/charts/tableLabels";
import { renderFormula } from "@/features/methods/formulas";
import { localised, NoWarehouse, SourceLine } from "@/features/rankings/parts";
import { RankingTable, type RankingColumn } from "@/features/rankings/RankingTable";
import { TextLink } from "@/features/shell/AppLink";
import { loadGrowthView, type GrowthView } from "@/server/growth/predictions";

export const GROWTH_PATH = "/resources/methods/eci-growth-predictions";

/** The model and its dependent variable as equations (KaTeX, rendered on the server). */
const MODEL_TEX = [
  String.raw`g_{i,t} - g_{w,t} = \beta_0 + \beta_1\,\mathrm{ECI}_{i,t} + \beta_2 \ln y_{i,t} + \beta_3\,\mathrm{NR}_{i,t} + \varepsilon_{i,t}`,
  String.raw`g_{i,t} = \frac{100}{10}\,\ln\frac{y_{i,t+10}}{y_{i,t}}`,
];

type Translate = Awaited<ReturnType<typeof getTranslations>>;

/** A source key's name: the page's own words for complexity sources, else the site's data sources, else the key. */
function sourceName(t: Translate, data: Translate, key: string): string {
  if (t.has(`eciSources.${key}`)) return t(`eciSources.${key}`);
  if (data.has(`sources.${key}`)) return data(`sources.${key}`);
  return key;
}

const dash = (period: string) => period.replace("-", "–");

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" id={id} style={{ scrollMarginTop: 90 }} component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} id={`${id}-title`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

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
              {p.status === "no_indicators" ? t("status.noIndicators") : t("status.tooFew", { count: p.samples.reduce((s, x) => s + x.n, 0) })}
            </Alert>
          )}
          <MethodText t={t} />
        </Stack>
      </Container>
    );
  }

  const model = p.model;
  const fmt = (v: number, digits = 2) => formatDecimal(v, locale, digits);
  const signed = (v: number, digits = 2) => (v > 0 ? "+" : "") + fmt(v, digits);
  const base = p.base;
  const end = base ? base.year + GROWTH_HORIZON : null;
  const coefficient = (term: GrowthTerm) => model.coefficients[model.terms.indexOf(term)];
  const samplesUsed = p.samples.filter((s) => s.n > 0);
  // The plain summary and the backtest's verdict read the same thresholds (domain/growth/trust).
  const trust = backtestTrust(p.backtest?.correlation);
  const sourceLine = (
    <SourceLine label={t("sourceLabel")}>
      {t("sourceLine", {
        eci: [...new Set([...samplesUsed.map((s) => s.source), ...(base ? [base.source] : [])])].map((k) => sourceName(t, data, k)).join(t("sourceSeparator")),
        gdp: p.indicators ? sourceName(t, data, p.indicators.source) : "",
      })}
    </SourceLine>
  );

  return (
    <Container size="lg" py={48}>
      <Stack gap="xl">
        {header}
        {base && end ? (
          <Paper withBorder radius="md" p="md" data-testid="growth-plain-summary" data-trust={trust}>
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t("plain.title")}
              </Title>
              <Text>{t("plain.what", { start: String(base.year), end: String(end) })}</Text>
              <Text data-testid="growth-plain-trust">
                {p.backtest
                  ? t(`plain.trust.${trust}`, { testStart: String(p.backtest.testYear), testEnd: String(p.backtest.testYear + GROWTH_HORIZON), r: fmt(p.backtest.correlation, 2) })
                  : t("plain.trust.untested")}
              </Text>
              <Text>{t(`plain.use.${trust === "good" || trust === "weak" ? "ranking" : "benchmark"}`)}</Text>
            </Stack>
          </Paper>
        ) : null}
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

        <Section id="regression" title={t("regression.title")}>
          <Text>{t("regression.text")}</Text>
          <Paper withBorder radius="md">
            <ScrollArea type="auto">
              <Table data-testid="growth-coefficients" verticalSpacing={6} horizontalSpacing="md" miw={520}>
                <TableCaption>{t("regression.caption")}</TableCaption>
                <TableThead>
                  <TableTr>
                    <TableTh scope="col">{t("regression.term")}</TableTh>
                    <TableTh scope="col" ta="right">
                      {t("regression.coefficient")}
                    </TableTh>
                    <TableTh scope="col" ta="right">
                      {t("regression.standardError")}
                    </TableTh>
                    <TableTh scope="col" ta="right">
                      {t("regression.tStatistic")}
                    </TableTh>
                  </TableTr>
                </TableThead>
                <TableTbody>
                  {model.terms.map((term, i) => (
                    <TableTr key={term} data-term={term}>
                      <TableTh scope="row" fw={500}>
                        {t(`terms.${term}`)}
                      </TableTh>
                      <TableTd ta="right" style={{ fontVariantNumeric: "tabular-nums" }} data-testid={`coefficient-${term}`}>
                        {fmt(model.coefficients[i], 3)}
                      </TableTd>
                      <TableTd ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
                        {fmt(model.standardErrors[i], 3)}
                      </TableTd>
                      <TableTd ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
                        {fmt(model.tStatistics[i], 2)}
                      </TableTd>
                    </TableTr>
                  ))}
                </TableTbody>
              </Table>
            </ScrollArea>
          </Paper>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" data-testid="growth-fit">
            <Figure label={t("regression.n")} value={formatNumber(model.n, locale)} testId="growth-n" />
            <Figure label={t("regression.r2")} value={fmt(model.r2, 3)} testId="growth-r2" />
            <Figure label={t("regression.adjustedR2")} value={fmt(model.adjustedR2, 3)} />
            <Figure label={t("regression.residualSd")} value={fmt(model.residualSd, 2)} />
          </SimpleGrid>
          <Text>
            {t("regression.reading", {
              eci: signed(coefficient("eci")),
              doubling: signed(coefficient("log_gdp_per_capita") * Math.LN2),
              resources: signed(coefficient("natural_resources") / 10),
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t("regression.tNote")}
          </Text>

          <Title order={3} size="h4" mt="sm">
            {t("samples.title")}
          </Title>
          <Paper withBorder radius="md">
            <ScrollArea type="auto">
              <Table data-testid="growth-samples" verticalSpacing={6} horizontalSpacing="md" miw={640}>
                <TableThead>
                  <TableTr>
                    <TableTh scope="col">{t("samples.decade")}</TableTh>
                    <TableTh scope="col">{t("samples.eciSource")}</TableTh>
                    <TableTh scope="col" ta="right">
                      {t("samples.ranked")}
                    </TableTh>
                    <TableTh scope="col" ta="right">
                      {t("samples.used")}
                    </TableTh>
                    <TableTh scope="col" ta="right">
                      {t("samples.worldGrowth")}
                    </TableTh>
                  </TableTr>
                </TableThead>
                <TableTbody>
                  {p.samples.map((s) => (
                    <TableTr key={s.startYear}>
                      <TableTh scope="row" fw={500}>
                        {s.startYear}–{s.endYear}
                      </TableTh>
                      <TableTd>
                        {sourceName(t, data, s.source)}
                        {s.period !== String(s.startYear) ? (
                          <Text span size="xs" c="dimmed">
                            {" "}
                            {t("samples.period", { period: dash(s.period) })}
                          </Text>
                        ) : null}
                      </TableTd>
                      <TableTd ta="right">{formatNumber(s.ranked, locale)}</TableTd>
                      <TableTd ta="right">{formatNumber(s.n, locale)}</TableTd>
                      <TableTd ta="right">{fmt(s.worldGrowth, 2)}</TableTd>
                    </TableTr>
                  ))}
                </TableTbody>
              </Table>
            </ScrollArea>
          </Paper>
          <Text size="sm" c="dimmed">
            {t("samples.note")}
          </Text>
        </Section>

        <Section id="backtest" title={t("backtest.title")}>
          {p.backtest ? (
            <>
              <Text>
                {t("backtest.text", {
                  train: yearsLabel(p.backtest.trainYears),
                  trainN: p.backtest.trainN,
                  start: p.backtest.testYear,
                  end: p.backtest.testYear + GROWTH_HORIZON,
                  testN: p.backtest.testN,
                })}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="growth-backtest">
                <Figure label={t("backtest.correlation")} value={fmt(p.backtest.correlation, 2)} testId="backtest-correlation" />
                <Figure label={t("backtest.mae")} value={fmt(p.backtest.meanAbsoluteError, 2)} testId="backtest-mae" />
                <Figure label={t("backtest.bias")} value={signed(p.backtest.meanError, 2)} />
              </SimpleGrid>
              <Text>{t(`backtest.verdict.${backtestVerdict(p.backtest.correlation)}`)}</Text>
              <Text size="sm" c="dimmed">
                {t("backtest.reading")}
              </Text>
            </>
          ) : (
            <Text c="dimmed" data-testid="growth-backtest-none">
              {t("backtest.none")}
            </Text>
          )}
        </Section>

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

        <Section id="sources" title={t("sources.title")}>
          <List spacing={6} data-testid="growth-sources">
            {samplesUsed.map((s) => (
              <ListItem key={`eci-${s.startYear}`}>
                {t("sources.eci", { period: dash(s.period), source: sourceName(t, data, s.source), exports: sourceName(t, data, s.exportsSource), year: s.startYear })}
              </ListItem>
            ))}
            {base ? (
              <ListItem>{t("sources.base", { period: dash(base.period), source: sourceName(t, data, base.source), exports: sourceName(t, data, base.exportsSource), year: base.year })}</ListItem>
            ) : null}
            {p.indicators ? (
              <ListItem>{t("sources.gdp", { source: sourceName(t, data, p.indicators.source), first: p.indicators.firstYear, last: p.indicators.lastYear })}</ListItem>
            ) : null}
          </List>
          <Text size="sm">{t("sources.queries")}</Text>
          <List size="sm" spacing={2}>
            {p.queries.map((q) => (
              <ListItem key={q.url}>
                <Anchor href={q.url} target="_blank" rel="noopener">
                  {t(`sources.query.${q.kind}`, { years: yearsLabel(q.years) })}
                </Anchor>
              </ListItem>
            ))}
          </List>
          <Text size="sm">
            {t("sources.methods")}{" "}
            <TextLink href={localised(locale, "/resources/methods")}>{t("sources.methodsLink")}</TextLink>
          </Text>
        </Section>
      </Stack>
    </Container>
  );
}

function MethodText({ t }: { t: Translate }) {
  return (
    <Section id="method" title={t("method.title")}>
      <Text>{t("method.idea")}</Text>
      <Text>{t("method.model")}</Text>
      {MODEL_TEX.map((tex) => (
        <Box key={tex} className="formula" style={{ overflowX: "auto", overflowY: "hidden" }} dangerouslySetInnerHTML={{ __html: renderFormula(tex) }} data-testid="growth-formula" />
      ))}
      <Text size="sm" c="dimmed">
        {t("method.symbols")}
      </Text>
      <Text>{t("method.dollars")}</Text>
      <Text>{t("method.projection")}</Text>
    </Section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} style={{ fontVariantNumeric: "tabular-nums" }} data-testid={testId}>
        {value}
      </Text>
    </Paper>
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
  const eci = scatterMeasure("country", "eci")!;
  const gdp = scatterMeasure("country", "gdp_per_capita")!;
  const projected = { key: "projected_growth", format: "decimal" as const };
  const base = await chartTableLabels(locale, ["eci", "gdp_per_capita"]);
  const labels = { ...base, measures: { ...base.measures, projected_growth: t("charts.measure") } };
  const sharePath = localised(locale, GROWTH_PATH);
  const map: ChartSpec = {
    type: "geomap",
    input: {
      rows: view.chart.rows,
      focus: null,
      dimension: "Country",
      measure: { key: "projected_growth", format: "decimal", scale: "diverging", high: t("charts.high"), low: t("charts.low") },
    },
    mapUrl: ASSET_URLS.worldMap,
    m49: view.chart.m49,
  };
  const scatterRows = view.chart.rows.filter((r) => (r.measures?.gdp_per_capita ?? 0) > 0);
  const scatter: ChartSpec = { type: "scatter", input: { rows: scatterRows, x: gdp, y: eci, year: start, dimension: "Country" } };
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
