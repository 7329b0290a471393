import { Paper, SimpleGrid, Stack, Text, Title } from "@/features/ui/static";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { LEGACY_ECI_PATH, rankingPath, type RankingDepth, type RankingKind, type RankingPath, type RankingRevision } from "@/domain/rankings/routes";
import { TextLink } from "@/features/shell/AppLink";
import { getComplexitySet, rankedComplexitySets, type ComplexityRun, type ComplexitySetDef } from "@/server/catalog/complexity";
import { getMembers } from "@/server/catalog/members";
import { isWarehouseError } from "@/server/catalog/status";
import { loadEciRanking, loadPciRanking, rankingSource } from "@/server/rankings/complexity";
import { chartTable } from "@/domain/charts/table";
import type { ChartRow } from "@/domain/charts/types";
import { ASSET_URLS } from "@/domain/visualize/assets";
import { scatterMeasure } from "@/domain/charts/measures";
import type { ChartSpec } from "@/features/charts/spec";
import type { EciCharts } from "@/server/rankings/complexity";
import { ChartPanel } from "@/features/charts/ChartPanel";
import { chartTableLabels } from "@/features/charts/tableLabels";
import { ExclusionSummary, localised, NotInData, NoWarehouse, OptionLinks, RankingShell, RankingTableCard, SourceLine } from "./parts";
import { NotComparableNote, rankChangeColumn } from "./rankChange";
import { SubstitutionNote } from "./SubstitutionNote";
import type { RankingClassification } from "@/domain/rankings/substitution";
import type { RankingColumn } from "./RankingTable";

type Translate = Awaited<ReturnType<typeof getTranslations>>;

export function setLabel(t: Translate, set: ComplexitySetDef): string {
  return set.depth === "sitc4" ? t("classification.sitc") : t("classification.hs", { depth: set.depth.toUpperCase(), revision: set.revision.toUpperCase() });
}

/** Where a set's ranking lives: /rankings/{kind}/{depth}/{revision}, the SITC one under /rankings/legacy. */
export function setPath(kind: RankingKind, set: ComplexitySetDef, year?: number | null): string {
  if (set.depth === "sitc4") return LEGACY_ECI_PATH;
  return rankingPath(kind, set.depth as RankingDepth, set.revision as RankingRevision, year);
}

export function periodLabel(t: Translate, run: ComplexityRun): string {
  return run.source === "comtrade_hs4_sample" ? t("period.sample", { period: run.period }) : run.period.replace("-", "–");
}

function sourceText(t: Translate, run: ComplexityRun): string {
  const args = { period: run.period.replace("-", "–"), countries: run.inputCountries, revision: run.set.replace(/_hs6$/, "").toUpperCase() };
  return t.has(`sources.${run.source}`) ? t(`sources.${run.source}`, args) : run.source;
}

/**
 * An ECI or PCI ranking for one classification and year: selectors, what was left out, the map and
 * the scatter (ECI), the sortable table and its CSV. Says so when the classification or the year
 * is not in the data, and links what is.
 */
