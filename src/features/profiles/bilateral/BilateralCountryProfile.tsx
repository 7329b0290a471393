import { Container, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { profileView } from "@/domain/visualize/profileViews";
import { total, type Loaded } from "@/server/profiles/data";
import { loadAcross, loadYear, pickYear, profileSources, type ProfileSources, type YearSource } from "@/server/profiles/sources";
import { formatMoney } from "../format";
import { ProfileChart } from "../ProfileChart";
import { ProfileHero } from "../ProfileHero";
import { RankedBars } from "../RankedBars";
import { items, latestYearWithData, memberImage, topThree, yearValue } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";
import { sourceLine, sourceNames } from "../sourceNames";
import { YearSelect } from "../YearSelect";
import { YearTable, milestoneYears } from "../YearTable";

interface Member {
  id: string;
  name: string;
}

interface BilateralContext {
  locale: Locale;
  t: Awaited<ReturnType<typeof getTranslations<"profiles">>>;
  reporter: Member;
  partner: Member;
  /** Yearly flows each way. */
  out: Loaded;
  back: Loaded;
  first: number;
  latest: number;
  /** Source line of the latest year and of the whole series. */
  source: { latest: string; series: string };
  sources: ProfileSources;
  sourceNames: Awaited<ReturnType<typeof sourceNames>>;
  /** Year asked for the six-digit products (?productYear=). */
  productYear?: number;
}

/** Years with six-digit products between two countries (BACI), oldest first. */
const hs6Years = (sources: ProfileSources) => sources.bilateralProducts.filter((s) => s.depth === "hs6");

/** The products one country sells to the other at six digits, for a year of a dataset that has them. */
const hs6Products = section<BilateralContext, { loaded: Loaded; source: YearSource; sum: number }>({
  id: "products",
  async load(ctx) {
    const source = pickYear(hs6Years(ctx.sources), ctx.productYear);
    if (!source) return null;
    const loaded = await loadYear(
      source,
      { flow: "export", own: [ctx.reporter.id], partner: [ctx.partner.id], drilldowns: ["HS6"], parents: true, sort: [{ key: "Trade Value", direction: "desc" }] },
      ctx.locale,
    );
    const sum = total(loaded.rows);
    return sum > 0 ? { loaded, source, sum } : null;
  },
  whenEmpty: (ctx) => ({
    title: ctx.t("bilateralCountry.products", names(ctx)),
    body: (
      <Text size="sm" c="dimmed" data-testid="product-depth">
        {hs6Years(ctx.sources).length === 0 ? ctx.t("bilateralCountry.hs6NotLoaded") : ctx.t("noDataYear", { year: pickYear(hs6Years(ctx.sources), ctx.productYear)?.year ?? "–" })}
      </Text>
    ),
  }),
  render: async ({ loaded, source, sum }, ctx) => {
    const { t, locale, reporter, partner } = ctx;
    const base = `/${locale}/profile`;
    const list = items(loaded.rows, "HS6", (code) => `${base}/hs/${code}`);
    const years = hs6Years(ctx.sources).map((s) => s.year);
    return {
      title: t("bilateralCountry.products", names(ctx)),
      source: { name: sourceLine(ctx.sourceNames, [source.source]), years: String(source.year), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
      body: (
        <>
          {years.length > 1 ? <YearSelect years={years} value={source.year} param="productYear" label={t("year")} anchor="products" /> : null}
          <Text>{t("bilateralCountry.productsText", { year: source.year, ...names(ctx), ...topThree(list, sum, locale) })}</Text>
          <div data-testid="hs6-treemap">
            <ProfileChart
              locale={locale}
              state={profileView({ chart: "tree_map", country: reporter.id, partner: partner.id, product: "show", time: source.year, depth: "hs6", classification: source.classification })}
            />
          </div>
          <RankedBars items={list} total={sum} locale={locale} limit={15} testId="hs6-products" />
        </>
      ),
    };
  },
});

const names = (ctx: BilateralContext) => ({ reporter: ctx.reporter.name, partner: ctx.partner.name });

function flowTreemap(flow: "export" | "import") {
  return section<BilateralContext, true>({
    id: flow === "export" ? "exports" : "imports",
    half: true,
    load: async (ctx) => (yearValue((flow === "export" ? ctx.out : ctx.back).rows, ctx.latest) > 0 ? true : null),
    whenEmpty: (ctx) => ({ title: ctx.t(flow === "export" ? "bilateralCountry.exportsTo" : "bilateralCountry.importsFrom", names(ctx)), body: <Text>{ctx.t("noDataYear", { year: ctx.latest })}</Text> }),
    render: (_, ctx) => ({
      title: ctx.t(flow === "export" ? "bilateralCountry.exportsTo" : "bilateralCountry.importsFrom", names(ctx)),
      source: { name: ctx.source.latest, years: String(ctx.latest) },
      body: <ProfileChart locale={ctx.locale} state={profileView({ chart: "tree_map", flow, country: ctx.reporter.id, partner: ctx.partner.id, product: "show", time: ctx.latest })} height={360} />,
    }),
  });
}

const BILATERAL_SECTIONS: SectionModule<BilateralContext, unknown>[] = [
  flowTreemap("export"),
  flowTreemap("import"),
  hs6Products,
  section<BilateralContext, BilateralContext>({
    id: "over-time",
    load: async (ctx) => ctx,
    render: (ctx) => {
      const { t, locale, out, back, first, latest, reporter, partner } = ctx;
      const years = [...new Set([...out.rows, ...back.rows].map((r) => Number(r.Year)))];
      return {
        title: t("bilateralCountry.overTime"),
        source: { name: ctx.source.series, years: `${first}–${latest}`, apiUrl: out.apiUrl, csvUrl: out.csvUrl },
        body: (
          <>
            <Text>{t("bilateralCountry.overTimeText", { ...names(ctx), from: first, to: latest })}</Text>
            <ProfileChart locale={locale} state={profileView({ chart: "line", country: reporter.id, partner: partner.id, time: { from: first, to: latest } })} height={320} bothFlows={{ title: t("flowsTitle", { name: reporter.name }) }} />
            <YearTable
              yearLabel={t("year")}
              years={milestoneYears(years)}
              columns={[
                { label: t("exports"), value: (y) => yearValue(out.rows, y) },
                { label: t("imports"), value: (y) => yearValue(back.rows, y) },
                { label: t("balance"), value: (y) => yearValue(out.rows, y) - yearValue(back.rows, y) },
              ]}
              locale={locale}
              testId="bilateral-series"
            />
          </>
        ),
      };
    },
  }),
];

export async function BilateralCountryProfile({ locale, reporter, partner, productYear }: { locale: Locale; reporter: Member; partner: Member; productYear?: number }) {
  const [t, sources, sourceNamesByKey] = await Promise.all([getTranslations({ locale, namespace: "profiles" }), profileSources(), sourceNames(locale)]);
  const yearly = (from: string, to: string) => loadAcross(sources.sections, { flow: "export", own: [from], partner: [to], drilldowns: ["Year"] }, locale);
  const [out, back] = await Promise.all([yearly(reporter.id, partner.id), yearly(partner.id, reporter.id)]);
  const latest = Math.max(latestYearWithData(out.rows) ?? -1, latestYearWithData(back.rows) ?? -1);
  const title = `${reporter.name} – ${partner.name}`;
  const images = [
    { src: memberImage("country", reporter.id), alt: reporter.name },
    { src: memberImage("country", partner.id), alt: partner.name },
  ];
  if (latest < 0) {
    return (
      <>
        <ProfileHero images={images} title={title} kind={t("kinds.bilateral-country")} stats={[]} />
        <Container size="lg" py="xl">
          <Text data-testid="no-data">{t("bilateralCountry.noTrade", { reporter: reporter.name, partner: partner.name })}</Text>
        </Container>
      </>
    );
  }
  const years = [...out.rows, ...back.rows].map((r) => Number(r.Year));
  const source = {
    latest: sourceLine(sourceNamesByKey, sources.sections.filter((s) => s.year === latest).map((s) => s.source)),
    series: sourceLine(sourceNamesByKey, sources.sections.map((s) => s.source)),
  };
  const ctx: BilateralContext = { locale, t, reporter, partner, out, back, latest, first: Math.min(...years), source, sources, sourceNames: sourceNamesByKey, productYear };
  const exportsValue = yearValue(out.rows, latest);
  const importsValue = yearValue(back.rows, latest);
  return (
    <>
      <ProfileHero
        images={images}
        title={title}
        kind={t("kinds.bilateral-country")}
        stats={[
          { label: t("stats.exports", { year: latest }), value: formatMoney(exportsValue, locale), testId: "stat-exports" },
          { label: t("stats.imports", { year: latest }), value: formatMoney(importsValue, locale), testId: "stat-imports" },
          { label: t("stats.balance", { year: latest }), value: formatMoney(exportsValue - importsValue, locale), testId: "stat-balance" },
        ]}
      >
        <Text size="lg" maw={900} data-testid="overview-text">
          {t("bilateralCountry.overviewText", { year: latest, ...names(ctx), exports: formatMoney(exportsValue, locale), imports: formatMoney(importsValue, locale) })}
        </Text>
      </ProfileHero>
      <Container size="lg" py="xl">
        <ProfileSections modules={BILATERAL_SECTIONS} ctx={ctx} locale={locale} />
      </Container>
    </>
  );
}
