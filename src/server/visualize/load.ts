/**
 * Turns a view plan into warehouse queries (through the typed client, never SQL) and their
 * answers into chart rows. Every query is returned with its /api/data URL so the page can show
 * the query behind the chart.
 */
import "server-only";
import { colorOrGrey, quantileBreaks, sequentialColor, type IconKind } from "@/domain/charts/presentation";
import type { ChartGroup, ChartRow } from "@/domain/charts/types";
import type { Locale } from "@/domain/i18n/locales";
import { datasetOf } from "@/domain/subnational/config";
import { vizQuestion } from "@/domain/visualize/coverage";
import type { RegionDataset } from "@/domain/visualize/regions";
import type { Depth } from "@/domain/visualize/state";
import type { VizData, VizQuery } from "@/domain/visualize/data";
import type { ViewPlan } from "@/domain/visualize/views";
import { dataCatalog, tradeYears, type GoodsQuestion, type YearSource } from "@/server/catalog/catalog";
import { genericLevel } from "@/server/subnational/data";
import { COMPLEXITY_CUBES, SUBNATIONAL_GENERIC_CUBE, cubeLevels, getCube } from "@/server/warehouse/registry";
import { dataApiUrl, queryCube, WarehouseError, type DataQuery, type DataRecord, type DataResponse } from "@/server/warehouse/client";
import { productSpaceIds } from "./assets";
import { vizMembers, type VizMembers } from "./members";

const INDICATORS_CUBE = "indicators_i_wdi_a";

export type { VizData, VizQuery };

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "bigint" ? Number(v) : null);
const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));

function reporterLevel(flow: "export" | "import") {
  return flow === "export" ? "Exporter Country" : "Importer Country";
}
function partnerLevel(flow: "export" | "import") {
  return flow === "export" ? "Importer Country" : "Exporter Country";
}

type ProductLevelName = "Section" | "HS2" | "HS4" | "HS6";
const PRODUCT_LEVEL: Record<Depth, ProductLevelName> = { section: "Section", hs2: "HS2", hs4: "HS4", hs6: "HS6" };

/** What the catalogue is asked for a plan: the detail it needs, in its revision and flow, with the world or between two countries. */
export function planQuestion(plan: Pick<ViewPlan, "question" | "state">): GoodsQuestion {
  return vizQuestion({ classification: plan.state.classification, flow: plan.state.flow, ...plan.question });
}

/** A cube and the plan's years it answers (the catalogue picks one dataset per year). */
interface CubeChoice {
  cube: string;
  /** Exporter x importer levels (true) or Country + Trade Flow (false). */
  bilateral: boolean;
  years: number[];
}

async function cubesFor(plan: ViewPlan, years: readonly number[] = plan.years): Promise<CubeChoice[]> {
  const sources = await tradeYears(planQuestion(plan));
  const byYear = new Map<number, YearSource>(sources.map((y) => [y.year, y]));
  const choices = new Map<string, CubeChoice>();
  for (const year of years) {
    const source = byYear.get(year);
    if (!source) continue;
    const choice = choices.get(source.cube) ?? { cube: source.cube, bilateral: source.bilateral, years: [] };
    choice.years.push(year);
    choices.set(source.cube, choice);
  }
  return [...choices.values()];
}

interface Run {
  response: DataResponse;
  query: VizQuery;
}

async function run(query: DataQuery, role: VizQuery["role"], locale: Locale): Promise<Run> {
  const response = await queryCube(query, locale);
  return { response, query: { role, api: dataApiUrl(query, locale), csv: dataApiUrl(query, locale, "csv") } };
}

function productCut(plan: ViewPlan) {
  const p = plan.state.product;
  if (p.kind !== "product") return [];
  return [{ level: PRODUCT_LEVEL[p.product.level], ids: [p.product.code] }];
}

function sortFor(series: boolean): DataQuery["sort"] {
  return series
    ? [
        { key: "Year", direction: "asc" },
        { key: "Trade Value", direction: "desc" },
      ]
    : [{ key: "Trade Value", direction: "desc" }];
}

