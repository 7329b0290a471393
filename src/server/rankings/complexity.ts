/**
 * Server-side loading for the ranking pages: typed warehouse queries in, plain serialisable props
 * out (rows, chart data, the API URLs behind them). No SQL here; every figure comes from
 * `queryCube`, so the CSV link answers exactly what the table shows.
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import { rankComparison } from "@/domain/rankings/comparison";
import { rankedYears } from "@/server/catalog/catalog";
import { countryImage, rankChanges, seriesByMember, SPARK_YEARS, trailingYears, type RankingRow } from "@/domain/rankings/rows";
import { complexityExclusions, complexityRuns, type ComplexityExclusion, type ComplexityRun } from "@/server/warehouse/complexity";
import { dataApiUrl, getMembers, isWarehouseError, queryCube, type DataQuery, type DataRecord } from "@/server/warehouse/client";
import type { ComplexitySetDef } from "@/server/warehouse/registry";
import type { ChartGroup, ChartRow } from "@/domain/charts/types";


const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));


/** Ranks by id from a query with "<Level> ID" and a rank measure. */
function rankMap(rows: DataRecord[], level: string, measure: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) {
    const rank = num(r[measure]);
    if (rank !== null) out.set(str(r[`${level} ID`]), rank);
  }
  return out;
}

export interface RankingSource {
  run: ComplexityRun;
  /** Computed years of the same series (source trade of one dataset and release), oldest first. */
  comparableYears: number[];
  previousYear: number | null;
  /** An earlier ranked year of another source or release: no rank change is shown against it. */
  notComparableYear: number | null;
}

/** The run for `year` (latest when null) and the years it can be compared with. */
export async function rankingSource(set: ComplexitySetDef, year: number | null): Promise<{ runs: ComplexityRun[]; source: RankingSource | null }> {
  const [all, entries] = await Promise.all([complexityRuns(set.key), rankedYears(set.key)]);
  const runs = all.filter((r) => r.status === "computed");
  const run = year === null ? runs.at(-1) : runs.find((r) => r.year === year);
  if (!run) return { runs, source: null };
  // A ranking's release is that of the trade it was computed from (the catalogue records it): ranks
  // of OTS HS4 2018 (the 2018 extract) and 2017 (an older release) do not compare rank for rank.
  const vintage = new Map(entries.map((e) => [e.year, e.vintage]));
  const series = runs.map((r) => ({ year: r.year, dataset: r.source, vintage: vintage.get(r.year) ?? r.source }));
  const { series: comparableYears, previous, notComparable } = rankComparison(series, run.year, "previousRanked");
  return { runs, source: { run, comparableYears: comparableYears.map((y) => y.year), previousYear: previous?.year ?? null, notComparableYear: notComparable } };
}

/**
 * What the ECI map and scatter draw, as chart rows of the one chart stack: a ranked country with
 * its exports as the value and ECI, ECI rank and (when known) GDP per capita as measures.
 */
export interface EciCharts {
  /** Ranked countries with an ECI. */
  rows: ChartRow[];
  /** Continents present, for the scatter's legend. */
  groups: ChartGroup[];
  /** ISO numeric code -> ISO3 of the ranked countries: how the world map's shapes find their rows. */
  m49: [number, string][];
  /** Whether at least three countries have a positive GDP per capita (else no scatter). */
  hasScatter: boolean;
}

export interface EciRanking {
  rows: RankingRow[];
  charts: EciCharts;
  /** The years GDP per capita was read for ("2018", "1998-2000"). */
  gdpPeriod: string;
  csvUrl: string;
  apiUrl: string;
  excluded: ComplexityExclusion[];
  hasSeries: boolean;
}

