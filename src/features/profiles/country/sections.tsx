import { Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from "@/features/ui/static";
import type { CatalogEntry } from "@/domain/catalog/catalog";
import { formatDecimal } from "@/domain/format";
import { buildProfilePath } from "@/domain/profiles/path";
import type { ProductChange } from "@/domain/profiles/growth";
import { profileView } from "@/domain/visualize/profileViews";
import { TextLink } from "@/features/shell/AppLink";
import { loadCountryGrowth, type CountryGrowth } from "@/server/profiles/countryGrowth";
import {
  loadCountryOpportunities,
  loadCountryPartners,
  loadCountryProducts,
  loadCountrySections,
  valueIn,
  type CountryTradeSeries,
  type Opportunity,
  type RankedRows,
} from "@/server/profiles/country";
import { years as yearsOf, type ProfileSources, type YearSource } from "@/server/profiles/sources";
import { loadEciHistory, type EciHistory } from "@/server/profiles/countryContext";
import { yearsLabel } from "@/domain/format/years";
import { formatMoney } from "../format";
import { ProfileChart } from "../ProfileChart";
import { RankedBars } from "../RankedBars";
import { linked, topThree } from "../rows";
import { section, type SectionModule } from "../sections";
import { mixesSources, sourceLine } from "../sourceNames";
import { YearSelect } from "../YearSelect";
import { YearTable, milestoneYears } from "../YearTable";
import { QualityNote } from "../QualityNote";
import type { DescribedFlag } from "@/domain/catalog/quality";
import { loadQualityNotes } from "@/server/catalog/quality";
import { EciHistoryBlock, economySection, servicesSection, type ContextSectionContext } from "./context";

/** What every section of a country (or continent) profile knows before loading its own data. */
export interface CountryContext extends ContextSectionContext {
  /** What the catalogue says each question can be answered with. */
  sources: ProfileSources;
  /** Exports and imports over every section-trade year (server/profiles/country.ts). */
  series: CountryTradeSeries;
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

/** The exports (or imports) by HS4 of a year, from the dataset the catalogue names for it. */
/** The most rows any ranked list on this page shows (sections: 22; products and partners: 15 or 10). */
const SHOWN_ROWS = 25;

const loadProducts = (ctx: CountryContext, source: YearSource | null, flow: "export" | "import" = "export") => loadCountryProducts(ctx, source, flow, "hs4", ctx.locale);

/** The exports' destinations (or the imports' origins) in the newest year. */
const loadPartners = (ctx: CountryContext, flow: "exports" | "imports") =>
  loadCountryPartners(ctx, ctx.latestSource, ctx.latest, flow === "exports" ? "export" : "import", ctx.locale);

function productYearSelect(ctx: CountryContext, anchor: string) {
  const available = yearsOf(ctx.sources.productExports);
  return available.length > 1 && ctx.productYear ? <YearSelect years={available} value={ctx.productYear.year} param="productYear" label={ctx.t("year")} anchor={anchor} /> : null;
}

const exportsByProduct = section<CountryContext, { loaded: RankedRows; total: number; source: YearSource; hs6: boolean; notes: DescribedFlag[] }>({
  id: "exports-by-product",
  async load(ctx) {
    // A year from a dataset with six-digit detail (BACI) lists HS6 products; others HS4 headings.
    const hs6 = ctx.productYear?.depth === "hs6" && ctx.kind === "country";
    const loaded = await loadCountryProducts(ctx, ctx.productYear, "export", hs6 ? "hs6" : "hs4", ctx.locale);
    if (!loaded || !ctx.productYear) return null;
    const sum = loaded.total;
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
    const list = linked(loaded.items, (code) => `${base}/hs/${code}`, SHOWN_ROWS);
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

const importsByProduct = section<CountryContext, { loaded: RankedRows; total: number; source: YearSource }>({
  id: "imports-by-product",
  async load(ctx) {
    const source = ctx.sources.productImports.at(-1) ?? null;
    const loaded = await loadProducts(ctx, source, "import");
    if (!loaded || !source) return null;
    const sum = loaded.total;
    return sum > 0 ? { loaded, total: sum, source } : null;
  },
  render({ loaded, total: sum, source }, ctx) {
    const { t, locale, id, name, base } = ctx;
    const list = linked(loaded.items, (code) => `${base}/hs/${code}`, SHOWN_ROWS);
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

const exportsBySection = section<CountryContext, { rows: RankedRows | null }>({
  id: "exports-by-section",
  // A country's sections are drawn by the treemap, which loads its own rows: asking here too would
  // put the same question to the warehouse twice in one render. A continent's bars need the rows.
  load: async (ctx) => ({ rows: ctx.kind === "country" ? null : await loadCountrySections(ctx, ctx.sources.sections.find((s) => s.year === ctx.sectionsYear) ?? ctx.latestSource, ctx.sectionsYear, ctx.locale) }),
  render({ rows: loaded }, ctx) {
    const { t, locale, kind, id, base, years, sectionsYear } = ctx;
    const source = ctx.sources.sections.find((s) => s.year === sectionsYear) ?? ctx.latestSource;
    return {
      title: t("country.exportsBySection"),
      source: { name: sourceLine(ctx.names, [source.source]), years: String(sectionsYear), ...(loaded ? { apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl } : {}) },
      body: (
        <>
          <YearSelect years={years} value={sectionsYear} param="year" label={t("year")} anchor="exports-by-section" />
          {kind === "country" || !loaded ? (
            // The growth section may load these sections too (a series of sections): one answer per render, so they come with the page.
            <ProfileChart locale={locale} state={profileView({ chart: "tree_map", country: id, product: "show", time: sectionsYear, depth: "section" })} height={380} rowsWithPage />
          ) : (
            <RankedBars items={linked(loaded.items, (s) => `${base}/hs/section-${s}`, SHOWN_ROWS)} total={loaded.total} locale={locale} limit={22} testId="section-exports" />
          )}
        </>
      ),
    };
  },
});

function partnersSection(flow: "exports" | "imports") {
  const id = flow === "exports" ? "destinations" : "origins";
  return section<CountryContext, RankedRows>({
    id,
    half: true,
    async load(ctx) {
      const loaded = await loadPartners(ctx, flow);
      return loaded.total > 0 ? loaded : null;
    },
    whenEmpty: ({ t }) => ({ title: t(`country.${id}`), body: <Text>{t("noData")}</Text> }),
    render(loaded, ctx) {
      const { t, locale, kind, id: member, name, base, latest } = ctx;
      const list = linked(loaded.items, (p) => `${base}/country/${p}`, SHOWN_ROWS);
      const sum = loaded.total;
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
    const { t, locale, kind, id, name, first, latest, years, series } = ctx;
    return {
      title: t("country.balanceOverTime"),
      source: { name: sourceLine(ctx.names, ctx.sources.sections.map((s) => s.source)), years: `${first}–${latest}`, apiUrl: series.apiUrl, csvUrl: series.csvUrl },
      body: (
        <>
          <Text>
            {t("country.balanceOverTimeText", {
              from: first,
              to: latest,
              name,
              fromExports: formatMoney(valueIn(series.exports, first), locale),
              toExports: formatMoney(valueIn(series.exports, latest), locale),
              fromImports: formatMoney(valueIn(series.imports, first), locale),
              toImports: formatMoney(valueIn(series.imports, latest), locale),
            })}
          </Text>
          {kind === "country" && <ProfileChart locale={locale} state={profileView({ chart: "line", country: id, time: { from: first, to: latest } })} height={320} bothFlows={{ title: t("flowsTitle", { name }) }} />}
          <YearTable
            yearLabel={t("year")}
            years={milestoneYears(years)}
            columns={[
              { label: t("exports"), value: (y) => valueIn(series.exports, y) },
              { label: t("imports"), value: (y) => valueIn(series.imports, y) },
              { label: t("balance"), value: (y) => valueIn(series.exports, y) - valueIn(series.imports, y) },
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

const complexity = section<CountryContext, { history: EciHistory; opportunities: Opportunity[] | null; year: number }>({
  id: "complexity",
  async load(ctx) {
    if (ctx.kind !== "country" || !ctx.complexityYear) return null;
    const year = ctx.complexityYear.year;
    const [history, opportunities] = await Promise.all([
      loadEciHistory(ctx.id, ctx.locale).catch(() => null),
      loadCountryOpportunities(ctx.id, ctx.sources.complexitySet, year, ctx.locale),
    ]);
    // Without product exports that year there is nothing to place in the product space.
    const exports = ctx.sources.productExports.find((s) => s.year === year) ?? null;
    const hs4 = await loadProducts(ctx, exports);
    return history && hs4 && hs4.total > 0 ? { history, opportunities, year } : null;
  },
  render({ history, opportunities, year }, ctx) {
    const { t, locale, id, name, base } = ctx;
    const point = history.points.find((p) => p.year === year) ?? null;
    const opportunityRows = opportunities ?? [];
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
                      <TableTr key={r.id}>
                        <TableTd>
                          <TextLink href={`${base}/hs/${r.id}`}>{r.name}</TextLink>
                        </TableTd>
                        <TableTd ta="right">{formatDecimal(r.rca, locale, 2)}</TableTd>
                        <TableTd ta="right">{formatDecimal(r.relatedness, locale, 3)}</TableTd>
                        <TableTd ta="right">{formatDecimal(r.gain, locale, 3)}</TableTd>
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

const bilateral = section<CountryContext, RankedRows>({
  id: "bilateral",
  async load(ctx) {
    if (ctx.kind !== "country") return null;
    const loaded = await loadPartners(ctx, "exports");
    return loaded.total > 0 ? loaded : null;
  },
  render(loaded, { t, locale, id, name, base }) {
    const list = loaded.items.slice(0, 10);
    return {
      title: t("country.bilateral"),
      body: (
        <>
          <Text>{t("country.bilateralText", { name })}</Text>
          <RankedBars
            items={list.map((p) => ({ ...p, name: `${name} – ${p.name}`, href: `${base}/bilateral-country/${id}/partner/${p.id}` }))}
            total={loaded.total}
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
