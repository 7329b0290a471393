import { Alert } from "@mantine/core";
import { Container, Group, SimpleGrid, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { Provenance } from "@/domain/catalog/figure";
import { breakdownTreemaps, entityColor, lineChart, type CompareLineChart, type PointExtra } from "@/domain/compare/charts";
import type { CompareRankYear, CompareEntity, CountryComparison, ProductComparison } from "@/domain/compare/types";
import { comparePath, type CompareParse, type CompareProblem, type CompareState } from "@/domain/compare/url";
import { formatDecimal, formatNumber } from "@/domain/format";
import { yearsLabel } from "@/domain/format/years";
import type { Locale } from "@/domain/i18n/locales";
import { ChartPanel } from "@/features/charts/ChartPanel";
import { formatMoney } from "@/features/profiles/format";
import { RankedBars } from "@/features/profiles/RankedBars";
import { SectionFrame } from "@/features/profiles/SectionFrame";
import { sourceLine, sourceNames, type SourceNames } from "@/features/profiles/sourceNames";
import { TextLink } from "@/features/shell/AppLink";
import { loadCountryComparison } from "@/server/compare/countries";
import { compareEntities } from "@/server/compare/entities";
import { loadProductComparison } from "@/server/compare/products";
import { ComparePicker, type PickerLabels } from "./ComparePicker";

type T = Awaited<ReturnType<typeof getTranslations<"compare">>>;

interface Context {
  locale: Locale;
  t: T;
  tp: Awaited<ReturnType<typeof getTranslations<"profiles">>>;
  names: SourceNames;
  /** Display names of the releases ("Open Trade Statistics (2018 extract)"); a key without one reads as its source. */
  release: (p: Provenance) => string | null;
  sharePath: string;
}

/** "Open Trade Statistics (UN Comtrade) — Open Trade Statistics (2018 extract)": a figure's source and release, for tables. */
const sourceLabel = (ctx: Context) => (p: Provenance) => {
  const source = sourceLine(ctx.names, [p.source]);
  const release = ctx.release(p);
  return release ? `${source} — ${release}` : source;
};

const sourceOf = (ctx: Context, years: readonly Provenance[], shown: readonly number[], apiUrl: string) => ({
  name: sourceLine(ctx.names, years.filter((y) => shown.includes(y.year)).map((y) => y.source)),
  years: yearsLabel(shown),
  ...(apiUrl ? { apiUrl } : {}),
});

function problemText(t: T, problem: CompareProblem): string {
  switch (problem.code) {
    case "both-kinds":
      return t("problems.bothKinds");
    case "too-few":
      return t("problems.tooFew", { count: problem.count });
    case "too-many":
      return t("problems.tooMany", { count: problem.count });
    case "unknown":
      return t("problems.unknown", { tokens: problem.tokens.join(", ") });
    case "unsupported":
      return t("problems.unsupported", { tokens: problem.tokens.join(", ") });
  }
}

/** Where the line breaks: the years and the releases on either side. */
function BreakNote({ chart, years, ctx }: { chart: CompareLineChart; years: readonly Provenance[]; ctx: Context }) {
  if (chart.breaks.length === 0) return null;
  const releases = [...new Set(years.filter((y) => chart.years.includes(y.year)).map((y) => ctx.release(y) ?? sourceLine(ctx.names, [y.source])))];
  return (
    <Text size="sm" c="dimmed" data-testid="series-break">
      {ctx.t("breaks", { years: chart.breaks.join(", "), releases: releases.join("; ") })}
    </Text>
  );
}

function MissingNote({ chart, entities, ctx }: { chart: CompareLineChart; entities: readonly CompareEntity[]; ctx: Context }) {
  if (chart.missing.length === 0) return null;
  const names = entities.filter((e) => chart.missing.includes(e.id)).map((e) => e.name);
  return (
    <Text size="sm" data-testid="compare-missing">
      {ctx.t("missing", { names: names.join(", ") })}
    </Text>
  );
}

/** A line chart in its section: title with its years, the chart with downloads, its source and breaks. */
function LineSection({
  id,
  title,
  chart,
  years,
  apiUrl,
  entities,
  ctx,
}: {
  id: string;
  title: string;
  chart: CompareLineChart;
  years: readonly Provenance[];
  apiUrl: string;
  entities: readonly CompareEntity[];
  ctx: Context;
}) {
  const { t, locale } = ctx;
  return (
    <SectionFrame id={id} title={title} locale={locale} source={chart.years.length ? sourceOf(ctx, years, chart.years, apiUrl) : undefined}>
      {chart.years.length ? (
        <ChartPanel
          spec={chart.spec}
          title={t("chartTitle", { measure: title, years: yearsLabel(chart.years) })}
          subtitle={sourceOf(ctx, years, chart.years, "").name}
          table={chart.table}
          fileName={`compare-${id}`}
          sharePath={`${ctx.sharePath}#${id}`}
          height={360}
          testId={`compare-chart-${id}`}
        />
      ) : (
        <Text data-testid="no-data">{ctx.tp("noData")}</Text>
      )}
      <BreakNote chart={chart} years={years} ctx={ctx} />
      <MissingNote chart={chart} entities={entities} ctx={ctx} />
    </SectionFrame>
  );
}

function rankExtra(ctx: Context, label: string): PointExtra<CompareRankYear> {
  return {
    key: "rank",
    label,
    format: "number",
    value: (r) => r.rank,
    text: (r) => (r.rank === null ? "–" : r.ranked ? ctx.tp("rankOf", { rank: formatNumber(r.rank, ctx.locale), count: formatNumber(r.ranked, ctx.locale) }) : formatNumber(r.rank, ctx.locale)),
  };
}

const lineLabels = (ctx: Context, measure: string) => ({ measure, year: ctx.tp("year"), name: ctx.t("table.name"), source: ctx.t("table.source") });

/** The entity's name in its chart colour, linked to its profile. */
function EntityName({ entity, index, locale }: { entity: CompareEntity; index: number; locale: Locale }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: entityColor(index), flex: "none" }} />
      <TextLink href={`/${locale}${entity.profile}`} data-testid="compare-entity-name">
        {entity.name}
      </TextLink>
    </Group>
  );
}

