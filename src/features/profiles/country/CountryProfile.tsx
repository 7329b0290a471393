import { Container, SimpleGrid, Stack, Title, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { SOURCE_OTS, SECTIONS_CUBE, HS4_CUBE, load, total, value, type Loaded } from "@/server/profiles/data";
import { formatMoney, formatShare } from "../format";
import { ProfileHero } from "../ProfileHero";
import { RankedBars } from "../RankedBars";
import { items, memberImage, topThree } from "../rows";
import { TextLink } from "@/features/shell/AppLink";
import { ProfileChart } from "../ProfileChart";
import { SectionFrame } from "../SectionFrame";
import { YearSelect } from "../YearSelect";

interface Props {
  locale: Locale;
  kind: "country" | "continent";
  id: string;
  name: string;
  /** Year of the "exports by section" view (?year=); the latest year when absent or not covered. */
  sectionYear?: number;
}

const COMPLEXITY_YEAR = 2018;

export async function CountryProfile({ locale, kind, id, name, sectionYear }: Props) {
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

  const sectionsYear = sectionYear && years.includes(sectionYear) ? sectionYear : latest;
  const [sectionsChosen, eci, ranked, opportunities] = await Promise.all([
    sectionsYear === latest
      ? sections
      : load({ cube: SECTIONS_CUBE, drilldowns: ["Section"], cuts: [{ level: reporter, ids: [id] }, { level: "Year", ids: [sectionsYear] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    kind === "country"
      ? load({ cube: "complexity_eci_a_hs92_hs4", drilldowns: ["Country"], measures: ["ECI", "ECI Rank"], cuts: [{ level: "Country", ids: [id] }, { level: "Year", ids: [COMPLEXITY_YEAR] }] }, locale).catch(() => null)
      : null,
    kind === "country"
      ? load({ cube: "complexity_eci_a_hs92_hs4", drilldowns: ["Country"], measures: ["ECI Rank"], cuts: [{ level: "Year", ids: [COMPLEXITY_YEAR] }], limit: 1 }, locale).catch(() => null)
      : null,
    kind === "country"
      ? load(
          {
            cube: "complexity_rca_a_hs92_hs4",
            drilldowns: ["HS4"],
            measures: ["RCA", "Relatedness", "Opportunity Gain"],
            cuts: [{ level: "Country", ids: [id] }, { level: "Year", ids: [COMPLEXITY_YEAR] }],
            sort: [{ key: "Opportunity Gain", direction: "desc" }],
          },
          locale,
        ).catch(() => null)
      : null,
  ]);
  const eciRow = eci?.rows[0];
  const rankedCount = ranked?.response.page.total ?? 0;
  const opportunityRows = (opportunities?.rows ?? []).filter((r) => Number(r.RCA) < 1).slice(0, 10);
  const destinationItems = items(destinations.rows, "Importer Country", (p) => `${base}/country/${p}`);
  const originItems = items(origins.rows, "Exporter Country", (p) => `${base}/country/${p}`);
  const sectionItems = items(sectionsChosen.rows, "Section", (s) => `${base}/hs/section-${s}`);
  const hs4Items = hs4 ? items(hs4.rows, "HS4", (code) => `${base}/hs/${code}`) : [];
  const hs4Total = hs4 ? total(hs4.rows) : 0;
  const productYear = hs4Items.length ? 2018 : latest;
  const topProduct = hs4Items[0] ?? items(sections.rows, "Section")[0];
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
          ...(eciRow ? [{ label: t("stats.eciRank", { year: COMPLEXITY_YEAR }), value: `${eciRow["ECI Rank"]} / ${rankedCount}`, detail: `ECI ${Number(eciRow.ECI).toFixed(2)}`, testId: "stat-eci-rank" }] : []),
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
            <SectionFrame id="exports-by-product" title={t("country.exportsByProduct")} locale={locale} source={{ name: SOURCE_OTS, years: "2018" }}>
              <Text>{t("country.exportsByProductText", { year: 2018, name, ...topThree(hs4Items, hs4Total, locale) })}</Text>
              <ProfileChart locale={locale} path={`tree_map/hs92/export/${id}/all/show/2018`} />
            </SectionFrame>
          )}
          <SectionFrame id="exports-by-section" title={t("country.exportsBySection")} locale={locale} source={{ name: SOURCE_OTS, years: String(sectionsYear), ...(kind === "country" ? {} : { apiUrl: sectionsChosen.apiUrl, csvUrl: sectionsChosen.csvUrl }) }}>
            <YearSelect years={years} value={sectionsYear} param="year" label={t("year")} anchor="exports-by-section" />
            {kind === "country" ? (
              <ProfileChart locale={locale} path={`tree_map/hs92/export/${id}/all/show/${sectionsYear}?depth=section`} height={380} />
            ) : (
              <RankedBars items={sectionItems} total={total(sectionsChosen.rows)} locale={locale} limit={22} testId="section-exports" />
            )}
          </SectionFrame>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <SectionFrame id="destinations" title={t("country.destinations")} locale={locale} source={{ name: SOURCE_OTS, years: String(latest), ...(kind === "country" ? {} : { apiUrl: destinations.apiUrl, csvUrl: destinations.csvUrl }) }}>
              {destinationItems.length ? (
                <>
                  <Text>{t("country.destinationsText", { year: latest, name, ...topThree(destinationItems, total(destinations.rows), locale) })}</Text>
                  {kind === "country" ? (
                    <ProfileChart locale={locale} path={`geomap/hs92/export/${id}/show/all/${latest}`} height={340} />
                  ) : (
                    <RankedBars items={destinationItems} total={total(destinations.rows)} locale={locale} testId="destinations" />
                  )}
                </>
              ) : (
                <Text>{t("noData")}</Text>
              )}
            </SectionFrame>
            <SectionFrame id="origins" title={t("country.origins")} locale={locale} source={{ name: SOURCE_OTS, years: String(latest), ...(kind === "country" ? {} : { apiUrl: origins.apiUrl, csvUrl: origins.csvUrl }) }}>
              {originItems.length ? (
                <>
                  <Text>{t("country.originsText", { year: latest, name, ...topThree(originItems, total(origins.rows), locale) })}</Text>
                  {kind === "country" ? (
                    <ProfileChart locale={locale} path={`geomap/hs92/import/${id}/show/all/${latest}`} height={340} />
                  ) : (
                    <RankedBars items={originItems} total={total(origins.rows)} locale={locale} testId="origins" />
                  )}
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
            {kind === "country" && <ProfileChart locale={locale} path={`line/hs92/export/${id}/all/all/${first}-${latest}`} height={320} />}
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
          {kind === "country" && first < latest && (
            <SectionFrame id="basket" title={t("country.basket")} locale={locale} source={{ name: SOURCE_OTS, years: `${first}–${latest}` }}>
              <Text>{t("country.basketText", { name, from: first, to: latest })}</Text>
              <ProfileChart locale={locale} path={`stacked/hs92/export/${id}/all/show/${first}-${latest}`} height={400} />
            </SectionFrame>
          )}
          {kind === "country" && hs4Items.length > 0 && (
            <SectionFrame
              id="complexity"
              title={t("country.complexity")}
              locale={locale}
              source={opportunities ? { name: SOURCE_OTS, years: String(COMPLEXITY_YEAR), apiUrl: opportunities.apiUrl, csvUrl: opportunities.csvUrl } : undefined}
            >
              <Text data-testid="complexity-text">
                {eciRow
                  ? t("complexityText", { name, rank: Number(eciRow["ECI Rank"]), count: rankedCount, year: COMPLEXITY_YEAR, eci: Number(eciRow.ECI).toFixed(2) })
                  : t("complexityNotRanked", { name, year: COMPLEXITY_YEAR })}{" "}
                <TextLink href={`/${locale}/resources/methods`}>{t("methodsLink")}</TextLink>
              </Text>
              <Text size="sm">{t("productSpace", { name })}</Text>
              <ProfileChart locale={locale} path={`network/hs92/export/${id}/all/show/2018`} height={480} />
              {opportunityRows.length > 0 && (
                <>
                  <Title order={3} size="h4">
                    {t("opportunities")}
                  </Title>
                  <Text size="sm">{t("opportunitiesText", { name })}</Text>
                  <TableScrollContainer minWidth={420} type="native">
                    <Table striped withTableBorder fz="sm" data-testid="opportunities">
                      <TableThead>
                        <TableTr>
                          <TableTh>{t("product")}</TableTh>
                          <TableTh ta="right">{t("rca")}</TableTh>
                          <TableTh ta="right">{t("relatedness")}</TableTh>
                          <TableTh ta="right">{t("opportunityGain")}</TableTh>
                        </TableTr>
                      </TableThead>
                      <TableTbody>
                        {opportunityRows.map((row) => (
                          <TableTr key={String(row["HS4 ID"])}>
                            <TableTd>
                              <TextLink href={`${base}/hs/${row["HS4 ID"]}`}>{String(row.HS4)}</TextLink>
                            </TableTd>
                            <TableTd ta="right">{Number(row.RCA).toFixed(2)}</TableTd>
                            <TableTd ta="right">{Number(row.Relatedness).toFixed(3)}</TableTd>
                            <TableTd ta="right">{Number(row["Opportunity Gain"]).toFixed(3)}</TableTd>
                          </TableTr>
                        ))}
                      </TableTbody>
                    </Table>
                  </TableScrollContainer>
                </>
              )}
            </SectionFrame>
          )}
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
