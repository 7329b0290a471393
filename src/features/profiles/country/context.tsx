import { Box, SimpleGrid, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from "@/features/ui/static";
import type { getTranslations } from "next-intl/server";
import { formatDecimal, formatNumber } from "@/domain/format";
import { yearsLabel } from "@/domain/format/years";
import type { Locale } from "@/domain/i18n/locales";
import { eciChart, indicatorChart, servicesChart, tradeShareChart, type MeasureChart } from "@/domain/profiles/contextCharts";
import { INDICATOR_KEYS, releaseGroups, type IndicatorKey } from "@/domain/profiles/countryContext";
import { ChartPanel } from "@/features/charts/ChartPanel";
import { TextLink } from "@/features/shell/AppLink";
import {
  loadCountryIndicators,
  loadCountryServices,
  loadTradeShareOfGdp,
  type CountryIndicators,
  type CountryServices,
  type CountryTradeShare,
  type EciHistory,
} from "@/server/profiles/countryContext";
import { formatMoney, formatShare } from "../format";
import { RankedBars } from "../RankedBars";
import { section } from "../sections";
import { sourceLine, type SourceNames } from "../sourceNames";

/**
 * What the context sections need of a country profile (a part of its CountryContext, kept here
 * so this module does not import the section list that imports it).
 */
export interface ContextSectionContext {
  locale: Locale;
  t: Awaited<ReturnType<typeof getTranslations<"profiles">>>;
  kind: "country" | "continent";
  id: string;
  name: string;
  /** "/{locale}/profile" */
  base: string;
  names: SourceNames;
}

const CHART_HEIGHT = 260;

const INDICATOR_IDS: Record<IndicatorKey, string> = { gdp: "gdp", gdpPerCapita: "gdp-per-capita", population: "population" };

function formatIndicator(key: IndicatorKey, value: number, locale: Locale): string {
  return key === "population" ? formatNumber(value, locale, { compact: true }) : formatMoney(value, locale);
}

/** A chart of the context sections: its heading, the one chart component with downloads, and the number of points drawn. */
function ContextChart({ chart, heading, title, fileName, sharePath, testId, height = CHART_HEIGHT }: { chart: MeasureChart; heading?: string; title: string; fileName: string; sharePath: string; testId: string; height?: number }) {
  return (
    <Box data-testid={testId} data-points={chart.points}>
      {heading ? (
        <Title order={3} size="h5" mb={4}>
          {heading}
        </Title>
      ) : null}
      <ChartPanel spec={chart.spec} title={title} table={chart.table} fileName={fileName} sharePath={sharePath} height={height} />
    </Box>
  );
}

function IndicatorStats({ indicators, ctx }: { indicators: CountryIndicators; ctx: ContextSectionContext }) {
  const { t, locale, names } = ctx;
  const source = sourceLine(names, indicators.sources);
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      {INDICATOR_KEYS.map((key) => {
        const latest = indicators.latest[key];
        return (
          <Stack key={key} gap={2} data-testid={`economy-stat-${INDICATOR_IDS[key]}`} data-year={latest?.year}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {latest ? t(`context.stats.${key}`, { year: latest.year }) : t(`context.measures.${key}`)}
            </Text>
            <Text size="xl" fw={700} data-stat-value>
              {latest ? formatIndicator(key, latest.value, locale) : t("context.noValue")}
            </Text>
            <Text size="xs" c="dimmed">
              {source}
            </Text>
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}

function TradeShare({ share, ctx, sharePath }: { share: CountryTradeShare; ctx: ContextSectionContext; sharePath: string }) {
  const { t, locale, name, id, names } = ctx;
  const newest = share.rows.at(-1)!;
  const years = yearsLabel(share.rows.map((r) => r.year));
  const chart = tradeShareChart(share.rows, {
    share: t("context.tradeShareMeasure"),
    year: t("year"),
    exports: t("context.goodsExports"),
    imports: t("context.goodsImports"),
    gdp: t("context.measures.gdp"),
  });
  return (
    <Stack gap="xs" data-testid="trade-share">
      <Title order={3} size="h5">
        {t("context.tradeShare")}
      </Title>
      <Text size="sm" data-testid="trade-share-text">
        {t("context.tradeShareText", {
          name,
          tradeSource: sourceLine(names, share.tradeSources),
          gdpSource: sourceLine(names, share.gdpSources),
          years,
          year: newest.year,
          share: formatShare(newest.share, locale),
          trade: formatMoney(newest.exports + newest.imports, locale),
          gdp: formatMoney(newest.gdp, locale),
        })}
      </Text>
      <ContextChart
        chart={chart}
        title={t("context.chartTitle", { measure: t("context.tradeShare"), name, years })}
        fileName={`${id}-trade-share-of-gdp`}
        sharePath={sharePath}
        testId="trade-share-chart"
      />
    </Stack>
  );
}

/** GDP, GDP per capita and population over every year of the World Bank indicators, and goods trade as a share of GDP. */
export const economySection = section<ContextSectionContext, { indicators: CountryIndicators; share: CountryTradeShare | null }>({
  id: "economy",
  async load(ctx) {
    if (ctx.kind !== "country") return null;
    const [indicators, share] = await Promise.all([loadCountryIndicators(ctx.id, ctx.locale), loadTradeShareOfGdp(ctx.id, ctx.locale)]);
    return indicators ? { indicators, share } : null;
  },
  whenEmpty: (ctx) => (ctx.kind === "country" ? { title: ctx.t("context.economy"), body: <Text data-testid="economy-no-data">{ctx.t("context.noIndicators", { name: ctx.name })}</Text> } : null),
  render({ indicators, share }, ctx) {
    const { t, name, id, base, names } = ctx;
    const withData = indicators.rows.filter((r) => r.gdp !== null || r.population !== null).map((r) => r.year);
    const from = Math.min(...withData);
    const to = Math.max(...withData);
    const sharePath = `${base}/country/${id}#economy`;
    const labels = (key: IndicatorKey) => ({ measure: t(`context.measures.${key}`), year: t("year"), source: t("context.sourceColumn") });
    const sourceName = sourceLine(names, indicators.sources);
    return {
      title: t("context.economy"),
      source: {
        name: sourceLine(names, [...indicators.sources, ...(share?.tradeSources ?? [])]),
        years: yearsLabel(withData),
        apiUrl: indicators.query.apiUrl,
        csvUrl: indicators.query.csvUrl,
      },
      body: (
        <>
          <IndicatorStats indicators={indicators} ctx={ctx} />
          <Text data-testid="economy-text">{t("context.economyText", { name, from, to, source: sourceName })}</Text>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {INDICATOR_KEYS.map((key) => (
              <ContextChart
                key={key}
                chart={indicatorChart(indicators.rows, key, labels(key), sourceName)}
                heading={t(`context.charts.${key}`)}
                title={t("context.chartTitle", { measure: t(`context.charts.${key}`), name, years: `${from}–${to}` })}
                fileName={`${id}-${INDICATOR_IDS[key]}-${from}-${to}`}
                sharePath={sharePath}
                testId={`economy-chart-${INDICATOR_IDS[key]}`}
              />
            ))}
          </SimpleGrid>
          {share ? <TradeShare share={share} ctx={ctx} sharePath={sharePath} /> : <Text size="sm">{t("context.tradeShareNone", { name })}</Text>}
        </>
      ),
    };
  },
});

/** A release's name ("Open Trade Statistics (2018 extract)") where the page knows it, else its source's name. */
function releaseName(names: SourceNames, release: string, source: string): string {
  return names[`vintage:${release}`] || sourceLine(names, [source]);
}

/**
 * The ECI history of the complexity section: a chart of the ECI over every ranked year (a line
 * per source release, the rank in each tooltip), what each run of years comes from, and the
 * table of ranks under it.
 */
export function EciHistoryBlock({ history, ctx }: { history: EciHistory; ctx: ContextSectionContext }) {
  const { t, locale, name, id, base, names } = ctx;
  const { points } = history;
  const years = yearsLabel(points.map((p) => p.year));
  const release = (r: string, source: string) => releaseName(names, r, source);
  const chart = eciChart(
    points,
    {
      eci: t("eci"),
      rank: t("rank"),
      year: t("year"),
      ranked: t("context.economiesRanked"),
      source: t("context.sourceColumn"),
      rankOf: (rank, count) => t("rankOf", { rank, count }),
      release,
    },
    locale,
  );
  const groups = releaseGroups(points);
  return (
    <Stack gap="xs" data-testid="eci-over-time">
      <Title order={3} size="h5">
        {t("country.eciOverTime")}
      </Title>
      <Text size="sm">{t("context.eciOverTimeText", { name })}</Text>
      <ContextChart chart={chart} title={t("context.chartTitle", { measure: t("country.eciOverTime"), name, years })} fileName={`${id}-eci-${points[0]?.year}-${points.at(-1)?.year}`} sharePath={`${base}/country/${id}#complexity`} testId="eci-chart" height={320} />
      <Text size="sm" c="dimmed" data-testid="eci-releases">
        {groups.length > 1
          ? t("context.eciReleases", { groups: groups.map((g) => `${yearsLabel(g.years)}: ${release(g.release, g.source)}`).join("; ") })
          : t("context.eciOneRelease", { source: groups[0] ? release(groups[0].release, groups[0].source) : "" })}
        {history.excluded.length > 0
          ? ` ${t("context.eciExcluded", { years: yearsLabel(history.excluded.map((e) => e.year)), ranked: formatNumber(Math.max(...history.excluded.map((e) => e.reporters)), locale) })}`
          : null}
      </Text>
      <TableScrollContainer minWidth={420} type="native">
        <Table striped withTableBorder fz="sm" data-testid="eci-history">
          <TableThead>
            <TableTr>
              <TableTh>{t("year")}</TableTh>
              <TableTh ta="right">{t("eci")}</TableTh>
              <TableTh ta="right">{t("rank")}</TableTh>
              <TableTh>{t("context.sourceColumn")}</TableTh>
            </TableTr>
          </TableThead>
          <TableTbody>
            {points.map((p) => (
              <TableTr key={p.year}>
                <TableTd>{p.period}</TableTd>
                <TableTd ta="right">{p.eci === null ? "–" : formatDecimal(p.eci, locale, 2)}</TableTd>
                <TableTd ta="right">{p.rank === null ? t("notRanked") : t("rankOf", { rank: formatNumber(p.rank, locale), count: formatNumber(p.ranked, locale) })}</TableTd>
                <TableTd>{release(p.release, p.source)}</TableTd>
              </TableTr>
            ))}
          </TableTbody>
        </Table>
      </TableScrollContainer>
      <Text size="xs" c="dimmed">
        <TextLink href={`/${locale}/resources/methods`}>{t("methodsLink")}</TextLink>
      </Text>
    </Stack>
  );
}

/** Services exports by category in every year the catalogue holds services for the country. */
export const servicesSection = section<ContextSectionContext, CountryServices>({
  id: "services",
  load: (ctx) => (ctx.kind === "country" ? loadCountryServices(ctx.id, ctx.locale) : Promise.resolve(null)),
  render(services, ctx) {
    const { t, locale, name, id, base, names } = ctx;
    const newest = services.years.at(-1)!;
    const shownYears = services.years.map((y) => y.year);
    const years = yearsLabel(shownYears);
    const first = newest.items[0];
    const chart = services.years.length > 1 ? servicesChart(services.years, { year: t("year"), service: t("context.serviceColumn"), value: t("context.servicesValue") }) : null;
    return {
      title: t("country.services"),
      source: { name: sourceLine(names, services.sources), years, apiUrl: services.query.apiUrl, csvUrl: services.query.csvUrl },
      body: (
        <>
          <Text data-testid="services-text">
            {t("country.servicesText", { year: newest.year, name, total: formatMoney(newest.total, locale), first: first.name, firstShare: formatShare(first.value / newest.total, locale) })}
          </Text>
          <Text size="sm" c="dimmed" data-testid="services-years">
            {t("context.servicesYears", { years, count: shownYears.length })}
          </Text>
          {chart ? (
            <Box data-testid="services-chart">
              <ChartPanel
                spec={chart.spec}
                title={t("context.chartTitle", { measure: t("country.services"), name, years })}
                table={chart.table}
                fileName={`${id}-services-${shownYears[0]}-${newest.year}`}
                sharePath={`${base}/country/${id}#services`}
                height={320}
              />
            </Box>
          ) : null}
          <Title order={3} size="h5">
            {t("context.servicesInYear", { year: newest.year })}
          </Title>
          <RankedBars items={newest.items.map((i) => ({ id: i.id, name: i.name, value: i.value }))} total={newest.total} locale={locale} limit={11} testId="services" />
        </>
      ),
    };
  },
});
