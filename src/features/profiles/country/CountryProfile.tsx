import { Container, SimpleGrid, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { SOURCE_OTS, SECTIONS_CUBE, HS4_CUBE, load, total, value, type Loaded } from "@/server/profiles/data";
import { formatMoney, formatShare } from "../format";
import { ProfileHero } from "../ProfileHero";
import { RankedBars } from "../RankedBars";
import { items, memberImage, topThree } from "../rows";
import { SectionFrame } from "../SectionFrame";

interface Props {
  locale: Locale;
  kind: "country" | "continent";
  id: string;
  name: string;
}

export async function CountryProfile({ locale, kind, id, name }: Props) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  const reporter = kind === "country" ? "Exporter Country" : "Exporter Continent";
  const importerSelf = kind === "country" ? "Importer Country" : "Importer Continent";
  const base = `/${locale}/profile`;

  const [exportsSeries, importsSeries] = await Promise.all([
    load({ cube: SECTIONS_CUBE, drilldowns: ["Year"], cuts: [{ level: reporter, ids: [id] }] }, locale),
    load({ cube: SECTIONS_CUBE, drilldowns: ["Year"], cuts: [{ level: importerSelf, ids: [id] }] }, locale),
  ]);
  const years = exportsSeries.rows.filter((r) => value(r) > 0).map((r) => Number(r.Year));
  const latest = years.length ? Math.max(...years) : null;
  if (latest === null) {
    return (
      <Container size="lg" py="xl">
        <Text data-testid="no-data">{t("noData")}</Text>
      </Container>
    );
  }
  const byYear = (loaded: Loaded, year: number) => value(loaded.rows.find((r) => Number(r.Year) === year));
  const exportsLatest = byYear(exportsSeries, latest);
  const importsLatest = byYear(importsSeries, latest);
  const balance = exportsLatest - importsLatest;

  const [sections, destinations, origins, hs4, services] = await Promise.all([
    load({ cube: SECTIONS_CUBE, drilldowns: ["Section"], cuts: [{ level: reporter, ids: [id] }, { level: "Year", ids: [latest] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    load(
      {
        cube: SECTIONS_CUBE,
        drilldowns: ["Importer Country"],
        cuts: [{ level: reporter, ids: [id] }, { level: "Year", ids: [latest] }],
        ...(kind === "country" ? { exclude: [{ level: "Importer Country", ids: [id] }] } : {}),
        sort: [{ key: "Trade Value", direction: "desc" }],
      },
      locale,
    ),
    load(
      {
        cube: SECTIONS_CUBE,
        drilldowns: ["Exporter Country"],
        cuts: [{ level: importerSelf, ids: [id] }, { level: "Year", ids: [latest] }],
        ...(kind === "country" ? { exclude: [{ level: "Exporter Country", ids: [id] }] } : {}),
        sort: [{ key: "Trade Value", direction: "desc" }],
      },
      locale,
    ),
    kind === "country"
      ? load(
          {
            cube: HS4_CUBE,
            drilldowns: ["HS4"],
            cuts: [{ level: "Country", ids: [id] }, { level: "Trade Flow", ids: [2] }],
            sort: [{ key: "Trade Value", direction: "desc" }],
          },
          locale,
        )
      : null,
    kind === "country"
      ? load({ cube: "services_i_comtrade_a_eb02", drilldowns: ["Service"], cuts: [{ level: "Exporter Country", ids: [id] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale).catch(
          () => null,
        )
      : null,
  ]);

  const destinationItems = items(destinations.rows, "Importer Country", (p) => `${base}/country/${p}`);
  const originItems = items(origins.rows, "Exporter Country", (p) => `${base}/country/${p}`);
  const sectionItems = items(sections.rows, "Section", (s) => `${base}/hs/section-${s}`);
  const hs4Items = hs4 ? items(hs4.rows, "HS4", (code) => `${base}/hs/${code}`) : [];
  const hs4Total = hs4 ? total(hs4.rows) : 0;
  const productYear = hs4Items.length ? 2018 : latest;
  const topProduct = hs4Items[0] ?? sectionItems[0];
  const topProductTotal = hs4Items.length ? hs4Total : exportsLatest;
  const topPartner = destinationItems[0];
  const serviceItems = services ? items(services.rows, "Service") : [];
  const servicesTotal = services ? total(services.rows) : 0;

  const decadeYears = [...new Set([Math.min(...years), 1970, 1980, 1990, 2000, 2010, latest])].filter((y) => years.includes(y)).sort((a, b) => a - b);
  const first = Math.min(...years);

  return (
    <>
      <ProfileHero
        images={[{ src: memberImage(kind, id), alt: name }]}
        title={name}
        kind={t(`kinds.${kind}`)}
        stats={[
          { label: t("stats.exports", { year: latest }), value: formatMoney(exportsLatest, locale), testId: "stat-exports" },
          { label: t("stats.imports", { year: latest }), value: formatMoney(importsLatest, locale), testId: "stat-imports" },
          { label: t("stats.balance", { year: latest }), value: formatMoney(balance, locale), testId: "stat-balance" },
          ...(topProduct ? [{ label: t("stats.topExport", { year: productYear }), value: formatMoney(topProduct.value, locale), detail: topProduct.name, testId: "stat-top-export" }] : []),
          ...(topPartner ? [{ label: t("stats.topDestination", { year: latest }), value: formatMoney(topPartner.value, locale), detail: topPartner.name, testId: "stat-top-destination" }] : []),
        ]}
      >
        <Text size="lg" maw={900} data-testid="overview-text">
          {t("country.overviewText", {
            year: latest,
            name,
            exports: formatMoney(exportsLatest, locale),
            imports: formatMoney(importsLatest, locale),
            balanceKind: balance > 0 ? "surplus" : balance < 0 ? "deficit" : "balanced",
            balance: formatMoney(Math.abs(balance), locale),
          })}{" "}
          {topProduct && topPartner
            ? t("country.topText", {
                product: topProduct.name,
                productValue: formatMoney(topProduct.value, locale),
                productShare: formatShare(topProduct.value / topProductTotal, locale),
                partner: topPartner.name,
                partnerValue: formatMoney(topPartner.value, locale),
              })
            : null}
          {latest < 2018 ? ` ${t("country.formerCountry", { name, year: latest })}` : null}
        </Text>
      </ProfileHero>
      <Container size="lg" py="xl">
        <Stack gap="xl">
          {hs4 && hs4Items.length > 0 && (
            <SectionFrame id="exports-by-product" title={t("country.exportsByProduct")} locale={locale} source={{ name: SOURCE_OTS, years: "2018", apiUrl: hs4.apiUrl, csvUrl: hs4.csvUrl }}>
              <Text>{t("country.exportsByProductText", { year: 2018, name, ...topThree(hs4Items, hs4Total, locale) })}</Text>
              <RankedBars items={hs4Items} total={hs4Total} locale={locale} testId="hs4-exports" />
            </SectionFrame>
          )}
          <SectionFrame id="exports-by-section" title={t("country.exportsBySection")} locale={locale} source={{ name: SOURCE_OTS, years: String(latest), apiUrl: sections.apiUrl, csvUrl: sections.csvUrl }}>
            <RankedBars items={sectionItems} total={exportsLatest} locale={locale} limit={22} testId="section-exports" />
          </SectionFrame>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <SectionFrame id="destinations" title={t("country.destinations")} locale={locale} source={{ name: SOURCE_OTS, years: String(latest), apiUrl: destinations.apiUrl, csvUrl: destinations.csvUrl }}>
              {destinationItems.length ? (
                <>
                  <Text>{t("country.destinationsText", { year: latest, name, ...topThree(destinationItems, total(destinations.rows), locale) })}</Text>
                  <RankedBars items={destinationItems} total={total(destinations.rows)} locale={locale} testId="destinations" />
                </>
              ) : (
                <Text>{t("noData")}</Text>
              )}
            </SectionFrame>
            <SectionFrame id="origins" title={t("country.origins")} locale={locale} source={{ name: SOURCE_OTS, years: String(latest), apiUrl: origins.apiUrl, csvUrl: origins.csvUrl }}>
              {originItems.length ? (
                <>
                  <Text>{t("country.originsText", { year: latest, name, ...topThree(originItems, total(origins.rows), locale) })}</Text>
                  <RankedBars items={originItems} total={total(origins.rows)} locale={locale} testId="origins" />
                </>
              ) : (
                <Text>{t("noData")}</Text>
              )}
            </SectionFrame>
          </SimpleGrid>
          <SectionFrame id="trade-balance" title={t("country.balanceOverTime")} locale={locale} source={{ name: SOURCE_OTS, years: `${first}–${latest}`, apiUrl: exportsSeries.apiUrl, csvUrl: exportsSeries.csvUrl }}>
            <Text>
              {t("country.balanceOverTimeText", {
                from: first,
                to: latest,
                name,
                fromExports: formatMoney(byYear(exportsSeries, first), locale),
                toExports: formatMoney(exportsLatest, locale),
                fromImports: formatMoney(byYear(importsSeries, first), locale),
                toImports: formatMoney(importsLatest, locale),
              })}
            </Text>
            <TableScrollContainer minWidth={360} type="native">
            <Table striped withTableBorder data-testid="balance-table" fz="sm">
              <TableThead>
                <TableTr>
                  <TableTh>{t("year")}</TableTh>
                  <TableTh ta="right">{t("exports")}</TableTh>
                  <TableTh ta="right">{t("imports")}</TableTh>
                  <TableTh ta="right">{t("balance")}</TableTh>
                </TableTr>
              </TableThead>
              <TableTbody>
                {decadeYears.map((year) => {
                  const e = byYear(exportsSeries, year);
                  const i = byYear(importsSeries, year);
                  return (
                    <TableTr key={year}>
                      <TableTd>{year}</TableTd>
                      <TableTd ta="right">{formatMoney(e, locale)}</TableTd>
                      <TableTd ta="right">{formatMoney(i, locale)}</TableTd>
                      <TableTd ta="right">{formatMoney(e - i, locale)}</TableTd>
                    </TableTr>
                  );
                })}
              </TableTbody>
            </Table>
            </TableScrollContainer>
          </SectionFrame>
          {services && serviceItems.length > 0 && (
            <SectionFrame id="services" title={t("country.services")} locale={locale} source={{ name: "UN Comtrade (EBOPS 2002)", years: "2016", apiUrl: services.apiUrl, csvUrl: services.csvUrl }}>
              <Text>{t("country.servicesText", { year: 2016, name, total: formatMoney(servicesTotal, locale), first: serviceItems[0].name, firstShare: formatShare(serviceItems[0].value / servicesTotal, locale) })}</Text>
              <RankedBars items={serviceItems} total={servicesTotal} locale={locale} limit={11} testId="services" />
            </SectionFrame>
          )}
          {kind === "country" && destinationItems.length > 0 && (
            <SectionFrame id="bilateral" title={t("country.bilateral")} locale={locale}>
              <Text>{t("country.bilateralText", { name })}</Text>
              <RankedBars
                items={destinationItems.slice(0, 10).map((p) => ({ ...p, name: `${name} – ${p.name}`, href: `${base}/bilateral-country/${id}/partner/${p.id}` }))}
                total={total(destinations.rows)}
                locale={locale}
                testId="bilateral-links"
              />
            </SectionFrame>
          )}
        </Stack>
      </Container>
    </>
  );
}
