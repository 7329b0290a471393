import { Alert, Container, SimpleGrid, Stack, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { findOrganization } from "@/domain/organizations";
import { SECTIONS_CUBE, SOURCE_OTS, load, total, value } from "@/server/profiles/data";
import { formatMoney } from "../format";
import { ProfileHero } from "../ProfileHero";
import { RankedBars } from "../RankedBars";
import { items, memberImage } from "../rows";
import { SectionFrame } from "../SectionFrame";

const LATEST = 2018;

export async function OrganizationProfile({ locale, id, name }: { locale: Locale; id: string; name: string }) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  const base = `/${locale}/profile`;
  const org = findOrganization(id);
  const members = org?.members ?? [];
  const year = LATEST;
  const [memberExports, imports, sections] = await Promise.all([
    load({ cube: SECTIONS_CUBE, drilldowns: ["Exporter Country"], cuts: [{ level: "Exporter Country", ids: members }, { level: "Year", ids: [year] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    load({ cube: SECTIONS_CUBE, drilldowns: ["Year"], cuts: [{ level: "Importer Country", ids: members }, { level: "Year", ids: [year] }] }, locale),
    load({ cube: SECTIONS_CUBE, drilldowns: ["Section"], cuts: [{ level: "Exporter Country", ids: members }, { level: "Year", ids: [year] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
  ]);
  const memberItems = items(memberExports.rows, "Exporter Country", (c) => `${base}/country/${c}`);
  const exportsTotal = total(memberExports.rows);
  const importsTotal = value(imports.rows[0]);
  return (
    <>
      <ProfileHero
        images={[{ src: memberImage("organization", id), alt: name }]}
        title={name}
        kind={t("kinds.international_organization")}
        stats={[
          { label: t("stats.exports", { year }), value: formatMoney(exportsTotal, locale), testId: "stat-exports" },
          { label: t("stats.imports", { year }), value: formatMoney(importsTotal, locale), testId: "stat-imports" },
          { label: t("stats.members"), value: String(members.length), testId: "stat-members" },
        ]}
      >
        <Text size="lg" maw={900} data-testid="overview-text">
          {t("organization.overviewText", { year, count: members.length, name, exports: formatMoney(exportsTotal, locale), imports: formatMoney(importsTotal, locale) })}
        </Text>
        <Alert variant="light" color="gray" maw={900}>
          {t("organization.membership")}
        </Alert>
      </ProfileHero>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack>
            <SectionFrame id="members" title={t("organization.members")} locale={locale} source={{ name: SOURCE_OTS, years: String(year), apiUrl: memberExports.apiUrl, csvUrl: memberExports.csvUrl }}>
              <RankedBars items={memberItems} total={exportsTotal} locale={locale} limit={60} testId="org-members" />
            </SectionFrame>
          </Stack>
          <SectionFrame id="sections" title={t("organization.bySection")} locale={locale} source={{ name: SOURCE_OTS, years: String(year), apiUrl: sections.apiUrl, csvUrl: sections.csvUrl }}>
            <RankedBars items={items(sections.rows, "Section", (s) => `${base}/hs/section-${s}`)} total={total(sections.rows)} locale={locale} limit={22} testId="org-sections" />
          </SectionFrame>
        </SimpleGrid>
      </Container>
    </>
  );
}
