/**
 * The growth projections of /resources/methods/eci-growth-predictions: the observations the
 * model is fitted on (ECI, GDP per capita and natural-resource exports at every start year the
 * data allow, growth over the following ten years), the fit, its backtest and the projection from
 * the newest ECI year. Everything comes through the typed client, and which cubes and years answer
 * is asked of the data catalogue. Computed once per warehouse generation: the numbers depend on
 * nothing else, and a re-import shows up at the next request.
 */
import "server-only";
import type { CatalogEntry } from "@/domain/catalog/catalog";
import { growthYears } from "@/domain/growth/years";
import { countryImage, type RankingRow } from "@/domain/rankings/rows";
import type { ChartGroup, ChartRow } from "@/domain/charts/types";
import type { Locale } from "@/domain/i18n/locales";
import {
  backtestGrowthModel,
  fitGrowthModel,
  GROWTH_HORIZON,
  naturalResourceSections,
  naturalResourceShares,
  projectGrowth,
  worldGrowth,
  type GrowthBacktest,
  type GrowthModel,
  type GrowthObservation,
} from "@/domain/growth/model";
import { OlsError } from "@/domain/growth/ols";
import { answerTrade, dataCatalog } from "@/server/catalog/catalog";
import { countryLevel, tradeQuery } from "@/server/profiles/sources";
import { dataApiUrl, getMembers, isWarehouseError, queryCube, type DataQuery, type DataRecord } from "@/server/warehouse/client";
import { warehouseMeta } from "@/server/warehouse/db";
import { keyedValue } from "@/server/processState";
import { withoutRequestSignal } from "@/server/warehouse/cancel";

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));

/** One start year of the fit: where its ECI comes from and how many countries entered. */
export interface GrowthSample {
  startYear: number;
  endYear: number;
  /** Complexity dataset ("complexity_hs92_hs4") and its source key (a message key under data.sources). */
  dataset: string;
  source: string;
  /** How the ECI year reads ("2000" or "1998-2000"). */
  period: string;
  /** Countries ranked that year, and those with GDP per capita at both ends and exports by section. */
  ranked: number;
  n: number;
  /** The world's annualised growth of GDP per capita over the decade, % a year (current USD). */
  worldGrowth: number;
  /** Trade dataset the natural-resource shares came from, and its source key (under data.sources). */
  exportsDataset: string;
  exportsSource: string;
}

/** A ranked country of the newest ECI year, projected. */
export interface GrowthProjection {
  id: string;
  eci: number;
  gdpPerCapita: number;
  naturalResourceShare: number;
  exports: number | null;
  /** Percentage points a year faster (or slower) than the world, over the next GROWTH_HORIZON years. */
  projected: number;
}

export interface GrowthBase {
  year: number;
  period: string;
  dataset: string;
  source: string;
  exportsDataset: string;
  exportsSource: string;
  /** Ranked countries that year; projections exist for those with GDP per capita and exports by section. */
  ranked: number;
}

export type GrowthStatus = "ready" | "no_warehouse" | "no_indicators" | "too_few_observations";

export interface GrowthPredictions {
  generation: number;
  status: GrowthStatus;
  model: GrowthModel | null;
  samples: GrowthSample[];
  backtest: GrowthBacktest | null;
  base: GrowthBase | null;
  /** Largest projection first. */
  projections: GrowthProjection[];
  indicators: { dataset: string; source: string; firstYear: number; lastYear: number } | null;
  /** The public queries behind the inputs (ECI, GDP, exports by section), for the page's links. */
  queries: { kind: "eci" | "gdp" | "exports"; years: number[]; url: string }[];
}

const empty = (generation: number, status: GrowthStatus): GrowthPredictions => ({
  generation,
  status,
  model: null,
  samples: [],
  backtest: null,
  base: null,
  projections: [],
  indicators: null,
  queries: [],
});

interface CountryFacts {
  /** Where the WDI and trade cubes file a country the ECI cube names by a legacy code ("rom" -> "rou"). */
  canonical: Map<string, string>;
  aggregates: Set<string>;
}

