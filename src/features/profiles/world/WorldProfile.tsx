import { Alert, Container, SimpleGrid, Stack, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { HS4_CUBE, SECTIONS_CUBE, SOURCE_OTS, load, total } from "@/server/profiles/data";
import { formatMoney } from "../format";
import { ProfileHero } from "../ProfileHero";
import { RankedBars } from "../RankedBars";
import { items, latestYearWithData, memberImage, topThree, yearValue } from "../rows";
import { ProfileChart } from "../ProfileChart";
import { SectionFrame } from "../SectionFrame";
import { YearTable, milestoneYears } from "../YearTable";

export async function WorldProfile({ locale, name }: { locale: Locale; name: string }) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  const base = `/${locale}/profile`;
  const series = await load({ cube: SECTIONS_CUBE, drilldowns: ["Year"] }, locale);
  const latest = latestYearWithData(series.rows);
  if (latest === null) return <Container py="xl"><Text>{t("noData")}</Text></Container>;
  const [exporters, sections, products] = await Promise.all([
    load({ cube: SECTIONS_CUBE, drilldowns: ["Exporter Country"], cuts: [{ level: "Year", ids: [latest] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    load({ cube: SECTIONS_CUBE, drilldowns: ["Section"], cuts: [{ level: "Year", ids: [latest] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    load({ cube: HS4_CUBE, drilldowns: ["HS4"], cuts: [{ level: "Trade Flow", ids: [2] }], sort: [{ key: "Trade Value", direction: "desc" }], limit: 50 }, locale),
  ]);
  const worldTotal = yearValue(series.rows, latest);
  const exporterItems = items(exporters.rows, "Exporter Country", (id) => `${base}/country/${id}`);
  const sectionItems = items(sections.rows, "Section", (id) => `${base}/hs/section-${id}`);
  const productItems = items(products.rows, "HS4", (id) => `${base}/hs/${id}`);
  const years = series.rows.map((r) => Number(r.Year));
  const first = Math.min(...years);
  return (
    <>
      <ProfileHero
        images={[{ src: memberImage("world", "wld"), alt: name }]}
        title={name}
        kind={t("kinds.world")}
        stats={[
          { label: t("stats.world", { year: latest }), value: formatMoney(worldTotal, locale), testId: "stat-world" },
          ...(exporterItems[0] ? [{ label: t("stats.topExporter", { year: latest }), value: formatMoney(exporterItems[0].value, locale), detail: exporterItems[0].name, testId: "stat-top-exporter" }] : []),
        ]}
      >
        <Text size="lg" maw={900} data-testid="overview-text">
          {t("world.overviewText", { year: latest, total: formatMoney(worldTotal, locale), ...topThree(exporterItems, worldTotal, locale) })}
        </Text>
        <Alert variant="light" color="gray" maw={900}>
          {t("world.levelNote")}
        </Alert>
      </ProfileHero>
      <Container size="lg" py="xl">
        <Stack gap="xl">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <SectionFrame id="top-exporters" title={t("world.topExporters")} locale={locale} source={{ name: SOURCE_OTS, years: String(latest), apiUrl: exporters.apiUrl, csvUrl: exporters.csvUrl }}>
              <RankedBars items={exporterItems} total={worldTotal} locale={locale} limit={15} testId="top-exporters" />
            </SectionFrame>
            <SectionFrame id="sections" title={t("world.sections")} locale={locale} source={{ name: SOURCE_OTS, years: String(latest), apiUrl: sections.apiUrl, csvUrl: sections.csvUrl }}>
              <Text>{t("world.sectionsText", { year: latest })}</Text>
              <RankedBars items={sectionItems} total={total(sections.rows)} locale={locale} limit={22} testId="world-sections" />
            </SectionFrame>
          </SimpleGrid>
          <SectionFrame id="basket" title={t("world.basket")} locale={locale} source={{ name: SOURCE_OTS, years: `${first}–${latest}` }}>
            <ProfileChart locale={locale} path={`stacked/hs92/export/all/all/show/${first}-${latest}`} height={420} />
          </SectionFrame>
          <SectionFrame id="exporters-map" title={t("product.map")} locale={locale} source={{ name: SOURCE_OTS, years: String(latest) }}>
            <ProfileChart locale={locale} path={`geomap/hs92/export/show/all/all/${latest}`} height={380} />
          </SectionFrame>
          <SectionFrame id="over-time" title={t("world.overTime")} locale={locale} source={{ name: SOURCE_OTS, years: `${first}–${latest}`, apiUrl: series.apiUrl, csvUrl: series.csvUrl }}>
            <Text>{t("world.overTimeText", { from: first, to: latest, fromValue: formatMoney(yearValue(series.rows, first), locale), toValue: formatMoney(worldTotal, locale) })}</Text>
            <YearTable years={milestoneYears(years)} columns={[{ label: t("exports"), value: (y) => yearValue(series.rows, y) }]} locale={locale} testId="world-series" />
          </SectionFrame>
          {productItems.length > 0 && (
            <SectionFrame id="top-products" title={t("world.topProducts")} locale={locale} source={{ name: SOURCE_OTS, years: "2018", apiUrl: products.apiUrl, csvUrl: products.csvUrl }}>
              <RankedBars items={productItems} total={total(products.rows)} locale={locale} limit={15} testId="top-products" />
            </SectionFrame>
          )}
        </Stack>
      </Container>
    </>
  );
}
