import { Alert, Container, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { profileView } from "@/domain/visualize/profileViews";
import { total, type Loaded } from "@/server/profiles/data";
import { loadAcross, loadYear, newest, profileSources, type ProfileSources } from "@/server/profiles/sources";
import { formatMoney } from "../format";
import { ProfileChart } from "../ProfileChart";
import { ProfileHero } from "../ProfileHero";
import { RankedBars } from "../RankedBars";
import { items, latestYearWithData, memberImage, topThree, yearValue } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";
import { sourceLine, sourceNames, type SourceNames } from "../sourceNames";
import { YearTable, milestoneYears } from "../YearTable";

interface WorldContext {
  locale: Locale;
  t: Awaited<ReturnType<typeof getTranslations<"profiles">>>;
  base: string;
  series: Loaded;
  first: number;
  latest: number;
  sources: ProfileSources;
  names: SourceNames;
  /** Source line of the latest section year, and of the whole series. */
  latestSource: string;
  seriesSource: string;
}

/** The latest year of section trade, by exporter ("Country") or by section. */
const byLatest = (ctx: WorldContext, drilldown: "Country" | "Section") =>
  loadYear(newest(ctx.sources.sections)!, { flow: "export", drilldowns: [drilldown], sort: [{ key: "Trade Value", direction: "desc" }] }, ctx.locale);

const WORLD_SECTIONS: SectionModule<WorldContext, unknown>[] = [
  section<WorldContext, Loaded>({
    id: "top-exporters",
    half: true,
    load: (ctx) => byLatest(ctx, "Country"),
    render: (loaded, { t, locale, base, latest, series, latestSource }) => ({
      title: t("world.topExporters"),
      source: { name: latestSource, years: String(latest), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
      body: <RankedBars items={items(loaded.rows, "Country", (id) => `${base}/country/${id}`)} total={yearValue(series.rows, latest)} locale={locale} limit={15} testId="top-exporters" />,
    }),
  }),
  section<WorldContext, Loaded>({
    id: "sections",
    half: true,
    load: (ctx) => byLatest(ctx, "Section"),
    render: (loaded, { t, locale, base, latest, latestSource }) => ({
      title: t("world.sections"),
      source: { name: latestSource, years: String(latest), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
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
    render: (_, { t, locale, first, latest, seriesSource }) => ({
      title: t("world.basket"),
      source: { name: seriesSource, years: `${first}–${latest}` },
      body: <ProfileChart locale={locale} state={profileView({ chart: "stacked", product: "show", time: { from: first, to: latest } })} height={420} />,
    }),
  }),
  section<WorldContext, true>({
    id: "exporters-map",
    load: async () => true,
    render: (_, { t, locale, latest, latestSource }) => ({
      title: t("product.map"),
      source: { name: latestSource, years: String(latest) },
      body: <ProfileChart locale={locale} state={profileView({ chart: "geomap", country: "show", time: latest })} height={380} />,
    }),
  }),
  section<WorldContext, WorldContext>({
    id: "over-time",
    load: async (ctx) => ctx,
    render: ({ t, locale, series, first, latest, seriesSource }) => ({
      title: t("world.overTime"),
      source: { name: seriesSource, years: `${first}–${latest}`, apiUrl: series.apiUrl, csvUrl: series.csvUrl },
      body: (
        <>
          <Text>{t("world.overTimeText", { from: first, to: latest, fromValue: formatMoney(yearValue(series.rows, first), locale), toValue: formatMoney(yearValue(series.rows, latest), locale) })}</Text>
          <ProfileChart locale={locale} state={profileView({ chart: "line", country: null, time: { from: first, to: latest } })} height={320} />
          <YearTable yearLabel={t("year")} years={milestoneYears(series.rows.map((r) => Number(r.Year)))} columns={[{ label: t("exports"), value: (y) => yearValue(series.rows, y) }]} locale={locale} testId="world-series" />
        </>
      ),
    }),
  }),
  section<WorldContext, { loaded: Loaded; year: number; source: string }>({
    id: "top-products",
    async load(ctx) {
      const detail = newest(ctx.sources.productExports);
      if (!detail) return null;
      const loaded = await loadYear(detail, { flow: "export", drilldowns: ["HS4"], sort: [{ key: "Trade Value", direction: "desc" }], limit: 50 }, ctx.locale);
      return loaded.rows.length ? { loaded, year: detail.year, source: sourceLine(ctx.names, [detail.source]) } : null;
    },
    render: ({ loaded, year, source }, { t, locale, base }) => ({
      title: t("world.topProducts"),
      source: { name: source, years: String(year), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl },
      body: <RankedBars items={items(loaded.rows, "HS4", (id) => `${base}/hs/${id}`)} total={total(loaded.rows)} locale={locale} limit={15} testId="top-products" />,
    }),
  }),
];

export async function WorldProfile({ locale, name }: { locale: Locale; name: string }) {
  const [t, sources, names] = await Promise.all([getTranslations({ locale, namespace: "profiles" }), profileSources(), sourceNames(locale)]);
  const series = await loadAcross(sources.sections, { flow: "export", drilldowns: ["Year"] }, locale);
  const latest = latestYearWithData(series.rows);
  if (latest === null || sources.sections.length === 0) {
    return (
      <Container py="xl">
        <Text>{t("noData")}</Text>
      </Container>
    );
  }
  const ctx: WorldContext = {
    locale,
    t,
    base: `/${locale}/profile`,
    series,
    latest,
    first: Math.min(...series.rows.map((r) => Number(r.Year))),
    sources,
    names,
    latestSource: sourceLine(names, [newest(sources.sections)!.source]),
    seriesSource: sourceLine(names, series.sources),
  };
  const exporters = await byLatest(ctx, "Country");
  const worldTotal = yearValue(series.rows, latest);
  const exporterItems = items(exporters.rows, "Country");
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