async function countryFacts(): Promise<CountryFacts> {
  const countries = await getMembers("country");
  const canonical = new Map<string, string>();
  const aggregates = new Set<string>();
  for (const c of countries) {
    const id = String(c.id);
    if (typeof c.attributes.alias_of === "string" && c.attributes.alias_of) canonical.set(id, c.attributes.alias_of);
    if (c.attributes.is_aggregate === true) aggregates.add(id);
  }
  return { canonical, aggregates };
}

interface Indicators {
  gdp: Map<string, number>;
  population: Map<string, number>;
  perCapita: Map<string, number>;
}

const key = (year: number, country: string) => `${year}:${country}`;

/** GDP, population and GDP per capita by year and country, a few years per query to stay under the page size. */
async function loadIndicators(cube: string, years: readonly number[]): Promise<{ data: Indicators; queries: DataQuery[] }> {
  const data: Indicators = { gdp: new Map(), population: new Map(), perCapita: new Map() };
  const queries: DataQuery[] = [];
  const sorted = [...new Set(years)].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i += 20) {
    const query: DataQuery = { cube, drilldowns: ["Year", "Country"], measures: ["GDP", "Population", "GDP per Capita"], time: { kind: "list", years: sorted.slice(i, i + 20) } };
    queries.push(query);
    const res = await queryCube(query);
    for (const r of res.data) {
      const k = key(Number(r["Year ID"]), str(r["Country ID"]));
      const gdp = num(r.GDP);
      const population = num(r.Population);
      const perCapita = num(r["GDP per Capita"]);
      if (gdp !== null && gdp > 0) data.gdp.set(k, gdp);
      if (population !== null && population > 0) data.population.set(k, population);
      if (perCapita !== null && perCapita > 0) data.perCapita.set(k, perCapita);
    }
  }
  return { data, queries };
}

/** Natural-resource shares of goods exports in `year`, from the dataset the catalogue names for exports by section. */
async function loadResourceShares(year: number, resourceSections: readonly string[]): Promise<{ shares: Map<string, number>; dataset: string; source: string; query: DataQuery } | null> {
  const answer = await answerTrade({ depth: "section", flow: "export" }, year);
  const source = answer.chosen;
  if (!source) return null;
  const query: DataQuery = { ...tradeQuery(source, { flow: "export", years: [year], drilldowns: ["Country", "Section"] }), measures: ["Trade Value"] };
  const level = countryLevel(source, "export");
  const res = await queryCube(query);
  const rows = res.data.map((r: DataRecord) => ({ country: str(r[`${level} ID`]), section: str(r["Section ID"]), value: num(r["Trade Value"]) }));
  return { shares: naturalResourceShares(rows, resourceSections), dataset: source.dataset, source: source.source, query };
}

async function loadEci(entry: CatalogEntry): Promise<{ rows: { id: string; eci: number; exports: number | null }[]; query: DataQuery }> {
  const query: DataQuery = { cube: entry.cube, drilldowns: ["Country"], measures: ["ECI", "Trade Value"], cuts: [{ level: "Year", ids: [entry.year] }] };
  const res = await queryCube(query);
  const rows = res.data.flatMap((r) => {
    const eci = num(r.ECI);
    return eci === null ? [] : [{ id: str(r["Country ID"]), eci, exports: num(r["Trade Value"]) }];
  });
  return { rows, query };
}

