import { Alert, Container, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { productSegment, type ProductRef } from "@/domain/profiles/path";
import { TextLink } from "@/features/shell/AppLink";
import { formatDecimal, formatNumber } from "@/domain/format";
import { profileView } from "@/domain/visualize/profileViews";
import type { ProductRef as VizProduct } from "@/domain/visualize/state";
import { PRODUCT_LEVEL as LEVEL, load, total, type Loaded } from "@/server/profiles/data";
import { vizCatalog } from "@/server/visualize/members";
import { complexityCubes, loadAcross, loadYear, newest, profileSources, type ProfileSources, type YearSource } from "@/server/profiles/sources";
import { yearsLabel } from "@/domain/format/years";
import { productSpaceNeighbours } from "@/server/profiles/productSpace";
import type { ProfileIndex } from "@/server/search/engine";
import { formatMoney, formatShare } from "../format";
import { ProfileChart } from "../ProfileChart";
import { ProfileHero } from "../ProfileHero";
import { RankedBars } from "../RankedBars";
import { items, memberImage, topThree } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";
import { mixesSources, sourceLine, sourceNames, type SourceNames } from "../sourceNames";
import { YearTable, milestoneYears } from "../YearTable";


interface ProductContext {
  locale: Locale;
  t: Awaited<ReturnType<typeof getTranslations<"profiles">>>;
  base: string;
  product: ProductRef;
  name: string;
  index: ProfileIndex;
  /** The newest year of trade in this product, with the dataset the catalogue names for it. */
  source: YearSource;
  year: number;
  /** Every year with trade in this product (sections: bilateral section trade; HS2/HS4: product detail). */
  yearly: YearSource[];
  sources: ProfileSources;
  names: SourceNames;
}

/** The dataset answering a flow of this product in its newest year: imports may end earlier than exports. */
function sourceFor(ctx: Pick<ProductContext, "product" | "sources">, flow: 1 | 2): YearSource | null {
  if (ctx.product.kind === "section") return newest(ctx.sources.sections);
  // A six-digit product: only datasets with HS6 detail (a BACI import) answer.
  if (ctx.product.kind === "hs6") return newest(flow === 2 ? ctx.sources.hs6Exports : ctx.sources.hs6Imports);
  return newest(flow === 2 ? ctx.sources.productExports : ctx.sources.productImports);
}

/** Exporters (flow 2) or importers (flow 1) of the product in its newest year; rows read "Country". */
function loadCountries(ctx: Pick<ProductContext, "product" | "sources" | "locale">, flow: 1 | 2) {
  const source = sourceFor(ctx, flow);
  if (!source) return Promise.resolve(null);
  return loadYear(
    source,
    { flow: flow === 2 ? "export" : "import", product: { level: LEVEL[ctx.product.kind], ids: [ctx.product.id] }, drilldowns: ["Country"], sort: [{ key: "Trade Value", direction: "desc" }] },
    ctx.locale,
  ).then((loaded) => ({ loaded, source }));
}

const countryLevel = () => "Country";

function loadPci(ctx: ProductContext) {
  const ranked = newest(ctx.sources.complexity);
  if (ctx.product.kind !== "hs4" || !ranked) return Promise.resolve(null);
  const cube = complexityCubes(ctx.sources.complexitySet).pci;
  return Promise.all([
    load({ cube, drilldowns: ["HS4"], measures: ["PCI", "PCI Rank"], cuts: [{ level: "HS4", ids: [ctx.product.id] }, { level: "Year", ids: [ranked.year] }] }, ctx.locale),
    load({ cube, drilldowns: ["HS4"], measures: ["PCI Rank"], cuts: [{ level: "Year", ids: [ranked.year] }], limit: 1 }, ctx.locale),
  ])
    .then(([own, all]) => ({ loaded: own, row: own.rows[0] ?? null, count: all.response.page.total, entry: ranked }))
    .catch(() => null);
}

function partners(flow: 1 | 2) {
  return section<ProductContext, Loaded>({
    id: flow === 2 ? "exporters" : "importers",
    half: true,
    load: (ctx) => loadCountries(ctx, flow).then((r) => r?.loaded ?? null),
    render(loaded, ctx) {
      const { t, locale, base, product } = ctx;
      const source = sourceFor(ctx, flow)!;
      const list = items(loaded.rows, countryLevel(), (id) => (flow === 2 ? `${base}/bilateral-product/${productSegment(product)}/reporter/${id}` : `${base}/country/${id}`));
      return {
        title: t(flow === 2 ? "product.topExporters" : "product.topImporters"),
        source: { name: sourceLine(ctx.names, [source.source]), years: String(source.year), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
        body: list.length ? <RankedBars items={list} total={total(loaded.rows)} locale={locale} testId={flow === 2 ? "product-exporters" : "product-importers"} /> : <Text>{t("noData")}</Text>,
      };
    },
  });
}

const PRODUCT_SECTIONS: SectionModule<ProductContext, unknown>[] = [
  partners(2),
  partners(1),
  section<ProductContext, VizProduct>({
    id: "map",
    async load(ctx) {
      // The builder draws sections and HS4 headings on maps; HS2 and HS6 show their tables.
      if (ctx.product.kind === "hs2" || ctx.product.kind === "hs6") return null;
      const [found, catalog] = await Promise.all([loadCountries(ctx, 2), vizCatalog()]);
      const ref = catalog.product(ctx.product.kind === "section" ? ctx.product.id : `hs${ctx.product.id}`);
      return ref && found && total(found.loaded.rows) > 0 ? ref : null;
    },
    render: (ref, { t, locale, year, source, names }) => ({
      title: t("product.map"),
      source: { name: sourceLine(names, [source.source]), years: String(year) },
      body: (
        <ProfileChart
          locale={locale}
          state={profileView({ chart: "geomap", country: "show", product: ref, time: year })}
          height={380}
        />
      ),
    }),
  }),
  section<ProductContext, { pci: Awaited<ReturnType<typeof loadPci>>; neighbours: string[] | null }>({
    id: "complexity",
    async load(ctx) {
      if (ctx.product.kind !== "hs4") return null;
      const [pci, neighbours] = await Promise.all([loadPci(ctx), productSpaceNeighbours().then((n) => n.get(ctx.product.id) ?? null)]);
      return { pci, neighbours };
    },
    render({ pci, neighbours }, { t, locale, base, name, index, names, sources }) {
      const list = (neighbours ?? [])
        .map((code) => ({ code, entity: index.entity("hs4", code) }))
        .filter((n) => n.entity)
        .map((n) => ({ id: n.code, name: n.entity!.names[locale] || n.entity!.names.en, value: n.entity!.weight, href: `${base}/hs/${n.code}` }))
        .sort((a, b) => b.value - a.value);
      return {
        title: t("product.complexity"),
        source: pci ? { name: sourceLine(names, [pci.entry.source]), years: String(pci.entry.year), apiUrl: pci.loaded.apiUrl, csvUrl: pci.loaded.csvUrl } : undefined,
        body: (
          <>
            <Text data-testid="pci-text">
              {pci?.row
                ? t("pciText", { year: pci.entry.year, pci: formatDecimal(Number(pci.row.PCI), locale, 2), rank: Number(pci.row["PCI Rank"]), count: pci.count })
                : t("product.pciNotRanked", { name, year: newest(sources.complexity)?.year ?? "–" })}{" "}
              <TextLink href={`/${locale}/resources/methods`}>{t("methodsLink")}</TextLink>
            </Text>
            {list.length > 0 ? (
              <>
                <Text size="sm">{t("product.neighbours", { name })}</Text>
                <RankedBars items={list} total={0} locale={locale} limit={12} testId="product-neighbours" showShare={false} />
              </>
            ) : (
              <Text size="sm">{t("product.notInSpace", { name })}</Text>
            )}
          </>
        ),
      };
    },
  }),
  section<ProductContext, { loaded: Loaded & { sources: string[] }; byYear: { year: number; total: number; top: { id: string; name: string; value: number } | null }[]; ref: VizProduct | null }>({
    id: "over-time",
    async load(ctx) {
      const { product, yearly, locale } = ctx;
      if (yearly.length < 2) return null;
      // Sections span decades of bilateral data: yearly totals. Product detail has a few years: its exporters too.
      const withExporters = product.kind !== "section";
      const loaded = await loadAcross(
        yearly,
        { flow: "export", product: { level: LEVEL[product.kind], ids: [product.id] }, drilldowns: withExporters ? ["Year", "Country"] : ["Year"], sort: [{ key: "Trade Value", direction: "desc" }] },
        locale,
      );
      const byYear = yearly.map(({ year }) => {
        const rows = loaded.rows.filter((r) => Number(r["Year ID"] ?? r.Year) === year);
        const top = withExporters ? items(rows, "Country")[0] ?? null : null;
        return { year, total: total(rows), top: top ? { id: top.id, name: top.name, value: top.value } : null };
      });
      if (!byYear.some((y) => y.total > 0)) return null;
      // Decades of section data: drawn as a line of world exports too.
      const ref = product.kind === "section" ? (await vizCatalog()).product(product.id) : null;
      return { loaded, byYear, ref };
    },
    render: ({ loaded, byYear, ref }, { t, locale, product, names, base }) => {
      const present = byYear.filter((y) => y.total > 0);
      const shown = product.kind === "section" ? milestoneYears(present.map((y) => y.year)) : present.map((y) => y.year);
      const totals = new Map(present.map((y) => [y.year, y]));
      return {
        title: t(product.kind === "section" ? "product.overTime" : "product.exportersOverTime"),
        source: { name: sourceLine(names, loaded.sources), years: yearsLabel(present.map((y) => y.year)), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
        body: (
          <>
            {ref && present.length > 1 && (
              <ProfileChart locale={locale} state={profileView({ chart: "line", country: null, product: ref, time: { from: present[0].year, to: present.at(-1)!.year } })} height={300} />
            )}
            {product.kind === "section" ? (
              <YearTable yearLabel={t("year")} years={shown} columns={[{ label: t("exports"), value: (y) => totals.get(y)?.total ?? 0 }]} locale={locale} testId="product-series" />
            ) : (
              <TableScrollContainer minWidth={420} type="native">
                <Table striped withTableBorder fz="sm" data-testid="product-series">
                  <TableThead>
                    <TableTr>
                      <TableTh>{t("year")}</TableTh>
                      <TableTh ta="right">{t("exports")}</TableTh>
                      <TableTh>{t("product.topExporterColumn")}</TableTh>
                    </TableTr>
                  </TableThead>
                  <TableTbody>
                    {shown.map((year) => {
                      const y = totals.get(year)!;
                      return (
                        <TableTr key={year}>
                          <TableTd>{year}</TableTd>
                          <TableTd ta="right">{formatMoney(y.total, locale)}</TableTd>
                          <TableTd>
                            {y.top ? (
                              <>
                                <TextLink href={`${base}/country/${y.top.id}`}>{y.top.name}</TextLink> ({formatShare(y.top.value / y.total, locale)})
                              </>
                            ) : (
                              "–"
                            )}
                          </TableTd>
                        </TableTr>
                      );
                    })}
                  </TableTbody>
                </Table>
              </TableScrollContainer>
            )}
            {mixesSources(loaded.sources) && (
              <Text size="sm" c="dimmed" data-testid="mixed-sources">
                {t("mixedSources", { sources: sourceLine(names, loaded.sources) })}
              </Text>
            )}
          </>
        ),
      };
    },
  }),
  section<ProductContext, Loaded & { detail: YearSource; childLevel: string }>({
    id: "children",
    async load({ product, locale, sources }) {
      // Sections list their chapters, chapters their headings, headings their HS6 products (when an
      // HS6 dataset is loaded).
      const childLevel = product.kind === "section" ? "HS2" : product.kind === "hs2" ? "HS4" : product.kind === "hs4" ? "HS6" : null;
      const detail = childLevel === "HS6" ? newest(sources.hs6Exports) : newest(sources.productExports);
      if (!childLevel || !detail) return null;
      const loaded = await loadYear(
        detail,
        { flow: "export", product: { level: LEVEL[product.kind], ids: [product.id] }, drilldowns: [childLevel], sort: [{ key: "Trade Value", direction: "desc" }] },
        locale,
      );
      return total(loaded.rows) > 0 ? { ...loaded, detail, childLevel } : null;
    },
    render: (loaded, { t, locale, base, names }) => ({
      title: t("product.children"),
      source: { name: sourceLine(names, [loaded.detail.source]), years: String(loaded.detail.year), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
      body: <RankedBars items={items(loaded.rows, loaded.childLevel, (id) => `${base}/hs/${id}`)} total={total(loaded.rows)} locale={locale} limit={20} testId="product-children" />,
    }),
  }),
];

export async function ProductProfile({ locale, product, name, index }: { locale: Locale; product: ProductRef; name: string; index: ProfileIndex }) {
  const [t, sources, names] = await Promise.all([getTranslations({ locale, namespace: "profiles" }), profileSources(), sourceNames(locale)]);
  const base = `/${locale}/profile`;
  const images = [{ src: memberImage(product.kind, product.id), alt: name }];
  const kind = `${t("kinds.hs")} · ${product.kind === "section" ? t("section") : `${product.kind.toUpperCase()} ${product.id}`}`;

  if (product.kind === "hs6" && sources.hs6Exports.length === 0) {
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

  const yearly = product.kind === "section" ? sources.sections : product.kind === "hs6" ? sources.hs6Exports : sources.productExports;
  const source = newest(yearly);
  if (!source) {
    return (
      <>
        <ProfileHero images={images} title={name} kind={kind} stats={[]} />
        <Container size="lg" py="xl">
          <Text data-testid="no-data">{t("noData")}</Text>
        </Container>
      </>
    );
  }
  const ctx: ProductContext = { locale, t, base, product, name, index, source, year: source.year, yearly, sources, names };
  const [exporters, pci] = await Promise.all([loadCountries(ctx, 2), loadPci(ctx)]);
  const exporterItems = exporters ? items(exporters.loaded.rows, countryLevel()) : [];
  const worldExports = exporters ? total(exporters.loaded.rows) : 0;
  const { year } = ctx;
  return (
    <>
      <ProfileHero
        images={images}
        title={name}
        kind={kind}
        stats={[
          { label: t("stats2.totalExports", { year }), value: formatMoney(worldExports, locale), testId: "stat-world-exports" },
          ...(exporterItems[0] ? [{ label: t("stats.topExporter", { year }), value: formatMoney(exporterItems[0].value, locale), detail: exporterItems[0].name, testId: "stat-top-exporter" }] : []),
          { label: t("stats2.exporters", { year }), value: formatNumber(exporterItems.length, locale), testId: "stat-exporters" },
          ...(pci?.row
            ? [{ label: `${t("pci")} (${pci.entry.year})`, value: t("rankOf", { rank: formatNumber(Number(pci.row["PCI Rank"]), locale), count: formatNumber(pci.count, locale) }), detail: `${t("pci")} ${formatDecimal(Number(pci.row.PCI), locale, 2)}`, testId: "stat-pci-rank" }]
            : []),
        ]}
      >
        {worldExports > 0 ? (
          <Text size="lg" maw={900} data-testid="overview-text">
            {t("product.overviewText", { year, name, total: formatMoney(worldExports, locale), ...topThree(exporterItems, worldExports, locale) })}
          </Text>
        ) : (
          <Text data-testid="no-data">{t("noDataYear", { year })}</Text>
        )}
      </ProfileHero>
      <Container size="lg" py="xl">
        <ProfileSections modules={PRODUCT_SECTIONS} ctx={ctx} locale={locale} />
      </Container>
    </>
  );
}
