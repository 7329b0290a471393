import { Container, SimpleGrid, Text } from "@mantine/core";
import { chartTable } from "@/domain/charts/table";
import type { ChartRow } from "@/domain/charts/types";
import { ChartPanel } from "@/features/charts/ChartPanel";
import type { ChartSpec } from "@/features/charts/spec";
import { chartTableLabels } from "@/features/charts/tableLabels";
import { getMembers } from "@/server/warehouse/client";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { load, total, type Loaded } from "@/server/profiles/data";
import { profileSources } from "@/server/profiles/sources";
import { formatMoney, formatShare } from "../format";
import { ProfileHero } from "../ProfileHero";
import { RankedBars, type RankedItem } from "../RankedBars";
import { items, memberImage } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";
import { sourceLine, sourceNames } from "../sourceNames";
import { buildProfilePath } from "@/domain/profiles/path";
import { communityOfProvince } from "@/domain/subnational/espCommunities";
import { Anchor } from "@mantine/core";
import { EspMap } from "../subnational/EspMap";

interface ProvinceContext {
  locale: Locale;
  t: Awaited<ReturnType<typeof getTranslations<"profiles">>>;
  base: string;
  id: string;
  year: number;
  /** Source line of the subnational dataset. */
  source: string;
  sections: Loaded;
  /** The sections as chart rows (section colours), for the treemap. */
  sectionRows: ChartRow[];
  name: string;
  provinces: Loaded;
  ranking: RankedItem[];
}

const PROVINCE_SECTIONS: SectionModule<ProvinceContext, unknown>[] = [
  section<ProvinceContext, Loaded>({
    id: "sections",
    load: async ({ sections }) => (total(sections.rows) > 0 ? sections : null),
    whenEmpty: ({ t, year }) => ({ title: t("province.bySection"), body: <Text>{t("noDataYear", { year })}</Text> }),
    render: async (sections, { t, locale, base, year, source, sectionRows, name, id }) => {
      const spec: ChartSpec = { type: "treemap", input: { rows: sectionRows, groups: [], year, dimension: "Section" } };
      const table = chartTable({ rows: sectionRows, groups: [] }, await chartTableLabels(locale));
      const title = t("province.bySectionChart", { name, year });
      return {
        title: t("province.bySection"),
        source: { name: source, years: String(year), apiUrl: sections.apiUrl, csvUrl: sections.csvUrl },
        body: (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <ChartPanel testId="province-treemap" spec={spec} title={title} table={table} fileName={`province-${id}-sections-${year}`} sharePath={`${base}/subnational_esp/${id}#sections`} height={420} />
            <RankedBars items={items(sections.rows, "Section", (s) => `${base}/hs/section-${s}`)} total={total(sections.rows)} locale={locale} limit={22} testId="province-sections" />
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
          <RankedBars items={ranking} total={total(provinces.rows)} locale={locale} limit={15} testId="province-ranking" />
        </SimpleGrid>
      ),
    }),
  }),
];

/** The province profile's sections, in order (the PRO preview lists them: ProvincePreview.tsx). */
export const PROVINCE_SECTION_IDS = PROVINCE_SECTIONS.map((module) => module.id);

export async function ProvinceProfile({ locale, id, name }: { locale: Locale; id: string; name: string }) {
  const [t, sources, names] = await Promise.all([getTranslations({ locale, namespace: "profiles" }), profileSources(), sourceNames(locale)]);
  const base = `/${locale}/profile`;
  const entry = sources.subnational.filter((e) => e.dataset === "esp_provinces").at(-1);
  if (!entry) {
    return (
      <Container size="lg" py="xl">
        <Text data-testid="no-data">{t("noData")}</Text>
      </Container>
    );
  }
  const year = entry.year;
  const yearCut = { level: "Year", ids: [year] };
  const [sections, provinces, sectionMembers] = await Promise.all([
    load({ cube: entry.cube, drilldowns: ["Section"], cuts: [{ level: "Province", ids: [Number(id)] }, yearCut], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    load({ cube: entry.cube, drilldowns: ["Province"], cuts: [yearCut], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    getMembers("section", locale),
  ]);
  const sectionColor = new Map(sectionMembers.map((m) => [String(m.id), m.color]));
  const sectionRows: ChartRow[] = items(sections.rows, "Section").map((s) => ({ id: s.id, name: s.name, kind: "section", color: sectionColor.get(s.id) ?? "#b1bac6", value: s.value }));
  const ranking = items(provinces.rows, "Province", (p) => `${base}/subnational_esp/${p}`);
  const position = ranking.findIndex((p) => p.id === id);
  const own = total(sections.rows);
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
            ? t("province.overviewText", { year, name, total: formatMoney(own, locale), share: formatShare(own / total(provinces.rows), locale), rank: position + 1, count: ranking.length })
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