async function compute(generation: number): Promise<GrowthPredictions> {
  const catalog = await dataCatalog();
  const { starts, base, indicators } = growthYears(catalog.entries);
  if (indicators.length === 0) return empty(generation, "no_indicators");
  const indicatorCube = indicators[0].cube;

  const [facts, sections] = await Promise.all([countryFacts(), getMembers("section")]);
  const resourceSections = naturalResourceSections(
    sections.map((s) => ({
      id: String(s.id),
      firstChapter: s.attributes.hs2_first === null ? null : Number(s.attributes.hs2_first),
      lastChapter: s.attributes.hs2_last === null ? null : Number(s.attributes.hs2_last),
    })),
  );
  const canonical = (id: string) => facts.canonical.get(id) ?? id;

  const years = [...starts.flatMap((s) => [s.year, s.year + GROWTH_HORIZON]), ...(base ? [base.year] : [])];
  const [{ data: wdi, queries: gdpQueries }, eciByYear, sharesByYear] = await Promise.all([
    loadIndicators(indicatorCube, years),
    Promise.all([...starts, ...(base ? [base] : [])].map(async (e) => [`${e.dataset}:${e.year}`, await loadEci(e)] as const)).then((list) => new Map(list)),
    Promise.all([...new Set([...starts.map((s) => s.year), ...(base ? [base.year] : [])])].map(async (y) => [y, await loadResourceShares(y, resourceSections)] as const)).then(
      (list) => new Map(list),
    ),
  ]);

  const countriesInWdi = new Set([...wdi.population.keys()].map((k) => k.slice(k.indexOf(":") + 1)));
  const observations: GrowthObservation[] = [];
  const samples: GrowthSample[] = [];
  for (const start of starts) {
    const end = start.year + GROWTH_HORIZON;
    const world = worldGrowth(
      [...countriesInWdi]
        .filter((c) => !facts.aggregates.has(c))
        .map((c) => ({
          gdpStart: wdi.gdp.get(key(start.year, c)) ?? Number.NaN,
          populationStart: wdi.population.get(key(start.year, c)) ?? Number.NaN,
          gdpEnd: wdi.gdp.get(key(end, c)) ?? Number.NaN,
          populationEnd: wdi.population.get(key(end, c)) ?? Number.NaN,
        })),
    );
    const eci = eciByYear.get(`${start.dataset}:${start.year}`)!;
    const shares = sharesByYear.get(start.year) ?? null;
    let n = 0;
    for (const row of eci.rows) {
      const id = canonical(row.id);
      const gdpPerCapita = wdi.perCapita.get(key(start.year, id));
      const gdpPerCapitaEnd = wdi.perCapita.get(key(end, id));
      const share = shares?.shares.get(id);
      if (gdpPerCapita === undefined || gdpPerCapitaEnd === undefined || share === undefined || !Number.isFinite(world)) continue;
      observations.push({ country: row.id, startYear: start.year, eci: row.eci, gdpPerCapita, gdpPerCapitaEnd, naturalResourceShare: share, worldGrowth: world });
      n++;
    }
    samples.push({
      startYear: start.year,
      endYear: end,
      dataset: start.dataset,
      source: start.source,
      period: start.period,
      ranked: eci.rows.length,
      n,
      worldGrowth: world,
      exportsDataset: shares?.dataset ?? "",
      exportsSource: shares?.source ?? "",
    });
  }

  const queries: GrowthPredictions["queries"] = [
    ...[...eciByYear.entries()].map(([k, v]) => ({ kind: "eci" as const, years: [Number(k.slice(k.lastIndexOf(":") + 1))], url: dataApiUrl(v.query) })),
    ...gdpQueries.map((q) => ({ kind: "gdp" as const, years: q.time?.kind === "list" ? [...q.time.years] : [], url: dataApiUrl(q) })),
    ...[...sharesByYear.entries()].flatMap(([year, s]) => (s ? [{ kind: "exports" as const, years: [year], url: dataApiUrl(s.query) }] : [])),
  ];
  const indicatorInfo = { dataset: indicators[0].dataset, source: indicators[0].source, firstYear: indicators[0].year, lastYear: indicators[indicators.length - 1].year };

  let model: GrowthModel;
  try {
    model = fitGrowthModel(observations);
  } catch (error) {
    if (error instanceof OlsError) return { ...empty(generation, "too_few_observations"), samples, indicators: indicatorInfo, queries };
    throw error;
  }

  const projections: GrowthProjection[] = [];
  let baseInfo: GrowthBase | null = null;
  if (base) {
    const eci = eciByYear.get(`${base.dataset}:${base.year}`)!;
    const shares = sharesByYear.get(base.year) ?? null;
    for (const row of eci.rows) {
      const id = canonical(row.id);
      const gdpPerCapita = wdi.perCapita.get(key(base.year, id));
      const share = shares?.shares.get(id);
      if (gdpPerCapita === undefined || share === undefined) continue;
      const features = { eci: row.eci, gdpPerCapita, naturalResourceShare: share };
      projections.push({ id: row.id, ...features, exports: row.exports, projected: projectGrowth(model, features) });
    }
    projections.sort((a, b) => b.projected - a.projected || a.id.localeCompare(b.id));
    baseInfo = {
      year: base.year,
      period: base.period,
      dataset: base.dataset,
      source: base.source,
      exportsDataset: shares?.dataset ?? "",
      exportsSource: shares?.source ?? "",
      ranked: eci.rows.length,
    };
  }

  return {
    generation,
    status: "ready",
    model,
    samples,
    backtest: backtestGrowthModel(observations),
    base: baseInfo,
    projections,
    indicators: indicatorInfo,
    queries,
  };
}

