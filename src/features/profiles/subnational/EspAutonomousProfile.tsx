import { Container, SimpleGrid, Stack, Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { CatalogEntry } from "@/domain/catalog/catalog";
import { chartTable } from "@/domain/charts/table";
import type { ChartRow } from "@/domain/charts/types";
import type { Locale } from "@/domain/i18n/locales";
import { buildProfilePath } from "@/domain/profiles/path";
import { communityFeatureValues, ESP_COMMUNITY_FEATURE, espCommunity, parseEspCommunityId } from "@/domain/subnational/espCommunities";
import { ChartPanel } from "@/features/charts/ChartPanel";
import type { ChartSpec } from "@/features/charts/spec";
import { chartTableLabels } from "@/features/charts/tableLabels";
import type { RankedRows } from "@/server/profiles/data";
import { communityProvinces, communitySections, communityStandings, espSources, type CommunityStanding, type SectionShares } from "@/server/subnationalProfiles/esp";
import { formatMoney, formatShare } from "../format";
import { ProfileHero } from "../ProfileHero";
import { RankedBars } from "../RankedBars";
import { linked, sectionChartRows } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";
import { sourceLine, sourceNames } from "../sourceNames";
import { EspMap } from "./EspMap";

type T = Awaited<ReturnType<typeof getTranslations<"profiles">>>;

interface CommunityContext {
  locale: Locale;
  t: T;
  id: number;
  name: string;
  entry: CatalogEntry;
  source: string;
  sharePath: string;
  communities: CommunityStanding[];
  communitiesLinks: { apiUrl: string; csvUrl: string };
  communitiesTotal: number;
}

const provinceHref = (locale: Locale, id: string) => `/${locale}/profile${buildProfilePath({ report: "subnational_esp", id })}`;
const communityHref = (locale: Locale, id: number | string) => `/${locale}/profile${buildProfilePath({ report: "subnational", country: "esp", level: "autonomous", id: String(id) })}`;

const COMMUNITY_SECTIONS: SectionModule<CommunityContext, unknown>[] = [
  section<CommunityContext, { loaded: SectionShares; rows: ChartRow[] }>({
    id: "sections",
    load: async ({ entry, id, locale }) => {
      const loaded = await communitySections(entry, id, locale);
      const rows = sectionChartRows(loaded.items);
      return rows.length ? { loaded, rows } : null;
    },
    whenEmpty: ({ t, entry }) => ({ title: t("espAutonomous.bySection"), body: <Text>{t("noDataYear", { year: entry.year })}</Text> }),
    render: async ({ loaded, rows }, { t, locale, name, entry, id, source, sharePath }) => {
      const spec: ChartSpec = { type: "treemap", input: { rows, groups: [], year: entry.year, dimension: t("section") } };
      return {
        title: t("espAutonomous.bySection"),
        source: { name: source, years: String(entry.year), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
        body: (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <ChartPanel
              testId="community-treemap"
              spec={spec}
              title={t("espAutonomous.bySectionChart", { name, year: entry.year })}
              table={chartTable({ rows, groups: [] }, await chartTableLabels(locale))}
              fileName={`community-${id}-sections-${entry.year}`}
              sharePath={`${sharePath}#sections`}
              height={420}
            />
            <RankedBars items={linked(loaded.items, (s) => `/${locale}/profile/hs/section-${s}`)} total={loaded.total} locale={locale} limit={22} testId="community-sections" />
          </SimpleGrid>
        ),
      };
    },
  }),
  section<CommunityContext, RankedRows>({
    id: "provinces",
    load: async ({ entry, id, locale }) => {
      const loaded = await communityProvinces(entry, id, locale);
      return loaded.items.length ? loaded : null;
    },
    render: (loaded, { t, locale, name, entry, source }) => {
      const provinces = linked(loaded.items, (p) => provinceHref(locale, p));
      return {
        title: t("espAutonomous.provinces"),
        source: { name: source, years: String(entry.year), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
        body: (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <EspMap
              locale={locale}
              level="provinces"
              values={provinces.map((p) => ({ id: Number(p.id), value: p.value, name: p.name }))}
              title={t("espAutonomous.provincesMap", { name, year: entry.year })}
              labels={{ title: t("espAutonomous.provincesMap", { name, year: entry.year }), noData: t("espAutonomous.mapNoData"), failed: t("espAutonomous.mapFailed") }}
              testId="community-provinces-map"
            />
            <RankedBars items={provinces} total={loaded.total} locale={locale} limit={10} testId="community-provinces" />
          </SimpleGrid>
        ),
      };
    },
  }),
  section<CommunityContext, CommunityContext>({
    id: "ranking",
    load: async (ctx) => (ctx.communities.length ? ctx : null),
    render: ({ t, locale, entry, id, communities, communitiesLinks, communitiesTotal, source }) => ({
      title: t("espAutonomous.ranking"),
      source: { name: source, years: String(entry.year), apiUrl: communitiesLinks.apiUrl, csvUrl: communitiesLinks.csvUrl },
      body: (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <EspMap
              locale={locale}
              level="autonomous"
              values={communityFeatureValues(communities).map((v) => ({ ...v, name: communities.find((c) => c.id === v.id)?.name }))}
              title={t("espAutonomous.mapChart", { year: entry.year })}
              labels={{ title: t("espAutonomous.mapChart", { year: entry.year }), noData: t("espAutonomous.mapNoData"), failed: t("espAutonomous.mapFailed") }}
              focus={ESP_COMMUNITY_FEATURE[id]}
              testId="community-map"
            />
            <RankedBars
              items={communities.map((c) => ({ id: String(c.id), name: c.name, value: c.value, href: communityHref(locale, c.id) }))}
              total={communitiesTotal}
              locale={locale}
              limit={19}
              testId="community-ranking"
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t("espAutonomous.mapNote")}
          </Text>
        </Stack>
      ),
    }),
  }),
];

export const ESP_AUTONOMOUS_SECTION_IDS = COMMUNITY_SECTIONS.map((m) => m.id);

/** Profile of a Spanish autonomous community (or autonomous city): its provinces summed by the warehouse. */
export async function EspAutonomousProfile({ locale, id, name }: { locale: Locale; id: string; name?: string }) {
  const [t, sources, names] = await Promise.all([getTranslations({ locale, namespace: "profiles" }), espSources(), sourceNames(locale)]);
  const communityId = parseEspCommunityId(id);
  const entry = sources.communities.at(-1);
  if (communityId === null || !entry) {
    return (
      <Container size="lg" py="xl">
        <Text data-testid="no-data">{communityId === null ? t("espAutonomous.unknown") : t("noData")}</Text>
      </Container>
    );
  }
  const standings = await communityStandings(entry, locale);
  const own = standings.communities.find((c) => c.id === communityId);
  const community = espCommunity(communityId)!;
  const title = own?.name ?? name ?? community.name[locale];
  const ctx: CommunityContext = {
    locale,
    t,
    id: communityId,
    name: title,
    entry,
    source: sourceLine(names, [entry.source]),
    sharePath: communityHref(locale, communityId),
    communities: standings.communities,
    communitiesLinks: { apiUrl: standings.loaded.apiUrl, csvUrl: standings.loaded.csvUrl },
    communitiesTotal: standings.total,
  };
  const year = entry.year;
  return (
    <>
      <ProfileHero
        images={[]}
        title={title}
        kind={community.kind === "city" ? t("espAutonomous.kindCity") : t("espAutonomous.kind")}
        stats={[
          { label: t("stats.exports", { year }), value: formatMoney(own?.value ?? null, locale), testId: "stat-exports" },
          { label: t("rank"), value: own ? `${own.rank} / ${standings.communities.length}` : "–", testId: "stat-rank" },
          { label: t("espAutonomous.provinceCount"), value: String(community.provinces.length), testId: "stat-provinces" },
        ]}
      >
        <Text size="lg" maw={900} data-testid="overview-text">
          {own
            ? t("espAutonomous.overviewText", { year, name: title, total: formatMoney(own.value, locale), share: formatShare(own.share, locale), rank: own.rank, count: standings.communities.length })
            : t("noDataYear", { year })}
        </Text>
      </ProfileHero>
      <Container size="lg" py="xl">
        <ProfileSections modules={COMMUNITY_SECTIONS} ctx={ctx} locale={locale} />
      </Container>
    </>
  );
}
