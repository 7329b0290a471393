import { SeriesBreaksNote } from "../snapshotParts";
import { Alert } from "@mantine/core";
import { Box, Container, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { formatDecimal } from "@/domain/format";
import { yearsLabel } from "@/domain/format/years";
import type { Locale } from "@/domain/i18n/locales";
import { productSegment, type ProductRef } from "@/domain/profiles/path";
import { memberTreemap, productHistoryChart } from "@/domain/profiles/deepCharts";
import type { TableLabels } from "@/domain/charts/table";
import { ChartPanel } from "@/features/charts/ChartPanel";
import { chartTableLabels } from "@/features/charts/tableLabels";
import { loadProductInCountry, type Destinations, type ProductInCountry } from "@/server/profiles/productInCountry";
import { formatMoney, formatShare } from "../format";
import { ProfileHero } from "../ProfileHero";
import { RankedBars, type RankedItem } from "../RankedBars";
import { memberImage } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";
import { sourceLine, sourceNames, type SourceNames } from "../sourceNames";
import { YearSelect } from "../YearSelect";

type T = Awaited<ReturnType<typeof getTranslations<"profiles">>>;

interface ProductInCountryContext {
  locale: Locale;
  t: T;
  /** Names of data vintages ("data.vintages"), where the messages have one. */
  vintage: (key: string) => string | null;
  base: string;
  sharePath: string;
  product: ProductRef;
  names: { product: string; country: string };
  country: { id: string; name: string };
  data: ProductInCountry;
  ranked: RankedItem[];
  sourceNames: SourceNames;
  tableLabels: TableLabels;
}

/** The year choice of the snapshot sections (?year=), when there is more than one year. */
function yearSelect(ctx: ProductInCountryContext, anchor: string) {
  return ctx.data.years.length > 1 ? <YearSelect years={ctx.data.years} value={ctx.data.chosen.year} param="year" label={ctx.t("year")} anchor={anchor} /> : null;
}

function DestinationsBlock({ block, ctx, chart }: { block: Destinations; ctx: ProductInCountryContext; chart: boolean }) {
  const { t, locale, base, names, country, sharePath } = ctx;
  const year = block.provenance.year;
  const what = block.kind === "section" && block.section ? block.section.name : names.product;
  const treemap = memberTreemap(
    block.rows.map((r) => ({ ...r, group: r.continent })),
    { kind: "country", year, groups: block.groups.map((g) => ({ ...g, kind: "continent" as const })) },
  );
  return (
    <Stack gap="sm" data-testid={`destinations-${block.kind}`} data-year={year}>
      {chart ? (
        <ChartPanel
          testId="destinations-treemap"
          spec={{ type: "treemap", input: treemap.input }}
          title={t("bilateralProduct.destinationsChart", { country: country.name, what, year })}
          table={{
            columns: [
              { key: "id", label: ctx.tableLabels.code, format: "text" },
              { key: "name", label: ctx.tableLabels.name, format: "text" },
              { key: "value", label: ctx.tableLabels.value, format: "usd" },
              { key: "share", label: ctx.tableLabels.share, format: "percent" },
            ],
            rows: block.rows.map((r) => [r.id, r.name, r.value, block.total > 0 ? r.value / block.total : null]),
          }}
          fileName={`destinations-${country.id}-${what}-${year}`.toLowerCase().replace(/[^a-z0-9-]+/g, "-")}
          sharePath={`${sharePath}#destinations`}
          height={340}
        />
      ) : null}
      <RankedBars items={block.rows.map((r) => ({ id: r.id, name: r.name, value: r.value, href: `${base}/country/${r.id}` }))} total={block.total} locale={locale} testId={block.kind === "sample" ? "product-destinations-sample" : "product-destinations"} />
    </Stack>
  );
}

const SECTIONS: SectionModule<ProductInCountryContext, unknown>[] = [
  section<ProductInCountryContext, RankedItem[]>({
    id: "rank",
    half: true,
    load: async ({ ranked, data }) => (data.ranking.position < 0 ? null : ranked.slice(Math.max(0, data.ranking.position - 4), data.ranking.position + 5)),
    whenEmpty: (ctx) => ({
      title: ctx.t("bilateralProduct.rankTitle", ctx.names),
      body: (
        <>
          {yearSelect(ctx, "rank")}
          <Text>{ctx.t("noDataYear", { year: ctx.data.chosen.year })}</Text>
        </>
      ),
    }),
    render: (neighbours, ctx) => {
      const { t, locale, names, data, sourceNames: sn } = ctx;
      return {
        title: t("bilateralProduct.rankTitle", names),
        source: { name: sourceLine(sn, [data.chosen.source]), years: String(data.chosen.year), apiUrl: data.ranking.apiUrl, csvUrl: data.ranking.csvUrl },
        body: (
          <>
            {yearSelect(ctx, "rank")}
            <RankedBars items={neighbours} total={data.ranking.worldTotal} locale={locale} testId="rank-neighbours" />
          </>
        ),
      };
    },
  }),
  section<ProductInCountryContext, Destinations[]>({
    id: "destinations",
    half: true,
    load: async ({ data }) => (data.destinations.length ? data.destinations : null),
    whenEmpty: (ctx) => ({
      title: ctx.t("bilateralProduct.destinations", ctx.names),
      body: (
        <>
          {yearSelect(ctx, "destinations")}
          <Text data-testid="no-destinations">{ctx.t("bilateralProduct.noDestinations", ctx.names)}</Text>
        </>
      ),
    }),
    render: (blocks, ctx) => {
      const { t, names, data, sourceNames: sn } = ctx;
      const main = blocks.find((b) => b.kind !== "sample") ?? null;
      const sample = blocks.find((b) => b.kind === "sample") ?? null;
      const first = main ?? sample!;
      const title = main?.kind === "section" && main.section ? t("bilateralProduct.sectionDestinations", { country: names.country, section: main.section.name }) : t("bilateralProduct.destinations", names);
      return {
        title,
        source: { name: sourceLine(sn, blocks.map((b) => b.provenance.source)), years: yearsLabel(blocks.map((b) => b.provenance.year)), apiUrl: first.apiUrl, csvUrl: first.csvUrl },
        body: (
          <Stack gap="md">
            {yearSelect(ctx, "destinations")}
            {main ? (
              <>
                {main.kind === "section" && main.section ? (
                  <Text data-testid="section-destinations-note">{t("bilateralProduct.sectionDestinationsText", { section: main.section.name, product: names.product })}</Text>
                ) : null}
                {main.provenance.year !== data.chosen.year ? (
                  <Text size="sm" c="dimmed" data-testid="destinations-year">
                    {t("bilateralProduct.destinationsYear", { asked: data.chosen.year, year: main.provenance.year })}
                  </Text>
                ) : null}
                <DestinationsBlock block={main} ctx={ctx} chart />
              </>
            ) : null}
            {sample ? (
              <Box>
                <Title order={3} size="h5" mb={4}>
                  {t("bilateralProduct.sampleTitle", { product: names.product, year: sample.provenance.year })}
                </Title>
                <Text size="sm" c="dimmed" mb="xs">
                  {t("bilateralProduct.sampleText", { country: names.country, product: names.product, year: sample.provenance.year })}
                </Text>
                <DestinationsBlock block={sample} ctx={ctx} chart={!main} />
                <Text size="xs" c="dimmed" data-testid="sample-source">
                  {t("source", { source: sourceLine(sn, [sample.provenance.source]), years: String(sample.provenance.year) })}
                </Text>
              </Box>
            ) : null}
          </Stack>
        ),
      };
    },
  }),
  section<ProductInCountryContext, ProductInCountry["history"]>({
    id: "history",
    load: async ({ data }) => (data.history.points.length ? data.history : null),
    render: (history, ctx) => {
      const { t, names, country, sharePath, sourceNames: sn, vintage } = ctx;
      const first = history.points[0].year;
      const last = history.points.at(-1)!.year;
      const chart = productHistoryChart(
        history.points,
        { measure: t("exports"), year: t("year"), worldShare: t("bilateralProduct.worldShare"), rca: t("rca"), source: t("sourceColumn") },
        (run) => t("bilateralProduct.runName", { source: vintage(run.point.vintage) ?? sourceLine(sn, [run.point.source]), years: run.first === run.last ? String(run.first) : `${run.first}–${run.last}` }),
      );
      return {
        title: t("bilateralProduct.historyTitle", names),
        source: { name: sourceLine(sn, history.points.map((p) => p.source)), years: yearsLabel(history.points.map((p) => p.year)), apiUrl: history.apiUrl, csvUrl: history.csvUrl },
        body: (
          <Stack gap="sm">
            <Text>{t("bilateralProduct.historyText", { ...names, count: history.points.length, first, last })}</Text>
            <Box data-testid="pic-history" data-points={chart.points} data-breaks={history.breaks.join(",")}>
              <ChartPanel
                spec={chart.spec}
                title={t("bilateralProduct.historyChart", { ...names, first, last })}
                table={chart.table}
                fileName={`${country.id}-${productSegment(ctx.product)}-${first}-${last}`}
                sharePath={`${sharePath}#history`}
                height={320}
              />
            </Box>
            <SeriesBreaksNote t={t} breaks={history.breaks} />
          </Stack>
        ),
      };
    },
  }),
];

export async function BilateralProductProfile({ locale, product, productName, country, year }: { locale: Locale; product: ProductRef; productName: string; country: { id: string; name: string }; year?: number }) {
  const [t, tData, sn, tableLabels, data] = await Promise.all([
    getTranslations({ locale, namespace: "profiles" }),
    getTranslations({ locale, namespace: "data" }),
    sourceNames(locale),
    chartTableLabels(locale),
    loadProductInCountry(product, country.id, locale, year),
  ]);
  if (!data) {
    return (
      <Container size="lg" py="xl">
        <Text data-testid="no-data">{t("noData")}</Text>
      </Container>
    );
  }
  const base = `/${locale}/profile`;
  const names = { product: productName, country: country.name };
  const YEAR = data.chosen.year;
  const ranked: RankedItem[] = data.ranking.rows.map((r) => ({ ...r, href: `${base}/bilateral-product/${productSegment(product)}/reporter/${r.id}` }));
  const point = data.point;
  const position = data.ranking.position;
  const vintage = (key: string) => (tData.has(`vintages.${key}`) ? tData(`vintages.${key}`) : null);
  const ctx: ProductInCountryContext = {
    locale,
    t,
    vintage,
    base,
    sharePath: `${base}/bilateral-product/${productSegment(product)}/reporter/${country.id}`,
    product,
    names,
    country,
    data,
    ranked,
    sourceNames: sn,
    tableLabels,
  };
  return (
    <>
      <ProfileHero
        images={[
          { src: memberImage(product.kind, product.id), alt: productName },
          { src: memberImage("country", country.id), alt: country.name },
        ]}
        title={`${productName} · ${country.name}`}
        kind={t("kinds.bilateral-product")}
        stats={
          point
            ? [
                { label: t("stats.exports", { year: YEAR }), value: formatMoney(point.value, locale), testId: "stat-exports" },
                ...(position >= 0 ? [{ label: t("stats2.rank", { year: YEAR }), value: `${position + 1} / ${ranked.length}`, testId: "stat-rank" }] : []),
                { label: t("stats.share", { year: YEAR }), value: formatShare(point.worldShare, locale), testId: "stat-world-share" },
                { label: t("stats2.shareOfExports", { year: YEAR }), value: formatShare(point.exportShare, locale), testId: "stat-export-share" },
                { label: t("bilateralProduct.rcaStat", { year: YEAR }), value: formatDecimal(point.rca, locale, 2), testId: "stat-rca" },
              ]
            : []
        }
      >
        {data.missing !== null ? (
          <Alert variant="light" color="yellow" maw={900} data-testid="year-fallback">
            {t("yearFallback", { asked: data.missing, year: YEAR })}
          </Alert>
        ) : null}
        <Text size="lg" maw={900} data-testid="overview-text" data-year={YEAR}>
          {point
            ? t("bilateralProduct.overviewText", {
                year: YEAR,
                ...names,
                value: formatMoney(point.value, locale),
                share: formatShare(point.exportShare, locale),
                rank: position + 1,
                count: ranked.length,
              })
            : t("bilateralProduct.noExports", { ...names, year: YEAR })}
        </Text>
        {point && point.rca !== null ? (
          <Text maw={900} data-testid="rca-text">
            {t("bilateralProduct.rcaText", { year: YEAR, ...names, rca: formatDecimal(point.rca, locale, 2), rcaKind: point.rca >= 1 ? "above" : "below" })}{" "}
            <Text span size="sm" c="dimmed">
              {point.rcaFrom === "ranking" ? t("bilateralProduct.rcaRanking", { year: YEAR }) : t("bilateralProduct.rcaComputed")}
            </Text>
          </Text>
        ) : null}
        <Text size="sm" c="dimmed" maw={900} data-testid="hero-source">
          {t("source", { source: sourceLine(sn, [data.chosen.source]), years: String(YEAR) })}
        </Text>
      </ProfileHero>
      <Container size="lg" py="xl">
        <ProfileSections modules={SECTIONS} ctx={ctx} locale={locale} />
      </Container>
    </>
  );
}
