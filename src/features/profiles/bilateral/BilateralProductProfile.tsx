import { Alert, Container, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { productSegment, type ProductRef } from "@/domain/profiles/path";
import { HS4_CUBE, PRODUCT_LEVEL as LEVEL, SECTIONS_CUBE, SOURCE_OTS, load, total, value, type Loaded } from "@/server/profiles/data";
import { formatMoney, formatShare } from "../format";
import { ProfileChart } from "../ProfileChart";
import { ProfileHero } from "../ProfileHero";
import { RankedBars, type RankedItem } from "../RankedBars";
import { items, memberImage } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";

const YEAR = 2018;

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
}

const SECTIONS: SectionModule<ProductInCountryContext, unknown>[] = [
  section<ProductInCountryContext, RankedItem[]>({
    id: "rank",
    half: true,
    load: async ({ ranked, position }) => (position < 0 ? null : ranked.slice(Math.max(0, position - 4), position + 5)),
    whenEmpty: ({ t, names }) => ({ title: t("bilateralProduct.rankTitle", names), body: <Text>{t("noData")}</Text> }),
    render: (neighbours, { t, locale, names, exporters }) => ({
      title: t("bilateralProduct.rankTitle", names),
      source: { name: SOURCE_OTS, years: String(YEAR), apiUrl: exporters.apiUrl, csvUrl: exporters.csvUrl },
      body: <RankedBars items={neighbours} total={total(exporters.rows)} locale={locale} testId="rank-neighbours" />,
    }),
  }),
  section<ProductInCountryContext, Loaded | "not-available">({
    id: "destinations",
    half: true,
    async load({ product, country, locale }) {
      // Only the section cube is bilateral: the 2018 HS4 data records trade with the world.
      if (product.kind !== "section") return "not-available";
      const loaded = await load(
        {
          cube: SECTIONS_CUBE,
          drilldowns: ["Importer Country"],
          cuts: [{ level: "Section", ids: [product.id] }, { level: "Exporter Country", ids: [country.id] }, { level: "Year", ids: [YEAR] }],
          exclude: [{ level: "Importer Country", ids: [country.id] }],
          sort: [{ key: "Trade Value", direction: "desc" }],
        },
        locale,
      );
      return total(loaded.rows) > 0 ? loaded : null;
    },
    whenEmpty: ({ t, names }) => ({ title: t("bilateralProduct.destinations", names), body: <Text>{t("noDataYear", { year: YEAR })}</Text> }),
    render: (loaded, { t, locale, base, names, country, product }) => ({
      title: t("bilateralProduct.destinations", names),
      source: loaded === "not-available" ? undefined : { name: SOURCE_OTS, years: String(YEAR), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
      body:
        loaded === "not-available" ? (
          <Alert variant="light" color="gray">
            {t("bilateralProduct.notAvailable")}
          </Alert>
        ) : (
          <>
            <ProfileChart locale={locale} path={`geomap/hs92/export/${country.id}/show/${product.id}/${YEAR}`} height={320} />
            <RankedBars items={items(loaded.rows, "Importer Country", (id) => `${base}/country/${id}`)} total={total(loaded.rows)} locale={locale} testId="product-destinations" />
          </>
        ),
    }),
  }),
];

export async function BilateralProductProfile({ locale, product, productName, country }: { locale: Locale; product: ProductRef; productName: string; country: { id: string; name: string } }) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  const base = `/${locale}/profile`;
  const names = { product: productName, country: country.name };
  const isSection = product.kind === "section";
  const exporterLevel = isSection ? "Exporter Country" : "Country";
  const cube = isSection ? SECTIONS_CUBE : HS4_CUBE;
  const flowCut = isSection ? [] : [{ level: "Trade Flow", ids: [2] }];
  const [exporters, countryTotal] = await Promise.all([
    load({ cube, drilldowns: [exporterLevel], cuts: [{ level: LEVEL[product.kind], ids: [product.id] }, { level: "Year", ids: [YEAR] }, ...flowCut], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    load({ cube, drilldowns: [exporterLevel], cuts: [{ level: exporterLevel, ids: [country.id] }, { level: "Year", ids: [YEAR] }, ...flowCut] }, locale),
  ]);
  const ranked = items(exporters.rows, exporterLevel, (id) => `${base}/bilateral-product/${productSegment(product)}/reporter/${id}`);
  const position = ranked.findIndex((r) => r.id === country.id);
  const mine = ranked[position];
  const worldTotal = total(exporters.rows);
  const countryExports = value(countryTotal.rows[0]);
  const ctx: ProductInCountryContext = { locale, t, base, product, names, country, exporters, ranked, position };
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
