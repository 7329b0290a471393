import { ScrollArea, Table, TableCaption, TableTbody, TableTd, TableTh, TableThead, TableTr } from "@mantine/core";
import { Anchor, Box, List, ListItem, Paper, SimpleGrid, Stack, Text, Title } from "@/features/ui/static";
import type { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { formatDecimal, formatNumber } from "@/domain/format";
import { yearsLabel } from "@/domain/format/years";
import { GROWTH_HORIZON, type GrowthBacktest, type GrowthModel } from "@/domain/growth/model";
import { backtestVerdict, type BacktestTrust } from "@/domain/growth/trust";
import type { Locale } from "@/domain/i18n/locales";
import { renderFormula } from "@/features/methods/formulas";
import { localised } from "@/features/rankings/parts";
import { TextLink } from "@/features/shell/AppLink";
import type { GrowthBase, GrowthPredictions, GrowthSample } from "@/server/growth/predictions";
import { coefficientReadings, periodLabel, projectionUse, samplesUsed, signedWith } from "./growthReading";

/** The sections of the growth-predictions page (GrowthPage.tsx), rendered on the server. */

export type Translate = Awaited<ReturnType<typeof getTranslations>>;

/** The model and its dependent variable as equations (KaTeX, rendered on the server). */
const MODEL_TEX = [
  String.raw`g_{i,t} - g_{w,t} = \beta_0 + \beta_1\,\mathrm{ECI}_{i,t} + \beta_2 \ln y_{i,t} + \beta_3\,\mathrm{NR}_{i,t} + \varepsilon_{i,t}`,
  String.raw`g_{i,t} = \frac{100}{10}\,\ln\frac{y_{i,t+10}}{y_{i,t}}`,
];

/** A source key's name: the page's own words for complexity sources, else the site's data sources, else the key. */
export function sourceName(t: Translate, data: Translate, key: string): string {
  if (t.has(`eciSources.${key}`)) return t(`eciSources.${key}`);
  if (data.has(`sources.${key}`)) return data(`sources.${key}`);
  return key;
}

const decimals = (locale: Locale) => (v: number, digits = 2) => formatDecimal(v, locale, digits);

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" id={id} style={{ scrollMarginTop: 90 }} component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} id={`${id}-title`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function MethodText({ t }: { t: Translate }) {
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

/** What the projection is and how far to trust it, in plain words. */
export function PlainSummary({ t, locale, base, end, backtest, trust }: { t: Translate; locale: Locale; base: GrowthBase; end: number; backtest: GrowthBacktest | null; trust: BacktestTrust }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="growth-plain-summary" data-trust={trust}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("plain.title")}
        </Title>
        <Text>{t("plain.what", { start: String(base.year), end: String(end) })}</Text>
        <Text data-testid="growth-plain-trust">
          {backtest
            ? t(`plain.trust.${trust}`, { testStart: String(backtest.testYear), testEnd: String(backtest.testYear + GROWTH_HORIZON), r: decimals(locale)(backtest.correlation, 2) })
            : t("plain.trust.untested")}
        </Text>
        <Text>{t(`plain.use.${projectionUse(trust)}`)}</Text>
      </Stack>
    </Paper>
  );
}

/** The fitted coefficients, the fit's figures, their reading, and the samples by decade. */
export function RegressionSection({ t, data, locale, model, samples }: { t: Translate; data: Translate; locale: Locale; model: GrowthModel; samples: GrowthSample[] }) {
  const fmt = decimals(locale);
  const signed = signedWith((v) => fmt(v, 2));
  const reading = coefficientReadings(model);
  const numeric = { fontVariantNumeric: "tabular-nums" } as const;
  return (
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
                  <TableTd ta="right" style={numeric} data-testid={`coefficient-${term}`}>
                    {fmt(model.coefficients[i], 3)}
                  </TableTd>
                  <TableTd ta="right" style={numeric}>
                    {fmt(model.standardErrors[i], 3)}
                  </TableTd>
                  <TableTd ta="right" style={numeric}>
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
      <Text>{t("regression.reading", { eci: signed(reading.eci), doubling: signed(reading.doubling), resources: signed(reading.resources) })}</Text>
      <Text size="sm" c="dimmed">
        {t("regression.tNote")}
      </Text>
      <SamplesTable t={t} data={data} locale={locale} samples={samples} />
    </Section>
  );
}

function SamplesTable({ t, data, locale, samples }: { t: Translate; data: Translate; locale: Locale; samples: GrowthSample[] }) {
  const fmt = decimals(locale);
  return (
    <>
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
              {samples.map((s) => (
                <TableTr key={s.startYear}>
                  <TableTh scope="row" fw={500}>
                    {s.startYear}–{s.endYear}
                  </TableTh>
                  <TableTd>
                    {sourceName(t, data, s.source)}
                    {s.period !== String(s.startYear) ? (
                      <Text span size="xs" c="dimmed">
                        {" "}
                        {t("samples.period", { period: periodLabel(s.period) })}
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
    </>
  );
}

/** How the model fitted on earlier decades did on the last decade it could be checked on. */
export function BacktestSection({ t, locale, backtest }: { t: Translate; locale: Locale; backtest: GrowthBacktest | null }) {
  const fmt = decimals(locale);
  const signed = signedWith((v) => fmt(v, 2));
  return (
    <Section id="backtest" title={t("backtest.title")}>
      {backtest ? (
        <>
          <Text>
            {t("backtest.text", {
              train: yearsLabel(backtest.trainYears),
              trainN: backtest.trainN,
              start: backtest.testYear,
              end: backtest.testYear + GROWTH_HORIZON,
              testN: backtest.testN,
            })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="growth-backtest">
            <Figure label={t("backtest.correlation")} value={fmt(backtest.correlation, 2)} testId="backtest-correlation" />
            <Figure label={t("backtest.mae")} value={fmt(backtest.meanAbsoluteError, 2)} testId="backtest-mae" />
            <Figure label={t("backtest.bias")} value={signed(backtest.meanError)} />
          </SimpleGrid>
          <Text>{t(`backtest.verdict.${backtestVerdict(backtest.correlation)}`)}</Text>
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
  );
}

/** Every input's source and the public queries behind them. */
export function SourcesSection({ t, data, locale, predictions: p }: { t: Translate; data: Translate; locale: Locale; predictions: GrowthPredictions }) {
  const base = p.base;
  return (
    <Section id="sources" title={t("sources.title")}>
      <List spacing={6} data-testid="growth-sources">
        {samplesUsed(p.samples).map((s) => (
          <ListItem key={`eci-${s.startYear}`}>
            {t("sources.eci", { period: periodLabel(s.period), source: sourceName(t, data, s.source), exports: sourceName(t, data, s.exportsSource), year: s.startYear })}
          </ListItem>
        ))}
        {base ? (
          <ListItem>{t("sources.base", { period: periodLabel(base.period), source: sourceName(t, data, base.source), exports: sourceName(t, data, base.exportsSource), year: base.year })}</ListItem>
        ) : null}
        {p.indicators ? <ListItem>{t("sources.gdp", { source: sourceName(t, data, p.indicators.source), first: p.indicators.firstYear, last: p.indicators.lastYear })}</ListItem> : null}
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
  );
}
