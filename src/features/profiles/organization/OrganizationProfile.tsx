import { SeriesBreaksNote } from "../snapshotParts";
import { Alert } from "@mantine/core";
import { Box, Container, Stack, Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { TableLabels } from "@/domain/charts/table";
import { yearsLabel } from "@/domain/format/years";
import type { Locale } from "@/domain/i18n/locales";
import { blocHistoryChart, memberTreemap, type TreemapMember } from "@/domain/profiles/deepCharts";
import { ChartPanel } from "@/features/charts/ChartPanel";
import { chartTableLabels } from "@/features/charts/tableLabels";
import { loadOrganization, type Block, type OrganizationData } from "@/server/profiles/organization";
import { formatMoney, formatShare } from "../format";
import { ProfileHero } from "../ProfileHero";
import { RankedBars, type RankedItem } from "../RankedBars";
import { memberImage, topThree } from "../rows";
import { ProfileSections, section, type SectionModule } from "../sections";
import { sourceLine, sourceNames, type SourceNames } from "../sourceNames";
import { YearSelect } from "../YearSelect";

interface OrganizationContext {
  locale: Locale;
  t: Awaited<ReturnType<typeof getTranslations<"profiles">>>;
  id: string;
  name: string;
  base: string;
  sharePath: string;
  data: OrganizationData;
  names: SourceNames;
  tableLabels: TableLabels;
}

const source = (ctx: OrganizationContext, block: { apiUrl: string; csvUrl: string }) => ({
  name: sourceLine(ctx.names, [ctx.data.chosen.source]),
  years: String(ctx.data.chosen.year),
  apiUrl: block.apiUrl,
  csvUrl: block.csvUrl,
});

/** The bloc's year choice (?year=), shown on every snapshot section. */
function yearSelect(ctx: OrganizationContext, anchor: string) {
  return ctx.data.years.length > 1 ? <YearSelect years={ctx.data.years} value={ctx.data.chosen.year} param="year" label={ctx.t("year")} anchor={anchor} /> : null;
}

const ranked = (rows: Block["rows"], href: (id: string) => string): RankedItem[] => rows.map((r) => ({ id: r.id, name: r.name, value: r.value, color: r.color, href: href(r.id) }));

function Treemap({ ctx, rows, groups, kind, year, title, fileName, anchor, testId }: {
  ctx: OrganizationContext;
  rows: TreemapMember[];
  groups: { id: string; name: string; color: string; kind: "continent" | "section" }[];
  kind: "country" | "hs4";
  year: number;
  title: string;
  fileName: string;
  anchor: string;
  testId: string;
}) {
  const { input, rows: drawn } = memberTreemap(rows, { kind, year, groups });
  const total = rows.reduce((s, r) => s + r.value, 0);
  const l = ctx.tableLabels;
  return (
    <ChartPanel
      testId={testId}
      spec={{ type: "treemap", input }}
      title={title}
      table={{
        columns: [
          { key: "id", label: l.code, format: "text" },
          { key: "name", label: l.name, format: "text" },
          { key: "group", label: l.group, format: "text" },
          { key: "value", label: l.value, format: "usd" },
          { key: "share", label: l.share, format: "percent" },
        ],
        rows: drawn.map((r) => [r.code ?? r.id, r.name, r.groupName ?? null, r.value, total > 0 && r.value !== null ? r.value / total : null]),
      }}
      fileName={fileName}
      sharePath={`${ctx.sharePath}#${anchor}`}
      height={400}
    />
  );
}

const ORGANIZATION_SECTIONS: SectionModule<OrganizationContext, unknown>[] = [
  section<OrganizationContext, Block>({
    id: "members",
    half: true,
    load: async ({ data }) => data.memberExports,
    render: (block, ctx) => ({
      title: ctx.t("organization.members"),
      source: source(ctx, block),
      body: (
        <>
          {yearSelect(ctx, "members")}
          <RankedBars items={ranked(block.rows, (c) => `${ctx.base}/country/${c}`)} total={block.total} locale={ctx.locale} limit={60} testId="org-members" />
        </>
      ),
    }),
  }),
  section<OrganizationContext, OrganizationData["totals"]>({
    id: "intra-extra",
    half: true,
    load: async ({ data }) => (data.totals.exports > 0 ? data.totals : null),
    render: (totals, ctx) => {
      const { t, locale, data } = ctx;
      const sum = totals.intra + totals.extra;
      return {
        title: t("organization.splitTitle"),
        source: source(ctx, data.partners),
        body: (
          <Stack gap="sm">
            {yearSelect(ctx, "intra-extra")}
            <Text data-testid="org-split-text">
              {t("organization.splitText", {
                year: data.chosen.year,
                intra: formatMoney(totals.intra, locale),
                extra: formatMoney(totals.extra, locale),
                intraShare: formatShare(sum > 0 ? totals.intra / sum : null, locale),
                extraShare: formatShare(sum > 0 ? totals.extra / sum : null, locale),
              })}
            </Text>
            <RankedBars
              items={[
                { id: "intra", name: t("organization.intra"), value: totals.intra },
                { id: "extra", name: t("organization.extra"), value: totals.extra },
              ]}
              total={sum}
              locale={locale}
              testId="org-split"
            />
          </Stack>
        ),
      };
    },
  }),
  section<OrganizationContext, OrganizationData["partners"]>({
    id: "partners",
    load: async ({ data }) => (data.partners.rows.length ? data.partners : null),
    render: (block, ctx) => {
      const { t, locale, name, data, base } = ctx;
      const list = ranked(block.rows, (c) => `${base}/country/${c}`);
      return {
        title: t("organization.partners"),
        source: source(ctx, block),
        body: (
          <Stack gap="sm">
            {yearSelect(ctx, "partners")}
            <Text>{t("organization.partnersText", { year: data.chosen.year, top: topThree(list, block.total, locale).top })}</Text>
            <Treemap
              ctx={ctx}
              rows={block.rows}
              groups={block.groups.map((g) => ({ ...g, kind: "continent" as const }))}
              kind="country"
              year={data.chosen.year}
              title={t("organization.partnersChart", { name, year: data.chosen.year })}
              fileName={`${ctx.id}-partners-${data.chosen.year}`}
              anchor="partners"
              testId="org-partners-treemap"
            />
            <RankedBars items={list} total={block.total} locale={locale} testId="org-partners" />
          </Stack>
        ),
      };
    },
  }),
  section<OrganizationContext, NonNullable<OrganizationData["products"]>>({
    id: "products",
    load: async ({ data }) => data.products,
    render: (products, ctx) => {
      const { t, locale, name, base, data } = ctx;
      const year = products.chosen.year;
      const list = ranked(products.rows, (p) => `${base}/hs/${p}`);
      // A year that HS4 data do not hold: say which year the products are of.
      const asked = products.missing ?? (year !== data.chosen.year ? data.chosen.year : null);
      return {
        title: t("organization.products"),
        source: { name: sourceLine(ctx.names, [products.chosen.source]), years: String(year), apiUrl: products.apiUrl, csvUrl: products.csvUrl },
        body: (
          <Stack gap="sm">
            {products.years.length > 1 ? <YearSelect years={products.years} value={year} param="productYear" label={t("year")} anchor="products" /> : null}
            {asked !== null ? (
              <Text size="sm" c="dimmed" data-testid="products-year">
                {t("organization.productsYear", { asked, year })}
              </Text>
            ) : null}
            <Text>{t("organization.productsText", { year, top: topThree(list, products.total, locale).top })}</Text>
            <Treemap
              ctx={ctx}
              rows={products.rows}
              groups={products.sections.map((s) => ({ ...s, kind: "section" as const }))}
              kind="hs4"
              year={year}
              title={t("organization.productsChart", { name, year })}
              fileName={`${ctx.id}-products-${year}`}
              anchor="products"
              testId="org-products-treemap"
            />
            <RankedBars items={list} total={products.total} locale={locale} testId="org-products" />
          </Stack>
        ),
      };
    },
  }),
  section<OrganizationContext, Block>({
    id: "sections",
    half: true,
    load: async ({ data }) => (data.sections.total > 0 ? data.sections : null),
    render: (block, ctx) => ({
      title: ctx.t("organization.bySection"),
      source: source(ctx, block),
      body: (
        <>
          {yearSelect(ctx, "sections")}
          <RankedBars items={ranked(block.rows, (s) => `${ctx.base}/hs/section-${s}`)} total={block.total} locale={ctx.locale} limit={22} testId="org-sections" />
        </>
      ),
    }),
  }),
  section<OrganizationContext, OrganizationData["history"]>({
    id: "history",
    load: async ({ data }) => (data.history.points.length ? data.history : null),
    render: (history, ctx) => {
      const { t, name, names } = ctx;
      const years = history.points.map((p) => p.year);
      const first = years[0];
      const last = years.at(-1)!;
      const sourceOf = new Map(history.points.map((p) => [p.year, sourceLine(names, [p.source])]));
      const chart = blocHistoryChart(
        history.points,
        { intra: t("organization.intra"), extra: t("organization.extra"), total: t("organization.total"), year: t("year"), source: t("sourceColumn") },
        (year) => sourceOf.get(year) ?? "",
      );
      return {
        title: t("organization.history"),
        source: { name: sourceLine(names, history.points.map((p) => p.source)), years: yearsLabel(years), apiUrl: history.apiUrl, csvUrl: history.csvUrl },
        body: (
          <Stack gap="sm">
            <Text>{t("organization.historyText", { count: years.length, first, last })}</Text>
            <Box data-testid="org-history" data-points={chart.points} data-breaks={history.breaks.join(",")}>
              <ChartPanel
                spec={chart.spec}
                title={t("organization.historyChart", { name, first, last })}
                table={chart.table}
                fileName={`${ctx.id}-exports-${first}-${last}`}
                sharePath={`${ctx.sharePath}#history`}
                groups={[
                  { id: "intra", name: t("organization.intra"), color: chart.spec.input.rows[0]?.color ?? "", kind: "other" },
                  { id: "extra", name: t("organization.extra"), color: chart.spec.input.rows[1]?.color ?? "", kind: "other" },
                ]}
                height={360}
              />
            </Box>
            <SeriesBreaksNote t={t} breaks={history.breaks} />
          </Stack>
        ),
      };
    },
  }),
];

export async function OrganizationProfile({ locale, id, name, year, productYear }: { locale: Locale; id: string; name: string; year?: number; productYear?: number }) {
  const [t, names, tableLabels, data] = await Promise.all([getTranslations({ locale, namespace: "profiles" }), sourceNames(locale), chartTableLabels(locale), loadOrganization(id, locale, year, productYear)]);
  if (!data) {
    return (
      <Container size="lg" py="xl">
        <Text data-testid="no-data">{t("noData")}</Text>
      </Container>
    );
  }
  const YEAR = data.chosen.year;
  const { exports, imports, intra } = data.totals;
  const base = `/${locale}/profile`;
  const ctx: OrganizationContext = { locale, t, id, name, base, sharePath: `${base}/international_organization/${id}`, data, names, tableLabels };
  return (
    <>
      <ProfileHero
        images={[{ src: memberImage("organization", id), alt: name }]}
        title={name}
        kind={t("kinds.international_organization")}
        stats={[
          { label: t("stats.exports", { year: YEAR }), value: formatMoney(exports, locale), testId: "stat-exports" },
          { label: t("stats.imports", { year: YEAR }), value: formatMoney(imports, locale), testId: "stat-imports" },
          { label: t("organization.intraStat", { year: YEAR }), value: formatShare(exports > 0 ? intra / exports : null, locale), testId: "stat-intra" },
          { label: t("stats.members"), value: String(data.members.length), testId: "stat-members" },
        ]}
      >
        {data.missing !== null ? (
          <Alert variant="light" color="yellow" maw={900} data-testid="year-fallback">
            {t("yearFallback", { asked: data.missing, year: YEAR })}
          </Alert>
        ) : null}
        <Text size="lg" maw={900} data-testid="overview-text" data-year={YEAR}>
          {t("organization.overviewText", { year: YEAR, count: data.members.length, name, exports: formatMoney(exports, locale), imports: formatMoney(imports, locale) })}
        </Text>
        <Text size="sm" c="dimmed" maw={900}>
          {t("source", { source: sourceLine(names, [data.chosen.source]), years: String(YEAR) })}
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
