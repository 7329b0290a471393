import { Stack, Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { yearsLabel } from "@/domain/format/years";
import type { Locale } from "@/domain/i18n/locales";
import { countryRankingsPath, nearestYear, productRankingsPath, type TradeRankingDepth } from "@/domain/rankings/routes";
import { loadCountryTradeRanking, loadProductTradeRanking, tradeRankingSources } from "@/server/rankings/trade";
import { warehouseMeta } from "@/server/catalog/status";
import { sourceLine, sourceNames } from "../profiles/sourceNames";
import { localised, NotInData, NoWarehouse, OptionLinks, RankingShell, RankingTableCard, SourceLine } from "./parts";
import { NotComparableNote, rankChangeColumn } from "./rankChange";
import type { RankingColumn } from "./RankingTable";

/** The catalogue's years for the trade rankings, or "no-warehouse" when there is no warehouse at all. */
async function sourcesOr503() {
  if (!(await warehouseMeta())) return "no-warehouse" as const;
  return tradeRankingSources();
}

/** The neighbouring years with data, as links (a few either side, plus first and last). */
function yearOptions(years: number[], year: number, href: (y: number) => string) {
  const i = years.indexOf(year);
  const picked = new Set([years[0], ...years.slice(Math.max(0, i - 3), i + 4), years[years.length - 1]]);
  return [...picked].filter((y) => y !== undefined).map((y) => ({ href: href(y), label: String(y), active: y === year }));
}

export async function CountryTradeRankingPage({ locale, year }: { locale: Locale; year: number }) {
  const t = await getTranslations({ locale, namespace: "rankings.trade" });
  const tr = await getTranslations({ locale, namespace: "rankings" });
  const heading = t("countries.title", { year });
  const sources = await sourcesOr503();
  if (sources === "no-warehouse") {
    return (
      <RankingShell heading={heading} lead={t("countries.lead")}>
        <NoWarehouse locale={locale} />
      </RankingShell>
    );
  }
  const years = sources.countries.map((s) => s.year);
  if (!years.includes(year)) {
    const latest = nearestYear(years, year);
    return (
      <RankingShell heading={heading} lead={t("countries.lead")}>
        <NotInData
          testId="no-data-year"
          title={t("noData.title", { year })}
          body={years.length ? t("noData.body", { year, first: years[0], last: years[years.length - 1] }) : t("noData.empty")}
          options={latest ? [{ href: localised(locale, countryRankingsPath(latest)), label: t("noData.link", { year: latest }) }] : []}
        />
      </RankingShell>
    );
  }
  const [data, names] = await Promise.all([loadCountryTradeRanking(year, sources.countries, locale), sourceNames(locale)]);
  const columns: RankingColumn[] = [
    { key: "rank", label: tr("columns.rank"), format: "rank" },
    ...rankChangeColumn(tr, data.previousYear, data.notComparableYear),
    { key: "name", label: tr("columns.country"), format: "name" },
    { key: "exports", label: t("columns.exports"), format: "usd" },
    { key: "share", label: t("columns.share"), format: "share", secondary: true },
    ...(data.previousYear ? [{ key: "growth", label: t("columns.growth", { year: data.previousYear }), format: "growth" as const, secondary: true }] : []),
    ...(data.hasSeries ? [{ key: "series", label: t("columns.trend"), format: "sparkline" as const, secondary: true }] : []),
    { key: "imports", label: t("columns.imports"), format: "usd", secondary: true },
  ];
  return (
    <RankingShell heading={heading} lead={t("countries.lead")}>
      <OptionLinks label={tr("yearLabel")} testId="year-links" options={yearOptions(years, year, (y) => localised(locale, countryRankingsPath(y)))} />
      <RankingTableCard
        locale={locale}
        rows={data.rows}
        columns={columns}
        source={
          <>
            <SourceLine label={tr("sourceLabel")}>{t("countries.source", { year, source: sourceLine(names, [{ source: data.source, vintage: data.vintage }]) })}</SourceLine>
            <NotComparableNote tr={tr} year={data.notComparableYear} />
          </>
        }
        csvUrl={data.csvUrl}
        apiUrl={data.apiUrl}
      />
    </RankingShell>
  );
}

export async function ProductTradeRankingPage({ locale, year, depth }: { locale: Locale; year: number; depth: TradeRankingDepth | null }) {
  const t = await getTranslations({ locale, namespace: "rankings.trade" });
  const tr = await getTranslations({ locale, namespace: "rankings" });
  const heading = t("products.title", { year });
  const sources = await sourcesOr503();
  if (sources === "no-warehouse") {
    return (
      <RankingShell heading={heading} lead={t("products.lead")}>
        <NoWarehouse locale={locale} />
      </RankingShell>
    );
  }
  const sectionYears = sources.section.map((s) => s.year);
  const hs4Years = sources.hs4.map((s) => s.year);
  const allYears = [...new Set([...sectionYears, ...hs4Years])].sort((a, b) => a - b);
  if (!allYears.includes(year)) {
    const latest = nearestYear(allYears, year);
    return (
      <RankingShell heading={heading} lead={t("products.lead")}>
        <NotInData
          testId="no-data-year"
          title={t("noData.title", { year })}
          body={allYears.length ? t("noData.body", { year, first: allYears[0], last: allYears[allYears.length - 1] }) : t("noData.empty")}
          options={latest ? [{ href: localised(locale, productRankingsPath(latest)), label: t("noData.link", { year: latest }) }] : []}
        />
      </RankingShell>
    );
  }
  const effective: TradeRankingDepth = depth ?? (hs4Years.includes(year) ? "hs4" : "section");
  const depthOptions = [
    { href: localised(locale, productRankingsPath(year, "section")), label: t("depth.section"), active: effective === "section" },
    ...(hs4Years.includes(year) ? [{ href: localised(locale, productRankingsPath(year, "hs4")), label: t("depth.hs4"), active: effective === "hs4" }] : []),
  ];
  const selectors = (
    <Stack gap="xs">
      <OptionLinks label={tr("yearLabel")} testId="year-links" options={yearOptions(allYears, year, (y) => localised(locale, productRankingsPath(y, effective === "hs4" && hs4Years.includes(y) ? "hs4" : undefined)))} />
      <OptionLinks label={t("depth.label")} testId="depth-links" options={depthOptions} />
      {!hs4Years.includes(year) && hs4Years.length ? (
        <Text size="sm" c="dimmed">
          {t("depth.hs4Only", { years: yearsLabel(hs4Years) })}
        </Text>
      ) : null}
    </Stack>
  );
  const depthYears = effective === "hs4" ? hs4Years : sectionYears;
  if (!depthYears.includes(year)) {
    return (
      <RankingShell heading={heading} lead={t("products.lead")}>
        {selectors}
        <NotInData
          testId="no-data-depth"
          title={t("noDepth.title", { year })}
          body={t("noDepth.body", { year, years: yearsLabel(hs4Years) })}
          options={[
            ...(sectionYears.includes(year) ? [{ href: localised(locale, productRankingsPath(year, "section")), label: t("noDepth.sections", { year }) }] : []),
            ...hs4Years.map((y) => ({ href: localised(locale, productRankingsPath(y, "hs4")), label: t("noDepth.hs4", { year: y }) })),
          ]}
        />
      </RankingShell>
    );
  }
  const [data, names] = await Promise.all([loadProductTradeRanking(year, effective, effective === "hs4" ? sources.hs4 : sources.section, locale), sourceNames(locale)]);
  const source = sourceLine(names, [{ source: data.source, vintage: data.vintage }]);
  const columns: RankingColumn[] = [
    { key: "rank", label: tr("columns.rank"), format: "rank" },
    ...rankChangeColumn(tr, data.previousYear, data.notComparableYear),
    { key: "name", label: tr("columns.product"), format: "name" },
    { key: "exports", label: t("columns.worldExports"), format: "usd" },
    { key: "share", label: t("columns.share"), format: "share", secondary: true },
    ...(data.previousYear ? [{ key: "growth", label: t("columns.growth", { year: data.previousYear }), format: "growth" as const, secondary: true }] : []),
    ...(data.hasSeries ? [{ key: "series", label: t("columns.trend"), format: "sparkline" as const, secondary: true }] : []),
  ];
  return (
    <RankingShell heading={heading} lead={t("products.lead")}>
      {selectors}
      <RankingTableCard
        locale={locale}
        rows={data.rows}
        columns={columns}
        source={
          <>
            <SourceLine label={tr("sourceLabel")}>{effective === "hs4" ? t("products.sourceHs4", { year, source }) : t("products.sourceSections", { year, source })}</SourceLine>
            <NotComparableNote tr={tr} year={data.notComparableYear} />
          </>
        }
        csvUrl={data.csvUrl}
        apiUrl={data.apiUrl}
      />
    </RankingShell>
  );
}