function CountrySections({ data, ctx }: { data: CountryComparison; ctx: Context }) {
  const { t, tp, locale } = ctx;
  const { entities, trade, basket, eci } = data;
  const format = { format: "usd" as const, sourceLabel: sourceLabel(ctx) };
  const exportsChart = lineChart(entities, trade, (r) => r.exports, { ...format, labels: lineLabels(ctx, tp("exports")) });
  const importsChart = lineChart(entities, trade, (r) => r.imports, { ...format, labels: lineLabels(ctx, tp("imports")) });
  const balanceChart = lineChart(entities, trade, (r) => r.balance, { ...format, labels: lineLabels(ctx, tp("balance")) });
  const eciChart = lineChart(entities, eci, (r) => r.value, { format: "decimal", sourceLabel: sourceLabel(ctx), labels: lineLabels(ctx, t("eci")), extras: [rankExtra(ctx, t("table.rank"))] });
  const treemaps = breakdownTreemaps(entities, basket, {
    dimension: "section",
    kind: "section",
    sourceLabel: sourceLabel(ctx),
    labels: { name: t("table.section"), value: tp("exports"), share: tp("share"), year: tp("year"), source: t("table.source") },
  });
  const year = basket.provenance?.year ?? null;
  const newestEci = eci.years.at(-1)?.year ?? null;
  const at = (id: string) => (year === null ? undefined : trade.rows.find((r) => r.id === id && r.year === year));
  const eciAt = (id: string) => eci.rows.find((r) => r.id === id && r.year === newestEci);
  return (
    <>
      {year !== null && (
        <SectionFrame id="summary" title={t("summary")} locale={locale} source={{ name: sourceLine(ctx.names, [basket.provenance!.source, ...(newestEci ? [eci.years.at(-1)!.source] : [])]), years: newestEci && newestEci !== year ? `${year}; ${t("eci")} ${newestEci}` : String(year) }}>
          <TableScrollContainer minWidth={560} type="native">
            <Table striped withTableBorder fz="sm" data-testid="compare-summary">
              <TableThead>
                <TableTr>
                  <TableTh>{t("table.name")}</TableTh>
                  <TableTh ta="right">{t("withYear", { label: tp("exports"), year })}</TableTh>
                  <TableTh ta="right">{t("withYear", { label: tp("imports"), year })}</TableTh>
                  <TableTh ta="right">{t("withYear", { label: tp("balance"), year })}</TableTh>
                  {newestEci !== null && <TableTh ta="right">{t("withYear", { label: t("eci"), year: newestEci })}</TableTh>}
                </TableTr>
              </TableThead>
              <TableTbody>
                {entities.map((entity, i) => {
                  const row = at(entity.id);
                  const e = eciAt(entity.id);
                  return (
                    <TableTr key={entity.id} data-entity={entity.id}>
                      {/* A name never wraps a character a line on a phone: the table scrolls instead. */}
                      <TableTd style={{ whiteSpace: "nowrap" }}>
                        <EntityName entity={entity} index={i} locale={locale} />
                      </TableTd>
                      <TableTd ta="right">{row ? formatMoney(row.exports, locale) : "–"}</TableTd>
                      <TableTd ta="right">{row ? formatMoney(row.imports, locale) : "–"}</TableTd>
                      <TableTd ta="right">{row ? formatMoney(row.balance, locale) : "–"}</TableTd>
                      {newestEci !== null && <TableTd ta="right">{e ? `${formatDecimal(e.value, locale, 2)} (${rankExtra(ctx, "").text(e)})` : tp("notRanked")}</TableTd>}
                    </TableTr>
                  );
                })}
              </TableTbody>
            </Table>
          </TableScrollContainer>
        </SectionFrame>
      )}
      <LineSection id="exports" title={tp("exports")} chart={exportsChart} years={trade.years} apiUrl={trade.apiUrl} entities={entities} ctx={ctx} />
      <LineSection id="imports" title={tp("imports")} chart={importsChart} years={trade.years} apiUrl={trade.apiUrl} entities={entities} ctx={ctx} />
      <LineSection id="balance" title={tp("balance")} chart={balanceChart} years={trade.years} apiUrl={trade.apiUrl} entities={entities} ctx={ctx} />
      <SectionFrame id="basket" title={year === null ? t("basket") : t("basketYear", { year })} locale={locale} source={basket.provenance ? { name: sourceLine(ctx.names, [basket.provenance.source]), years: String(basket.provenance.year), apiUrl: basket.apiUrl } : undefined}>
        {treemaps.length ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {treemaps.map((map) => {
              const entity = entities.find((e) => e.id === map.id)!;
              const title = t("basketOf", { name: entity.name, year: year ?? "" });
              return (
                <Stack key={map.id} gap="xs" data-entity={map.id}>
                  <Text fw={600}>{entity.name}</Text>
                  <ChartPanel spec={map.spec} title={title} subtitle={sourceLine(ctx.names, [basket.provenance!.source])} table={map.table} fileName={`compare-basket-${map.id}-${year}`} sharePath={`${ctx.sharePath}#basket`} height={320} />
                </Stack>
              );
            })}
          </SimpleGrid>
        ) : (
          <Text data-testid="no-data">{tp("noData")}</Text>
        )}
      </SectionFrame>
      <LineSection id="eci" title={t("eci")} chart={eciChart} years={eci.years} apiUrl={eci.apiUrl} entities={entities} ctx={ctx} />
    </>
  );
}

