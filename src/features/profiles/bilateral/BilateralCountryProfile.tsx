import { Container, SimpleGrid, Stack, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { SECTIONS_CUBE, SOURCE_OTS, load } from "@/server/profiles/data";
import { formatMoney } from "../format";
import { ProfileHero } from "../ProfileHero";
import { latestYearWithData, memberImage, yearValue } from "../rows";
import { ProfileChart } from "../ProfileChart";
import { SectionFrame } from "../SectionFrame";
import { YearTable, milestoneYears } from "../YearTable";

interface Member {
  id: string;
  name: string;
}

export async function BilateralCountryProfile({ locale, reporter, partner }: { locale: Locale; reporter: Member; partner: Member }) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  const flow = (from: string, to: string, drilldowns: string[], year?: number) =>
    load(
      {
        cube: SECTIONS_CUBE,
        drilldowns,
        cuts: [{ level: "Exporter Country", ids: [from] }, { level: "Importer Country", ids: [to] }, ...(year ? [{ level: "Year", ids: [year] }] : [])],
        sort: drilldowns.includes("Year") ? undefined : [{ key: "Trade Value", direction: "desc" }],
      },
      locale,
    );
  const [outSeries, inSeries] = await Promise.all([flow(reporter.id, partner.id, ["Year"]), flow(partner.id, reporter.id, ["Year"])]);
  const latest = Math.max(latestYearWithData(outSeries.rows) ?? -1, latestYearWithData(inSeries.rows) ?? -1);
  const title = `${reporter.name} – ${partner.name}`;
  const images = [
    { src: memberImage("country", reporter.id), alt: reporter.name },
    { src: memberImage("country", partner.id), alt: partner.name },
  ];
  const names = { reporter: reporter.name, partner: partner.name };
  if (latest < 0) {
    return (
      <>
        <ProfileHero images={images} title={title} kind={t("kinds.bilateral-country")} stats={[]} />
        <Container size="lg" py="xl">
          <Text data-testid="no-data">{t("bilateralCountry.noTrade", names)}</Text>
        </Container>
      </>
    );
  }
  const exportsValue = yearValue(outSeries.rows, latest);
  const importsValue = yearValue(inSeries.rows, latest);
  const years = [...new Set([...outSeries.rows, ...inSeries.rows].map((r) => Number(r.Year)))];
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
          {t("bilateralCountry.overviewText", { year: latest, ...names, exports: formatMoney(exportsValue, locale), imports: formatMoney(importsValue, locale) })}
        </Text>
      </ProfileHero>
      <Container size="lg" py="xl">
        <Stack gap="xl">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <SectionFrame id="exports" title={t("bilateralCountry.exportsTo", names)} locale={locale} source={{ name: SOURCE_OTS, years: String(latest) }}>
              <ProfileChart locale={locale} path={`tree_map/hs92/export/${reporter.id}/${partner.id}/show/${latest}`} height={360} />
            </SectionFrame>
            <SectionFrame id="imports" title={t("bilateralCountry.importsFrom", names)} locale={locale} source={{ name: SOURCE_OTS, years: String(latest) }}>
              <ProfileChart locale={locale} path={`tree_map/hs92/import/${reporter.id}/${partner.id}/show/${latest}`} height={360} />
            </SectionFrame>
          </SimpleGrid>
          <SectionFrame id="over-time" title={t("bilateralCountry.overTime")} locale={locale} source={{ name: SOURCE_OTS, years: `${Math.min(...years)}–${latest}`, apiUrl: outSeries.apiUrl, csvUrl: outSeries.csvUrl }}>
            <Text>{t("bilateralCountry.overTimeText", { ...names, from: Math.min(...years), to: latest })}</Text>
            <ProfileChart locale={locale} path={`line/hs92/export/${reporter.id}/${partner.id}/all/${Math.min(...years)}-${latest}`} height={320} />
            <YearTable
              years={milestoneYears(years)}
              columns={[
                { label: t("exports"), value: (y) => yearValue(outSeries.rows, y) },
                { label: t("imports"), value: (y) => yearValue(inSeries.rows, y) },
                { label: t("balance"), value: (y) => yearValue(outSeries.rows, y) - yearValue(inSeries.rows, y) },
              ]}
              locale={locale}
              testId="bilateral-series"
            />
          </SectionFrame>
        </Stack>
      </Container>
    </>
  );
}
