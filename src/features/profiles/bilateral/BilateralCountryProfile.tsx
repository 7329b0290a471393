import { Alert } from "@mantine/core";
import { Container, Stack, Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { Fragment } from "react";
import { sameYearAndDataset, type Figure } from "@/domain/catalog/figure";
import type { Locale } from "@/domain/i18n/locales";
import { historyLines, historyTable, productTable, productTreemap, yearRuns, type BilateralRow, type HistoryPoint, type PairDepth } from "@/domain/profiles/bilateral";
import { productSegment } from "@/domain/profiles/path";
import { ChartPanel } from "@/features/charts/ChartPanel";
import { chartTableLabels } from "@/features/charts/tableLabels";
import { TextLink } from "@/features/shell/AppLink";
import { loadBilateralHistory, loadBilateralSnapshot, type BilateralHistory, type BilateralRows, type BilateralSnapshot } from "@/server/profiles/bilateral";
import { formatMoney } from "../format";
import { ProfileHero } from "../ProfileHero";
import { memberImage } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";
import { sourceNames } from "../sourceNames";
import { YearSelect } from "../YearSelect";
import { YearTable, milestoneYears } from "../YearTable";
import { datasetSource, ShareBars, topProducts, type DatasetNames } from "./shared";

/** Most tiles drawn in a product treemap (HS6 pairs have thousands); the list, table and API keep them all. */
const TREEMAP_MAX = 400;

interface Member {
  id: string;
  name: string;
}

type T = Awaited<ReturnType<typeof getTranslations<"profiles">>>;

interface BilateralContext {
  locale: Locale;
  t: T;
  reporter: Member;
  partner: Member;
  snapshot: BilateralSnapshot;
  history: BilateralHistory;
  names: DatasetNames;
  depthName: (depth: string) => string;
  /** Path of this profile (no query), for year links and shares. */
  path: string;
}

const names = (ctx: BilateralContext) => ({ reporter: ctx.reporter.name, partner: ctx.partner.name });

/** "HS4 in 1989–1990 · HS sections in 1962–2018", each run's years linked to the profile in that year. */
function DepthLine({ depths, ctx }: { depths: PairDepth[]; ctx: BilateralContext }) {
  const { t, path } = ctx;
  const link = (year: number) => (
    <TextLink key={year} href={`${path}?year=${year}#products`} data-year={year}>
      {year}
    </TextLink>
  );
  return (
    <Text size="sm" c="dimmed" data-testid="product-depth">
      {t("bilateralCountry.depthsLead", names(ctx))}{" "}
      {depths.map((d, i) => (
        <Fragment key={d.depth}>
          {i > 0 ? " · " : null}
          <span data-depth={d.depth}>
            {t("bilateralCountry.depthIn", { depth: ctx.depthName(d.depth) })}{" "}
            {yearRuns(d.years).map((run, j) => (
              <Fragment key={run.from}>
                {j > 0 ? ", " : null}
                {link(run.from)}
                {run.to !== run.from ? <>–{link(run.to)}</> : null}
              </Fragment>
            ))}
          </span>
        </Fragment>
      ))}
      {ctx.snapshot.coverage.hs6Loaded ? null : <> {t("bilateralCountry.hs6NotLoaded")}</>}
    </Text>
  );
}

/** One direction's products at the deepest depth the data hold for the pair and year. */
function productsSection(flow: "export" | "import") {
  const id = flow === "export" ? "products" : "imports";
  const title = (ctx: BilateralContext) =>
    ctx.t(flow === "export" ? "bilateralCountry.products" : "bilateralCountry.productsBought", { ...names(ctx), depth: ctx.depthName(ctx.snapshot.products.depth) });
  const rowsOf = (ctx: BilateralContext) => (flow === "export" ? ctx.snapshot.products.exports : ctx.snapshot.products.imports);
  const yearSelect = (ctx: BilateralContext) =>
    ctx.snapshot.years.length > 1 ? <YearSelect years={ctx.snapshot.years} value={ctx.snapshot.year} param="year" label={ctx.t("year")} anchor={id} /> : null;
  return section<BilateralContext, BilateralRows>({
    id,
    load: async (ctx) => {
      const rows = rowsOf(ctx);
      return rows.rows.length ? rows : null;
    },
    whenEmpty: (ctx) => ({
      title: title(ctx),
      body: (
        <Stack gap="sm">
          {yearSelect(ctx)}
          <Text>{ctx.t("noDataYear", { year: ctx.snapshot.year })}</Text>
          {flow === "export" ? <DepthLine depths={ctx.snapshot.coverage.depths} ctx={ctx} /> : null}
        </Stack>
      ),
    }),
    render: async (data, ctx) => {
      const { t, locale, snapshot, path } = ctx;
      const { depth, source } = snapshot.products;
      const [from, to] = flow === "export" ? [ctx.reporter, ctx.partner] : [ctx.partner, ctx.reporter];
      const labels = await chartTableLabels(locale);
      const href = (row: BilateralRow) => `/${locale}/profile/hs/${productSegment({ kind: depth, id: row.id })}`;
      const treemap = productTreemap(data.rows, depth, snapshot.year, TREEMAP_MAX);
      return {
        title: title(ctx),
        source: { ...datasetSource(ctx.names, source), apiUrl: data.apiUrl, csvUrl: data.csvUrl },
        body: (
          <Stack gap="md">
            {yearSelect(ctx)}
            <Text data-testid={`${id}-text`}>
              {t("bilateralCountry.productsText", { year: snapshot.year, reporter: from.name, partner: to.name, total: formatMoney(data.total.value, locale), top: topProducts(data.rows, locale) })}
            </Text>
            <ChartPanel
              testId={`${depth}-treemap`}
              spec={{ type: "treemap", input: treemap }}
              groups={treemap.groups}
              title={t("bilateralCountry.productsChart", { reporter: from.name, partner: to.name, depth: ctx.depthName(depth), year: snapshot.year })}
              table={productTable(data.rows, labels)}
              fileName={`${from.id}-${to.id}-${depth}-${snapshot.year}`}
              sharePath={`${path}?year=${snapshot.year}#${id}`}
              height={460}
            />
            {data.rows.length > TREEMAP_MAX ? (
              <Text size="xs" c="dimmed" data-testid={`${id}-treemap-note`}>
                {t("bilateralCountry.treemapNote", { max: TREEMAP_MAX, count: data.rows.length })}
              </Text>
            ) : null}
            <ShareBars rows={data.rows} locale={locale} limit={15} href={href} testId={`${depth}-products`} />
            {flow === "export" ? <DepthLine depths={snapshot.coverage.depths} ctx={ctx} /> : null}
          </Stack>
        ),
      };
    },
  });
}

const historySection = section<BilateralContext, HistoryPoint[]>({
  id: "over-time",
  load: async (ctx) => (ctx.history.points.some((p) => p.exports !== null || p.imports !== null) ? ctx.history.points : null),
  render: async (points, ctx) => {
    const { t, locale, history, path } = ctx;
    const first = points[0].year;
    const last = points.at(-1)!.year;
    const lineNames = { exports: t("exports"), imports: t("imports"), balance: t("balance") };
    const labels = await chartTableLabels(locale);
    const byYear = new Map(points.map((p) => [p.year, p]));
    const datasets = [...new Map(history.sources.map((s) => [s.dataset, s])).values()];
    return {
      title: t("bilateralCountry.overTime"),
      source: {
        name: datasets.map((s) => datasetSource(ctx.names, s).name).join("; "),
        years: `${first}–${last}`,
        apiUrl: history.apiUrl,
        csvUrl: history.csvUrl,
      },
      body: (
        <Stack gap="md">
          <Text>{t("bilateralCountry.overTimeText", { ...names(ctx), from: first, to: last })}</Text>
          {history.breaks.length ? (
            <Text size="sm" c="dimmed" data-testid="series-breaks">
              {t("bilateralCountry.seriesBreaks", { years: history.breaks.join(", ") })}
            </Text>
          ) : null}
          <div data-testid="history-points" data-count={points.length} data-first={first} data-last={last}>
            <ChartPanel
              spec={{ type: "line", input: historyLines(points, lineNames) }}
              title={t("bilateralCountry.historyChart", { ...names(ctx), from: first, to: last })}
              table={historyTable(points, { year: labels.year, ...lineNames })}
              fileName={`${ctx.reporter.id}-${ctx.partner.id}-${first}-${last}`}
              sharePath={`${path}#over-time`}
              height={340}
            />
          </div>
          <YearTable
            yearLabel={t("year")}
            years={milestoneYears(points.map((p) => p.year))}
            columns={[
              { label: t("exports"), value: (y) => byYear.get(y)?.exports ?? 0 },
              { label: t("imports"), value: (y) => byYear.get(y)?.imports ?? 0 },
              { label: t("balance"), value: (y) => byYear.get(y)?.balance ?? 0 },
            ]}
            locale={locale}
            testId="bilateral-series"
          />
        </Stack>
      ),
    };
  },
});

const BILATERAL_SECTIONS: SectionModule<BilateralContext, unknown>[] = [productsSection("export"), productsSection("import"), historySection];

/** The balance of two figures of one dataset and year; null otherwise. */
function balanceOf(exports: Figure | null, imports: Figure | null): number | null {
  if (!exports || !imports || !sameYearAndDataset(exports.provenance, imports.provenance)) return null;
  return exports.value - imports.value;
}

export async function BilateralCountryProfile({ locale, reporter, partner, year }: { locale: Locale; reporter: Member; partner: Member; year?: number }) {
  const [t, data, sn, history] = await Promise.all([
    getTranslations({ locale, namespace: "profiles" }),
    getTranslations({ locale, namespace: "dataAvailability" }),
    sourceNames(locale),
    loadBilateralHistory(reporter.id, partner.id, locale),
  ]);
  const snapshot = await loadBilateralSnapshot(reporter.id, partner.id, year, locale);
  const title = `${reporter.name} – ${partner.name}`;
  const images = [
    { src: memberImage("country", reporter.id), alt: reporter.name },
    { src: memberImage("country", partner.id), alt: partner.name },
  ];
  if (!snapshot) {
    return (
      <>
        <ProfileHero images={images} title={title} kind={t("kinds.bilateral-country")} stats={[]} />
        <Container size="lg" py="xl">
          <Text data-testid="no-data">{t("bilateralCountry.noTrade", { reporter: reporter.name, partner: partner.name })}</Text>
        </Container>
      </>
    );
  }
  const datasetNames: DatasetNames = { sources: sn, dataset: (key, values) => (data.has(`datasets.${key}`) ? data(`datasets.${key}`, values) : null) };
  const ctx: BilateralContext = {
    locale,
    t,
    reporter,
    partner,
    snapshot,
    history,
    names: datasetNames,
    depthName: (depth) => (data.has(`depths.${depth}`) ? data(`depths.${depth}`) : depth.toUpperCase()),
    path: `/${locale}/profile/bilateral-country/${reporter.id}/partner/${partner.id}`,
  };
  const shown = snapshot.year;
  const balance = balanceOf(snapshot.exports, snapshot.imports);
  return (
    <>
      <ProfileHero
        images={images}
        title={title}
        kind={t("kinds.bilateral-country")}
        stats={[
          { label: t("stats.exports", { year: shown }), value: formatMoney(snapshot.exports?.value, locale), testId: "stat-exports" },
          { label: t("stats.imports", { year: shown }), value: formatMoney(snapshot.imports?.value, locale), testId: "stat-imports" },
          { label: t("stats.balance", { year: shown }), value: formatMoney(balance, locale), testId: "stat-balance" },
        ]}
      >
        <Stack gap="xs" maw={900}>
          <Text size="lg" data-testid="overview-text" data-year={shown}>
            {t("bilateralCountry.overviewText", { year: shown, ...names(ctx), exports: formatMoney(snapshot.exports?.value, locale), imports: formatMoney(snapshot.imports?.value, locale) })}
          </Text>
          {snapshot.exports ? (
            <Text size="xs" c="dimmed" data-testid="overview-source">
              {t("source", { source: datasetSource(datasetNames, snapshot.exports.provenance).name, years: String(shown) })}
            </Text>
          ) : null}
        </Stack>
      </ProfileHero>
      <Container size="lg" py="xl">
        {snapshot.unknownYear !== null ? (
          <Alert variant="light" color="yellow" mb="lg" data-testid="year-fallback">
            <Text size="sm">{t("bilateralCountry.yearFallback", { asked: snapshot.unknownYear, year: shown })}</Text>
          </Alert>
        ) : null}
        <ProfileSections modules={BILATERAL_SECTIONS} ctx={ctx} locale={locale} />
      </Container>
    </>
  );
}
