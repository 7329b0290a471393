import { Alert, Container, SimpleGrid, Stack, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import type { ProductRef } from "@/domain/profiles/path";
import { HS4_CUBE, SECTIONS_CUBE, SOURCE_OTS, load, total, value } from "@/server/profiles/data";
import { formatMoney, formatShare } from "../format";
import { ProfileHero } from "../ProfileHero";
import { RankedBars } from "../RankedBars";
import { items, memberImage } from "../rows";
import { ProfileChart } from "../ProfileChart";
import { SectionFrame } from "../SectionFrame";

const LEVEL = { section: "Section", hs2: "HS2", hs4: "HS4", hs6: "HS6" } as const;

export async function BilateralProductProfile({ locale, product, productName, country }: { locale: Locale; product: ProductRef; productName: string; country: { id: string; name: string } }) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  const base = `/${locale}/profile`;
  const names = { product: productName, country: country.name };
  const images = [
    { src: memberImage(product.kind, product.id), alt: productName },
    { src: memberImage("country", country.id), alt: country.name },
  ];
  const title = `${productName} · ${country.name}`;
  const isSection = product.kind === "section";
  const year = isSection ? 2018 : 2018;
  const level = LEVEL[product.kind];
  const exporterLevel = isSection ? "Exporter Country" : "Country";
  const cube = isSection ? SECTIONS_CUBE : HS4_CUBE;
  const flowCut = isSection ? [] : [{ level: "Trade Flow", ids: [2] }];
  const [exporters, countryTotal, destinations] = await Promise.all([
    load({ cube, drilldowns: [exporterLevel], cuts: [{ level, ids: [product.id] }, { level: "Year", ids: [year] }, ...flowCut], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    load({ cube, drilldowns: [exporterLevel], cuts: [{ level: exporterLevel, ids: [country.id] }, { level: "Year", ids: [year] }, ...flowCut] }, locale),
    isSection
      ? load(
          {
            cube: SECTIONS_CUBE,
            drilldowns: ["Importer Country"],
            cuts: [{ level: "Section", ids: [product.id] }, { level: "Exporter Country", ids: [country.id] }, { level: "Year", ids: [year] }],
            exclude: [{ level: "Importer Country", ids: [country.id] }],
            sort: [{ key: "Trade Value", direction: "desc" }],
          },
          locale,
        )
      : Promise.resolve(null),
  ]);
  const ranked = items(exporters.rows, exporterLevel, (id) => `${base}/bilateral-product/${isSection ? `section-${product.id}` : product.id}/reporter/${id}`);
  const position = ranked.findIndex((r) => r.id === country.id);
  const mine = ranked[position];
  const worldTotal = total(exporters.rows);
  const countryExports = value(countryTotal.rows[0]);
  const neighbours = position < 0 ? [] : ranked.slice(Math.max(0, position - 4), position + 5);
  return (
    <>
      <ProfileHero
        images={images}
        title={title}
        kind={t("kinds.bilateral-product")}
        stats={
          mine
            ? [
                { label: t("stats.exports", { year }), value: formatMoney(mine.value, locale), testId: "stat-exports" },
                { label: t("stats2.rank", { year }), value: `${position + 1} / ${ranked.length}`, testId: "stat-rank" },
                { label: t("stats.share", { year }), value: formatShare(mine.value / worldTotal, locale), testId: "stat-world-share" },
                { label: t("stats2.shareOfExports", { year }), value: formatShare(countryExports ? mine.value / countryExports : null, locale), testId: "stat-export-share" },
              ]
            : []
        }
      >
        <Text size="lg" maw={900} data-testid="overview-text">
          {mine
            ? t("bilateralProduct.overviewText", {
                year,
                ...names,
                value: formatMoney(mine.value, locale),
                share: formatShare(countryExports ? mine.value / countryExports : null, locale),
                rank: position + 1,
                count: ranked.length,
              })
            : t("bilateralProduct.noExports", { ...names, year })}
        </Text>
      </ProfileHero>
      <Container size="lg" py="xl">
        <Stack gap="xl">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <SectionFrame id="rank" title={t("bilateralProduct.rankTitle", names)} locale={locale} source={{ name: SOURCE_OTS, years: String(year), apiUrl: exporters.apiUrl, csvUrl: exporters.csvUrl }}>
              {neighbours.length ? <RankedBars items={neighbours} total={worldTotal} locale={locale} testId="rank-neighbours" /> : <Text>{t("noData")}</Text>}
            </SectionFrame>
            <SectionFrame
              id="destinations"
              title={t("bilateralProduct.destinations", names)}
              locale={locale}
              source={destinations ? { name: SOURCE_OTS, years: String(year), apiUrl: destinations.apiUrl, csvUrl: destinations.csvUrl } : undefined}
            >
              {destinations ? (
                <>
                  <ProfileChart locale={locale} path={`geomap/hs92/export/${country.id}/show/${product.id}/${year}`} height={320} />
                  <RankedBars items={items(destinations.rows, "Importer Country", (id) => `${base}/country/${id}`)} total={total(destinations.rows)} locale={locale} testId="product-destinations" />
                </>
              ) : (
                <Alert variant="light" color="gray">
                  {t("bilateralProduct.notAvailable")}
                </Alert>
              )}
            </SectionFrame>
          </SimpleGrid>
        </Stack>
      </Container>
    </>
  );
}
