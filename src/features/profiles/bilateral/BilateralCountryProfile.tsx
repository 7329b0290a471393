import { Container, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { profileView } from "@/domain/visualize/profileViews";
import type { Loaded } from "@/server/profiles/data";
import { loadAcross, profileSources } from "@/server/profiles/sources";
import { formatMoney } from "../format";
import { ProfileChart } from "../ProfileChart";
import { ProfileHero } from "../ProfileHero";
import { latestYearWithData, memberImage, yearValue } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";
import { sourceLine, sourceNames } from "../sourceNames";
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
}

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

export async function BilateralCountryProfile({ locale, reporter, partner }: { locale: Locale; reporter: Member; partner: Member }) {
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
  const ctx: BilateralContext = { locale, t, reporter, partner, out, back, latest, first: Math.min(...years), source };
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
