import { Alert } from "@mantine/core";
import { Container, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { productSegment, type ProductRef } from "@/domain/profiles/path";
import type { FlowPair, Neighbours } from "@/domain/profiles/snapshot";
import { TextLink } from "@/features/shell/AppLink";
import { formatDecimal, formatNumber } from "@/domain/format";
import { yearsLabel } from "@/domain/format/years";
import { UNKNOWN_COLOR } from "@/domain/charts/presentation";
import { chartTable } from "@/domain/charts/table";
import type { ChartRow } from "@/domain/charts/types";
import { profileView } from "@/domain/visualize/profileViews";
import type { ProductRef as VizProduct } from "@/domain/visualize/state";
import { ChartPanel } from "@/features/charts/ChartPanel";
import type { ChartSpec } from "@/features/charts/spec";
import { chartTableLabels } from "@/features/charts/tableLabels";
import { vizCatalog } from "@/server/visualize/members";
import type { YearRanking } from "@/server/profiles/figures";
import {
  loadProductChildren,
  loadProductHistory,
  loadProductNeighbours,
  loadProductPci,
  loadProductTraders,
  loadProductYears,
  type ProductChildren,
  type ProductFlow,
  type ProductHistory,
} from "@/server/profiles/product";
import type { ProfileIndex } from "@/server/search/engine";
import { formatMoney, formatShare } from "../format";
import { ProfileChart } from "../ProfileChart";
import { ProfileHero } from "../ProfileHero";
import { CompareLink } from "@/features/profiles/CompareLink";
import { RankedBars, type RankedItem } from "../RankedBars";
import { memberImage, topThree } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";
import { mixesSources, sourceLine, sourceNames, type SourceNames } from "../sourceNames";
import { HistoryPanel, historySeries, SectionYear, YearFallback } from "../snapshotParts";
import { milestoneYears } from "../YearTable";

interface ProductContext {
  locale: Locale;
  t: Awaited<ReturnType<typeof getTranslations<"profiles">>>;
  base: string;
  product: ProductRef;
  name: string;
  index: ProfileIndex;
  names: SourceNames;
  /** ?year= as asked (each section answers it or falls back, and says so). */
  asked: number | undefined;
  /** Exporters and importers of the year shown. */
  pair: FlowPair;
  exporters: YearRanking | null;
}

const listOf = (ranking: YearRanking, href?: (id: string) => string): RankedItem[] => ranking.rows.map((r) => ({ id: r.id, name: r.name, value: r.value, href: href?.(r.id) }));

/** This page with another ?year=, at a section. */
const yearLink = (ctx: Pick<ProductContext, "base" | "product">, year: number, anchor: string) => `${ctx.base}/hs/${productSegment(ctx.product)}?year=${year}#${anchor}`;

/** The builder's reference of this product (for its treemaps and maps). */
async function vizRef(product: ProductRef): Promise<VizProduct | null> {
  const catalog = await vizCatalog();
  return catalog.product(product.kind === "section" ? product.id : `hs${product.id}`);
}

/** A list of traders, or importers missing that year (with the source of that year's exports-only data, when that is why). */
type Traders = { kind: "ok"; ranking: YearRanking; ref: VizProduct | null } | { kind: "missing"; year: number; exportsSource: string | null };

function traders(flow: ProductFlow) {
  const id = flow === "export" ? "exporters" : "importers";
  return section<ProductContext, Traders>({
    id,
    half: true,
    async load(ctx) {
      const { pair } = ctx;
      if (pair.year === null) return null;
      const ref = await vizRef(ctx.product);
      if (flow === "export") return ctx.exporters ? { kind: "ok", ranking: ctx.exporters, ref } : null;
      if (!pair.imports) return { kind: "missing", year: pair.year, exportsSource: pair.exports?.source ?? null };
      const ranking = await loadProductTraders(ctx.product, "import", pair.imports, ctx.locale);
      // The year's data hold imports, just none of this product: say so without blaming the source.
      return ranking ? { kind: "ok", ranking, ref } : { kind: "missing", year: pair.year, exportsSource: null };
    },
    render(data, ctx) {
      const { t, locale, base, product, pair, names } = ctx;
      const title = t(flow === "export" ? "product.topExporters" : "product.topImporters");
      if (data.kind === "missing") {
        const nearest = pair.importsNearest;
        return {
          title,
          body: (
            <Stack gap="xs" data-testid="importers-missing" data-year={data.year} data-nearest={nearest?.year ?? ""}>
              <Text>
                {data.exportsSource
                  ? t("product.importersMissing", { name: ctx.name, year: data.year, source: sourceLine(names, [data.exportsSource]) })
                  : t("product.importersMissingPlain", { name: ctx.name, year: data.year })}
              </Text>
              {nearest && (
                <TextLink href={yearLink(ctx, nearest.year, "importers")} data-testid="importers-nearest">
                  {t("product.importersNearest", { year: nearest.year, source: sourceLine(names, [nearest.source]) })}
                </TextLink>
              )}
            </Stack>
          ),
        };
      }
      const { ranking, ref } = data;
      const years = flow === "export" ? pair.exportYears.map((s) => s.year) : pair.importYears.map((s) => s.year);
      const list = listOf(ranking, (m) => (flow === "export" ? `${base}/bilateral-product/${productSegment(product)}/reporter/${m}` : `${base}/country/${m}`));
      return {
        title,
        source: { name: sourceLine(names, [ranking.source.source]), years: String(ranking.source.year), apiUrl: ranking.apiUrl, csvUrl: ranking.csvUrl },
        body: (
          <>
            <SectionYear t={t} years={years} value={ranking.source.year} anchor={id} />
            {flow === "export" && <YearFallback t={t} missing={pair.missing} shown={ranking.source.year} />}
            <RankedBars items={list} total={ranking.total.value} locale={locale} testId={flow === "export" ? "product-exporters" : "product-importers"} />
            {ref && (
              <div data-testid={`${flow}-treemap`}>
                <ProfileChart locale={locale} state={profileView({ chart: "tree_map", flow, country: "show", product: ref, time: ranking.source.year, classification: ranking.source.classification })} height={360} />
              </div>
            )}
          </>
        ),
      };
    },
  });
}

/** The map of the product's exporters (or importers) in the year shown. */
function tradersCharts(flow: ProductFlow) {
  const id = flow === "export" ? "map" : "importers-map";
  return section<ProductContext, { ref: VizProduct; ranking: YearRanking }>({
    id,
    async load(ctx) {
      const source = flow === "export" ? ctx.pair.exports : ctx.pair.imports;
      if (!source) return null;
      const [ranking, ref] = await Promise.all([flow === "export" ? ctx.exporters : loadProductTraders(ctx.product, "import", source, ctx.locale), vizRef(ctx.product)]);
      return ranking && ref ? { ref, ranking } : null;
    },
    render: ({ ref, ranking }, { t, locale, names, pair }) => {
      const year = ranking.source.year;
      return {
        title: t(flow === "export" ? "product.map" : "product.importersMap"),
        source: { name: sourceLine(names, [ranking.source.source]), years: String(year) },
        body: (
          <>
            <SectionYear t={t} years={(flow === "export" ? pair.exportYears : pair.importYears).map((s) => s.year)} value={year} anchor={id} />
            <ProfileChart locale={locale} state={profileView({ chart: "geomap", flow, country: "show", product: ref, time: year, classification: ranking.source.classification })} height={380} />
          </>
        ),
      };
    },
  });
}

const overTime = section<ProductContext, ProductHistory>({
  id: "over-time",
  async load(ctx) {
    const history = await loadProductHistory(ctx.product, ctx.locale);
    return history.lines.some((l) => l.points.length > 1) ? history : null;
  },
  render: async (history, { t, locale, product, names, base, name }) => {
    const all = history.lines.flatMap((l) => l.points.map((p) => p.year));
    const reporters = history.lines.find((l) => l.kind === "reporters") ?? history.lines[0];
    const byYear = history.byYear;
    const shown = product.kind === "section" ? new Set(milestoneYears(byYear.map((y) => y.year))) : null;
    const rows = shown ? byYear.filter((y) => shown.has(y.year)) : byYear;
    const sources = byYear.map((y) => y.source.source);
    return {
      title: t(product.kind === "section" ? "product.overTime" : "product.exportersOverTime"),
      source: { name: sourceLine(names, history.lines.flatMap((l) => l.sources)), years: yearsLabel(all), apiUrl: reporters.apiUrl, csvUrl: reporters.csvUrl },
      body: (
        <>
          <HistoryPanel
            series={historySeries(history.lines, names, t)}
            t={t}
            locale={locale}
            title={t("product.historyChart", { name })}
            fileName={`product-${productSegment(product)}-history`}
            sharePath={`${base}/hs/${productSegment(product)}#over-time`}
            testId="product-history"
          />
          {rows.length > 0 && (
            <TableScrollContainer minWidth={420} type="native">
              <Table striped withTableBorder fz="sm" data-testid="product-series">
                <TableThead>
                  <TableTr>
                    <TableTh>{t("year")}</TableTh>
                    <TableTh ta="right">{t("exports")}</TableTh>
                    {product.kind !== "section" && <TableTh>{t("product.topExporterColumn")}</TableTh>}
                    <TableTh>{t("product.sourceColumn")}</TableTh>
                  </TableTr>
                </TableThead>
                <TableTbody>
                  {rows.map((y) => (
                    <TableTr key={y.year}>
                      <TableTd>{y.year}</TableTd>
                      <TableTd ta="right">{formatMoney(y.total, locale)}</TableTd>
                      {product.kind !== "section" && (
                        <TableTd>
                          {y.top ? (
                            <>
                              <TextLink href={`${base}/country/${y.top.id}`}>{y.top.name}</TextLink> ({formatShare(y.top.value / y.total, locale)})
                            </>
                          ) : (
                            "–"
                          )}
                        </TableTd>
                      )}
                      <TableTd>{sourceLine(names, [y.source.source])}</TableTd>
                    </TableTr>
                  ))}
                </TableTbody>
              </Table>
            </TableScrollContainer>
          )}
          {mixesSources(sources) && (
            <Text size="sm" c="dimmed" data-testid="mixed-sources">
              {t("mixedSources", { sources: sourceLine(names, sources) })}
            </Text>
          )}
        </>
      ),
    };
  },
});

const complexity = section<ProductContext, { pci: NonNullable<Awaited<ReturnType<typeof loadProductPci>>> | null; neighbours: Neighbours | null }>({
  id: "complexity",
  async load(ctx) {
    if (ctx.product.kind !== "hs4") return null;
    const [pci, neighbours] = await Promise.all([loadProductPci(ctx.product, ctx.locale), loadProductNeighbours(ctx.product, ctx.pair.exports, ctx.index, ctx.locale)]);
    return pci || neighbours ? { pci, neighbours } : null;
  },
  render({ pci, neighbours }, { t, locale, base, name, names }) {
    const newest = pci?.history.at(-1) ?? null;
    const ranked = pci?.history ?? [];
    const withValue = neighbours?.list.filter((n) => n.value !== null) ?? [];
    const without = neighbours?.list.filter((n) => n.value === null) ?? [];
    const nYear = neighbours?.provenance?.year ?? null;
    return {
      title: t("product.complexity"),
      source: pci
        ? { name: sourceLine(names, ranked.map((h) => h.entry.source)), years: yearsLabel(ranked.map((h) => h.entry.year)), apiUrl: pci.apiUrl, csvUrl: pci.csvUrl }
        : undefined,
      body: (
        <>
          {newest && (
            <Text data-testid="pci-text">
              {newest.pci !== null && newest.rank !== null
                ? t("pciText", { year: newest.entry.year, pci: formatDecimal(newest.pci, locale, 2), rank: newest.rank, count: newest.count })
                : t("product.pciNotRanked", { name, year: newest.entry.year })}{" "}
              <TextLink href={`/${locale}/resources/methods`}>{t("methodsLink")}</TextLink>
            </Text>
          )}
          {ranked.length > 0 && (
            <>
              <Text size="sm">{t("product.pciOverTime", { name })}</Text>
              <TableScrollContainer minWidth={420} type="native">
                <Table striped withTableBorder fz="sm" data-testid="pci-history">
                  <TableThead>
                    <TableTr>
                      <TableTh>{t("year")}</TableTh>
                      <TableTh ta="right">{t("pci")}</TableTh>
                      <TableTh ta="right">{t("rank")}</TableTh>
                      <TableTh>{t("product.sourceColumn")}</TableTh>
                    </TableTr>
                  </TableThead>
                  <TableTbody>
                    {ranked.map((h) => (
                      <TableTr key={h.entry.year} data-year={h.entry.year}>
                        <TableTd>{h.entry.period}</TableTd>
                        <TableTd ta="right">{h.pci !== null ? formatDecimal(h.pci, locale, 2) : "–"}</TableTd>
                        <TableTd ta="right">{h.rank !== null ? t("rankOf", { rank: formatNumber(h.rank, locale), count: formatNumber(h.count, locale) }) : t("notRanked")}</TableTd>
                        <TableTd>{sourceLine(names, [h.entry.source])}</TableTd>
                      </TableTr>
                    ))}
                  </TableTbody>
                </Table>
              </TableScrollContainer>
              <Text size="xs" c="dimmed">
                {t("product.pciRanksNote")}
              </Text>
            </>
          )}
          {neighbours && neighbours.list.length > 0 ? (
            <div data-testid="neighbours" data-year={nYear ?? ""} data-dataset={neighbours.provenance?.dataset ?? ""}>
              <Text size="sm">{t("product.neighbours", { name })}</Text>
              {nYear !== null && withValue.length > 0 && (
                <>
                  <Text size="xs" c="dimmed" data-testid="neighbours-value-note">
                    {t("product.neighboursValue", { year: nYear, source: sourceLine(names, [neighbours.provenance!.source]) })}
                  </Text>
                  <RankedBars
                    items={withValue.map((n) => ({ id: n.id, name: n.name, value: n.value!, href: `${base}/hs/${n.id}` }))}
                    total={0}
                    locale={locale}
                    limit={12}
                    testId="product-neighbours"
                    showShare={false}
                  />
                </>
              )}
              {without.length > 0 && (
                <Text size="sm" data-testid="neighbours-without-value">
                  {nYear !== null ? t("product.neighboursNoValue", { year: nYear }) : t("product.neighboursNoYear")}{" "}
                  {without.map((n, i) => (
                    <span key={n.id}>
                      {i > 0 ? ", " : ""}
                      <TextLink href={`${base}/hs/${n.id}`}>{n.name}</TextLink>
                    </span>
                  ))}
                </Text>
              )}
            </div>
          ) : (
            <Text size="sm">{t("product.notInSpace", { name })}</Text>
          )}
        </>
      ),
    };
  },
});

/** Most tiles drawn in the treemap of the products inside (an HS4 heading can hold dozens of HS6 codes; a section ~100 headings). */
const CHILD_TILES = 300;

const children = section<ProductContext, ProductChildren & { ranking: YearRanking }>({
  id: "children",
  async load(ctx) {
    const found = await loadProductChildren(ctx.product, ctx.asked, ctx.locale);
    return found?.ranking ? { ...found, ranking: found.ranking } : null;
  },
  render: async (found, { t, locale, base, names, name, product }) => {
    const { ranking, level } = found;
    const year = ranking.source.year;
    const kind = level.toLowerCase() as "hs2" | "hs4" | "hs6";
    const color = found.color ?? UNKNOWN_COLOR;
    const rows: ChartRow[] = ranking.rows.map((r) => ({ id: r.id, code: r.id, name: r.name, kind, color, value: r.value }));
    const drawn = rows.slice(0, CHILD_TILES);
    const spec: ChartSpec = { type: "treemap", input: { rows: drawn, groups: [], year, dimension: level } };
    const table = chartTable({ rows, groups: [] }, await chartTableLabels(locale));
    return {
      title: t("product.children"),
      source: { name: sourceLine(names, [ranking.source.source]), years: String(year), apiUrl: ranking.apiUrl, csvUrl: ranking.csvUrl },
      body: (
        <>
          <SectionYear t={t} years={found.years} value={year} anchor="children" />
          <YearFallback t={t} missing={found.missing} shown={year} />
          <ChartPanel
            testId="children-treemap"
            spec={spec}
            title={t("product.childrenChart", { name, year })}
            table={table}
            fileName={`product-${productSegment(product)}-${level.toLowerCase()}-${year}`}
            sharePath={`${base}/hs/${productSegment(product)}?year=${year}#children`}
            height={420}
          />
          <RankedBars items={listOf(ranking, (id) => `${base}/hs/${id}`)} total={ranking.total.value} locale={locale} limit={20} testId="product-children" />
        </>
      ),
    };
  },
});

const PRODUCT_SECTIONS: SectionModule<ProductContext, unknown>[] = [traders("export"), traders("import"), tradersCharts("export"), tradersCharts("import"), overTime, complexity, children];

export async function ProductProfile({ locale, product, name, index, year }: { locale: Locale; product: ProductRef; name: string; index: ProfileIndex; year?: number }) {
  const [t, names, pair] = await Promise.all([getTranslations({ locale, namespace: "profiles" }), sourceNames(locale), loadProductYears(product, year)]);
  const base = `/${locale}/profile`;
  const images = [{ src: memberImage(product.kind, product.id), alt: name }];
  const kind = `${t("kinds.hs")} · ${product.kind === "section" ? t("section") : `${product.kind.toUpperCase()} ${product.id}`}`;

  if (product.kind === "hs6" && pair.exportYears.length === 0) {
    // No dataset with six-digit trade is loaded (the package has none; a BACI import does): say so
    // and point to the heading.
    const parent = index.entity("hs4", product.id.slice(0, 4));
    return (
      <>
        <ProfileHero images={images} title={name} kind={kind} stats={[]} />
        <Container size="lg" py="xl">
          <Alert title={t("noData")} data-testid="no-data">
            {t("product.hs6NoData", { name })}{" "}
            {parent && <TextLink href={`${base}/hs/${parent.id}`}>{parent.names[locale] || parent.names.en}</TextLink>}
          </Alert>
        </Container>
      </>
    );
  }

  if (!pair.exports) {
    return (
      <>
        <ProfileHero images={images} title={name} kind={kind} stats={[]} />
        <Container size="lg" py="xl">
          <Text data-testid="no-data">{t("noData")}</Text>
        </Container>
      </>
    );
  }
  const [exporters, pci] = await Promise.all([loadProductTraders(product, "export", pair.exports, locale), loadProductPci(product, locale)]);
  const ctx: ProductContext = { locale, t, base, product, name, index, names, asked: year, pair, exporters };
  const shown = pair.exports.year;
  const exporterItems = exporters ? listOf(exporters) : [];
  const worldExports = exporters?.total.value ?? 0;
  const newestPci = pci?.history.at(-1) ?? null;
  return (
    <>
      <ProfileHero
        images={images}
        title={name}
        kind={kind}
        actions={<CompareLink locale={locale} kind="products" id={productSegment(product)} />}
        stats={[
          { label: t("stats2.totalExports", { year: shown }), value: formatMoney(worldExports, locale), testId: "stat-world-exports" },
          ...(exporterItems[0] ? [{ label: t("stats.topExporter", { year: shown }), value: formatMoney(exporterItems[0].value, locale), detail: exporterItems[0].name, testId: "stat-top-exporter" }] : []),
          { label: t("stats2.exporters", { year: shown }), value: formatNumber(exporterItems.length, locale), testId: "stat-exporters" },
          ...(newestPci && newestPci.pci !== null && newestPci.rank !== null
            ? [{ label: `${t("pci")} (${newestPci.entry.year})`, value: t("rankOf", { rank: formatNumber(newestPci.rank, locale), count: formatNumber(newestPci.count, locale) }), detail: `${t("pci")} ${formatDecimal(newestPci.pci, locale, 2)}`, testId: "stat-pci-rank" }]
            : []),
        ]}
      >
        {worldExports > 0 ? (
          <Text size="lg" maw={900} data-testid="overview-text">
            {t("product.overviewText", { year: shown, name, total: formatMoney(worldExports, locale), ...topThree(exporterItems, worldExports, locale) })}
          </Text>
        ) : (
          <Text data-testid="no-data">{t("noDataYear", { year: shown })}</Text>
        )}
      </ProfileHero>
      <Container size="lg" py="xl">
        <ProfileSections modules={PRODUCT_SECTIONS} ctx={ctx} locale={locale} />
      </Container>
    </>
  );
}
