import { Box, Container, Group, Paper, SimpleGrid, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { formatPercent, formatUsd } from "@/domain/format";
import { subnationalMemberPath } from "@/domain/profiles/path";
import { geoLevel, reportSlugOf } from "@/domain/subnational/config";
import { TextLink } from "@/features/shell/AppLink";
import { SubnationalMap } from "@/features/subnational/SubnationalMap";
import { countryName, genericMember } from "@/server/subnational/data";
import { ProfileHero } from "../ProfileHero";
import { memberImage } from "../rows";
import type { SubnationalProfileProps } from "./types";

const HS_PATH: Record<string, (code: string) => string> = {
  section: (code) => `/hs/section-${code}`,
  hs2: (code) => `/hs/${code}`,
  hs4: (code) => `/hs/${code}`,
  hs6: (code) => `/hs/${code}`,
};

/**
 * A member of a generically imported level (docs/subnational.md): its exports (or imports) by
 * product, total, rank among the level's members and share of them, the level's map with the
 * member outlined, and its values over the years. Money in the level's own currency, always named.
 */
export async function GenericSubnationalProfile({ locale, country, level, id, name, year }: SubnationalProfileProps) {
  const [t, data, country_] = await Promise.all([getTranslations({ locale, namespace: "subnational" }), genericMember(country, level, id, locale, year), countryName(country, locale)]);
  const levelName = t(`levels.${level}`);
  if (!data) {
    return (
      <Container size="lg" py="xl">
        <Title order={1} data-testid="profile-title">
          {name}
        </Title>
        <Text data-testid="no-data" mt="md">
          {t("profile.noData")}
        </Text>
      </Container>
    );
  }
  const { summary } = data;
  const money = (v: number) => formatUsd(v, locale, { compact: true, currency: summary.currency });
  const levelTotal = summary.members.reduce((sum, m) => sum + m.value, 0);
  const withData = summary.members.filter((m) => m.value > 0).length;
  const base = `/${locale}/profile`;
  const landing = `${base}/${reportSlugOf(country)}`;
  const levelDef = geoLevel(country, level);
  const topProducts = data.products.slice(0, 25);
  const productTotal = data.products.reduce((sum, p) => sum + p.value, 0);
  const flow = summary.flow;
  return (
    <>
      <ProfileHero
        images={[{ src: memberImage("country", country), alt: country_ }]}
        title={data.name}
        kind={t("profile.kind", { country: country_, level: levelName })}
        stats={[
          { label: t(flow === "export" ? "profile.exports" : "profile.imports", { year: String(summary.year) }), value: money(data.total), testId: "stat-total" },
          { label: t("profile.rank", { level: levelName }), value: data.rank ? `${data.rank} / ${withData}` : "–", testId: "stat-rank" },
          { label: t("profile.share", { country: country_ }), value: formatPercent(levelTotal > 0 ? data.total / levelTotal : null, locale), testId: "stat-share" },
        ]}
      >
        <Text size="lg" maw={900} data-testid="overview-text">
          {data.rank
            ? t("profile.overview", { year: String(summary.year), name: data.name, flow, total: money(data.total), share: formatPercent(data.total / levelTotal, locale), count: withData, rank: data.rank, level: levelName })
            : t("profile.noDataYear", { year: String(summary.year) })}
        </Text>
        <Text size="sm" c="dimmed" data-testid="currency-note">
          {t("profile.currencyNote", { currency: summary.currency, file: summary.source })}
        </Text>
      </ProfileHero>
      <Container size="lg" py="xl">
        <Stack gap="xl">
          <Stack gap="sm" id="products">
            <Title order={2}>{t("profile.products", { flow, year: String(summary.year) })}</Title>
            {topProducts.length ? (
              <TableScrollContainer minWidth={420} type="native">
                <Table striped highlightOnHover data-testid="subnational-products">
                  <TableThead>
                    <TableTr>
                      <TableTh>#</TableTh>
                      <TableTh>{t("profile.product")}</TableTh>
                      <TableTh ta="right">{t("profile.value", { currency: summary.currency })}</TableTh>
                      <TableTh ta="right">{t("profile.shareColumn")}</TableTh>
                    </TableTr>
                  </TableThead>
                  <TableTbody>
                    {topProducts.map((p, i) => (
                      <TableTr key={p.id}>
                        <TableTd>{i + 1}</TableTd>
                        <TableTd>
                          <Group gap={6} wrap="nowrap">
                            <Box w={10} h={10} style={{ borderRadius: 2, background: p.color ?? "var(--mantine-color-gray-5)", flex: "none" }} />
                            {HS_PATH[p.depth] ? <TextLink href={`${base}${HS_PATH[p.depth](p.code)}`}>{p.name}</TextLink> : p.name}
                            <Text span size="xs" c="dimmed">
                              {p.code}
                            </Text>
                          </Group>
                        </TableTd>
                        <TableTd ta="right">{money(p.value)}</TableTd>
                        <TableTd ta="right">{formatPercent(productTotal > 0 ? p.value / productTotal : null, locale)}</TableTd>
                      </TableTr>
                    ))}
                  </TableTbody>
                </Table>
              </TableScrollContainer>
            ) : (
              <Text>{t("profile.noDataYear", { year: String(summary.year) })}</Text>
            )}
            {data.products.length > topProducts.length && <Text size="sm" c="dimmed">{t("profile.moreProducts", { count: data.products.length - topProducts.length })}</Text>}
          </Stack>
          <SimpleGrid cols={{ base: 1, md: levelDef?.geometry ? 2 : 1 }} spacing="xl">
            {levelDef?.geometry ? (
              <Stack gap="sm" id="map">
                <Title order={2}>{t("profile.map", { level: levelName })}</Title>
                <Paper withBorder p="xs">
                  <SubnationalMap
                    iso3={country}
                    levelSlug={level}
                    values={summary.members.filter((m) => m.value > 0)}
                    currency={summary.currency}
                    locale={locale}
                    focus={id}
                    hrefBase={`${base}${subnationalMemberPath(country, level, "")}`}
                    linkable={summary.members.filter((m) => m.value > 0).map((m) => m.id)}
                    labels={{ title: t("landing.mapTitle", { country: country_, level: levelName }), noData: t("map.noData"), failed: t("map.failed") }}
                    height={380}
                  />
                </Paper>
              </Stack>
            ) : null}
            <Stack gap="sm" id="over-time">
              <Title order={2}>{t("profile.overTime")}</Title>
              <Table data-testid="subnational-series">
                <TableThead>
                  <TableTr>
                    <TableTh>{t("profile.year")}</TableTh>
                    <TableTh ta="right">{t("profile.value", { currency: summary.currency })}</TableTh>
                  </TableTr>
                </TableThead>
                <TableTbody>
                  {data.series.map((s) => (
                    <TableTr key={s.year}>
                      <TableTd>{s.year}</TableTd>
                      <TableTd ta="right">{money(s.value)}</TableTd>
                    </TableTr>
                  ))}
                </TableTbody>
              </Table>
            </Stack>
          </SimpleGrid>
          <Text size="sm">
            <TextLink href={landing}>{t("profile.backToLanding", { country: country_ })}</TextLink>
          </Text>
        </Stack>
      </Container>
    </>
  );
}
