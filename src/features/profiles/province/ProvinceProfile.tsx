import { Container, SimpleGrid, Stack, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { load, total } from "@/server/profiles/data";
import { formatMoney, formatShare } from "../format";
import { ProfileHero } from "../ProfileHero";
import { RankedBars } from "../RankedBars";
import { items, memberImage } from "../rows";
import { SectionFrame } from "../SectionFrame";

const CUBE = "trade_s_esp_a_hs";
const SOURCE = "OEC (trade_s_esp_m_hs), via py-economic-complexity";

export async function ProvinceProfile({ locale, id, name }: { locale: Locale; id: string; name: string }) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  const base = `/${locale}/profile`;
  const [sections, provinces] = await Promise.all([
    load({ cube: CUBE, drilldowns: ["Section"], cuts: [{ level: "Province", ids: [Number(id)] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    load({ cube: CUBE, drilldowns: ["Province"], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
  ]);
  const year = sections.response.source.years.at(-1) ?? 2022;
  const provinceItems = items(provinces.rows, "Province", (p) => `${base}/subnational_esp/${p}`);
  const position = provinceItems.findIndex((p) => p.id === id);
  const spain = total(provinces.rows);
  const own = total(sections.rows);
  return (
    <>
      <ProfileHero
        images={[{ src: memberImage("province", id), alt: name }]}
        title={name}
        kind={t("kinds.subnational_esp")}
        stats={[
          { label: t("stats.exports", { year }), value: formatMoney(own, locale), testId: "stat-exports" },
          { label: t("rank"), value: position >= 0 ? `${position + 1} / ${provinceItems.length}` : "–", testId: "stat-rank" },
        ]}
      >
        <Text size="lg" maw={900} data-testid="overview-text">
          {position >= 0
            ? t("province.overviewText", { year, name, total: formatMoney(own, locale), share: formatShare(own / spain, locale), rank: position + 1, count: provinceItems.length })
            : t("noDataYear", { year })}
        </Text>
      </ProfileHero>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack>
            <SectionFrame id="sections" title={t("province.bySection")} locale={locale} source={{ name: SOURCE, years: String(year), apiUrl: sections.apiUrl, csvUrl: sections.csvUrl }}>
              <RankedBars items={items(sections.rows, "Section", (s) => `${base}/hs/section-${s}`)} total={own} locale={locale} limit={22} testId="province-sections" />
            </SectionFrame>
          </Stack>
          <SectionFrame id="ranking" title={t("province.ranking")} locale={locale} source={{ name: SOURCE, years: String(year), apiUrl: provinces.apiUrl, csvUrl: provinces.csvUrl }}>
            <RankedBars items={provinceItems} total={spain} locale={locale} limit={15} testId="province-ranking" />
          </SectionFrame>
        </SimpleGrid>
      </Container>
    </>
  );
}
