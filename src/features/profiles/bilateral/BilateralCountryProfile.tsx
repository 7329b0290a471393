import { Container, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { SECTIONS_CUBE, SOURCE_OTS, load, type Loaded } from "@/server/profiles/data";
import { formatMoney } from "../format";
import { ProfileChart } from "../ProfileChart";
import { ProfileHero } from "../ProfileHero";
import { latestYearWithData, memberImage, yearValue } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";
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
      source: { name: SOURCE_OTS, years: String(ctx.latest) },
      body: <ProfileChart locale={ctx.locale} path={`tree_map/hs92/${flow}/${ctx.reporter.id}/${ctx.partner.id}/show/${ctx.latest}`} height={360} />,
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
        source: { name: SOURCE_OTS, years: `${first}–${latest}`, apiUrl: out.apiUrl, csvUrl: out.csvUrl },
        body: (
          <>
            <Text>{t("bilateralCountry.overTimeText", { ...names(ctx), from: first, to: latest })}</Text>
            <ProfileChart locale={locale} path={`line/hs92/export/${reporter.id}/${partner.id}/all/${first}-${latest}`} height={320} />
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
  const t = await getTranslations({ locale, namespace: "profiles" });
  const yearly = (from: string, to: string) =>
    load({ cube: SECTIONS_CUBE, drilldowns: ["Year"], cuts: [{ level: "Exporter Country", ids: [from] }, { level: "Importer Country", ids: [to] }] }, locale);
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
  const ctx: BilateralContext = { locale, t, reporter, partner, out, back, latest, first: Math.min(...years) };
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
