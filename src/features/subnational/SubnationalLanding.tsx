import { Alert, Badge, Code, Container, Group, Paper, ScrollAreaAutosize, Stack, Table, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { formatUsd } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { subnationalMemberPath } from "@/domain/profiles/path";
import { datasetOf, firstMappedLevel, type SubnationalCountry } from "@/domain/subnational/config";
import { subnationalEntry, type LevelMembers } from "@/features/profiles/subnational/registry";
import { TextLink } from "@/features/shell/AppLink";
import { dataCatalog } from "@/server/catalog/catalog";
import { countryName, levelsWithData } from "@/server/subnational/data";
import { mapMembers } from "@/server/subnational/geometry";
import { ALL } from "@/domain/visualize/state";
import { buildVizPath, defaultClassification } from "@/domain/visualize/urlCodec";
import { vizCatalog } from "@/server/visualize/members";
import { SubnationalMap } from "./SubnationalMap";

export const CSV_HEADER = "country,level,region_id,region_name,year,flow,product_level,product_id,value,currency";
export const IMPORT_COMMAND = "npm run data:import -- --subnational FILE";
/** Most members a level lists on its landing page without a country limit. */
const DEFAULT_LIST_LIMIT = 1000;

function csvField(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

async function levelData(country: SubnationalCountry, slug: string, hasData: boolean, locale: Locale): Promise<LevelMembers | null> {
  if (!hasData) return null;
  try {
    return await subnationalEntry(country.code, slug).members(locale);
  } catch {
    return null;
  }
}

/**
 * /profile/subnational_{code}: a subnational country's landing page. Its name from the data, the
 * map of its first level with geometry, and each level: the members with data (linking to their
 * profiles) or a plain statement that no data is loaded, with the CSV layout and the command that
 * load it. Public (member profiles are PRO).
 */
export async function SubnationalLanding({ locale, country }: { locale: Locale; country: SubnationalCountry }) {
  const [t, name, withData, catalog] = await Promise.all([
    getTranslations({ locale, namespace: "subnational" }),
    countryName(country.code, locale),
    levelsWithData().catch(() => new Map<string, number[]>()),
    dataCatalog().catch(() => null),
  ]);
  // The CSV example's year: the newest the warehouse holds (what an operator would add next to it).
  const exampleYear = Math.max(0, ...(catalog?.entries ?? []).filter((e) => e.kind === "goods").map((e) => e.year)) || new Date().getUTCFullYear() - 1;
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
  return (
    <Container size="lg" py="xl" data-testid="subnational-landing" data-country={country.code}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Group gap="xs">
            <Badge variant="light">{t("landing.kind")}</Badge>
            <Badge variant="outline" color="yellow">
              PRO
            </Badge>
          </Group>
          <Title order={1} data-testid="landing-title">
            {name}
          </Title>
          <Text size="lg">{t("landing.lead", { country: name, levels: country.geoLevels.map((l) => levelName(l.slug)).join(" · ") })}</Text>
        </Stack>
        {!country.available && (
          <Alert color="gray" data-testid="unavailable">
            {t("landing.unavailable", { country: name })}
          </Alert>
        )}
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
        {await Promise.all(levels.map(async ({ level, years, data }) => {
          const example = data ? null : ((await mapMembers(country.code, level.slug)) ?? []).slice(0, 2);
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
                  <>
                    <Text data-testid="level-summary">
                      {t("landing.withData", { count: data.members.length, year: String(data.year), flow: data.flow, currency: data.currency })}
                    </Text>
                    <ScrollAreaAutosize mah={480} type="auto">
                      <Table striped highlightOnHover data-testid="level-members">
                        <TableThead>
                          <TableTr>
                            <TableTh>#</TableTh>
                            <TableTh>{levelName(level.slug)}</TableTh>
                            <TableTh ta="right">{t("landing.value", { flow: data.flow, year: String(data.year), currency: data.currency })}</TableTh>
                          </TableTr>
                        </TableThead>
                        <TableTbody>
                          {data.members.slice(0, limit).map((m, i) => (
                            <TableTr key={m.id}>
                              <TableTd>{i + 1}</TableTd>
                              <TableTd>
                                <TextLink href={memberHref(level.slug, m.id)} data-testid="member-link">
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
                ) : (
                  <Stack gap="xs" data-testid="level-no-data">
                    <Text>{years.length ? t("landing.dataWithoutList") : t("landing.noData")}</Text>
                    <Text size="sm">{t("landing.howToLoad")}</Text>
                    <Code block data-testid="csv-layout">
                      {[
                        CSV_HEADER,
                        ...(example?.length ? example : [{ id: "REGION_ID", name: "Region name" }]).map((m, i) =>
                          [country.code, level.slug, m.id, csvField(m.name), exampleYear, "export", "hs4", i === 0 ? "2601" : "8703", i === 0 ? 1250000 : 830000, "USD"].join(","),
                        ),
                      ].join("\n")}
                    </Code>
                    <Text size="sm">{t("landing.command")}</Text>
                    <Code block data-testid="import-command">
                      {IMPORT_COMMAND}
                    </Code>
                    <Text size="sm" c="dimmed">
                      {t("landing.docs")}
                    </Text>
                  </Stack>
                )}
              </Stack>
            </Paper>
          );
        }))}
        <Text size="sm">
          <TextLink href={`/${locale}/profile/subnational`}>{t("landing.allCountries")}</TextLink>
        </Text>
      </Stack>
    </Container>
  );
}