const round = (v: number | null, digits: number) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/** The main query of treemaps, stacked areas, lines and maps, on one cube for the years it answers. */
export function mainQuery(plan: ViewPlan, choice: CubeChoice): DataQuery {
  const s = plan.state;
  const series = s.chart === "stacked" || s.chart === "line";
  const yearDrill = series ? ["Year"] : [];
  const time: DataQuery["time"] = { kind: "list", years: choice.years };
  const productDrill = PRODUCT_LEVEL[plan.depth];
  if (!choice.bilateral) {
    const drill = plan.breakdown === "product" ? [productDrill] : plan.breakdown === "country" ? ["Country"] : [];
    return {
      cube: choice.cube,
      drilldowns: [...yearDrill, ...drill],
      cuts: [
        { level: "Trade Flow", ids: [s.flow === "export" ? 2 : 1] },
        ...(s.country.kind === "country" ? [{ level: "Country", ids: [s.country.id] }] : []),
        ...productCut(plan),
      ],
      time,
      parents: plan.breakdown !== "none",
      sort: sortFor(series),
    };
  }
  const reporter = reporterLevel(s.flow);
  const partner = partnerLevel(s.flow);
  const drill = plan.breakdown === "product" ? [productDrill] : plan.breakdown === "partner" ? [partner] : plan.breakdown === "country" ? [reporter] : [];
  return {
    cube: choice.cube,
    drilldowns: [...yearDrill, ...drill],
    cuts: [
      ...(s.country.kind === "country" ? [{ level: reporter, ids: [s.country.id] }] : []),
      ...(s.partner.kind === "country" ? [{ level: partner, ids: [s.partner.id] }] : []),
      ...productCut(plan),
    ],
    // Re-imports (a country "trading with itself") are not a partner.
    exclude: plan.breakdown === "partner" && s.country.kind === "country" ? [{ level: partner, ids: [s.country.id] }] : [],
    time,
    parents: plan.breakdown === "partner" || plan.breakdown === "country" || (plan.breakdown === "product" && productDrill !== "Section"),
    sort: sortFor(series),
  };
}

function productRow(record: DataRecord, level: ProductLevelName, members: VizMembers, year?: number): ChartRow {
  const id = str(record[`${level} ID`]);
  const section =
    level === "Section"
      ? id
      : level === "HS2"
        ? (members.hs2.get(id)?.parent ?? str(record["Section ID"]))
        : level === "HS4"
          ? (members.hs4.get(id)?.parent ?? str(record["Section ID"]))
          : str(record["Section ID"]);
  const sectionMember = members.sections.get(section);
  const kind: IconKind = level === "Section" ? "section" : level === "HS2" ? "hs2" : level === "HS4" ? "hs4" : "hs6";
  return {
    id,
    name: str(record[level]),
    kind,
    color: colorOrGrey(sectionMember?.color),
    ...(level !== "Section" ? { group: section } : {}),
    value: num(record["Trade Value"]),
    ...(year !== undefined ? { year } : {}),
  };
}

function countryRow(record: DataRecord, level: string, members: VizMembers, year?: number): ChartRow {
  const id = str(record[`${level} ID`]);
  const continent = members.countries.get(id)?.parent ?? null;
  return {
    id,
    name: str(record[level]),
    kind: "country",
    color: colorOrGrey(continent ? members.continents.get(continent)?.color : null),
    group: continent,
    value: num(record["Trade Value"]),
    ...(year !== undefined ? { year } : {}),
  };
}

function sectionGroups(members: VizMembers, ids: Iterable<string>): ChartGroup[] {
  const wanted = new Set(ids);
  return [...members.sections.values()]
    .filter((s) => wanted.has(s.id))
    .map((s) => ({ id: s.id, name: s.name, color: colorOrGrey(s.color), kind: "section" as const }));
}

function continentGroups(members: VizMembers, ids: Iterable<string | null | undefined>): ChartGroup[] {
  const wanted = new Set([...ids].filter(Boolean) as string[]);
  return [...members.continents.values()]
    .filter((c) => wanted.has(c.id))
    // "xx" (Other) is not a real continent and has no icon: it gets the X icon.
    .map((c) => ({ id: c.id, name: c.name, color: colorOrGrey(c.color), kind: c.id === "xx" ? ("other" as const) : ("continent" as const) }));
}

/**
 * The source of a cube as a key the page names in its language (charts.attributions): the
 * catalogue's source for trade, indicator and subnational cubes, "complexity" for the measures the
 * importer computes. Unknown cubes keep their English source note.
 */
function sourceKey(cube: string): string | undefined {
  if (COMPLEXITY_CUBE_NAMES.has(cube)) return "complexity";
  return getCube(cube)?.catalog?.source;
}

const COMPLEXITY_CUBE_NAMES = new Set(COMPLEXITY_CUBES.map((c) => c.name));

