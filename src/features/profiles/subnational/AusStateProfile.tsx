import { Alert } from "@mantine/core";
import { Anchor, Container, SimpleGrid, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { ChartGroup, ChartRow } from "@/domain/charts/types";
import { chartTable } from "@/domain/charts/table";
import { SERVICE_CATEGORY_COLORS, UNKNOWN_COLOR } from "@/domain/charts/presentation";
import { formatAud, formatDecimal } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { buildProfilePath } from "@/domain/profiles/path";
import { parseAusStateCode, type AusStateCode } from "@/domain/subnational/ausStates";
import { ChartPanel } from "@/features/charts/ChartPanel";
import type { ChartSpec } from "@/features/charts/spec";
import { chartTableLabels } from "@/features/charts/tableLabels";
import type { CatalogEntry } from "@/domain/catalog/catalog";
import { loadSectionMembers } from "@/server/profiles/data";
import {
  AUS_DEPTHS,
  ausBasketComplexity,
  ausGoodsYear,
  ausProductRows,
  ausSectionSeries,
  ausServiceSeries,
  ausSources,
  ausStandings,
  type AusProductRow,
  type AusSources,
  type AusStandings,
  type BasketComplexity,
} from "@/server/subnationalProfiles/aus";
import { formatShare } from "../format";
import { ProfileHero } from "../ProfileHero";
import { RankedBars } from "../RankedBars";
import { ProfileSections, section, type SectionModule } from "../sections";
import { AusStatesMap } from "./AusStatesMap";
import { YearSelect } from "../YearSelect";
import { DepthCharts, type DepthPanel } from "./DepthCharts";

/** Most tiles drawn in a product treemap (HS6 has thousands); the table and the API keep them all. */
const TREEMAP_MAX = 400;
/** Most rows in the table (and CSV) sent with the page; the data link answers every row. */
const TABLE_MAX = 1000;

type SectionMembers = Awaited<ReturnType<typeof loadSectionMembers>>;

type T = Awaited<ReturnType<typeof getTranslations<"profiles">>>;

interface AusContext {
  locale: Locale;
  t: T;
  state: AusStateCode;
  name: string;
  sources: AusSources;
  /** The goods year of the snapshot sections (?year=, else the newest). */
  entry: CatalogEntry;
  standings: AusStandings;
  sections: SectionMembers;
  sharePath: string;
  source: string;
}

const aud = (value: number | null | undefined, locale: Locale) => formatAud(value, locale, { compact: true });

/** The year choice (?year=) of every snapshot section: the goods years the catalogue holds. */
function yearSelect(ctx: AusContext, anchor: string) {
  return ctx.sources.goods.length > 1 ? <YearSelect years={ctx.sources.goods.map((e) => e.year)} value={ctx.entry.year} param="year" label={ctx.t("year")} anchor={anchor} /> : null;
}

function sectionGroups(sections: SectionMembers, ids: Iterable<string>): ChartGroup[] {
  return [...new Set(ids)].map((id) => ({ id, name: sections.get(id)?.name ?? id, color: sections.get(id)?.color ?? UNKNOWN_COLOR, kind: "section" as const }));
}

function productRows(items: readonly AusProductRow[], kind: "hs2" | "hs4" | "hs6", sections: SectionMembers): ChartRow[] {
  return items.map((r) => ({
    id: r.id,
    code: r.id,
    name: r.name,
    kind,
    color: sections.get(r.section)?.color ?? UNKNOWN_COLOR,
    group: r.section,
    groupName: sections.get(r.section)?.name ?? r.section,
    value: r.value,
  }));
}

const AUS_SECTIONS: SectionModule<AusContext, unknown>[] = [
  section<AusContext, { panels: DepthPanel[]; total: number; entryYear: number; apiUrl: string; csvUrl: string }>({
    id: "products",
    load: async ({ entry, state, locale, t, name, sections }) => {
      const labels = { ...(await chartTableLabels(locale)), value: t("aus.valueAud") };
      const loaded = await Promise.all(AUS_DEPTHS.map((depth) => ausProductRows(entry, state, depth, locale)));
      const panels = AUS_DEPTHS.map((depth, i) => {
        const rows = productRows(loaded[i].items, depth.toLowerCase() as "hs2" | "hs4" | "hs6", sections);
        const drawn = rows.slice(0, TREEMAP_MAX);
        const groups = sectionGroups(sections, drawn.map((r) => r.group ?? "99"));
        const spec: ChartSpec = { type: "treemap", input: { rows: drawn, groups, year: entry.year, dimension: depth }, currency: "AUD" };
        return {
          key: depth,
          label: t(`aus.depths.${depth}`),
          spec,
          table: chartTable({ rows: rows.slice(0, TABLE_MAX), groups, currency: "AUD" }, labels),
          title: t("aus.productsChart", { name, depth, year: entry.year }),
          fileName: `aus-${state.toLowerCase()}-${depth.toLowerCase()}-${entry.year}`,
        };
      });
      const total = loaded[0].total;
      if (total <= 0) return null;
      return { panels, total, entryYear: entry.year, apiUrl: loaded[1].apiUrl, csvUrl: loaded[1].csvUrl };
    },
    whenEmpty: (ctx) => ({
      title: ctx.t("aus.products"),
      body: (
        <>
          {yearSelect(ctx, "products")}
          <Text>{ctx.t("noDataYear", { year: ctx.entry.year })}</Text>
        </>
      ),
    }),
    render: (data, ctx) => ({
      title: ctx.t("aus.products"),
      source: { name: ctx.source, years: String(data.entryYear), apiUrl: data.apiUrl, csvUrl: data.csvUrl },
      body: (
        <Stack gap="sm">
          {yearSelect(ctx, "products")}
          <DepthCharts panels={data.panels} label={ctx.t("aus.depthLabel")} sharePath={`${ctx.sharePath}#products`} height={460} testId="aus-products" />
          <Text size="sm" c="dimmed">
            {ctx.t("aus.productsNote", { max: TREEMAP_MAX, tableMax: TABLE_MAX })}
          </Text>
        </Stack>
      ),
    }),
  }),
  section<AusContext, { loaded: { apiUrl: string; csvUrl: string }; rows: ChartRow[]; years: number[]; groups: ChartGroup[] }>({
    id: "over-time",
    load: async ({ sources, state, locale, sections }) => {
      const entry = sources.goods.at(-1);
      if (!entry) return null;
      const loaded = await ausSectionSeries(entry, state, locale);
      const rows: ChartRow[] = loaded.rows.map((r) => ({ ...r, kind: "section", color: sections.get(r.id)?.color ?? UNKNOWN_COLOR }));
      if (!rows.length) return null;
      const years = sources.goods.map((e) => e.year);
      return { loaded, rows, years, groups: sectionGroups(sections, rows.map((r) => r.id)) };
    },
    render: async (data, { t, locale, name, state, sharePath, source }) => {
      const first = data.years[0];
      const last = data.years.at(-1)!;
      const spec: ChartSpec = { type: "stacked", input: { rows: data.rows, years: data.years, dimension: t("section"), maxSeries: 22 }, currency: "AUD" };
      const labels = { ...(await chartTableLabels(locale)), value: t("aus.valueAud") };
      return {
        title: t("aus.overTime"),
        source: { name: source, years: `${first}–${last}`, apiUrl: data.loaded.apiUrl, csvUrl: data.loaded.csvUrl },
        body: (
          <ChartPanel
            testId="aus-over-time"
            spec={spec}
            title={t("aus.overTimeChart", { name, first, last })}
            table={chartTable({ rows: data.rows, groups: data.groups, currency: "AUD" }, labels)}
            fileName={`aus-${state.toLowerCase()}-sections-${first}-${last}`}
            sharePath={`${sharePath}#over-time`}
            height={420}
          />
        ),
      };
    },
  }),
  section<AusContext, { loaded: { apiUrl: string; csvUrl: string }; rows: ChartRow[]; years: number[] }>({
    id: "services",
    load: async ({ sources, state, locale }) => {
      const entry = sources.services.at(-1);
      if (!entry) return null;
      const loaded = await ausServiceSeries(entry, state, locale);
      const rows: ChartRow[] = loaded.rows.map((r) => ({ ...r, kind: "other", color: SERVICE_CATEGORY_COLORS[r.id] ?? UNKNOWN_COLOR }));
      if (!rows.some((r) => (r.value ?? 0) > 0)) return null;
      return { loaded, rows, years: sources.services.map((e) => e.year) };
    },
    whenEmpty: ({ t }) => ({ title: t("aus.services"), body: <Text>{t("aus.noServices")}</Text> }),
    render: async (data, { t, locale, name, state, sharePath, source }) => {
      const first = data.years[0];
      const last = data.years.at(-1)!;
      const spec: ChartSpec = { type: "stacked", input: { rows: data.rows, years: data.years, dimension: t("aus.services") }, currency: "AUD" };
      const labels = { ...(await chartTableLabels(locale)), value: t("aus.valueAud") };
      return {
        title: t("aus.services"),
        source: { name: source, years: `${first}–${last}`, apiUrl: data.loaded.apiUrl, csvUrl: data.loaded.csvUrl },
        body: (
          <Stack gap="sm">
            <ChartPanel
              testId="aus-services"
              spec={spec}
              title={t("aus.servicesChart", { name, first, last })}
              table={chartTable({ rows: data.rows, groups: [], currency: "AUD" }, labels)}
              fileName={`aus-${state.toLowerCase()}-services-${first}-${last}`}
              sharePath={`${sharePath}#services`}
              height={360}
            />
            <Text size="sm" c="dimmed">
              {t("aus.servicesNote")}
            </Text>
          </Stack>
        ),
      };
    },
  }),
  section<AusContext, AusContext>({
    id: "destinations",
    half: true,
    load: async (ctx) => ctx,
    render: ({ t, locale }) => ({
      title: t("aus.destinations"),
      body: (
        <Stack gap="xs" data-testid="aus-destinations">
          <Text>{t("aus.destinationsText")}</Text>
          <Anchor href={`/${locale}/profile${buildProfilePath({ report: "country", kind: "country", id: "aus" })}`}>{t("aus.countryLink")}</Anchor>
        </Stack>
      ),
    }),
  }),
  section<AusContext, BasketComplexity>({
    id: "complexity",
    half: true,
    load: ({ sources, state, locale, entry }) => ausBasketComplexity(sources, state, locale, entry.year),
    whenEmpty: ({ t }) => ({ title: t("aus.complexity"), body: <Text>{t("aus.complexityNoYear")}</Text> }),
    render: (cx, ctx) => {
      const { t, locale, name } = ctx;
      const ranked = cx.states.filter((s) => s.rank !== null).length;
      return {
        title: t("aus.complexity"),
        body: (
          <Stack gap="sm" data-testid="aus-complexity" data-year={cx.year}>
            {yearSelect(ctx, "complexity")}
            {cx.year !== ctx.entry.year ? (
              <Text size="sm" c="dimmed" data-testid="aus-complexity-year">
                {t("aus.complexityYear", { year: ctx.entry.year, shown: cx.year })}
              </Text>
            ) : null}
            <Text>
              {cx.meanPci === null
                ? t("aus.complexityNone", { name, year: cx.year })
                : t("aus.complexityText", {
                    name,
                    year: cx.year,
                    pci: formatDecimal(cx.meanPci, locale, 2),
                    rank: cx.rank ?? 0,
                    count: ranked,
                    coverage: formatShare(cx.coverage, locale),
                  })}
            </Text>
            <Text size="sm" c="dimmed">
              {t("aus.complexityMethod", { year: cx.year })}
            </Text>
            {cx.top.length > 0 && (
              <>
                <Text fw={600} size="sm">
                  {t("aus.complexityTop", { minShare: formatShare(cx.minShare, locale) })}
                </Text>
                <TableScrollContainer minWidth={320}>
                  <Table fz="sm" data-testid="aus-complex-products">
                    <TableThead>
                      <TableTr>
                        <TableTh>{t("aus.product")}</TableTh>
                        <TableTh ta="right">PCI</TableTh>
                        <TableTh ta="right">{t("aus.valueAud")}</TableTh>
                      </TableTr>
                    </TableThead>
                    <TableTbody>
                      {cx.top.map((p) => (
                        <TableTr key={p.hs4}>
                          <TableTd>
                            {p.hs4} {p.name}
                          </TableTd>
                          <TableTd ta="right">{formatDecimal(p.pci, locale, 2)}</TableTd>
                          <TableTd ta="right" style={{ whiteSpace: "nowrap" }}>
                            {aud(p.value, locale)} · {formatShare(p.share, locale)}
                          </TableTd>
                        </TableTr>
                      ))}
                    </TableTbody>
                  </Table>
                </TableScrollContainer>
              </>
            )}
          </Stack>
        ),
      };
    },
  }),
  section<AusContext, AusContext>({
    id: "states",
    load: async (ctx) => (ctx.standings.states.length ? ctx : null),
    render: (ctx) => {
      const { t, locale, standings, state, source } = ctx;
      return {
        title: t("aus.statesTitle"),
        source: { name: source, years: String(standings.year), apiUrl: standings.loaded.apiUrl, csvUrl: standings.loaded.csvUrl },
        body: (
          <Stack gap="sm">
            {yearSelect(ctx, "states")}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
              <AusStatesMap
                locale={locale}
                values={standings.states.map((s) => ({ id: s.id, value: s.value, name: s.name }))}
                selected={state}
                title={t("aus.mapChart", { year: standings.year })}
                note={t("aus.mapNote")}
                labels={{ title: t("aus.mapChart", { year: standings.year }), noData: t("aus.mapNoData"), failed: t("aus.mapFailed") }}
              />
              <RankedBars
                items={standings.states.map((s) => ({ id: s.id, name: s.name, value: s.value, href: `/${locale}/profile${buildProfilePath({ report: "subnational", country: "aus", level: "states", id: s.id })}` }))}
                total={standings.statesTotal}
                locale={locale}
                limit={8}
                currency="AUD"
                testId="aus-ranking"
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {t("aus.statesNote")}
            </Text>
          </Stack>
        ),
      };
    },
  }),
];


/** The sections of an Australian state profile, in order. */
export const AUS_STATE_SECTION_IDS = AUS_SECTIONS.map((m) => m.id);

/** Profile of an Australian state or territory: goods (HS6 from AHECC) and services, all in AUD. */
export async function AusStateProfile({ locale, id, name, year: askedYear }: { locale: Locale; id: string; name?: string; year?: number }) {
  const [t, sources, sectionMembers] = await Promise.all([getTranslations({ locale, namespace: "profiles" }), ausSources(), loadSectionMembers(locale)]);
  const state = parseAusStateCode(id);
  const { entry, missing } = ausGoodsYear(sources, askedYear);
  if (!state || !entry) {
    return (
      <Container size="lg" py="xl">
        <Text data-testid="no-data">{state ? t("aus.noGoods") : t("aus.unknownState")}</Text>
      </Container>
    );
  }
  const standings = await ausStandings(entry, locale);
  const own = standings.states.find((s) => s.id === state);
  const title = own?.name ?? name ?? state;
  const sections = sectionMembers;
  const ctx: AusContext = {
    locale,
    t,
    state,
    name: title,
    sources,
    entry,
    standings,
    sections,
    sharePath: `/${locale}/profile${buildProfilePath({ report: "subnational", country: "aus", level: "states", id: state })}`,
    source: t("aus.sourceName"),
  };
  const year = entry.year;
  return (
    <>
      <ProfileHero
        images={[]}
        title={title}
        kind={t("aus.kind")}
        stats={[
          { label: t("aus.statExports", { year }), value: aud(own?.value ?? null, locale), testId: "stat-exports" },
          { label: t("aus.statRank"), value: own ? `${own.rank} / ${standings.states.length}` : "–", testId: "stat-rank" },
          { label: t("aus.statShare"), value: formatShare(own?.share ?? null, locale), testId: "stat-share" },
        ]}
      >
        {missing !== null ? (
          <Alert variant="light" color="yellow" maw={900} data-testid="year-fallback">
            {t("yearFallback", { asked: missing, year })}
          </Alert>
        ) : null}
        <Text size="lg" maw={900} data-testid="overview-text" data-year={year}>
          {own
            ? t("aus.overviewText", { name: title, year, total: aud(own.value, locale), share: formatShare(own.share, locale), rank: own.rank, count: standings.states.length })
            : t("noDataYear", { year })}
        </Text>
        <Text size="sm" c="dimmed" data-testid="aud-note">
          {t("aus.audNote")}
        </Text>
      </ProfileHero>
      <Container size="lg" py="xl">
        <ProfileSections modules={AUS_SECTIONS} ctx={ctx} locale={locale} />
      </Container>
    </>
  );
}
