import { Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from "@mantine/core";
import type { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { TextLink } from "@/features/shell/AppLink";
import { HS4_CUBE, SECTIONS_CUBE, SOURCE_OTS, load, total, type Loaded } from "@/server/profiles/data";
import { formatMoney, formatShare } from "../format";
import { ProfileChart } from "../ProfileChart";
import { RankedBars } from "../RankedBars";
import { items, topThree, yearValue } from "../rows";
import { section, type SectionModule } from "../sections";
import { YearSelect } from "../YearSelect";
import { YearTable, milestoneYears } from "../YearTable";

export const COMPLEXITY_YEAR = 2018;

/** What every section of a country (or continent) profile knows before loading its own data. */
export interface CountryContext {
  locale: Locale;
  t: Awaited<ReturnType<typeof getTranslations<"profiles">>>;
  kind: "country" | "continent";
  id: string;
  name: string;
  /** "/{locale}/profile" */
  base: string;
  exportsSeries: Loaded;
  importsSeries: Loaded;
  years: number[];
  first: number;
  latest: number;
  /** Year chosen for the sections view (?year=). */
  sectionsYear: number;
}

export const reporterLevel = (ctx: CountryContext) => (ctx.kind === "country" ? "Exporter Country" : "Exporter Continent");
export const importerLevel = (ctx: CountryContext) => (ctx.kind === "country" ? "Importer Country" : "Importer Continent");

export function loadHs4Exports(ctx: CountryContext) {
  return load(
    { cube: HS4_CUBE, drilldowns: ["HS4"], cuts: [{ level: "Country", ids: [ctx.id] }, { level: "Trade Flow", ids: [2] }], sort: [{ key: "Trade Value", direction: "desc" }] },
    ctx.locale,
  );
}

export function loadPartners(ctx: CountryContext, flow: "exports" | "imports") {
  const own = flow === "exports" ? reporterLevel(ctx) : importerLevel(ctx);
  const partner = flow === "exports" ? "Importer Country" : "Exporter Country";
  return load(
    {
      cube: SECTIONS_CUBE,
      drilldowns: [partner],
      cuts: [{ level: own, ids: [ctx.id] }, { level: "Year", ids: [ctx.latest] }],
      ...(ctx.kind === "country" ? { exclude: [{ level: partner, ids: [ctx.id] }] } : {}),
      sort: [{ key: "Trade Value", direction: "desc" }],
    },
    ctx.locale,
  );
}

export function loadEci(ctx: CountryContext) {
  if (ctx.kind !== "country") return Promise.resolve(null);
  return Promise.all([
    load({ cube: "complexity_eci_a_hs92_hs4", drilldowns: ["Country"], measures: ["ECI", "ECI Rank"], cuts: [{ level: "Country", ids: [ctx.id] }, { level: "Year", ids: [COMPLEXITY_YEAR] }] }, ctx.locale),
    load({ cube: "complexity_eci_a_hs92_hs4", drilldowns: ["Country"], measures: ["ECI Rank"], cuts: [{ level: "Year", ids: [COMPLEXITY_YEAR] }], limit: 1 }, ctx.locale),
  ])
    .then(([own, all]) => ({ row: own.rows[0] ?? null, count: all.response.page.total }))
    .catch(() => null);
}

const exportsByProduct = section<CountryContext, { loaded: Loaded; total: number }>({
  id: "exports-by-product",
  async load(ctx) {
    if (ctx.kind !== "country") return null;
    const loaded = await loadHs4Exports(ctx);
    const sum = total(loaded.rows);
    return sum > 0 ? { loaded, total: sum } : null;
  },
  render({ loaded, total: sum }, { t, locale, id, name, base }) {
    const list = items(loaded.rows, "HS4", (code) => `${base}/hs/${code}`);
    return {
      title: t("country.exportsByProduct"),
      source: { name: SOURCE_OTS, years: "2018" },
      body: (
        <>
          <Text>{t("country.exportsByProductText", { year: 2018, name, ...topThree(list, sum, locale) })}</Text>
          <ProfileChart locale={locale} path={`tree_map/hs92/export/${id}/all/show/2018`} />
        </>
      ),
    };
  },
});

const exportsBySection = section<CountryContext, Loaded>({
  id: "exports-by-section",
  load: (ctx) =>
    load(
      {
        cube: SECTIONS_CUBE,
        drilldowns: ["Section"],
        cuts: [{ level: reporterLevel(ctx), ids: [ctx.id] }, { level: "Year", ids: [ctx.sectionsYear] }],
        sort: [{ key: "Trade Value", direction: "desc" }],
      },
      ctx.locale,
    ),
  render(loaded, { t, locale, kind, id, base, years, sectionsYear }) {
    return {
      title: t("country.exportsBySection"),
      source: { name: SOURCE_OTS, years: String(sectionsYear), ...(kind === "country" ? {} : { apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl }) },
      body: (
        <>
          <YearSelect years={years} value={sectionsYear} param="year" label={t("year")} anchor="exports-by-section" />
          {kind === "country" ? (
            <ProfileChart locale={locale} path={`tree_map/hs92/export/${id}/all/show/${sectionsYear}?depth=section`} height={380} />
          ) : (
            <RankedBars items={items(loaded.rows, "Section", (s) => `${base}/hs/section-${s}`)} total={total(loaded.rows)} locale={locale} limit={22} testId="section-exports" />
          )}
        </>
      ),
    };
  },
});

function partnersSection(flow: "exports" | "imports") {
  const id = flow === "exports" ? "destinations" : "origins";
  return section<CountryContext, Loaded>({
    id,
    half: true,
    async load(ctx) {
      const loaded = await loadPartners(ctx, flow);
      return total(loaded.rows) > 0 ? loaded : null;
    },
    whenEmpty: ({ t }) => ({ title: t(`country.${id}`), body: <Text>{t("noData")}</Text> }),
    render(loaded, { t, locale, kind, id: member, name, base, latest }) {
      const level = flow === "exports" ? "Importer Country" : "Exporter Country";
      const list = items(loaded.rows, level, (p) => `${base}/country/${p}`);
      const sum = total(loaded.rows);
      return {
        title: t(`country.${id}`),
        source: { name: SOURCE_OTS, years: String(latest), ...(kind === "country" ? {} : { apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl }) },
        body: (
          <>
            <Text>{t(`country.${id}Text`, { year: latest, name, ...topThree(list, sum, locale) })}</Text>
            {kind === "country" ? (
              <ProfileChart locale={locale} path={`geomap/hs92/${flow === "exports" ? "export" : "import"}/${member}/show/all/${latest}`} height={340} />
            ) : (
              <RankedBars items={list} total={sum} locale={locale} testId={id} />
            )}
          </>
        ),
      };
    },
  });
}

const tradeBalance = section<CountryContext, CountryContext>({
  id: "trade-balance",
  load: async (ctx) => ctx,
  render(ctx) {
    const { t, locale, kind, id, name, first, latest, years, exportsSeries, importsSeries } = ctx;
    return {
      title: t("country.balanceOverTime"),
      source: { name: SOURCE_OTS, years: `${first}–${latest}`, apiUrl: exportsSeries.apiUrl, csvUrl: exportsSeries.csvUrl },
      body: (
        <>
          <Text>
            {t("country.balanceOverTimeText", {
              from: first,
              to: latest,
              name,
              fromExports: formatMoney(yearValue(exportsSeries.rows, first), locale),
              toExports: formatMoney(yearValue(exportsSeries.rows, latest), locale),
              fromImports: formatMoney(yearValue(importsSeries.rows, first), locale),
              toImports: formatMoney(yearValue(importsSeries.rows, latest), locale),
            })}
          </Text>
          {kind === "country" && <ProfileChart locale={locale} path={`line/hs92/export/${id}/all/all/${first}-${latest}`} height={320} />}
          <YearTable
            yearLabel={t("year")}
            years={milestoneYears(years)}
            columns={[
              { label: t("exports"), value: (y) => yearValue(exportsSeries.rows, y) },
              { label: t("imports"), value: (y) => yearValue(importsSeries.rows, y) },
              { label: t("balance"), value: (y) => yearValue(exportsSeries.rows, y) - yearValue(importsSeries.rows, y) },
            ]}
            locale={locale}
            testId="balance-table"
          />
        </>
      ),
    };
  },
});

const basket = section<CountryContext, true>({
  id: "basket",
  load: async (ctx) => (ctx.kind === "country" && ctx.first < ctx.latest ? true : null),
  render(_, { t, locale, id, name, first, latest }) {
    return {
      title: t("country.basket"),
      source: { name: SOURCE_OTS, years: `${first}–${latest}` },
      body: (
        <>
          <Text>{t("country.basketText", { name, from: first, to: latest })}</Text>
          <ProfileChart locale={locale} path={`stacked/hs92/export/${id}/all/show/${first}-${latest}`} height={400} />
        </>
      ),
    };
  },
});

const complexity = section<CountryContext, { eci: Awaited<ReturnType<typeof loadEci>>; opportunities: Loaded | null }>({
  id: "complexity",
  async load(ctx) {
    if (ctx.kind !== "country") return null;
    const [eci, opportunities, hs4] = await Promise.all([
      loadEci(ctx),
      load(
        {
          cube: "complexity_rca_a_hs92_hs4",
          drilldowns: ["HS4"],
          measures: ["RCA", "Relatedness", "Opportunity Gain"],
          cuts: [{ level: "Country", ids: [ctx.id] }, { level: "Year", ids: [COMPLEXITY_YEAR] }],
          sort: [{ key: "Opportunity Gain", direction: "desc" }],
        },
        ctx.locale,
      ).catch(() => null),
      loadHs4Exports(ctx),
    ]);
    // Without HS4 exports there is nothing to place in the product space.
    return total(hs4.rows) > 0 ? { eci, opportunities } : null;
  },
  render({ eci, opportunities }, { t, locale, id, name, base }) {
    const row = eci?.row;
    const opportunityRows = (opportunities?.rows ?? []).filter((r) => Number(r.RCA) < 1).slice(0, 10);
    return {
      title: t("country.complexity"),
      source: opportunities ? { name: SOURCE_OTS, years: String(COMPLEXITY_YEAR), apiUrl: opportunities.apiUrl, csvUrl: opportunities.csvUrl } : undefined,
      body: (
        <>
          <Text data-testid="complexity-text">
            {row
              ? t("complexityText", { name, rank: Number(row["ECI Rank"]), count: eci?.count ?? 0, year: COMPLEXITY_YEAR, eci: Number(row.ECI).toFixed(2) })
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
                      <TableTh>{t("columns.product")}</TableTh>
                      <TableTh ta="right">{t("rca")}</TableTh>
                      <TableTh ta="right">{t("relatedness")}</TableTh>
                      <TableTh ta="right">{t("opportunityGain")}</TableTh>
                    </TableTr>
                  </TableThead>
                  <TableTbody>
                    {opportunityRows.map((r) => (
                      <TableTr key={String(r["HS4 ID"])}>
                        <TableTd>
                          <TextLink href={`${base}/hs/${r["HS4 ID"]}`}>{String(r.HS4)}</TextLink>
                        </TableTd>
                        <TableTd ta="right">{Number(r.RCA).toFixed(2)}</TableTd>
                        <TableTd ta="right">{Number(r.Relatedness).toFixed(3)}</TableTd>
                        <TableTd ta="right">{Number(r["Opportunity Gain"]).toFixed(3)}</TableTd>
                      </TableTr>
                    ))}
                  </TableTbody>
                </Table>
              </TableScrollContainer>
            </>
          )}
        </>
      ),
    };
  },
});

const services = section<CountryContext, Loaded>({
  id: "services",
  async load(ctx) {
    if (ctx.kind !== "country") return null;
    const loaded = await load(
      { cube: "services_i_comtrade_a_eb02", drilldowns: ["Service"], cuts: [{ level: "Exporter Country", ids: [ctx.id] }], sort: [{ key: "Trade Value", direction: "desc" }] },
      ctx.locale,
    ).catch(() => null);
    return loaded && total(loaded.rows) > 0 ? loaded : null;
  },
  render(loaded, { t, locale, name }) {
    const list = items(loaded.rows, "Service");
    const sum = total(loaded.rows);
    return {
      title: t("country.services"),
      source: { name: "UN Comtrade (EBOPS 2002)", years: "2016", apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
      body: (
        <>
          <Text>{t("country.servicesText", { year: 2016, name, total: formatMoney(sum, locale), first: list[0].name, firstShare: formatShare(list[0].value / sum, locale) })}</Text>
          <RankedBars items={list} total={sum} locale={locale} limit={11} testId="services" />
        </>
      ),
    };
  },
});

const bilateral = section<CountryContext, Loaded>({
  id: "bilateral",
  async load(ctx) {
    if (ctx.kind !== "country") return null;
    const loaded = await loadPartners(ctx, "exports");
    return total(loaded.rows) > 0 ? loaded : null;
  },
  render(loaded, { t, locale, id, name, base }) {
    const list = items(loaded.rows, "Importer Country").slice(0, 10);
    return {
      title: t("country.bilateral"),
      body: (
        <>
          <Text>{t("country.bilateralText", { name })}</Text>
          <RankedBars
            items={list.map((p) => ({ ...p, name: `${name} – ${p.name}`, href: `${base}/bilateral-country/${id}/partner/${p.id}` }))}
            total={total(loaded.rows)}
            locale={locale}
            testId="bilateral-links"
          />
        </>
      ),
    };
  },
});

/** The country profile, section by section, in page order. */
export const COUNTRY_SECTIONS: SectionModule<CountryContext, unknown>[] = [
  exportsByProduct,
  exportsBySection,
  partnersSection("exports"),
  partnersSection("imports"),
  tradeBalance,
  basket,
  complexity,
  services,
  bilateral,
];
