/**
 * Australian state profiles: what the data catalogue holds for Australia's states (goods by HS6 in
 * AUD, 1988-2023; services by category), the state standings, product baskets, time series and the
 * complexity of a state's basket measured with our HS4 PCI. No cube or year is named here: the
 * catalogue's datasets `aus_states` (goods) and `aus_states_services` answer, and the complexity
 * years come from the catalogue too. Every value is AUD; nothing here is ever added to USD values.
 */
import "server-only";
import { cache } from "react";
import type { CatalogEntry } from "@/domain/catalog/catalog";
import type { Locale } from "@/domain/i18n/locales";
import { chooseYear } from "@/domain/profiles/yearChoice";
import { AUS_STATE_CODES, isAusStateCode, type AusStateCode } from "@/domain/subnational/ausStates";
import { dataCatalog, rankedYears } from "@/server/catalog/catalog";
import { load, type Loaded } from "@/server/profiles/data";
import { withStatements } from "@/server/warehouse/statements";
import { complexityTables, getComplexitySet, getCube } from "@/server/warehouse/registry";
import type { DataRecord } from "@/server/warehouse/client";
import { ausBasketPci, ausTopComplex } from "./statements";

export const AUS_GOODS_DATASET = "aus_states";
export const AUS_SERVICES_DATASET = "aus_states_services";
/** The AUD measure of both Australian cubes (never "Trade Value", which is USD). */
export const AUD_MEASURE = "Trade Value (AUD)";
/** Complexity set whose PCI measures the baskets (HS4 headings, HS92). */
export const AUS_COMPLEXITY_SET = "hs92_hs4";

export type AusDepth = "HS2" | "HS4" | "HS6";
export const AUS_DEPTHS: readonly AusDepth[] = ["HS2", "HS4", "HS6"];

export interface AusSources {
  /** Goods years, oldest first (one catalogue entry per year). */
  goods: CatalogEntry[];
  services: CatalogEntry[];
  /** Complexity years usable for the basket (full rankings, not samples). */
  complexity: CatalogEntry[];
}

export const ausSources = cache(async (): Promise<AusSources> => {
  const [{ entries }, complexity] = await Promise.all([dataCatalog(), rankedYears(AUS_COMPLEXITY_SET)]);
  const of = (dataset: string) => entries.filter((e) => e.kind === "subnational" && e.dataset === dataset).sort((a, b) => a.year - b.year);
  return { goods: of(AUS_GOODS_DATASET), services: of(AUS_SERVICES_DATASET), complexity: complexity.filter((e) => !e.partial) };
});

/**
 * The goods year a state profile shows: `?year=` when the catalogue holds it for the states'
 * goods, else the newest (with the asked year kept as `missing` for the page's note).
 */
export function ausGoodsYear(sources: AusSources, asked?: number): { entry: CatalogEntry | null; missing: number | null } {
  const { chosen, missing } = chooseYear(sources.goods, asked);
  return { entry: chosen, missing };
}

export const audValue = (row: DataRecord | undefined): number => Number(row?.[AUD_MEASURE] ?? 0) || 0;

export interface AusStanding {
  id: AusStateCode;
  name: string;
  value: number;
  /** 1 = largest exporter among the eight states and territories. */
  rank: number;
  /** Share of the eight states' total (RX and CND left out: they are not territories). */
  share: number;
}

export interface AusStandings {
  year: number;
  loaded: Loaded;
  states: AusStanding[];
  /** Sum over the eight states and territories. */
  statesTotal: number;
  /** Sum over every code, RX (re-exports) and CND (no state details) included: Australia's total. */
  allTotal: number;
}

