import { Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from "@mantine/core";
import type { getTranslations } from "next-intl/server";
import type { CatalogEntry } from "@/domain/catalog/catalog";
import { formatDecimal } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { buildProfilePath } from "@/domain/profiles/path";
import type { ProductChange } from "@/domain/profiles/growth";
import { profileView } from "@/domain/visualize/profileViews";
import { TextLink } from "@/features/shell/AppLink";
import { loadCountryGrowth, type CountryGrowth } from "@/server/profiles/countryGrowth";
import { load, total, type Loaded } from "@/server/profiles/data";
import { complexityCubes, loadYear, years as yearsOf, type ProfileSources, type YearSource } from "@/server/profiles/sources";
import { loadEciHistory, type EciHistory } from "@/server/profiles/countryContext";
import { yearsLabel } from "@/domain/format/years";
import { formatMoney } from "../format";
import { ProfileChart } from "../ProfileChart";
import { RankedBars } from "../RankedBars";
import { items, topThree, yearValue } from "../rows";
import { section, type SectionModule } from "../sections";
import { mixesSources, sourceLine, type SourceNames } from "../sourceNames";
import { YearSelect } from "../YearSelect";
import { YearTable, milestoneYears } from "../YearTable";
import { QualityNote } from "../QualityNote";
import type { DescribedFlag } from "@/domain/catalog/quality";
import { loadQualityNotes } from "@/server/catalog/quality";
import { EciHistoryBlock, economySection, servicesSection } from "./context";

/** What every section of a country (or continent) profile knows before loading its own data. */
export interface CountryContext {
  locale: Locale;
  t: Awaited<ReturnType<typeof getTranslations<"profiles">>>;
  kind: "country" | "continent";
  id: string;
  name: string;
  /** "/{locale}/profile" */
  base: string;
  /** What the catalogue says each question can be answered with. */
  sources: ProfileSources;
  names: SourceNames;
  exportsSeries: Loaded;
  importsSeries: Loaded;
  years: number[];
  first: number;
  latest: number;
  /** The section trade dataset of the latest year. */
  latestSource: YearSource;
  /** Year chosen for the sections view (?year=). */
  sectionsYear: number;
  /** Year of product detail chosen (?productYear=), or the newest; null without product data. */
  productYear: YearSource | null;
  /** The newest complexity ranking year; null when none is computed. */
  complexityYear: CatalogEntry | null;
}

export const reporterLevel = (ctx: CountryContext) => (ctx.kind === "country" ? "Exporter Country" : "Exporter Continent");
export const importerLevel = (ctx: CountryContext) => (ctx.kind === "country" ? "Importer Country" : "Importer Continent");

/** A country's exports (or imports) by HS4 in one year, from the dataset the catalogue names for it. */
export function loadProducts(ctx: CountryContext, source: YearSource | null, flow: "export" | "import" = "export") {
  if (!source || ctx.kind !== "country") return Promise.resolve(null);
  return loadYear(source, { flow, own: [ctx.id], drilldowns: ["HS4"], sort: [{ key: "Trade Value", direction: "desc" }] }, ctx.locale);
}

/** Six-digit products of a year whose dataset holds them (BACI), with their sections. */
function loadHs6Products(ctx: CountryContext, source: YearSource, flow: "export" | "import" = "export") {
  return loadYear(source, { flow, own: [ctx.id], drilldowns: ["HS6"], parents: true, sort: [{ key: "Trade Value", direction: "desc" }] }, ctx.locale);
}

export function loadPartners(ctx: CountryContext, flow: "exports" | "imports") {
  const own = flow === "exports" ? reporterLevel(ctx) : importerLevel(ctx);
  const partner = flow === "exports" ? "Importer Country" : "Exporter Country";
  return load(
    {
      cube: ctx.latestSource.cube,
      drilldowns: [partner],
      cuts: [{ level: own, ids: [ctx.id] }, { level: "Year", ids: [ctx.latest] }],
      ...(ctx.kind === "country" ? { exclude: [{ level: partner, ids: [ctx.id] }] } : {}),
      sort: [{ key: "Trade Value", direction: "desc" }],
    },
    ctx.locale,
  );
}

/** ECI and rank of the country in every ranked year, and how many economies each year ranks. */
export async function loadEci(ctx: CountryContext) {
  if (ctx.kind !== "country" || ctx.sources.complexity.length === 0) return null;
  const cube = complexityCubes(ctx.sources.complexitySet).eci;
  const ranked = ctx.sources.complexity;
  const own = await load(
    { cube, drilldowns: ["Year", "Country"], measures: ["ECI", "ECI Rank"], cuts: [{ level: "Country", ids: [ctx.id] }, { level: "Year", ids: ranked.map((e) => e.year) }], sort: [{ key: "Year", direction: "asc" }] },
    ctx.locale,
  ).catch(() => null);
  const byYear = new Map((own?.rows ?? []).map((r) => [Number(r["Year ID"] ?? r.Year), r]));
  const history = ranked.map((e) => ({ entry: e, row: byYear.get(e.year) ?? null }));
  const newest = history.at(-1) ?? null;
  return { history, row: newest?.row ?? null, count: newest?.entry.reporters ?? 0, year: newest?.entry.year ?? null, loaded: own };
}

function productYearSelect(ctx: CountryContext, anchor: string) {
  const available = yearsOf(ctx.sources.productExports);
  return available.length > 1 && ctx.productYear ? <YearSelect years={available} value={ctx.productYear.year} param="productYear" label={ctx.t("year")} anchor={anchor} /> : null;
}

const exportsByProduct = section<CountryContext, { loaded: Loaded; total: number; source: YearSource; hs6: boolean; notes: DescribedFlag[] }>({
  id: "exports-by-product",
  async load(ctx) {
    // A year from a dataset with six-digit detail (BACI) lists HS6 products; others HS4 headings.
    const hs6 = ctx.productYear?.depth === "hs6" && ctx.kind === "country";
    const loaded = hs6 && ctx.productYear ? await loadHs6Products(ctx, ctx.productYear) : await loadProducts(ctx, ctx.productYear);
    if (!loaded || !ctx.productYear) return null;
    const sum = total(loaded.rows);
    // Data-quality flags on these very figures: this country's exports in the dataset and year shown.
    const notes = sum > 0 ? (await loadQualityNotes({ dataset: ctx.productYear.dataset, year: ctx.productYear.year, reporter: ctx.id }, ctx.locale)).filter((d) => d.flag.flow === "export") : [];
    return sum > 0 ? { loaded, total: sum, source: ctx.productYear, hs6, notes } : null;
  },
  whenEmpty: (ctx) =>
    ctx.kind === "country" && ctx.productYear
      ? { title: ctx.t("country.exportsByProduct"), body: <>{productYearSelect(ctx, "exports-by-product")}<Text data-testid="no-data">{ctx.t("noDataYear", { year: ctx.productYear.year })}</Text></> }
      : null,
  render({ loaded, total: sum, source, hs6, notes }, ctx) {
    const { t, locale, id, name, base } = ctx;
    const list = items(loaded.rows, hs6 ? "HS6" : "HS4", (code) => `${base}/hs/${code}`);
    return {
      title: t("country.exportsByProduct"),
      source: { name: sourceLine(ctx.names, [source.source]), years: String(source.year), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
      body: (
        <>
          {productYearSelect(ctx, "exports-by-product")}
          <Text>{t("country.exportsByProductText", { year: source.year, name, ...topThree(list, sum, locale) })}</Text>
          <QualityNote flags={notes} locale={locale} />
          <Text size="sm" c="dimmed" data-testid="product-depth">
            {hs6 ? t("country.hs6Detail", { year: source.year }) : ctx.sources.hs6Exports.length === 0 ? t("country.hs6NotLoaded") : t("country.hs6OtherYears", { years: ctx.sources.hs6Exports.map((s) => s.year).join(", ") })}
          </Text>
          {mixesSources(ctx.sources.productExports.map((s) => s.source)) && (
            <Text size="sm" c="dimmed" data-testid="mixed-sources">
              {t("mixedSources", { sources: sourceLine(ctx.names, ctx.sources.productExports.map((s) => s.source)) })}
            </Text>
          )}
          <div data-testid={hs6 ? "hs6-treemap" : undefined}>
            <ProfileChart
              locale={locale}
              state={profileView({ chart: "tree_map", country: id, product: "show", time: source.year, classification: source.classification, ...(hs6 ? { depth: "hs6" as const } : {}) })}
            />
          </div>
          {hs6 ? <RankedBars items={list} total={sum} locale={locale} limit={15} testId="hs6-products" /> : null}
        </>
      ),
    };
  },
});

const importsByProduct = section<CountryContext, { loaded: Loaded; total: number; source: YearSource }>({
  id: "imports-by-product",
  async load(ctx) {
    const source = ctx.sources.productImports.at(-1) ?? null;
    const loaded = await loadProducts(ctx, source, "import");
    if (!loaded || !source) return null;
    const sum = total(loaded.rows);
    return sum > 0 ? { loaded, total: sum, source } : null;
  },
  render({ loaded, total: sum, source }, ctx) {
    const { t, locale, id, name, base } = ctx;
    const list = items(loaded.rows, "HS4", (code) => `${base}/hs/${code}`);
    return {
      title: t("country.importsByProduct"),
      source: { name: sourceLine(ctx.names, [source.source]), years: String(source.year), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
      body: (
        <>
          <Text>{t("country.importsByProductText", { year: source.year, name, ...topThree(list, sum, locale) })}</Text>
          <ProfileChart locale={locale} state={profileView({ chart: "tree_map", flow: "import", country: id, product: "show", time: source.year })} />
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
        cube: (ctx.sources.sections.find((s) => s.year === ctx.sectionsYear) ?? ctx.latestSource).cube,
        drilldowns: ["Section"],
        cuts: [{ level: reporterLevel(ctx), ids: [ctx.id] }, { level: "Year", ids: [ctx.sectionsYear] }],
        sort: [{ key: "Trade Value", direction: "desc" }],
      },
      ctx.locale,
    ),
  render(loaded, ctx) {
    const { t, locale, kind, id, base, years, sectionsYear } = ctx;
    const source = ctx.sources.sections.find((s) => s.year === sectionsYear) ?? ctx.latestSource;
    return {
      title: t("country.exportsBySection"),
      source: { name: sourceLine(ctx.names, [source.source]), years: String(sectionsYear), ...(kind === "country" ? {} : { apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl }) },
      body: (
        <>
          <YearSelect years={years} value={sectionsYear} param="year" label={t("year")} anchor="exports-by-section" />
          {kind === "country" ? (
            <ProfileChart locale={locale} state={profileView({ chart: "tree_map", country: id, product: "show", time: sectionsYear, depth: "section" })} height={380} />
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
    render(loaded, ctx) {
      const { t, locale, kind, id: member, name, base, latest } = ctx;
      const level = flow === "exports" ? "Importer Country" : "Exporter Country";
      const list = items(loaded.rows, level, (p) => `${base}/country/${p}`);
      const sum = total(loaded.rows);
      return {
        title: t(`country.${id}`),
        source: { name: sourceLine(ctx.names, [ctx.latestSource.source]), years: String(latest), ...(kind === "country" ? {} : { apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl }) },
        body: (
          <>
            <Text>{t(`country.${id}Text`, { year: latest, name, ...topThree(list, sum, locale) })}</Text>
            {kind === "country" ? (
              <ProfileChart locale={locale} state={profileView({ chart: "geomap", flow: flow === "exports" ? "export" : "import", country: member, partner: "show", time: latest })} height={340} />
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
      source: { name: sourceLine(ctx.names, ctx.sources.sections.map((s) => s.source)), years: `${first}–${latest}`, apiUrl: exportsSeries.apiUrl, csvUrl: exportsSeries.csvUrl },
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
          {kind === "country" && <ProfileChart locale={locale} state={profileView({ chart: "line", country: id, time: { from: first, to: latest } })} height={320} bothFlows={{ title: t("flowsTitle", { name }) }} />}
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
  render(_, ctx) {
    const { t, locale, id, name, first, latest } = ctx;
    return {
      title: t("country.basket"),
      source: { name: sourceLine(ctx.names, ctx.sources.sections.map((s) => s.source)), years: `${first}–${latest}` },
      body: (
        <>
          <Text>{t("country.basketText", { name, from: first, to: latest })}</Text>
          <ProfileChart locale={locale} state={profileView({ chart: "stacked", country: id, product: "show", time: { from: first, to: latest } })} height={400} />
        </>
      ),
    };
  },
});

/** How each product changed between the two newest years of one series (server/profiles/countryGrowth.ts). */
const growth = section<CountryContext, CountryGrowth>({
  id: "growth",
  load: async (ctx) => (ctx.kind === "country" ? loadCountryGrowth(ctx.id, ctx.locale) : null),
  render({ depth, from, to, grew, shrank, apiUrl, csvUrl }, ctx) {
    const { t, locale, name, base } = ctx;
    const href = (id: string) => `${base}${buildProfilePath({ report: "hs", product: { kind: depth, id } })}`;
    const table = (rows: ProductChange[], testId: string, title: string) =>
      rows.length > 0 && (
        <>
          <Title order={3} size="h5">
            {title}
          </Title>
          <TableScrollContainer minWidth={420} type="native">
            <Table striped withTableBorder fz="sm" data-testid={testId}>
              <TableThead>
                <TableTr>
                  <TableTh>{depth === "section" ? t("section") : t("columns.product")}</TableTh>
                  <TableTh ta="right">{from.year}</TableTh>
                  <TableTh ta="right">{to.year}</TableTh>
                  <TableTh ta="right">{t("change")}</TableTh>
                </TableTr>
              </TableThead>
              <TableTbody>
                {rows.map((r) => (
                  <TableTr key={r.id}>
                    <TableTd>
                      <TextLink href={href(r.id)}>{r.name}</TextLink>
                    </TableTd>
                    <TableTd ta="right">{formatMoney(r.from, locale)}</TableTd>
                    <TableTd ta="right">{formatMoney(r.to, locale)}</TableTd>
                    <TableTd ta="right">{`${r.change > 0 ? "+" : "−"}${formatMoney(Math.abs(r.change), locale)}`}</TableTd>
                  </TableTr>
                ))}
              </TableTbody>
            </Table>
          </TableScrollContainer>
        </>
      );
    // Both years are of one dataset and release: the source line names that release.
    const release = sourceLine(ctx.names, [{ source: to.source, vintage: to.vintage }]);
    return {
      title: t("country.growth"),
      source: { name: release, years: `${from.year}, ${to.year}`, apiUrl, csvUrl },
      body: (
        <>
          <Text size="sm" c="dimmed" data-testid="growth-series" data-from={from.year} data-to={to.year} data-dataset={to.dataset} data-vintage={to.vintage}>
            {t(depth === "section" ? "country.growthSeriesSections" : "country.growthSeries", { from: from.year, to: to.year, source: release })}
          </Text>
          <Text>{t(depth === "section" ? "country.growthTextSections" : "country.growthText", { name, from: from.year, to: to.year })}</Text>
          {table(grew, "growth-grew", t("country.grew"))}
          {table(shrank, "growth-shrank", t("country.shrank"))}
        </>
      ),
    };
  },
});

const complexity = section<CountryContext, { history: EciHistory; opportunities: Loaded | null; year: number }>({
  id: "complexity",
  async load(ctx) {
    if (ctx.kind !== "country" || !ctx.complexityYear) return null;
    const year = ctx.complexityYear.year;
    const [history, opportunities] = await Promise.all([
      loadEciHistory(ctx.id, ctx.locale).catch(() => null),
      load(
        {
          cube: complexityCubes(ctx.sources.complexitySet).rca,
          drilldowns: ["HS4"],
          measures: ["RCA", "Relatedness", "Opportunity Gain"],
          cuts: [{ level: "Country", ids: [ctx.id] }, { level: "Year", ids: [year] }],
          sort: [{ key: "Opportunity Gain", direction: "desc" }],
        },
        ctx.locale,
      ).catch(() => null),
    ]);
    // Without product exports that year there is nothing to place in the product space.
    const exports = ctx.sources.productExports.find((s) => s.year === year) ?? null;
    const hs4 = await loadProducts(ctx, exports);
    return history && hs4 && total(hs4.rows) > 0 ? { history, opportunities, year } : null;
  },
  render({ history, opportunities, year }, ctx) {
    const { t, locale, id, name, base } = ctx;
    const point = history.points.find((p) => p.year === year) ?? null;
    const opportunityRows = (opportunities?.rows ?? []).filter((r) => Number(r.RCA) < 1).slice(0, 10);
    const ranked = history.points.filter((p) => p.eci !== null);
    return {
      title: t("country.complexity"),
      source: { name: sourceLine(ctx.names, ctx.sources.complexity.map((e) => e.source)), years: yearsLabel(ctx.sources.complexity.map((e) => e.year)), apiUrl: history.query.apiUrl, csvUrl: history.query.csvUrl },
      body: (
        <>
          <Text data-testid="complexity-text">
            {point && point.eci !== null && point.rank !== null
              ? t("complexityText", { name, rank: point.rank, count: point.ranked, year, eci: formatDecimal(point.eci, locale, 2) })
              : t("complexityNotRanked", { name, year })}{" "}
            <TextLink href={`/${locale}/resources/methods`}>{t("methodsLink")}</TextLink>
          </Text>
          {ranked.length > 0 && <EciHistoryBlock history={history} ctx={ctx} />}
          <Text size="sm">{t("productSpace", { name })}</Text>
          <ProfileChart locale={locale} state={profileView({ chart: "network", country: id, product: "show", time: year })} height={480} />
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
                        <TableTd ta="right">{formatDecimal(Number(r.RCA), locale, 2)}</TableTd>
                        <TableTd ta="right">{formatDecimal(Number(r.Relatedness), locale, 3)}</TableTd>
                        <TableTd ta="right">{formatDecimal(Number(r["Opportunity Gain"]), locale, 3)}</TableTd>
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
  importsByProduct,
  partnersSection("exports"),
  partnersSection("imports"),
  tradeBalance,
  economySection,
  basket,
  growth,
  complexity,
  servicesSection,
  bilateral,
];
