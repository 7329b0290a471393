import { Alert, Container, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { productSegment, type ProductRef } from "@/domain/profiles/path";
import { profileView } from "@/domain/visualize/profileViews";
import { PRODUCT_LEVEL as LEVEL, total, value, type Loaded } from "@/server/profiles/data";
import { loadYear, newest, profileSources, type YearSource } from "@/server/profiles/sources";
import { formatMoney, formatShare } from "../format";
import { ProfileChart } from "../ProfileChart";
import { ProfileHero } from "../ProfileHero";
import { RankedBars, type RankedItem } from "../RankedBars";
import { items, memberImage } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";
import { sourceLine, sourceNames, type SourceNames } from "../sourceNames";

interface ProductInCountryContext {
  locale: Locale;
  t: Awaited<ReturnType<typeof getTranslations<"profiles">>>;
  base: string;
  product: ProductRef;
  names: { product: string; country: string };
  country: { id: string; name: string };
  exporters: Loaded;
  ranked: RankedItem[];
  position: number;
  /** The dataset and year of the exporter ranking; of the destinations (bilateral at the product's depth), if any. */
  exportSource: YearSource;
  destinationSource: YearSource | null;
  sourceNames: SourceNames;
}

const SECTIONS: SectionModule<ProductInCountryContext, unknown>[] = [
  section<ProductInCountryContext, RankedItem[]>({
    id: "rank",
    half: true,
    load: async ({ ranked, position }) => (position < 0 ? null : ranked.slice(Math.max(0, position - 4), position + 5)),
    whenEmpty: ({ t, names }) => ({ title: t("bilateralProduct.rankTitle", names), body: <Text>{t("noData")}</Text> }),
    render: (neighbours, { t, locale, names, exporters, exportSource, sourceNames: sn }) => ({
      title: t("bilateralProduct.rankTitle", names),
      source: { name: sourceLine(sn, [exportSource.source]), years: String(exportSource.year), apiUrl: exporters.apiUrl, csvUrl: exporters.csvUrl },
      body: <RankedBars items={neighbours} total={total(exporters.rows)} locale={locale} testId="rank-neighbours" />,
    }),
  }),
  section<ProductInCountryContext, Loaded | "not-available">({
    id: "destinations",
    half: true,
    async load({ product, country, locale, destinationSource }) {
      // Destinations need partner detail at the product's depth: section trade, or BACI when imported.
      if (!destinationSource) return "not-available";
      const loaded = await loadYear(
        destinationSource,
        { flow: "export", own: [country.id], product: { level: LEVEL[product.kind], ids: [product.id] }, drilldowns: ["Partner"], excludePartner: [country.id], sort: [{ key: "Trade Value", direction: "desc" }] },
        locale,
      );
      return total(loaded.rows) > 0 ? loaded : null;
    },
    whenEmpty: ({ t, names, destinationSource, exportSource }) => ({ title: t("bilateralProduct.destinations", names), body: <Text>{t("noDataYear", { year: (destinationSource ?? exportSource).year })}</Text> }),
    render: (loaded, { t, locale, base, names, country, product, destinationSource, sourceNames: sn }) => ({
      title: t("bilateralProduct.destinations", names),
      source: loaded === "not-available" || !destinationSource ? undefined : { name: sourceLine(sn, [destinationSource.source]), years: String(destinationSource.year), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
      body:
        loaded === "not-available" ? (
          <Alert variant="light" color="gray">
            {t("bilateralProduct.notAvailable")}
          </Alert>
        ) : (
          <>
            {product.kind === "section" && destinationSource && (
              <ProfileChart locale={locale} state={profileView({ chart: "geomap", country: country.id, partner: "show", product: { level: "section", code: product.id, section: product.id }, time: destinationSource.year })} height={320} />
            )}
            <RankedBars items={items(loaded.rows, "Partner", (id) => `${base}/country/${id}`)} total={total(loaded.rows)} locale={locale} testId="product-destinations" />
          </>
        ),
    }),
  }),
];

export async function BilateralProductProfile({ locale, product, productName, country }: { locale: Locale; product: ProductRef; productName: string; country: { id: string; name: string } }) {
  const [t, sources, sn] = await Promise.all([getTranslations({ locale, namespace: "profiles" }), profileSources(), sourceNames(locale)]);
  const base = `/${locale}/profile`;
  const names = { product: productName, country: country.name };
  const isSection = product.kind === "section";
  // The data deep enough for the product: sections from any dataset, HS6 only from six-digit data.
  const isHs6 = product.kind === "hs6";
  const exportSource = newest(isSection ? sources.sections : isHs6 ? sources.hs6Exports : sources.productExports);
  const destinationSource = newest(isSection ? sources.sections : isHs6 ? sources.bilateralProducts.filter((s) => s.depth === "hs6") : sources.bilateralProducts);
  if (!exportSource) {
    return (
      <Container size="lg" py="xl">
        <Text data-testid="no-data">{t("noData")}</Text>
      </Container>
    );
  }
  const YEAR = exportSource.year;
  const [exporters, countryTotal] = await Promise.all([
    loadYear(exportSource, { flow: "export", product: { level: LEVEL[product.kind], ids: [product.id] }, drilldowns: ["Country"], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    loadYear(exportSource, { flow: "export", own: [country.id], drilldowns: ["Country"] }, locale),
  ]);
  const ranked = items(exporters.rows, "Country", (id) => `${base}/bilateral-product/${productSegment(product)}/reporter/${id}`);
  const position = ranked.findIndex((r) => r.id === country.id);
  const mine = ranked[position];
  const worldTotal = total(exporters.rows);
  const countryExports = value(countryTotal.rows[0]);
  const ctx: ProductInCountryContext = { locale, t, base, product, names, country, exporters, ranked, position, exportSource, destinationSource, sourceNames: sn };
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
          mine
            ? [
                { label: t("stats.exports", { year: YEAR }), value: formatMoney(mine.value, locale), testId: "stat-exports" },
                { label: t("stats2.rank", { year: YEAR }), value: `${position + 1} / ${ranked.length}`, testId: "stat-rank" },
                { label: t("stats.share", { year: YEAR }), value: formatShare(mine.value / worldTotal, locale), testId: "stat-world-share" },
                { label: t("stats2.shareOfExports", { year: YEAR }), value: formatShare(countryExports ? mine.value / countryExports : null, locale), testId: "stat-export-share" },
              ]
            : []
        }
      >
        <Text size="lg" maw={900} data-testid="overview-text">
          {mine
            ? t("bilateralProduct.overviewText", {
                year: YEAR,
                ...names,
                value: formatMoney(mine.value, locale),
                share: formatShare(countryExports ? mine.value / countryExports : null, locale),
                rank: position + 1,
                count: ranked.length,
              })
            : t("bilateralProduct.noExports", { ...names, year: YEAR })}
        </Text>
      </ProfileHero>
      <Container size="lg" py="xl">
        <ProfileSections modules={SECTIONS} ctx={ctx} locale={locale} />
      </Container>
    </>
  );
}
