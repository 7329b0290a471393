import { Alert, ScrollAreaAutosize } from "@mantine/core";
import { Badge, Container, Group, List, ListItem, Paper, SimpleGrid, Stack, Table, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { featurePlan, planBadge } from "@/domain/billing/planFeatures";
import { formatUsd, formatList } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { buildProfilePath, subnationalMemberPath } from "@/domain/profiles/path";
import { datasetOf, firstMappedLevel, type SubnationalCountry } from "@/domain/subnational/config";
import { subnationalEntry, type LevelMembers } from "./registry";
import { sourceLine, sourceNames } from "@/features/profiles/sourceNames";
import { TextLink } from "@/features/shell/AppLink";
import { OperatorDocLine } from "@/features/shell/OperatorDocLine";
import { loadCountryHero, type CountryHero } from "@/server/profiles/countryHero";
import { countryName, levelsWithData } from "@/server/subnational/data";
import { ALL } from "@/domain/visualize/state";
import { buildVizPath, defaultClassification } from "@/domain/visualize/urlCodec";
import { vizCatalog } from "@/server/visualize/members";
import { SubnationalMap } from "@/features/subnational/SubnationalMap";

/** Most members a level lists on its landing page without a country limit. */
const DEFAULT_LIST_LIMIT = 1000;

async function levelData(country: SubnationalCountry, slug: string, hasData: boolean, locale: Locale): Promise<LevelMembers | null> {
  if (!hasData) return null;
  try {
    return await subnationalEntry(country.code, slug).members(locale);
  } catch {
    return null;
  }
}

/** The country's national trade, from the country profile's own hero loader: what we hold when regions are missing. */
async function NationalTrade({ locale, name, code, hero }: { locale: Locale; name: string; code: string; hero: CountryHero }) {
  const [t, names] = await Promise.all([getTranslations({ locale, namespace: "subnational.landing" }), sourceNames(locale)]);
  const { provenance } = hero.exports;
  const money = (value: number) => formatUsd(value, locale, { compact: true });
  return (
    <Paper withBorder p="md" data-testid="national-trade" data-year={hero.year}>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t("nationalTitle", { country: name })}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <div>
            <Text size="sm" c="dimmed">
              {t("nationalExports", { year: String(hero.year) })}
            </Text>
            <Text fw={700} size="xl" data-testid="national-exports">
              {money(hero.exports.value)}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t("nationalImports", { year: String(hero.year) })}
            </Text>
            <Text fw={700} size="xl">
              {money(hero.imports.value)}
            </Text>
          </div>
          {hero.topExport && (
            <div>
              <Text size="sm" c="dimmed">
                {t("nationalTopExport", { year: String(hero.topExport.value.provenance.year) })}
              </Text>
              <Text fw={700} size="xl">
                {hero.topExport.name}
              </Text>
            </div>
          )}
        </SimpleGrid>
        <Text size="xs" c="dimmed" data-testid="national-source">
          {t("nationalSource", { source: sourceLine(names, [provenance, ...(hero.topExport ? [hero.topExport.value.provenance] : [])]), year: String(hero.year) })}
        </Text>
        <TextLink href={`/${locale}/profile${buildProfilePath({ report: "country", kind: "country", id: code })}`} data-testid="national-profile-link">
          {t("nationalProfile", { country: name })}
        </TextLink>
      </Stack>
    </Paper>
  );
}

/**
 * /profile/subnational_{code}: a subnational country's landing page for visitors. Its name from the
 * data, the map of its first level with geometry, and each level: the members with data (linking to
 * their profiles) or one plain sentence that this site holds none. Where no level has data, it says
 * what exists elsewhere and shows what the site does hold: the country's national trade and a link
 * to its profile. How an operator loads regional data is in docs/subnational.md (one discreet
 * link). Public (member profiles are PRO).
 */