function ProductSections({ data, ctx }: { data: ProductComparison; ctx: Context }) {
  const { t, tp, locale } = ctx;
  const { entities, world, exporters, pci } = data;
  const worldChart = lineChart(entities, world, (r) => r.value, { format: "usd", sourceLabel: sourceLabel(ctx), labels: lineLabels(ctx, t("worldExports")) });
  const pciChart = lineChart(
    entities.filter((e) => e.kind === "hs4"),
    pci,
    (r) => r.value,
    { format: "decimal", sourceLabel: sourceLabel(ctx), labels: lineLabels(ctx, t("pci")), extras: [rankExtra(ctx, t("table.rank"))] },
  );
  const year = exporters.provenance?.year ?? null;
  const notHeadings = entities.filter((e) => e.kind !== "hs4").map((e) => e.name);
  return (
    <>
      <LineSection id="world-exports" title={t("worldExports")} chart={worldChart} years={world.years} apiUrl={world.apiUrl} entities={entities} ctx={ctx} />
      <SectionFrame id="exporters" title={year === null ? t("exporters") : t("exportersYear", { year })} locale={locale} source={exporters.provenance ? { name: sourceLine(ctx.names, [exporters.provenance.source]), years: String(exporters.provenance.year), apiUrl: exporters.apiUrl } : undefined}>
        {exporters.rows.length ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {entities.map((entity, i) => {
              const rows = exporters.rows.filter((r) => r.id === entity.id);
              const total = exporters.totals.find((x) => x.id === entity.id)?.value ?? 0;
              return (
                <Stack key={entity.id} gap="xs" data-entity={entity.id}>
                  <EntityName entity={entity} index={i} locale={locale} />
                  {rows.length ? (
                    <>
                      <Text size="sm" c="dimmed">
                        {t("worldTotal", { value: formatMoney(total, locale), year: year ?? "" })}
                      </Text>
                      <RankedBars items={rows.map((r) => ({ id: r.partId, name: r.partName, value: r.value, href: `/${locale}/profile/country/${r.partId}` }))} total={total} locale={locale} testId={`compare-exporters-${entity.id}`} />
                    </>
                  ) : (
                    <Text size="sm">{tp("noData")}</Text>
                  )}
                </Stack>
              );
            })}
          </SimpleGrid>
        ) : (
          <Text data-testid="no-data">{tp("noData")}</Text>
        )}
      </SectionFrame>
      <LineSection id="pci" title={t("pci")} chart={pciChart} years={pci.years} apiUrl={pci.apiUrl} entities={entities.filter((e) => e.kind === "hs4")} ctx={ctx} />
      {notHeadings.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="pci-headings-only">
          {t("pciHeadingsOnly", { names: notHeadings.join(", ") })}
        </Text>
      )}
    </>
  );
}

