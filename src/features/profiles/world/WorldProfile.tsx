import { Alert, Container, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { HS4_CUBE, SECTIONS_CUBE, SOURCE_OTS, load, total, type Loaded } from "@/server/profiles/data";
import { formatMoney } from "../format";
import { ProfileChart } from "../ProfileChart";
import { ProfileHero } from "../ProfileHero";
import { RankedBars } from "../RankedBars";
import { items, latestYearWithData, memberImage, topThree, yearValue } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";
import { YearTable, milestoneYears } from "../YearTable";

interface WorldContext {
  locale: Locale;
  t: Awaited<ReturnType<typeof getTranslations<"profiles">>>;
  base: string;
  series: Loaded;
  first: number;
  latest: number;
}

const byLatest = (ctx: WorldContext, drilldown: string) =>
  load({ cube: SECTIONS_CUBE, drilldowns: [drilldown], cuts: [{ level: "Year", ids: [ctx.latest] }], sort: [{ key: "Trade Value", direction: "desc" }] }, ctx.locale);

const WORLD_SECTIONS: SectionModule<WorldContext, unknown>[] = [
  section<WorldContext, Loaded>({
    id: "top-exporters",
    half: true,
    load: (ctx) => byLatest(ctx, "Exporter Country"),
    render: (loaded, { t, locale, base, latest, series }) => ({
      title: t("world.topExporters"),
      source: { name: SOURCE_OTS, years: String(latest), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
      body: <RankedBars items={items(loaded.rows, "Exporter Country", (id) => `${base}/country/${id}`)} total={yearValue(series.rows, latest)} locale={locale} limit={15} testId="top-exporters" />,
    }),
  }),
  section<WorldContext, Loaded>({
    id: "sections",
    half: true,
    load: (ctx) => byLatest(ctx, "Section"),
    render: (loaded, { t, locale, base, latest }) => ({
      title: t("world.sections"),
      source: { name: SOURCE_OTS, years: String(latest), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
      body: (
        <>
          <Text>{t("world.sectionsText", { year: latest })}</Text>
          <RankedBars items={items(loaded.rows, "Section", (id) => `${base}/hs/section-${id}`)} total={total(loaded.rows)} locale={locale} limit={22} testId="world-sections" />
        </>
      ),
    }),
  }),
  section<WorldContext, true>({
    id: "basket",
    load: async () => true,
    render: (_, { t, locale, first, latest }) => ({
      title: t("world.basket"),
      source: { name: SOURCE_OTS, years: `${first}–${latest}` },
      body: <ProfileChart locale={locale} path={`stacked/hs92/export/all/all/show/${first}-${latest}`} height={420} />,
    }),
  }),
  section<WorldContext, true>({
    id: "exporters-map",
    load: async () => true,
    render: (_, { t, locale, latest }) => ({
      title: t("product.map"),
      source: { name: SOURCE_OTS, years: String(latest) },
      body: <ProfileChart locale={locale} path={`geomap/hs92/export/show/all/all/${latest}`} height={380} />,
    }),
  }),
  section<WorldContext, WorldContext>({
    id: "over-time",
    load: async (ctx) => ctx,
    render: ({ t, locale, series, first, latest }) => ({
      title: t("world.overTime"),
      source: { name: SOURCE_OTS, years: `${first}–${latest}`, apiUrl: series.apiUrl, csvUrl: series.csvUrl },
      body: (
        <>
          <Text>{t("world.overTimeText", { from: first, to: latest, fromValue: formatMoney(yearValue(series.rows, first), locale), toValue: formatMoney(yearValue(series.rows, latest), locale) })}</Text>
          <YearTable yearLabel={t("year")} years={milestoneYears(series.rows.map((r) => Number(r.Year)))} columns={[{ label: t("exports"), value: (y) => yearValue(series.rows, y) }]} locale={locale} testId="world-series" />
        </>
      ),
    }),
  }),
  section<WorldContext, Loaded>({
    id: "top-products",
    async load(ctx) {
      const loaded = await load({ cube: HS4_CUBE, drilldowns: ["HS4"], cuts: [{ level: "Trade Flow", ids: [2] }], sort: [{ key: "Trade Value", direction: "desc" }], limit: 50 }, ctx.locale);
      return loaded.rows.length ? loaded : null;
    },
    render: (loaded, { t, locale, base }) => ({
      title: t("world.topProducts"),
      source: { name: SOURCE_OTS, years: "2018", apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
      body: <RankedBars items={items(loaded.rows, "HS4", (id) => `${base}/hs/${id}`)} total={total(loaded.rows)} locale={locale} limit={15} testId="top-products" />,
    }),
  }),
];

export async function WorldProfile({ locale, name }: { locale: Locale; name: string }) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  const series = await load({ cube: SECTIONS_CUBE, drilldowns: ["Year"] }, locale);
  const latest = latestYearWithData(series.rows);
  if (latest === null) {
    return (
      <Container py="xl">
        <Text>{t("noData")}</Text>
      </Container>
    );
  }
  const ctx: WorldContext = { locale, t, base: `/${locale}/profile`, series, latest, first: Math.min(...series.rows.map((r) => Number(r.Year))) };
  const exporters = await byLatest(ctx, "Exporter Country");
  const worldTotal = yearValue(series.rows, latest);
  const exporterItems = items(exporters.rows, "Exporter Country");
  return (
    <>
      <ProfileHero
        images={[{ src: memberImage("world", "wld"), alt: name }]}
        title={name}
        kind={t("kinds.world")}
        stats={[
          { label: t("stats.world", { year: latest }), value: formatMoney(worldTotal, locale), testId: "stat-world" },
          ...(exporterItems[0] ? [{ label: t("stats.topExporter", { year: latest }), value: formatMoney(exporterItems[0].value, locale), detail: exporterItems[0].name, testId: "stat-top-exporter" }] : []),
        ]}
      >
        <Text size="lg" maw={900} data-testid="overview-text">
          {t("world.overviewText", { year: latest, total: formatMoney(worldTotal, locale), ...topThree(exporterItems, worldTotal, locale) })}
        </Text>
        <Alert variant="light" color="gray" maw={900}>
          {t("world.levelNote")}
        </Alert>
      </ProfileHero>
      <Container size="lg" py="xl">
        <ProfileSections modules={WORLD_SECTIONS} ctx={ctx} locale={locale} />
      </Container>
    </>
  );
}