/** What a view says about where its data came from: the queries behind it, their sources, and whether names fell back to English. */
function provenance(...runs: Run[]): Pick<VizData, "queries" | "sources" | "fallbackNames"> {
  const responses = runs.map((r) => r.response);
  return {
    queries: runs.map((r) => r.query),
    sources: [...new Set(responses.map((r) => sourceKey(r.source.cube) ?? r.source.annotations.source_name).filter((s): s is string => Boolean(s)))],
    fallbackNames: responses.some((r) => r.fallbackCaptions && Object.keys(r.fallbackCaptions).length > 0),
  };
}

/** Countries only: regional aggregates and "world" rows would distort maps and scatters. */
function isRealCountry(members: VizMembers, id: string): boolean {
  const c = members.countries.get(id);
  return Boolean(c && !c.aggregate);
}

async function loadBreakdown(plan: ViewPlan, locale: Locale, members: VizMembers): Promise<VizData> {
  const choices = await cubesFor(plan);
  const runs = await Promise.all(choices.map((choice) => run(mainQuery(plan, choice), "main", locale).then((r) => ({ ...r, choice }))));
  const s = plan.state;
  const series = s.chart === "stacked" || s.chart === "line";
  const yearOf = (r: DataRecord) => (series ? num(r["Year ID"] ?? r.Year) ?? undefined : undefined);
  let rows: ChartRow[] = [];
  let groups: ChartGroup[] = [];
  let dimension: string;
  let nested = false;
  if (plan.breakdown === "product") {
    const level = PRODUCT_LEVEL[plan.depth];
    dimension = level;
    rows = runs.flatMap((main) => main.response.data.map((r) => productRow(r, level, members, yearOf(r))));
    groups = sectionGroups(members, rows.map((r) => (r.kind === "section" ? r.id : (r.group ?? ""))));
    nested = level !== "Section";
  } else if (plan.breakdown === "partner" || plan.breakdown === "country") {
    const levelOf = (choice: CubeChoice) => (!choice.bilateral ? "Country" : plan.breakdown === "partner" ? partnerLevel(s.flow) : reporterLevel(s.flow));
    dimension = choices[0] ? levelOf(choices[0]) : plan.breakdown === "partner" ? partnerLevel(s.flow) : reporterLevel(s.flow);
    rows = runs.flatMap((main) => main.response.data.map((r) => countryRow(r, levelOf(main.choice), members, yearOf(r))));
    if (s.chart === "geomap") rows = rows.filter((r) => isRealCountry(members, r.id));
    groups = continentGroups(members, rows.map((r) => r.group));
    nested = true;
  } else {
    dimension = "Total";
    const id = s.country.kind === "country" ? s.country.id : "wld";
    const name = s.country.kind === "country" ? (members.countries.get(s.country.id)?.name ?? id) : "";
    rows = runs.flatMap((main) => main.response.data.map((r) => ({ id, name, kind: "country" as const, color: "#1c7ed6", value: num(r["Trade Value"]), year: yearOf(r) })));
  }
  const years = [...new Set(series ? rows.map((r) => r.year!).filter((y) => y !== undefined) : runs.flatMap((main) => main.response.source.years))].sort((a, b) => a - b);
  return {
    chart: s.chart,
    rows,
    groups,
    nested,
    dimension,
    years: series ? fillYears(years, plan) : years,
    ...provenance(...runs),
    focus: s.chart === "geomap" && plan.breakdown === "partner" && s.country.kind === "country" ? s.country.id : null,
    ...(s.chart === "geomap" ? { m49: m49Pairs(members) } : {}),
  };
}

/** Every year of the asked range that has data in the source, so gaps show as gaps. */
function fillYears(present: number[], plan: ViewPlan): number[] {
  if (present.length === 0) return [];
  const from = Math.min(...present);
  const to = Math.max(...present);
  return plan.years.filter((y) => y >= from && y <= to);
}

function m49Pairs(members: VizMembers): [number, string][] {
  const pairs: [number, string][] = [];
  for (const c of members.countries.values()) {
    // Historical codes share M49 numbers with today's countries; the current one wins.
    if (c.m49 !== null && !c.aggregate && !pairs.some(([m]) => m === c.m49)) pairs.push([c.m49, c.id]);
  }
  return pairs;
}