/** Labels of the picker, translated here: the picker is a client component without server messages. */
function pickerLabels(t: T): PickerLabels {
  return {
    countries: t("kinds.countries"),
    products: t("kinds.products"),
    addCountry: t("picker.addCountry"),
    addProduct: t("picker.addProduct"),
    placeholder: t("picker.placeholder"),
    remove: t("picker.remove"),
    full: t("picker.full"),
    noResults: t("picker.noResults"),
    failed: t("picker.failed"),
    kind: t("picker.kind"),
  };
}

/** The compare page: the picker, what is wrong with the address (if anything), and the comparison. */
export async function ComparePage({ locale, parsed }: { locale: Locale; parsed: Exclude<CompareParse, { kind: "redirect" }> }) {
  const [t, tp, td, names] = await Promise.all([
    getTranslations({ locale, namespace: "compare" }),
    getTranslations({ locale, namespace: "profiles" }),
    getTranslations({ locale, namespace: "data" }),
    sourceNames(locale),
  ]);
  const state: CompareState | null = parsed.kind === "ok" ? parsed.state : parsed.kind === "invalid" ? parsed.state : null;
  const ctx: Context = {
    locale,
    t,
    tp,
    names,
    release: (p) => (td.has(`vintages.${p.vintage}`) ? td(`vintages.${p.vintage}`) : null),
    sharePath: comparePath(locale, state),
  };
  const picked = state ? await compareEntities(state, locale).catch(() => []) : [];
  const data = parsed.kind === "ok" ? await (parsed.state.kind === "countries" ? loadCountryComparison(parsed.state, locale) : loadProductComparison(parsed.state, locale)).catch(() => null) : null;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1} data-testid="compare-title">
            {t("title")}
          </Title>
          <Text size="lg" maw={860}>
            {t("lead")}
          </Text>
        </Stack>
        <ComparePicker locale={locale} kind={state?.kind ?? "countries"} entities={picked.map((e) => ({ id: e.id, name: e.name }))} labels={pickerLabels(t)} />
        {parsed.kind === "invalid" && (
          <Alert color={parsed.problem.code === "too-few" ? "blue" : "orange"} title={parsed.problem.code === "too-few" ? t("problems.addTitle") : t("problems.title")} data-testid="compare-message">
            {problemText(t, parsed.problem)}
          </Alert>
        )}
        {parsed.kind === "empty" && (
          <Alert color="blue" data-testid="compare-message">
            {t("start")}{" "}
            <TextLink href={comparePath(locale, { kind: "countries", ids: ["chl", "per", "arg"] })}>{t("exampleCountries")}</TextLink>
            {" · "}
            <TextLink href={comparePath(locale, { kind: "products", ids: ["2603", "7403"] })}>{t("exampleProducts")}</TextLink>
          </Alert>
        )}
        {parsed.kind === "ok" && !data && (
          <Alert color="orange" data-testid="compare-message">
            {tp("noData")}
          </Alert>
        )}
        {data?.kind === "countries" && <CountrySections data={data} ctx={ctx} />}
        {data?.kind === "products" && <ProductSections data={data} ctx={ctx} />}
      </Stack>
    </Container>
  );
}
