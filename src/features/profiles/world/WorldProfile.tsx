import { Alert } from "@mantine/core";
import { Container, Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { profileView } from "@/domain/visualize/profileViews";
import { yearsLabel } from "@/domain/format/years";
import { loadWorldHistory, loadWorldSnapshot, type HistoryLine, type SnapshotPart, type WorldSnapshot } from "@/server/profiles/world";
import type { YearRanking } from "@/server/profiles/figures";
import { formatMoney, formatShare } from "../format";
import { ProfileChart } from "../ProfileChart";
import { ProfileHero } from "../ProfileHero";
import { RankedBars, type RankedItem } from "../RankedBars";
import { memberImage, topThree } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";
import { sourceLine, sourceNames, type SourceNames } from "../sourceNames";
import { HistoryPanel, historySeries, SectionYear, YearFallback } from "../snapshotParts";
import { YearTable, milestoneYears } from "../YearTable";

interface WorldContext {
  locale: Locale;
  t: Awaited<ReturnType<typeof getTranslations<"profiles">>>;
  base: string;
  names: SourceNames;
  snapshot: WorldSnapshot;
  history: HistoryLine[];
}

const listOf = (ranking: YearRanking, href?: (id: string) => string): RankedItem[] => ranking.rows.map((r) => ({ id: r.id, name: r.name, value: r.value, href: href?.(r.id) }));

/** A one-year ranking section: its year choice, what it fell back from, its list. */
function ranked(id: string, pick: (s: WorldSnapshot) => SnapshotPart, opts: { title: string; href: (base: string, id: string) => string; limit: number; testId: string; text?: string; half?: boolean }) {
  return section<WorldContext, { part: SnapshotPart; ranking: YearRanking }>({
    id,
    half: opts.half,
    load: async (ctx) => {
      const part = pick(ctx.snapshot);
      return part.ranking ? { part, ranking: part.ranking } : null;
    },
    render: ({ part, ranking }, { t, locale, base, names }) => {
      const year = ranking.source.year;
      return {
        title: t(opts.title),
        source: { name: sourceLine(names, [ranking.source.source]), years: String(year), apiUrl: ranking.apiUrl, csvUrl: ranking.csvUrl },
        body: (
          <>
            <SectionYear t={t} years={part.years} value={year} anchor={id} />
            <YearFallback t={t} missing={part.missing} shown={year} />
            {opts.text && <Text>{t(opts.text, { year })}</Text>}
            <RankedBars items={listOf(ranking, (m) => opts.href(base, m))} total={ranking.total.value} locale={locale} limit={opts.limit} testId={opts.testId} />
          </>
        ),
      };
    },
  });
}

const reportersLine = (history: HistoryLine[]) => history.find((l) => l.kind === "reporters") ?? null;

const WORLD_SECTIONS: SectionModule<WorldContext, unknown>[] = [
  ranked("top-exporters", (s) => s.exporters, { title: "world.topExporters", href: (base, id) => `${base}/country/${id}`, limit: 15, testId: "top-exporters", half: true }),
  ranked("sections", (s) => s.sections, { title: "world.sections", href: (base, id) => `${base}/hs/section-${id}`, limit: 22, testId: "world-sections", text: "world.sectionsText", half: true }),
  section<WorldContext, SnapshotPart>({
    id: "exporters-map",
    load: async ({ snapshot }) => (snapshot.exporters.source && snapshot.exporters.ranking ? snapshot.exporters : null),
    render: (part, { t, locale, names }) => {
      const source = part.source!;
      return {
        title: t("product.map"),
        source: { name: sourceLine(names, [source.source]), years: String(source.year) },
        body: (
          <>
            <SectionYear t={t} years={part.years} value={source.year} anchor="exporters-map" />
            <YearFallback t={t} missing={part.missing} shown={source.year} />
            <ProfileChart locale={locale} state={profileView({ chart: "geomap", country: "show", time: source.year })} height={380} />
          </>
        ),
      };
    },
  }),
  section<WorldContext, SnapshotPart>({
    id: "basket",
    load: async ({ snapshot }) => (snapshot.exporters.years.length > 1 ? snapshot.exporters : null),
    render: (part, { t, locale, names, history }) => {
      const first = part.years[0];
      const last = part.years.at(-1)!;
      return {
        title: t("world.basket"),
        source: { name: sourceLine(names, reportersLine(history)?.sources ?? []), years: `${first}–${last}` },
        body: <ProfileChart locale={locale} state={profileView({ chart: "stacked", product: "show", time: { from: first, to: last } })} height={420} />,
      };
    },
  }),
  section<WorldContext, HistoryLine[]>({
    id: "over-time",
    load: async ({ history }) => (history.length ? history : null),
    render: async (history, { t, locale, names, base }) => {
      const reporters = reportersLine(history);
      const points = reporters?.points ?? [];
      const first = points[0];
      const last = points.at(-1);
      const valueOf = (y: number) => points.find((p) => p.year === y)?.value ?? 0;
      const all = history.flatMap((l) => l.points.map((p) => p.year));
      return {
        title: t("world.overTime"),
        source: { name: sourceLine(names, history.flatMap((l) => l.sources)), years: yearsLabel(all), apiUrl: reporters?.apiUrl ?? history[0].apiUrl, csvUrl: reporters?.csvUrl ?? history[0].csvUrl },
        body: (
          <>
            {first && last && (
              <Text>{t("world.overTimeText", { from: first.year, to: last.year, fromValue: formatMoney(first.value, locale), toValue: formatMoney(last.value, locale) })}</Text>
            )}
            <HistoryPanel
              series={historySeries(history, names, t)}
              t={t}
              locale={locale}
              title={t("world.overTime")}
              fileName="world-exports-history"
              sharePath={`${base}/world/wld#over-time`}
              testId="world-history"
            />
            {points.length > 0 && (
              <YearTable yearLabel={t("year")} years={milestoneYears(points.map((p) => p.year))} columns={[{ label: t("exports"), value: valueOf }]} locale={locale} testId="world-series" />
            )}
          </>
        ),
      };
    },
  }),
  section<WorldContext, { part: SnapshotPart; ranking: YearRanking }>({
    id: "top-products",
    load: async ({ snapshot }) => (snapshot.products.ranking ? { part: snapshot.products, ranking: snapshot.products.ranking } : null),
    render: ({ part, ranking }, { t, locale, base, names }) => {
      const year = ranking.source.year;
      const first = ranking.rows[0];
      const source = sourceLine(names, [ranking.source.source]);
      return {
        title: t("world.topProducts"),
        source: { name: source, years: String(year), apiUrl: ranking.apiUrl, csvUrl: ranking.csvUrl },
        body: (
          <>
            <SectionYear t={t} years={part.years} value={year} anchor="top-products" />
            <YearFallback t={t} missing={part.missing} shown={year} />
            {first && (
              <Text data-testid="top-products-text" data-share={first.share ?? ""}>
                {t("world.topProductsText", { year, name: first.name, value: formatMoney(first.value, locale), share: formatShare(first.share, locale), total: formatMoney(ranking.total.value, locale), source })}
              </Text>
            )}
            <RankedBars items={listOf(ranking, (id) => `${base}/hs/${id}`)} total={ranking.total.value} locale={locale} limit={15} testId="top-products" />
          </>
        ),
      };
    },
  }),
];

export async function WorldProfile({ locale, name, year }: { locale: Locale; name: string; year?: number }) {
  const [t, names, snapshot, history] = await Promise.all([getTranslations({ locale, namespace: "profiles" }), sourceNames(locale), loadWorldSnapshot(year, locale), loadWorldHistory(locale)]);
  const exporters = snapshot.exporters.ranking;
  if (!exporters) {
    return (
      <Container py="xl">
        <Text>{t("noData")}</Text>
      </Container>
    );
  }
  const ctx: WorldContext = { locale, t, base: `/${locale}/profile`, names, snapshot, history };
  const latest = exporters.source.year;
  const worldTotal = exporters.total.value;
  const exporterItems = listOf(exporters);
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
