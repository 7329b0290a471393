import { Alert, Container, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { productSegment, type ProductRef } from "@/domain/profiles/path";
import { TextLink } from "@/features/shell/AppLink";
import { HS4_CUBE, PRODUCT_LEVEL as LEVEL, SECTIONS_CUBE, SOURCE_OTS, load, total, type Loaded } from "@/server/profiles/data";
import { productSpaceNeighbours } from "@/server/profiles/productSpace";
import type { ProfileIndex } from "@/server/search/engine";
import { formatMoney } from "../format";
import { ProfileChart } from "../ProfileChart";
import { ProfileHero } from "../ProfileHero";
import { RankedBars } from "../RankedBars";
import { items, latestYearWithData, memberImage, topThree, yearValue } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";
import { YearTable, milestoneYears } from "../YearTable";


interface ProductContext {
  locale: Locale;
  t: Awaited<ReturnType<typeof getTranslations<"profiles">>>;
  base: string;
  product: ProductRef;
  name: string;
  index: ProfileIndex;
  /** Sections come from the 1962-2018 bilateral cube, HS2 and HS4 from the 2018 country cube. */
  year: number;
  series: Loaded | null;
}

/** Exporters (flow 2) or importers (flow 1) of the product in its latest year. */
function loadCountries(ctx: ProductContext, flow: 1 | 2) {
  const { product, year, locale } = ctx;
  if (product.kind === "section") {
    const level = flow === 2 ? "Exporter Country" : "Importer Country";
    return load({ cube: SECTIONS_CUBE, drilldowns: [level], cuts: [{ level: "Section", ids: [product.id] }, { level: "Year", ids: [year] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale);
  }
  return load(
    {
      cube: HS4_CUBE,
      drilldowns: ["Country"],
      cuts: [{ level: LEVEL[product.kind], ids: [product.id] }, { level: "Trade Flow", ids: [flow] }],
      sort: [{ key: "Trade Value", direction: "desc" }],
    },
    locale,
  );
}

const countryLevel = (ctx: ProductContext, flow: 1 | 2) => (ctx.product.kind === "section" ? (flow === 2 ? "Exporter Country" : "Importer Country") : "Country");

function loadPci(ctx: ProductContext) {
  if (ctx.product.kind !== "hs4") return Promise.resolve(null);
  return Promise.all([
    load({ cube: "complexity_pci_a_hs92_hs4", drilldowns: ["HS4"], measures: ["PCI", "PCI Rank"], cuts: [{ level: "HS4", ids: [ctx.product.id] }, { level: "Year", ids: [2018] }] }, ctx.locale),
    load({ cube: "complexity_pci_a_hs92_hs4", drilldowns: ["HS4"], measures: ["PCI Rank"], cuts: [{ level: "Year", ids: [2018] }], limit: 1 }, ctx.locale),
  ])
    .then(([own, all]) => ({ loaded: own, row: own.rows[0] ?? null, count: all.response.page.total }))
    .catch(() => null);
}

function partners(flow: 1 | 2) {
  return section<ProductContext, Loaded>({
    id: flow === 2 ? "exporters" : "importers",
    half: true,
    load: (ctx) => loadCountries(ctx, flow),
    render(loaded, ctx) {
      const { t, locale, base, product, year } = ctx;
      const list = items(loaded.rows, countryLevel(ctx, flow), (id) => (flow === 2 ? `${base}/bilateral-product/${productSegment(product)}/reporter/${id}` : `${base}/country/${id}`));
      return {
        title: t(flow === 2 ? "product.topExporters" : "product.topImporters"),
        source: { name: SOURCE_OTS, years: String(year), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
        body: list.length ? <RankedBars items={list} total={total(loaded.rows)} locale={locale} testId={flow === 2 ? "product-exporters" : "product-importers"} /> : <Text>{t("noData")}</Text>,
      };
    },
  });
}

const PRODUCT_SECTIONS: SectionModule<ProductContext, unknown>[] = [
  partners(2),
  partners(1),
  section<ProductContext, true>({
    id: "map",
    async load(ctx) {
      if (ctx.product.kind === "hs2") return null;
      return total((await loadCountries(ctx, 2)).rows) > 0 ? true : null;
    },
    render: (_, { t, locale, product, year }) => ({
      title: t("product.map"),
      source: { name: SOURCE_OTS, years: String(year) },
      body: <ProfileChart locale={locale} path={`geomap/hs92/export/show/all/${product.id}/${year}`} height={380} />,
    }),
  }),
  section<ProductContext, { pci: Awaited<ReturnType<typeof loadPci>>; neighbours: string[] | null }>({
    id: "complexity",
    async load(ctx) {
      if (ctx.product.kind !== "hs4") return null;
      const [pci, neighbours] = await Promise.all([loadPci(ctx), productSpaceNeighbours().then((n) => n.get(ctx.product.id) ?? null)]);
      return { pci, neighbours };
    },
    render({ pci, neighbours }, { t, locale, base, name, index }) {
      const list = (neighbours ?? [])
        .map((code) => ({ code, entity: index.entity("hs4", code) }))
        .filter((n) => n.entity)
        .map((n) => ({ id: n.code, name: n.entity!.names[locale] || n.entity!.names.en, value: n.entity!.weight, href: `${base}/hs/${n.code}` }))
        .sort((a, b) => b.value - a.value);
      return {
        title: t("product.complexity"),
        source: pci ? { name: SOURCE_OTS, years: "2018", apiUrl: pci.loaded.apiUrl, csvUrl: pci.loaded.csvUrl } : undefined,
        body: (
          <>
            <Text data-testid="pci-text">
              {pci?.row
                ? t("pciText", { year: 2018, pci: Number(pci.row.PCI).toFixed(2), rank: Number(pci.row["PCI Rank"]), count: pci.count })
                : t("product.pciNotRanked", { name, year: 2018 })}{" "}
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
  section<ProductContext, Loaded>({
    id: "over-time",
    load: async (ctx) => ctx.series,
    render: (series, { t, locale, year }) => ({
      title: t("product.overTime"),
      source: { name: SOURCE_OTS, years: `${Math.min(...series.rows.map((r) => Number(r.Year)))}–${year}`, apiUrl: series.apiUrl, csvUrl: series.csvUrl },
      body: <YearTable yearLabel={t("year")} years={milestoneYears(series.rows.map((r) => Number(r.Year)))} columns={[{ label: t("exports"), value: (y) => yearValue(series.rows, y) }]} locale={locale} testId="product-series" />,
    }),
  }),
  section<ProductContext, Loaded>({
    id: "children",
    async load({ product, locale }) {
      if (product.kind !== "section" && product.kind !== "hs2") return null;
      const loaded = await load(
        {
          cube: HS4_CUBE,
          drilldowns: [product.kind === "section" ? "HS2" : "HS4"],
          cuts: [{ level: LEVEL[product.kind], ids: [product.id] }, { level: "Trade Flow", ids: [2] }],
          sort: [{ key: "Trade Value", direction: "desc" }],
        },
        locale,
      );
      return total(loaded.rows) > 0 ? loaded : null;
    },
    render: (loaded, { t, locale, base, product }) => ({
      title: t("product.children"),
      source: { name: SOURCE_OTS, years: "2018", apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
      body: <RankedBars items={items(loaded.rows, product.kind === "section" ? "HS2" : "HS4", (id) => `${base}/hs/${id}`)} total={total(loaded.rows)} locale={locale} limit={20} testId="product-children" />,
    }),
  }),
];

export async function ProductProfile({ locale, product, name, index }: { locale: Locale; product: ProductRef; name: string; index: ProfileIndex }) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  const base = `/${locale}/profile`;
  const images = [{ src: memberImage(product.kind, product.id), alt: name }];
  const kind = `${t("kinds.hs")} · ${product.kind === "section" ? t("section") : `${product.kind.toUpperCase()} ${product.id}`}`;

  if (product.kind === "hs6") {
    // No cube in the package has six-digit trade: say so and point to the heading.
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

  const series = product.kind === "section" ? await load({ cube: SECTIONS_CUBE, drilldowns: ["Year"], cuts: [{ level: "Section", ids: [product.id] }] }, locale) : null;
  const ctx: ProductContext = { locale, t, base, product, name, index, series, year: series ? (latestYearWithData(series.rows) ?? 2018) : 2018 };
  const [exporters, pci] = await Promise.all([loadCountries(ctx, 2), loadPci(ctx)]);
  const exporterItems = items(exporters.rows, countryLevel(ctx, 2));
  const worldExports = total(exporters.rows);
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
          { label: t("stats2.exporters", { year }), value: String(exporterItems.length), testId: "stat-exporters" },
          ...(pci?.row ? [{ label: `${t("pci")} (2018)`, value: `${pci.row["PCI Rank"]} / ${pci.count}`, detail: `PCI ${Number(pci.row.PCI).toFixed(2)}`, testId: "stat-pci-rank" }] : []),
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