export async function loadEciRanking(set: ComplexitySetDef, source: RankingSource, locale: Locale): Promise<EciRanking> {
  const { run, comparableYears, previousYear } = source;
  const cube = set.cubes.eci;
  const query: DataQuery = {
    cube,
    drilldowns: ["Country"],
    measures: ["ECI", "ECI Rank", "Diversity", "Trade Value"],
    cuts: [{ level: "Year", ids: [run.year] }],
    parents: true,
    sort: [{ key: "ECI Rank", direction: "asc" }],
  };
  const sparkYears = trailingYears(comparableYears, run.year, SPARK_YEARS);
  const [current, previous, series, countries, continents, excluded] = await Promise.all([
    queryCube(query, locale),
    previousYear === null
      ? null
      : queryCube({ cube, drilldowns: ["Country"], measures: ["ECI Rank"], cuts: [{ level: "Year", ids: [previousYear] }] }, locale),
    sparkYears.length > 1
      ? queryCube({ cube, drilldowns: ["Year", "Country"], measures: ["ECI"], time: { kind: "list", years: sparkYears } }, locale)
      : null,
    getMembers("country", locale),
    getMembers("continent", locale),
    complexityExclusions(set.key, run.year, locale),
  ]);
  const gdpPeriod = run.period;
  const gdp = await gdpPerCapita(run, locale);

  const ranks = rankMap(current.data, "Country", "ECI Rank");
  const changes = rankChanges(ranks, previous ? rankMap(previous.data, "Country", "ECI Rank") : null);
  const seriesOf = series
    ? seriesByMember(
        series.data.map((r) => ({ id: str(r["Country ID"]), year: Number(r["Year ID"]), value: num(r.ECI) })),
        sparkYears,
      )
    : null;
  const m49 = new Map(countries.map((c) => [String(c.id), typeof c.attributes.m49 === "number" ? c.attributes.m49 : null]));
  const continentColor = new Map(continents.map((c) => [String(c.id), c.color ?? "#868e96"]));

  const rows: RankingRow[] = current.data.map((r) => {
    const id = str(r["Country ID"]);
    return {
      id,
      name: str(r.Country),
      detail: str(r.Continent),
      image: countryImage(id),
      rank: num(r["ECI Rank"]),
      change: changes.get(id) ?? null,
      series: seriesOf?.get(id),
      values: { eci: num(r.ECI), diversity: num(r.Diversity), exports: num(r["Trade Value"]) },
    };
  });
  const chartRows: ChartRow[] = current.data.flatMap((r) => {
    const id = str(r["Country ID"]);
    const eci = num(r.ECI);
    if (eci === null) return [];
    const continent = str(r["Continent ID"]);
    const gdpPc = gdp?.get(id);
    return [
      {
        id,
        name: str(r.Country),
        kind: "country" as const,
        color: continentColor.get(continent) ?? "#868e96",
        group: continent || null,
        groupName: str(r.Continent) || null,
        value: num(r["Trade Value"]),
        measures: { eci, eci_rank: num(r["ECI Rank"]), ...(gdpPc !== undefined ? { gdp_per_capita: gdpPc } : {}) },
      },
    ];
  });
  const groups = new Map<string, ChartGroup>();
  for (const r of chartRows) if (r.group && !groups.has(r.group)) groups.set(r.group, { id: r.group, name: r.groupName ?? r.group, color: r.color, kind: "continent" });
  const pairs: [number, string][] = [];
  for (const r of chartRows) {
    const code = m49.get(r.id);
    if (code != null && !pairs.some(([m]) => m === code)) pairs.push([code, r.id]);
  }
  const scatterCount = chartRows.filter((r) => (r.measures?.gdp_per_capita ?? 0) > 0).length;
  return {
    rows,
    charts: { rows: chartRows, groups: [...groups.values()].sort((x, y) => x.name.localeCompare(y.name, locale)), m49: pairs, hasScatter: scatterCount > 2 },
    gdpPeriod,
    csvUrl: dataApiUrl({ ...query, parents: true }, locale, "csv"),
    apiUrl: dataApiUrl(query, locale),
    excluded,
    hasSeries: Boolean(seriesOf),
  };
}

/** GDP per capita for the run's period (population-weighted over 1998-2000 for the SITC average); null without indicators. */
async function gdpPerCapita(run: ComplexityRun, locale: Locale): Promise<Map<string, number> | null> {
  const range = /^(\d{4})-(\d{4})$/.exec(run.period);
  try {
    const res = await queryCube(
      {
        cube: "indicators_i_wdi_a",
        drilldowns: ["Country"],
        measures: ["GDP per Capita"],
        time: range ? { kind: "range", from: Number(range[1]), to: Number(range[2]) } : { kind: "list", years: [run.year] },
      },
      locale,
    );
    const out = new Map<string, number>();
    for (const r of res.data) {
      const v = num(r["GDP per Capita"]);
      if (v !== null) out.set(str(r["Country ID"]), v);
    }
    return out.size ? out : null;
  } catch (error) {
    if (isWarehouseError(error) && error.code === "cube_not_loaded") return null;
    throw error;
  }
}

export interface PciRanking {
  rows: RankingRow[];
  csvUrl: string;
  apiUrl: string;
  excluded: ComplexityExclusion[];
  hasSeries: boolean;
}

export async function loadPciRanking(set: ComplexitySetDef, source: RankingSource, locale: Locale): Promise<PciRanking> {
  const { run, comparableYears, previousYear } = source;
  const cube = set.cubes.pci;
  const level = set.productLevel;
  const query: DataQuery = {
    cube,
    drilldowns: [level],
    measures: ["PCI", "PCI Rank", "Ubiquity", "Trade Value"],
    cuts: [{ level: "Year", ids: [run.year] }],
    parents: true,
    sort: [{ key: "PCI Rank", direction: "asc" }],
  };
  const sparkYears = trailingYears(comparableYears, run.year, SPARK_YEARS);
  const [current, previous, series, sections, excluded] = await Promise.all([
    queryCube(query, locale),
    previousYear === null ? null : queryCube({ cube, drilldowns: [level], measures: ["PCI Rank"], cuts: [{ level: "Year", ids: [previousYear] }] }, locale),
    sparkYears.length > 1 ? queryCube({ cube, drilldowns: ["Year", level], measures: ["PCI"], time: { kind: "list", years: sparkYears } }, locale) : null,
    getMembers("section", locale),
    complexityExclusions(set.key, run.year, locale),
  ]);
  const ranks = rankMap(current.data, level, "PCI Rank");
  const changes = rankChanges(ranks, previous ? rankMap(previous.data, level, "PCI Rank") : null);
  const seriesOf = series
    ? seriesByMember(
        series.data.map((r) => ({ id: str(r[`${level} ID`]), year: Number(r["Year ID"]), value: num(r.PCI) })),
        sparkYears,
      )
    : null;
  const sectionColor = new Map(sections.map((s) => [String(s.id), s.color]));
  const rows: RankingRow[] = current.data.map((r) => {
    const id = str(r[`${level} ID`]);
    const section = r.Section === undefined ? "" : str(r.Section);
    return {
      id,
      name: str(r[level]),
      detail: section ? `${id} · ${section}` : id,
      color: sectionColor.get(str(r["Section ID"])) ?? null,
      rank: num(r["PCI Rank"]),
      change: changes.get(id) ?? null,
      series: seriesOf?.get(id),
      values: { pci: num(r.PCI), ubiquity: num(r.Ubiquity), exports: num(r["Trade Value"]) },
    };
  });
  return { rows, csvUrl: dataApiUrl(query, locale, "csv"), apiUrl: dataApiUrl(query, locale), excluded, hasSeries: Boolean(seriesOf) };
}