export async function SubnationalLanding({ locale, country }: { locale: Locale; country: SubnationalCountry }) {
  const [t, name, withData, hero] = await Promise.all([
    getTranslations({ locale, namespace: "subnational" }),
    countryName(country.code, locale),
    levelsWithData().catch(() => new Map<string, number[]>()),
    loadCountryHero({ kind: "country", id: country.code }, locale).catch(() => null),
  ]);
  const levels = await Promise.all(
    country.geoLevels.map(async (level) => ({
      level,
      years: withData.get(datasetOf(country.code, level.slug)) ?? [],
      data: await levelData(country, level.slug, withData.has(datasetOf(country.code, level.slug)), locale),
    })),
  );
  const mapped = firstMappedLevel(country);
  const mappedData = mapped ? levels.find((l) => l.level.slug === mapped.slug)?.data : null;
  const memberHref = (slug: string, id: string) => `/${locale}/profile${subnationalMemberPath(country.code, slug, id)}`;
  // The same map in the visualisation builder (year and product choices), where the catalogue maps this level.
  const coverage = mapped && mappedData ? (await vizCatalog().catch(() => null))?.coverage : null;
  const builderPath =
    mapped && mappedData && coverage?.regions?.some((r) => r.country === country.code && r.level === mapped.slug)
      ? `/${locale}${buildVizPath(
          { chart: "geomap", classification: defaultClassification(coverage), flow: mappedData.flow, country: { kind: "country", id: country.code }, partner: ALL, product: ALL, time: { kind: "year", year: mappedData.year }, regions: { country: country.code, level: mapped.slug } },
          coverage,
        )}`
      : null;
  const levelName = (slug: string) => t(`levels.${slug}`);
  const levelList = country.geoLevels.map((l) => levelName(l.slug)).join(" · ");
  // In a sentence: "states and municipalities" (lower case where the language has case).
  const levelSentence = formatList(country.geoLevels.map((l) => levelName(l.slug).toLocaleLowerCase(locale)), locale);
  const proBadge = planBadge(featurePlan("subnationalProfiles"));
  const anyData = levels.some((l) => l.data !== null || l.years.length > 0);
  const profileHref = `/${locale}/profile${buildProfilePath({ report: "country", kind: "country", id: country.code })}`;
  return (
    <Container size="lg" py="xl" data-testid="subnational-landing" data-country={country.code}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Group gap="xs">
            <Badge variant="light">{t("landing.kind")}</Badge>
            {proBadge && (
              <Badge variant="outline" color="yellow" data-badge={proBadge}>
                {proBadge}
              </Badge>
            )}
          </Group>
          <Title order={1} data-testid="landing-title">
            {name}
          </Title>
          <Text size="lg">{t("landing.lead", { country: name, levels: levelList })}</Text>
        </Stack>
        {!country.available && (
          <Alert color="gray" data-testid="unavailable">
            {t("landing.unavailable", { country: name })}
          </Alert>
        )}
        {!anyData && (
          <Text data-testid="elsewhere">
            {t("landing.elsewhere", { country: name, levels: levelSentence })}
          </Text>
        )}
        {!anyData && hero && <NationalTrade locale={locale} name={name} code={country.code} hero={hero} />}
        {mapped ? (
          <Paper withBorder p="xs">
            <Text fw={600} px="xs" pt="xs">
              {t("landing.mapTitle", { country: name, level: levelName(mapped.slug) })}
            </Text>
            <SubnationalMap
              iso3={country.code}
              levelSlug={mapped.slug}
              values={mappedData?.members}
              currency={mappedData?.currency ?? "USD"}
              locale={locale}
              hrefBase={mappedData ? memberHref(mapped.slug, "") : undefined}
              linkable={mappedData?.members.map((m) => m.id)}
              labels={{ title: t("landing.mapTitle", { country: name, level: levelName(mapped.slug) }), noData: t("map.noData"), failed: t("map.failed") }}
            />
            {!mappedData && (
              <Text size="sm" c="dimmed" px="xs" data-testid="map-without-values">
                {t("landing.mapWithoutValues", { level: levelName(mapped.slug) })}
              </Text>
            )}
            {builderPath && (
              <TextLink href={builderPath} size="sm" px="xs" data-testid="open-map-in-builder">
                {t("landing.openMap")}
              </TextLink>
            )}
          </Paper>
        ) : (
          <Text c="dimmed" data-testid="no-map">
            {t("landing.noMap", { country: name })}
          </Text>
        )}
        <Title order={2}>{t("landing.levels")}</Title>
        {levels.map(({ level, years, data }) => {
          const limit = country.limit ?? DEFAULT_LIST_LIMIT;
          return (
            <Paper key={level.slug} withBorder p="md" id={`level-${level.slug}`} data-testid={`level-${level.slug}`} data-has-data={data ? "true" : "false"}>
              <Stack gap="sm">
                <Group justify="space-between" align="baseline">
                  <Title order={3}>{levelName(level.slug)}</Title>
                  {years.length > 0 && (
                    <Text size="sm" c="dimmed">
                      {years.length === 1 ? String(years[0]) : t("landing.years", { first: String(years[0]), last: String(years[years.length - 1]) })}
                    </Text>
                  )}
                </Group>
                {level.geometry === null && (
                  <Text size="sm" c="dimmed">
                    {t("landing.noLevelMap")}
                  </Text>
                )}
                {data ? (
                  <LevelMemberList locale={locale} countryCode={country.code} levelSlug={level.slug} data={data} limit={limit} />
                ) : (
                  <Text data-testid="level-no-data">{years.length ? t("landing.dataWithoutList") : t("landing.noDataHere")}</Text>
                )}
              </Stack>
            </Paper>
          );
        })}
        <List size="sm" spacing={4} data-testid="landing-links">
          <ListItem>
            <TextLink href={profileHref}>{t("landing.nationalProfile", { country: name })}</TextLink>
          </ListItem>
          <ListItem>
            <TextLink href={`/${locale}/profile/subnational`}>{t("landing.allCountries")}</TextLink>
          </ListItem>
          <ListItem>
            <TextLink href={`/${locale}/data-availability`}>{t("landing.dataAvailability")}</TextLink>
          </ListItem>
        </List>
        <OperatorDocLine locale={locale} doc="subnational" />
      </Stack>
    </Container>
  );
}

