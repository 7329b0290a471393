import { Alert, Container, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { findOrganization } from "@/domain/organizations";
import { total, value, type Loaded } from "@/server/profiles/data";
import { loadYear, newest, profileSources, type YearSource } from "@/server/profiles/sources";
import { formatMoney } from "../format";
import { ProfileHero } from "../ProfileHero";
import { RankedBars } from "../RankedBars";
import { items, memberImage } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";
import { sourceLine, sourceNames } from "../sourceNames";

interface OrganizationContext {
  locale: Locale;
  t: Awaited<ReturnType<typeof getTranslations<"profiles">>>;
  base: string;
  members: string[];
  memberExports: Loaded;
  /** The newest year of section trade and its source line. */
  source: YearSource;
  sourceName: string;
}

const ORGANIZATION_SECTIONS: SectionModule<OrganizationContext, unknown>[] = [
  section<OrganizationContext, Loaded>({
    id: "members",
    half: true,
    load: async ({ memberExports }) => memberExports,
    render: (loaded, { t, locale, base, source, sourceName }) => ({
      title: t("organization.members"),
      source: { name: sourceName, years: String(source.year), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
      body: <RankedBars items={items(loaded.rows, "Country", (c) => `${base}/country/${c}`)} total={total(loaded.rows)} locale={locale} limit={60} testId="org-members" />,
    }),
  }),
  section<OrganizationContext, Loaded>({
    id: "sections",
    half: true,
    async load({ members, locale, source }) {
      const loaded = await loadYear(source, { flow: "export", own: members, drilldowns: ["Section"], sort: [{ key: "Trade Value", direction: "desc" }] }, locale);
      return total(loaded.rows) > 0 ? loaded : null;
    },
    render: (loaded, { t, locale, base, source, sourceName }) => ({
      title: t("organization.bySection"),
      source: { name: sourceName, years: String(source.year), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
      body: <RankedBars items={items(loaded.rows, "Section", (s) => `${base}/hs/section-${s}`)} total={total(loaded.rows)} locale={locale} limit={22} testId="org-sections" />,
    }),
  }),
];

export async function OrganizationProfile({ locale, id, name }: { locale: Locale; id: string; name: string }) {
  const [t, sources, names] = await Promise.all([getTranslations({ locale, namespace: "profiles" }), profileSources(), sourceNames(locale)]);
  const members = findOrganization(id)?.members ?? [];
  const source = newest(sources.sections);
  if (!source) {
    return (
      <Container size="lg" py="xl">
        <Text data-testid="no-data">{t("noData")}</Text>
      </Container>
    );
  }
  const YEAR = source.year;
  const [memberExports, imports] = await Promise.all([
    loadYear(source, { flow: "export", own: members, drilldowns: ["Country"], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    loadYear(source, { flow: "import", own: members, drilldowns: ["Year"] }, locale),
  ]);
  const exportsTotal = total(memberExports.rows);
  const importsTotal = value(imports.rows[0]);
  const ctx: OrganizationContext = { locale, t, base: `/${locale}/profile`, members, memberExports, source, sourceName: sourceLine(names, [source.source]) };
  return (
    <>
      <ProfileHero
        images={[{ src: memberImage("organization", id), alt: name }]}
        title={name}
        kind={t("kinds.international_organization")}
        stats={[
          { label: t("stats.exports", { year: YEAR }), value: formatMoney(exportsTotal, locale), testId: "stat-exports" },
          { label: t("stats.imports", { year: YEAR }), value: formatMoney(importsTotal, locale), testId: "stat-imports" },
          { label: t("stats.members"), value: String(members.length), testId: "stat-members" },
        ]}
      >
        <Text size="lg" maw={900} data-testid="overview-text">
          {t("organization.overviewText", { year: YEAR, count: members.length, name, exports: formatMoney(exportsTotal, locale), imports: formatMoney(importsTotal, locale) })}
        </Text>
        <Alert variant="light" color="gray" maw={900}>
          {t("organization.membership")}
        </Alert>
      </ProfileHero>
      <Container size="lg" py="xl">
        <ProfileSections modules={ORGANIZATION_SECTIONS} ctx={ctx} locale={locale} />
      </Container>
    </>
  );
}