export async function ComplexityRankingPage({
  locale,
  kind,
  requested,
  year,
  substitutedFor = null,
}: {
  locale: Locale;
  kind: RankingKind;
  /** null: the legacy SITC ranking. */
  requested: RankingPath | null;
  year: number | null;
  /** The classification a redirected link asked for (the data lacks it): the page says why it shows this one. */
  substitutedFor?: RankingClassification | null;
}) {
  const t = await getTranslations({ locale, namespace: "rankings" });
  const legacy = requested === null;
  const heading = legacy ? t("legacy.title") : t(`${kind}.title`);
  const lead = legacy ? t("legacy.lead") : t(`${kind}.lead`);

  let ranked: Awaited<ReturnType<typeof rankedComplexitySets>>;
  try {
    ranked = await rankedComplexitySets();
  } catch (error) {
    if (isWarehouseError(error) && error.code === "warehouse_unavailable") {
      return (
        <RankingShell heading={heading} lead={lead}>
          <NoWarehouse locale={locale} />
        </RankingShell>
      );
    }
    throw error;
  }

  const choices = ranked.filter((r) => kind === "eci" || r.set.depth !== "sitc4");
  const set = legacy ? getComplexitySet("sitc2_sitc4") : choices.find((r) => r.set.depth === requested.depth && r.set.revision === requested.revision)?.set;
  const options = choices.map((r) => ({
    href: localised(locale, setPath(kind, r.set)),
    label: setLabel(t, r.set),
    note: t("yearsNote", { years: r.periods.map((p) => p.replace("-", "–")).join(", ") }),
  }));

  if (!set || !ranked.some((r) => r.set.key === set.key)) {
    const body = legacy
      ? t("notAvailable.legacy")
      : t("notAvailable.body", {
          measure: t(`${kind}.short`),
          depth: requested.depth.toUpperCase(),
          revision: requested.revision.toUpperCase(),
          need: requested.depth === "hs6" ? t("notAvailable.needHs6", { revision: requested.revision.slice(2) }) : t("notAvailable.needHs4"),
        });
    return (
      <RankingShell heading={heading} lead={lead}>
        <NotInData title={t("notAvailable.title")} body={body} options={options} />
        {options.length === 0 ? <Text>{t("notAvailable.none")}</Text> : null}
      </RankingShell>
    );
  }

  const { runs, source } = await rankingSource(set, year);
  const yearOptions = runs.map((r) => ({
    href: localised(locale, legacy ? LEGACY_ECI_PATH : setPath(kind, set, r.year)),
    label: periodLabel(t, r),
    active: r.year === source?.run.year,
  }));
  const showClassifications = !legacy && choices.length > 1;
  const selectors =
    showClassifications || runs.length > 1 ? (
      <Stack gap="xs">
        {showClassifications ? (
          <OptionLinks
            label={t("classificationLabel")}
            testId="classification-links"
            options={choices.map((c) => ({ href: localised(locale, setPath(kind, c.set)), label: setLabel(t, c.set), active: c.set.key === set.key }))}
          />
        ) : null}
        {runs.length > 1 ? <OptionLinks label={t("yearLabel")} testId="year-links" options={yearOptions} /> : null}
      </Stack>
    ) : null;

  if (!source) {
    return (
      <RankingShell heading={heading} lead={lead} subtitle={setLabel(t, set)}>
        {selectors}
        <NotInData
          testId="year-missing"
          title={t("yearMissing.title", { year: year ?? "" })}
          body={t("yearMissing.body", { year: year ?? "", classification: setLabel(t, set) })}
          options={yearOptions.map((o) => ({ href: o.href, label: o.label }))}
        />
      </RankingShell>
    );
  }

  const { run, previousYear } = source;
  const period = periodLabel(t, run);
  const subtitle = `${setLabel(t, set)} · ${period}`;
  const substitution =
    substitutedFor && !legacy && (substitutedFor.depth !== set.depth || substitutedFor.revision !== set.revision) ? (
      <SubstitutionNote locale={locale} kind={kind} requested={substitutedFor} shown={setLabel(t, set)} />
    ) : null;
  const sourceLine = (
    <>
      <SourceLine label={t("sourceLabel")}>
        {sourceText(t, run)} {t("computedBy")}
      </SourceLine>
      <NotComparableNote tr={t} year={source.notComparableYear} />
    </>
  );
  const methods = (
    <Text size="sm">
      {t("methodsPointer")} <TextLink href={localised(locale, "/resources/methods")} underline="always">{t("methodsLink")}</TextLink>
    </Text>
  );

  if (kind === "pci") {
    const [data, countries] = await Promise.all([loadPciRanking(set, source, locale), getMembers("country", locale)]);
    // Countries the run could not place (population unknown) by name, never by code ("twn").
    const names = new Map(countries.map((c) => [String(c.id), c.name]));
    const columns = rankingColumns(t, "pci", rankChangeColumn(t, previousYear, source.notComparableYear), data.hasSeries);
    return (
      <RankingShell heading={heading} lead={lead} subtitle={subtitle}>
        {substitution}
        {selectors}
        {methods}
        <ExclusionSummary locale={locale} excluded={data.excluded} run={run} namesById={names} />
        <RankingTableCard
          locale={locale}
          title={t("pci.tableTitle", { classification: setLabel(t, set), period })}
          rows={data.rows}
          columns={columns}
          source={sourceLine}
          csvUrl={data.csvUrl}
          apiUrl={data.apiUrl}
        />
      </RankingShell>
    );
  }

  const [data, countries] = await Promise.all([loadEciRanking(set, source, locale), getMembers("country", locale)]);
  const names = new Map(countries.map((c) => [String(c.id), c.name]));
  const columns = rankingColumns(t, "eci", rankChangeColumn(t, previousYear, source.notComparableYear), data.hasSeries);
  const charts = await eciChartProps(data.charts, { locale, high: t("charts.high"), low: t("charts.low"), year: /^\d{4}$/.test(run.period) ? run.year : undefined });
  const sharePath = localised(locale, legacy ? LEGACY_ECI_PATH : setPath(kind, set, run.year));
  return (
    <RankingShell heading={heading} lead={lead} subtitle={subtitle}>
      {substitution}
      {selectors}
      {legacy ? <Text size="sm">{t("legacy.dataNote")}</Text> : null}
      {methods}
      <EciChartGrid t={t} charts={charts} groups={data.charts.groups} gdpPeriod={data.gdpPeriod} set={set} run={run} period={period} sharePath={sharePath} sourceLine={sourceLine} />
      <ExclusionSummary locale={locale} excluded={data.excluded} run={run} namesById={names} />
      <RankingTableCard
        locale={locale}
        title={t("eci.tableTitle", { classification: setLabel(t, set), period })}
        rows={data.rows}
        columns={columns}
        source={sourceLine}
        csvUrl={data.csvUrl}
        apiUrl={data.apiUrl}
      />
    </RankingShell>
  );
}