/** HS4 trade of one country with RCA, and world trade per HS4 (network and product scatter). */
async function productMeasures(plan: ViewPlan, locale: Locale, members: VizMembers, options: { keep?: ReadonlySet<string>; withShare: boolean }) {
  const { keep, withShare } = options;
  const s = plan.state;
  if (s.country.kind !== "country") throw new Error("productMeasures needs a country");
  const flow = s.flow === "export" ? 2 : 1;
  const year = plan.years[0];
  const [choice] = await cubesFor(plan, [year]);
  if (!choice) return { rows: [], runs: [] };
  // With-the-world cubes carry a flow; bilateral ones read the flow from the side of the country.
  const countryLevel = choice.bilateral ? reporterLevel(s.flow) : "Country";
  const flowCut = choice.bilateral ? [] : [{ level: "Trade Flow", ids: [flow] }];
  const countryQuery: DataQuery = {
    cube: choice.cube,
    drilldowns: [countryLevel, "HS4"],
    cuts: [...flowCut, { level: countryLevel, ids: [s.country.id] }, { level: "Year", ids: [year] }],
    rca: { levels: [countryLevel, "HS4"], measure: "Trade Value" },
  };
  const worldQuery: DataQuery = {
    cube: choice.cube,
    drilldowns: ["HS4"],
    cuts: [...flowCut, { level: "Year", ids: [year] }],
    parents: true,
  };
  const [country, world] = await Promise.all([run(countryQuery, "main", locale), run(worldQuery, "world", locale)]);
  const mine = new Map(country.response.data.map((r) => [str(r["HS4 ID"]), r]));
  const rows: ChartRow[] = world.response.data.map((w) => {
    const base = productRow(w, "HS4", members);
    const own = mine.get(base.id);
    const value = own ? num(own["Trade Value"]) : 0;
    const worldValue = num(w["Trade Value"]);
    const rca = own ? round(num(own["Trade Value RCA"]), 4) : 0;
    // trade_value and rca are read from the row itself (see scatter.ts measureOf).
    const measures: Record<string, number | null> = { world_trade: worldValue };
    if (withShare) measures.market_share = worldValue && value !== null ? round(value / worldValue, 6) : null;
    return { ...base, value, rca, measures };
  });
  return { rows: keep ? rows.filter((r) => keep.has(r.id)) : rows, runs: [country, world] };
}

async function loadNetwork(plan: ViewPlan, locale: Locale, members: VizMembers): Promise<VizData> {
  const layoutIds = await productSpaceIds();
  const { rows, runs } = await productMeasures(plan, locale, members, { keep: layoutIds ?? undefined, withShare: false });
  return {
    chart: "network",
    rows,
    groups: sectionGroups(members, members.sections.keys()),
    nested: false,
    dimension: "HS4",
    years: plan.years,
    ...provenance(...runs),
    focus: null,
  };
}

async function loadScatter(plan: ViewPlan, locale: Locale, members: VizMembers): Promise<VizData> {
  const scatter = plan.scatter!;
  const year = plan.years[0];
  if (scatter.entity === "product") {
    const { rows, runs } = await productMeasures(plan, locale, members, { withShare: true });
    return {
      chart: "scatter",
      rows: rows.filter((r) => (r.value ?? 0) > 0),
      groups: sectionGroups(members, members.sections.keys()),
      nested: false,
      dimension: "HS4",
      years: plan.years,
      ...provenance(...runs),
      focus: null,
      scatter: { x: scatter.x, y: scatter.y },
    };
  }
  const [choice] = await cubesFor(plan, [year]);
  if (!choice) throw new WarehouseError("cube_not_loaded", `no trade data for ${year} in this warehouse`, { status: 404 });
  const reporter = choice.bilateral ? reporterLevel(plan.state.flow) : "Country";
  const tradeQuery: DataQuery = {
    cube: choice.cube,
    drilldowns: [reporter],
    cuts: [...(choice.bilateral ? [] : [{ level: "Trade Flow", ids: [plan.state.flow === "export" ? 2 : 1] }]), { level: "Year", ids: [year] }],
    parents: true,
    sort: [{ key: "Trade Value", direction: "desc" }],
  };
  const indicatorQuery: DataQuery = {
    cube: INDICATORS_CUBE,
    drilldowns: ["Country"],
    measures: ["GDP", "Population", "GDP per Capita"],
    cuts: [{ level: "Year", ids: [year] }],
  };
  const [trade, indicators] = await Promise.all([run(tradeQuery, "main", locale), run(indicatorQuery, "indicators", locale)]);
  const byCountry = new Map(indicators.response.data.map((r) => [str(r["Country ID"]), r]));
  const rows: ChartRow[] = [];
  for (const r of trade.response.data) {
    const base = countryRow(r, reporter, members);
    if (!isRealCountry(members, base.id)) continue;
    const ind = byCountry.get(base.id);
    rows.push({
      ...base,
      measures: {
        gdp: ind ? round(num(ind.GDP), 0) : null,
        population: ind ? num(ind.Population) : null,
        gdp_per_capita: ind ? round(num(ind["GDP per Capita"]), 2) : null,
      },
    });
  }
  return {
    chart: "scatter",
    rows,
    groups: continentGroups(members, rows.map((r) => r.group)),
    nested: false,
    dimension: reporter,
    years: plan.years,
    ...provenance(trade, indicators),
    focus: null,
    scatter: { x: scatter.x, y: scatter.y },
  };
}