/** A level's members with data (the first `limit`), each linking to its profile. */
async function LevelMemberList({ locale, countryCode, levelSlug, data, limit }: { locale: Locale; countryCode: string; levelSlug: string; data: LevelMembers; limit: number }) {
  const t = await getTranslations({ locale, namespace: "subnational" });
  return (
    <>
      <Text data-testid="level-summary">
        {t("landing.withData", { count: data.members.length, year: String(data.year), flow: data.flow, currency: data.currency })}
      </Text>
      <ScrollAreaAutosize mah={480} type="auto">
        <Table striped highlightOnHover data-testid="level-members">
          <TableThead>
            <TableTr>
              <TableTh>#</TableTh>
              <TableTh>{t(`levels.${levelSlug}`)}</TableTh>
              <TableTh ta="right">{t("landing.value", { flow: data.flow, year: String(data.year), currency: data.currency })}</TableTh>
            </TableTr>
          </TableThead>
          <TableTbody>
            {data.members.slice(0, limit).map((m, i) => (
              <TableTr key={m.id}>
                <TableTd>{i + 1}</TableTd>
                <TableTd>
                  <TextLink href={`/${locale}/profile${subnationalMemberPath(countryCode, levelSlug, m.id)}`} data-testid="member-link">
                    {m.name}
                  </TextLink>
                </TableTd>
                <TableTd ta="right">{formatUsd(m.value, locale, { compact: true, currency: data.currency })}</TableTd>
              </TableTr>
            ))}
          </TableTbody>
        </Table>
      </ScrollAreaAutosize>
      {data.members.length > limit && <Text size="sm">{t("landing.moreMembers", { count: data.members.length - limit })}</Text>}
    </>
  );
}
