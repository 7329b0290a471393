import { Alert, Container, SimpleGrid, Stack, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import type { ProductRef } from "@/domain/profiles/path";
import { TextLink } from "@/features/shell/AppLink";
import { HS4_CUBE, SECTIONS_CUBE, SOURCE_OTS, load, total, type Loaded } from "@/server/profiles/data";
import type { ProfileIndex } from "@/server/search/engine";
import { formatMoney } from "../format";
import { ProfileHero } from "../ProfileHero";
import { RankedBars } from "../RankedBars";
import { items, latestYearWithData, memberImage, topThree, yearValue } from "../rows";
import { productSpaceNeighbours } from "@/server/profiles/productSpace";
import { ProfileChart } from "../ProfileChart";
import { SectionFrame } from "../SectionFrame";
import { YearTable, milestoneYears } from "../YearTable";

const LEVEL = { section: "Section", hs2: "HS2", hs4: "HS4", hs6: "HS6" } as const;

export async function ProductProfile({ locale, product, name, index }: { locale: Locale; product: ProductRef; name: string; index: ProfileIndex }) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  const base = `/${locale}/profile`;
  const images = [{ src: memberImage(product.kind, product.id), alt: name }];
  const kind = `${t("kinds.hs")} · ${product.kind === "section" ? t("section") : product.kind.toUpperCase()} ${product.kind === "section" ? "" : product.id}`.trim();

  if (product.kind === "hs6") {
    const parent = product.id.slice(0, 4);
    const parentEntity = index.entity("hs4", parent);
    return (
      <>
        <ProfileHero images={images} title={name} kind={kind} stats={[]} />
        <Container size="lg" py="xl">
          <Alert title={t("noData")} data-testid="no-data">
            {t("product.hs6NoData", { name })}{" "}
            {parentEntity && <TextLink href={`${base}/hs/${parent}`}>{parentEntity.names[locale] || parentEntity.names.en}</TextLink>}
          </Alert>
        </Container>
      </>
    );
  }

  const level = LEVEL[product.kind];
  let year: number;
  let exporters: Loaded;
  let importers: Loaded;
  let series: Loaded | null = null;
  let children: Loaded | null = null;
  if (product.kind === "section") {
    series = await load({ cube: SECTIONS_CUBE, drilldowns: ["Year"], cuts: [{ level: "Section", ids: [product.id] }] }, locale);
    year = latestYearWithData(series.rows) ?? 2018;
    [exporters, importers, children] = await Promise.all([
      load({ cube: SECTIONS_CUBE, drilldowns: ["Exporter Country"], cuts: [{ level: "Section", ids: [product.id] }, { level: "Year", ids: [year] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
      load({ cube: SECTIONS_CUBE, drilldowns: ["Importer Country"], cuts: [{ level: "Section", ids: [product.id] }, { level: "Year", ids: [year] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
      load({ cube: HS4_CUBE, drilldowns: ["HS2"], cuts: [{ level: "Section", ids: [product.id] }, { level: "Trade Flow", ids: [2] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    ]);
  } else {
    year = 2018;
    const cut = { level, ids: [product.id] };
    [exporters, importers, children] = await Promise.all([
      load({ cube: HS4_CUBE, drilldowns: ["Country"], cuts: [cut, { level: "Trade Flow", ids: [2] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
      load({ cube: HS4_CUBE, drilldowns: ["Country"], cuts: [cut, { level: "Trade Flow", ids: [1] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
      product.kind === "hs2"
        ? load({ cube: HS4_CUBE, drilldowns: ["HS4"], cuts: [cut, { level: "Trade Flow", ids: [2] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale)
        : Promise.resolve(null),
    ]);
  }
  const exporterLevel = product.kind === "section" ? "Exporter Country" : "Country";
  const importerLevel = product.kind === "section" ? "Importer Country" : "Country";
  const exporterItems = items(exporters.rows, exporterLevel, (id) => `${base}/bilateral-product/${product.kind === "section" ? `section-${product.id}` : product.id}/reporter/${id}`);
  const importerItems = items(importers.rows, importerLevel, (id) => `${base}/country/${id}`);
  const worldExports = total(exporters.rows);
  const childLevel = product.kind === "section" ? "HS2" : "HS4";
  const childItems = children ? items(children.rows, childLevel, (id) => `${base}/hs/${id}`) : [];
  const source = (loaded: Loaded, years: string) => ({ name: SOURCE_OTS, years, apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl });
  const hs4 = product.kind === "hs4";
  const [pci, pciCount, neighbourIds] = await Promise.all([
    hs4 ? load({ cube: "complexity_pci_a_hs92_hs4", drilldowns: ["HS4"], measures: ["PCI", "PCI Rank"], cuts: [{ level: "HS4", ids: [product.id] }, { level: "Year", ids: [2018] }] }, locale).catch(() => null) : null,
    hs4 ? load({ cube: "complexity_pci_a_hs92_hs4", drilldowns: ["HS4"], measures: ["PCI Rank"], cuts: [{ level: "Year", ids: [2018] }], limit: 1 }, locale).catch(() => null) : null,
    hs4 ? productSpaceNeighbours().then((n) => n.get(product.id) ?? null) : null,
  ]);
  const pciRow = pci?.rows[0];
  const neighbours = (neighbourIds ?? [])
    .map((code) => ({ code, entity: index.entity("hs4", code) }))
    .filter((n) => n.entity)
    .map((n) => ({ id: n.code, name: n.entity!.names[locale] || n.entity!.names.en, value: n.entity!.weight, href: `${base}/hs/${n.code}` }))
    .sort((a, b) => b.value - a.value);

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
          ...(pciRow ? [{ label: `${t("pci")} (2018)`, value: `${pciRow["PCI Rank"]} / ${pciCount?.response.page.total ?? "?"}`, detail: `PCI ${Number(pciRow.PCI).toFixed(2)}`, testId: "stat-pci-rank" }] : []),
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
        <Stack gap="xl">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <SectionFrame id="exporters" title={t("product.topExporters")} locale={locale} source={source(exporters, String(year))}>
              {exporterItems.length ? <RankedBars items={exporterItems} total={worldExports} locale={locale} testId="product-exporters" /> : <Text>{t("noData")}</Text>}
            </SectionFrame>
            <SectionFrame id="importers" title={t("product.topImporters")} locale={locale} source={source(importers, String(year))}>
              {importerItems.length ? <RankedBars items={importerItems} total={total(importers.rows)} locale={locale} testId="product-importers" /> : <Text>{t("noData")}</Text>}
            </SectionFrame>
          </SimpleGrid>
          {worldExports > 0 && product.kind !== "hs2" && (
            <SectionFrame id="map" title={t("product.map")} locale={locale} source={{ name: SOURCE_OTS, years: String(year) }}>
              <ProfileChart locale={locale} path={`geomap/hs92/export/show/all/${product.id}/${year}`} height={380} />
            </SectionFrame>
          )}
          {hs4 && (
            <SectionFrame id="complexity" title={t("product.complexity")} locale={locale} source={pci ? { name: SOURCE_OTS, years: "2018", apiUrl: pci.apiUrl, csvUrl: pci.csvUrl } : undefined}>
              <Text data-testid="pci-text">
                {pciRow
                  ? t("pciText", { year: 2018, pci: Number(pciRow.PCI).toFixed(2), rank: Number(pciRow["PCI Rank"]), count: pciCount?.response.page.total ?? 0 })
                  : t("product.pciNotRanked", { name, year: 2018 })}{" "}
                <TextLink href={`/${locale}/resources/methods`}>{t("methodsLink")}</TextLink>
              </Text>
              {neighbours.length > 0 ? (
                <>
                  <Text size="sm">{t("product.neighbours", { name })}</Text>
                  <RankedBars items={neighbours} total={neighbours.reduce((sum, n) => sum + n.value, 0)} locale={locale} limit={12} testId="product-neighbours" showShare={false} />
                </>
              ) : (
                <Text size="sm">{t("product.notInSpace", { name })}</Text>
              )}
            </SectionFrame>
          )}
          {series && (
            <SectionFrame id="over-time" title={t("product.overTime")} locale={locale} source={source(series, `${Math.min(...series.rows.map((r) => Number(r.Year)))}–${year}`)}>
              <YearTable years={milestoneYears(series.rows.map((r) => Number(r.Year)))} columns={[{ label: t("exports"), value: (y) => yearValue(series.rows, y) }]} locale={locale} testId="product-series" />
            </SectionFrame>
          )}
          {children && childItems.length > 0 && (
            <SectionFrame id="children" title={t("product.children")} locale={locale} source={source(children, "2018")}>
              <RankedBars items={childItems} total={total(children.rows)} locale={locale} limit={20} testId="product-children" />
            </SectionFrame>
          )}
        </Stack>
      </Container>
    </>
  );
}