/** Exports of every state in `year`, ranked (the map and the "rank among states"). */
export async function ausStandings(entry: CatalogEntry, locale: Locale): Promise<AusStandings> {
  const loaded = await load(
    { cube: entry.cube, drilldowns: ["State"], measures: [AUD_MEASURE], cuts: [{ level: "Year", ids: [entry.year] }], sort: [{ key: AUD_MEASURE, direction: "desc" }] },
    locale,
  );
  const states = loaded.rows
    .map((r) => ({ id: String(r["State ID"]), name: String(r.State ?? r["State ID"]), value: audValue(r) }))
    .filter((s): s is { id: AusStateCode; name: string; value: number } => isAusStateCode(s.id));
  states.sort((a, b) => b.value - a.value || a.id.localeCompare(b.id));
  const statesTotal = states.reduce((sum, s) => sum + s.value, 0);
  const allTotal = loaded.rows.reduce((sum, r) => sum + audValue(r), 0);
  return {
    year: entry.year,
    loaded,
    states: states.map((s, i) => ({ ...s, rank: i + 1, share: statesTotal > 0 ? s.value / statesTotal : 0 })),
    statesTotal,
    allTotal,
  };
}

/** A state's exports by product at one depth in one year, largest first, with each product's section. */
export async function ausProducts(entry: CatalogEntry, state: AusStateCode, depth: AusDepth, locale: Locale): Promise<Loaded> {
  return load(
    {
      cube: entry.cube,
      drilldowns: [depth],
      measures: [AUD_MEASURE],
      cuts: [
        { level: "State", ids: [state] },
        { level: "Year", ids: [entry.year] },
      ],
      parents: true,
      sort: [{ key: AUD_MEASURE, direction: "desc" }],
    },
    locale,
  );
}

/** A state's exports by section in every year of the goods dataset. */
export async function ausSeries(entry: CatalogEntry, state: AusStateCode, locale: Locale): Promise<Loaded> {
  return load({ cube: entry.cube, drilldowns: ["Year", "Section"], measures: [AUD_MEASURE], cuts: [{ level: "State", ids: [state] }] }, locale);
}

/** A state's services exports by category in every year of the services dataset. */
export async function ausServices(entry: CatalogEntry, state: AusStateCode, locale: Locale): Promise<Loaded> {
  return load({ cube: entry.cube, drilldowns: ["Year", "Service Category"], measures: [AUD_MEASURE], cuts: [{ level: "State", ids: [state] }] }, locale);
}

export interface BasketComplexity {
  /** The newest year with both the state's goods and a full PCI ranking. */
  year: number;
  /** Export-weighted mean PCI of each state's HS4 basket (headings without a PCI left out). */
  states: { id: AusStateCode; meanPci: number | null; coverage: number; rank: number | null }[];
  /** Share of the state's exports in headings that have a PCI that year. */
  coverage: number;
  meanPci: number | null;
  rank: number | null;
  /** The state's most complex headings among those worth at least `minShare` of its exports. */
  top: { hs4: string; name: string; pci: number; value: number; share: number }[];
  minShare: number;
}

/** Headings below this share of a state's exports are too small to list as "what it exports". */
export const TOP_COMPLEX_MIN_SHARE = 0.001;

/**
 * How complex each state's export basket is, with our PCI (HS4, HS92): the export-weighted mean PCI
 * of its headings in `year` when both datasets have it, else in the newest year both have (at or
 * before `year` first). Null when no year is shared.
 */