/**
 * A map of a country's regions: one row per member of the level, in the year and for the product
 * the plan names, from the catalogue's dataset for that level. Package cubes are queried through the
 * cube API (the level is the one whose column the catalogue counts reporters by); a generically
 * imported level is read as totals (server/subnational/data.ts).
 */
async function loadRegions(plan: ViewPlan & { regions: RegionDataset }, locale: Locale): Promise<VizData> {
  const { country, level } = plan.regions;
  const year = plan.years[0];
  const dataset = datasetOf(country, level);
  const entry = (await dataCatalog()).entries.find((e) => e.kind === "subnational" && e.dataset === dataset && e.year === year);
  const base: Pick<VizData, "chart" | "groups" | "nested" | "dimension" | "years" | "focus"> = { chart: plan.state.chart, groups: [], nested: false, dimension: "Region", years: [year], focus: null };
  if (!entry) return { ...base, rows: [], queries: [], sources: [], fallbackNames: false, regionMap: { country, level, currency: "USD" } };
  // Rows coloured as the map colours them (sequential classes of the values), for the table's swatches.
  const coloured = (rows: ChartRow[]): ChartRow[] => {
    const breaks = quantileBreaks(rows.map((r) => r.value ?? 0).filter((v) => v > 0), 7);
    return rows.map((r) => ({ ...r, color: sequentialColor(r.value, breaks) }));
  };
  if (entry.cube === SUBNATIONAL_GENERIC_CUBE.name) {
    const summary = await genericLevel(country, level, locale, year, plan.state.flow);
    const rows = coloured((summary?.members ?? []).map((m) => ({ id: m.id, name: m.name, kind: "other" as const, color: "", value: m.value })));
    return { ...base, rows, queries: [], sources: [entry.source], fallbackNames: false, regionMap: { country, level, currency: summary?.currency ?? "USD" } };
  }
  const cube = getCube(entry.cube);
  const column = cube?.catalog?.derivedDatasets?.find((d) => d.dataset === dataset)?.reporterColumn ?? cube?.catalog?.reporterColumn;
  const memberLevel = cube && column ? cubeLevels(cube).find((l) => l.column === column) : undefined;
  if (!cube || !memberLevel) throw new WarehouseError("cube_not_loaded", `No member level for ${dataset} in ${entry.cube}.`);
  const query: DataQuery = {
    cube: cube.name,
    drilldowns: [memberLevel.name],
    measures: [cube.defaultMeasure],
    cuts: [{ level: "Year", ids: [year] }, ...productCut(plan)],
    sort: [{ key: cube.defaultMeasure, direction: "desc" }],
  };
  const result = await run(query, "main", locale);
  const rows = coloured(
    result.response.data.map((r) => ({ id: str(r[`${memberLevel.name} ID`]), name: str(r[memberLevel.name]), kind: "other" as const, color: "", value: num(r[cube.defaultMeasure]) ?? 0 })),
  );
  return { ...base, dimension: memberLevel.name, rows, ...provenance(result), regionMap: { country, level, currency: cube.annotations.currency ?? "USD" } };
}

/** Loads what a plan needs. Throws WarehouseError when the warehouse cannot answer. */
export async function loadVisualization(plan: ViewPlan, locale: Locale): Promise<VizData> {
  if (plan.regions) return loadRegions({ ...plan, regions: plan.regions }, locale);
  const members = await vizMembers(locale);
  if (plan.state.chart === "network") return loadNetwork(plan, locale, members);
  if (plan.state.chart === "scatter") return loadScatter(plan, locale, members);
  return loadBreakdown(plan, locale, members);
}
