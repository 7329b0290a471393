import { Container, SimpleGrid, Text } from "@/features/ui/static";
import { chartTable } from "@/domain/charts/table";
import type { ChartRow } from "@/domain/charts/types";
import { ChartPanel } from "@/features/charts/ChartPanel";
import type { ChartSpec } from "@/features/charts/spec";
import { chartTableLabels } from "@/features/charts/tableLabels";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import type { RankedRows } from "@/server/profiles/data";
import { newestProvinceEntry, provinceSections, provinceValues } from "@/server/subnationalProfiles/esp";
import { formatMoney, formatShare } from "../format";
import { ProfileHero } from "../ProfileHero";
import { RankedBars, type RankedItem } from "../RankedBars";
import { linked, memberImage, sectionChartRows } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";
import { sourceLine, sourceNames } from "../sourceNames";
import { buildProfilePath } from "@/domain/profiles/path";
import { communityOfProvince } from "@/domain/subnational/espCommunities";
import { Anchor } from "@/features/ui/static";
import { EspMap } from "../subnational/EspMap";

interface ProvinceContext {
  locale: Locale;
  t: Awaited<ReturnType<typeof getTranslations<"profiles">>>;
  base: string;
  id: string;
  year: number;
  /** Source line of the subnational dataset. */
  source: string;
  sections: RankedRows;
  /** The sections as chart rows (section colours), for the treemap. */
  sectionRows: ChartRow[];
  name: string;
  provinces: RankedRows;
  ranking: RankedItem[];
}

const PROVINCE_SECTIONS: SectionModule<ProvinceContext, unknown>[] = [
  section<ProvinceContext, RankedRows>({
    id: "sections",
    load: async ({ sections }) => (sections.total > 0 ? sections : null),
    whenEmpty: ({ t, year }) => ({ title: t("province.bySection"), body: <Text>{t("noDataYear", { year })}</Text> }),
    render: async (sections, { t, locale, base, year, source, sectionRows, name, id }) => {
      const spec: ChartSpec = { type: "treemap", input: { rows: sectionRows, groups: [], year, dimension: t("section") } };
      const table = chartTable({ rows: sectionRows, groups: [] }, await chartTableLabels(locale));
      const title = t("province.bySectionChart", { name, year });
      return {
        title: t("province.bySection"),
        source: { name: source, years: String(year), apiUrl: sections.apiUrl, csvUrl: sections.csvUrl },
        body: (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <ChartPanel testId="province-treemap" spec={spec} title={title} table={table} fileName={`province-${id}-sections-${year}`} sharePath={`${base}/subnational_esp/${id}#sections`} height={420} />
            <RankedBars items={linked(sections.items, (s) => `${base}/hs/section-${s}`)} total={sections.total} locale={locale} limit={22} testId="province-sections" />
          </SimpleGrid>
        ),
      };
    },
  }),
  section<ProvinceContext, ProvinceContext>({
    id: "ranking",
    load: async (ctx) => ctx,
    render: ({ t, locale, year, provinces, ranking, source, id }) => ({
      title: t("province.ranking"),
      source: { name: source, years: String(year), apiUrl: provinces.apiUrl, csvUrl: provinces.csvUrl },
      body: (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <EspMap
            locale={locale}
            level="provinces"
            values={ranking.map((p) => ({ id: Number(p.id), value: p.value, name: p.name }))}
            title={t("espAutonomous.provinceMap", { year })}
            labels={{ title: t("espAutonomous.provinceMap", { year }), noData: t("espAutonomous.mapNoData"), failed: t("espAutonomous.mapFailed") }}
            focus={Number(id)}
            testId="province-map"
          />
          <RankedBars items={ranking} total={provinces.total} locale={locale} limit={15} testId="province-ranking" />
        </SimpleGrid>
      ),
    }),
  }),
];

/** The province profile's sections, in order (the PRO preview lists them: ProvincePreview.tsx). */
export const PROVINCE_SECTION_IDS = PROVINCE_SECTIONS.map((module) => module.id);

export async function ProvinceProfile({ locale, id, name }: { locale: Locale; id: string; name: string }) {
  const [t, entry, names] = await Promise.all([getTranslations({ locale, namespace: "profiles" }), newestProvinceEntry(), sourceNames(locale)]);
  const base = `/${locale}/profile`;
  if (!entry) {
    return (
      <Container size="lg" py="xl">
        <Text data-testid="no-data">{t("noData")}</Text>
      </Container>
    );
  }
  const year = entry.year;
  const [sections, provinces] = await Promise.all([provinceSections(entry, Number(id), locale), provinceValues(entry, locale)]);
  const sectionRows = sectionChartRows(sections.items);
  const ranking = linked(provinces.items, (p) => `${base}/subnational_esp/${p}`);
  const position = ranking.findIndex((p) => p.id === id);
  const own = sections.total;
  const community = communityOfProvince(Number(id));
  const ctx: ProvinceContext = { locale, t, base, id, name, year, source: sourceLine(names, [entry.source]), sections, sectionRows, provinces, ranking };
  return (
    <>
      <ProfileHero
        images={[{ src: memberImage("province", id), alt: name }]}
        title={name}
        kind={t("kinds.subnational_esp")}
        stats={[
          { label: t("stats.exports", { year }), value: formatMoney(own, locale), testId: "stat-exports" },
          { label: t("rank"), value: position >= 0 ? `${position + 1} / ${ranking.length}` : "–", testId: "stat-rank" },
        ]}
      >
        <Text size="lg" maw={900} data-testid="overview-text">
          {position >= 0
            ? t("province.overviewText", { year, name, total: formatMoney(own, locale), share: formatShare(own / provinces.total, locale), rank: position + 1, count: ranking.length })
            : t("noDataYear", { year })}
        </Text>
        {community && (
          <Anchor href={`${base}${buildProfilePath({ report: "subnational", country: "esp", level: "autonomous", id: String(community.id) })}`} data-testid="province-community">
            {t("espAutonomous.partOf", { community: community.name[locale] })}
          </Anchor>
        )}
      </ProfileHero>
      <Container size="lg" py="xl">
        <ProfileSections modules={PROVINCE_SECTIONS} ctx={ctx} locale={locale} />
      </Container>
    </>
  );
}