/** The ranking table's columns: rank, its change, the name, the index, its trend and the index's inputs. */
function rankingColumns(t: Translate, kind: RankingKind, rankChange: RankingColumn[], hasSeries: boolean): RankingColumn[] {
  const trend: RankingColumn[] = hasSeries ? [{ key: "series", label: t("columns.trend"), format: "sparkline", secondary: true }] : [];
  if (kind === "pci") {
    return [
      { key: "rank", label: t("columns.rank"), format: "rank" },
      ...rankChange,
      { key: "name", label: t("columns.product"), format: "name" },
      { key: "pci", label: t("columns.pci"), format: "index", help: t("columns.pciHelp") },
      ...trend,
      { key: "ubiquity", label: t("columns.ubiquity"), format: "integer", help: t("columns.ubiquityHelp"), secondary: true },
      { key: "exports", label: t("columns.productExports"), format: "usd", secondary: true },
    ];
  }
  return [
    { key: "rank", label: t("columns.rank"), format: "rank" },
    ...rankChange,
    { key: "name", label: t("columns.country"), format: "name" },
    { key: "eci", label: t("columns.eci"), format: "index", help: t("columns.eciHelp") },
    ...trend,
    { key: "diversity", label: t("columns.diversity"), format: "integer", help: t("columns.diversityHelp"), secondary: true },
    { key: "exports", label: t("columns.exports"), format: "usd", help: t("columns.exportsHelp"), secondary: true },
  ];
}

/** The ECI map and the ECI against GDP per capita scatter, side by side, each with its source line. */
function EciChartGrid({ t, charts, groups, gdpPeriod, set, run, period, sharePath, sourceLine }: {
  t: Translate;
  charts: Awaited<ReturnType<typeof eciChartProps>>;
  groups: EciCharts["groups"];
  gdpPeriod: string;
  set: ComplexitySetDef;
  run: ComplexityRun;
  period: string;
  sharePath: string;
  sourceLine: ReactNode;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t("charts.mapTitle", { period })}
          </Title>
          <ChartPanel
            testId="ranking-chart-geomap"
            spec={charts.map.spec}
            title={t("charts.mapTitle", { period })}
            subtitle={setLabel(t, set)}
            table={charts.map.table}
            fileName={`eci-map-${set.key}-${run.year}`}
            sharePath={sharePath}
            height="clamp(240px, 62vw, 340px)"
          />
          {sourceLine}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t("charts.scatterTitle", { period })}
          </Title>
          {charts.scatter ? (
            <>
              <ChartPanel
                testId="ranking-chart-scatter"
                spec={charts.scatter.spec}
                title={t("charts.scatterTitle", { period })}
                subtitle={setLabel(t, set)}
                table={charts.scatter.table}
                groups={groups}
                fileName={`eci-gdp-${set.key}-${run.year}`}
                sharePath={sharePath}
                height={380}
              />
              <SourceLine label={t("sourceLabel")}>
                {sourceText(t, run)} {t("charts.gdpSource", { period: gdpPeriod.replace("-", "–") })}
              </SourceLine>
            </>
          ) : (
            <Text c="dimmed" size="sm">
              {t("charts.noScatter")}
            </Text>
          )}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

/**
 * The ECI map and the ECI against GDP per capita scatter as specs of the one chart stack, with the
 * tables their CSV downloads write (labels from the "charts" messages, like every chart's).
 */
async function eciChartProps(charts: EciCharts, options: { locale: Locale; high: string; low: string; year?: number }) {
  const eci = scatterMeasure("country", "eci")!;
  const gdp = scatterMeasure("country", "gdp_per_capita")!;
  const labels = await chartTableLabels(options.locale, ["eci", "eci_rank", "gdp_per_capita"]);
  const rankMeasure = { key: "eci_rank", format: "number" as const };
  const map: ChartSpec = {
    type: "geomap",
    input: {
      rows: charts.rows,
      year: options.year,
      focus: null,
      dimension: "Country",
      measure: { key: "eci", format: "decimal", scale: "diverging", high: options.high, low: options.low, rankKey: "eci_rank" },
    },
    mapUrl: ASSET_URLS.worldMap,
    m49: charts.m49,
  };
  const scatterRows: ChartRow[] = charts.rows.filter((r) => (r.measures?.gdp_per_capita ?? 0) > 0);
  const scatter: ChartSpec | null = charts.hasScatter ? { type: "scatter", input: { rows: scatterRows, x: gdp, y: eci, year: options.year, dimension: "Country" } } : null;
  return {
    map: { spec: map, table: chartTable({ rows: charts.rows, groups: charts.groups, measures: [eci, rankMeasure] }, labels) },
    scatter: scatter ? { spec: scatter, table: chartTable({ rows: scatterRows, groups: charts.groups, scatter: { x: gdp, y: eci } }, labels) } : null,
  };
}