export async function ausBasketComplexity(sources: AusSources, state: AusStateCode, locale: Locale, year?: number): Promise<BasketComplexity | null> {
  const pciYears = new Set(sources.complexity.map((e) => e.year));
  const shared = [...sources.goods].reverse().filter((e) => pciYears.has(e.year));
  const goods = (year === undefined ? undefined : shared.find((e) => e.year <= year)) ?? shared[0];
  const set = getComplexitySet(AUS_COMPLEXITY_SET);
  const cube = goods ? getCube(goods.cube) : undefined;
  const table = cube?.tables.find((t) => t.columns.includes("hs4") && !t.columns.includes("hs6")) ?? cube?.tables[0];
  if (!goods || !set || !table) return null;
  const pciTable = complexityTables(set.key).pci;
  const hs4Members = cube?.dimensions.flatMap((d) => d.hierarchies.flatMap((h) => h.levels)).find((l) => l.name === "HS4")?.members ?? "dim_hs4";
  return withStatements(async (session) => {
    const tables = { goods: table.name, pci: pciTable, year: goods.year };
    const perState = await session.run(ausBasketPci, tables);
    const states = perState
      .map((r) => ({ id: r.state, meanPci: r.meanPci, coverage: r.coverage }))
      .filter((s): s is { id: AusStateCode; meanPci: number | null; coverage: number } => isAusStateCode(s.id));
    const ranked = states.filter((s) => s.meanPci !== null).sort((a, b) => (b.meanPci ?? 0) - (a.meanPci ?? 0));
    const withRank = AUS_STATE_CODES.flatMap((code) => states.filter((s) => s.id === code)).map((s) => ({ ...s, rank: s.meanPci === null ? null : ranked.indexOf(s) + 1 }));
    const own = withRank.find((s) => s.id === state);
    const top = await session.run(ausTopComplex, { ...tables, state, minShare: TOP_COMPLEX_MIN_SHARE, hs4Members, locale });
    return {
      year: goods.year,
      states: withRank,
      coverage: own?.coverage ?? 0,
      meanPci: own?.meanPci ?? null,
      rank: own?.rank ?? null,
      top,
      minShare: TOP_COMPLEX_MIN_SHARE,
    };
  });
}

/** The states with their exports in the newest goods year, for the level's landing page (AUD). */
export async function ausStateMembers(locale: Locale): Promise<{ year: number; currency: string; flow: "export"; members: { id: string; name: string; value: number }[] } | null> {
  const entry = (await ausSources()).goods.at(-1);
  if (!entry) return null;
  const standings = await ausStandings(entry, locale);
  return { year: entry.year, currency: "AUD", flow: "export", members: standings.states.map((s) => ({ id: s.id, name: s.name, value: s.value })) };
}

/** A product of a state's basket: its value (AUD) and the section it belongs to. */
export interface AusProductRow {
  id: string;
  name: string;
  value: number;
  section: string;
}

/** A state's exports by product at one depth in one year, as rows (positive values), with the total of every row. */
export async function ausProductRows(entry: CatalogEntry, state: AusStateCode, depth: AusDepth, locale: Locale): Promise<{ items: AusProductRow[]; total: number; apiUrl: string; csvUrl: string }> {
  const loaded = await ausProducts(entry, state, depth, locale);
  const items = loaded.rows
    .filter((r) => audValue(r) > 0)
    .map((r) => {
      const id = String(r[`${depth} ID`]);
      return { id, name: String(r[depth] ?? id), value: audValue(r), section: String(r["Section ID"] ?? "99") };
    });
  return { items, total: loaded.rows.reduce((s, r) => s + audValue(r), 0), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl };
}

/** One member's value (AUD) in one year of a series. */
export interface AusYearRow {
  id: string;
  name: string;
  value: number;
  year: number;
}

function yearRows(loaded: Loaded, level: string): AusYearRow[] {
  return loaded.rows.map((r) => {
    const id = String(r[`${level} ID`]);
    return { id, name: String(r[level] ?? id), value: audValue(r), year: Number(r.Year) };
  });
}

/** A state's exports by section in every goods year (rows of zero left out). */
export async function ausSectionSeries(entry: CatalogEntry, state: AusStateCode, locale: Locale): Promise<{ rows: AusYearRow[]; apiUrl: string; csvUrl: string }> {
  const loaded = await ausSeries(entry, state, locale);
  return { rows: yearRows(loaded, "Section").filter((r) => r.value !== 0), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl };
}

/** A state's services exports by category in every services year. */
export async function ausServiceSeries(entry: CatalogEntry, state: AusStateCode, locale: Locale): Promise<{ rows: AusYearRow[]; apiUrl: string; csvUrl: string }> {
  const loaded = await ausServices(entry, state, locale);
  return { rows: yearRows(loaded, "Service Category"), apiUrl: loaded.apiUrl, csvUrl: loaded.csvUrl };
}