/**
 * The fit, backtest and projections of the current warehouse: computed once per generation and
 * process, shared by every Next.js bundle (server/processState.ts). A failure is not kept: the next
 * request tries again.
 */
export async function growthPredictions(): Promise<GrowthPredictions> {
  const meta = await warehouseMeta();
  const generation = meta?.generation ?? -1;
  // Shared by every request: computed outside the one that starts it, whose client may leave (cancel.ts).
  return keyedValue("growth/predictions:growthPredictions", generation, () =>
    withoutRequestSignal(() =>
      meta
        ? compute(generation).catch((error: unknown) => {
            if (isWarehouseError(error) && (error.code === "cube_not_loaded" || error.code === "warehouse_unavailable")) return empty(generation, "no_indicators");
            throw error;
          })
        : Promise.resolve(empty(generation, "no_warehouse")),
    ),
  );
}

/** What the page draws: the projections as ranking rows and as chart rows (map and scatter), named in `locale`. */
export interface GrowthView {
  predictions: GrowthPredictions;
  rows: RankingRow[];
  chart: {
    /** Ranked countries with a projection: projected growth, ECI and GDP per capita as measures, exports as the value. */
    rows: ChartRow[];
    groups: ChartGroup[];
    /** ISO numeric code -> id, how the world map's shapes find their rows. */
    m49: [number, string][];
  };
}

export async function loadGrowthView(locale: Locale): Promise<GrowthView> {
  const predictions = await growthPredictions();
  if (predictions.projections.length === 0) return { predictions, rows: [], chart: { rows: [], groups: [], m49: [] } };
  const [countries, continents] = await Promise.all([getMembers("country", locale), getMembers("continent", locale)]);
  const country = new Map(countries.map((c) => [String(c.id), c]));
  const continent = new Map(continents.map((c) => [String(c.id), c]));

  const rows: RankingRow[] = [];
  const chartRows: ChartRow[] = [];
  const groups = new Map<string, ChartGroup>();
  const m49: [number, string][] = [];
  // What the browser gets is rounded well below what the page shows: the props stay small.
  const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
  predictions.projections.forEach((p, i) => {
    const projected = round(p.projected, 3);
    const eci = round(p.eci, 3);
    const gdpPerCapita = round(p.gdpPerCapita, 0);
    const member = country.get(p.id);
    const parent = member?.parentId === null || member?.parentId === undefined ? "" : String(member.parentId);
    const group = continent.get(parent);
    const name = member?.name ?? p.id;
    const color = group?.color ?? "#868e96";
    rows.push({
      id: p.id,
      name,
      detail: group?.name ?? "",
      image: countryImage(p.id),
      rank: i + 1,
      change: null,
      values: { projected, eci, gdp_per_capita: gdpPerCapita, natural_resources: round(p.naturalResourceShare, 4) },
    });
    chartRows.push({
      id: p.id,
      name,
      kind: "country",
      color,
      group: group ? parent : null,
      groupName: group?.name ?? null,
      value: p.exports,
      measures: { projected_growth: projected, eci, gdp_per_capita: gdpPerCapita },
    });
    if (group && !groups.has(parent)) groups.set(parent, { id: parent, name: group.name, color, kind: "continent" });
    const code = member && typeof member.attributes.m49 === "number" ? member.attributes.m49 : null;
    if (code !== null && !m49.some(([m]) => m === code)) m49.push([code, p.id]);
  });
  return {
    predictions,
    rows,
    chart: { rows: chartRows, groups: [...groups.values()].sort((a, b) => a.name.localeCompare(b.name, locale)), m49 },
  };
}
