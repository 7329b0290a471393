/**
 * What the profiles draw from, as the data catalogue answers it: no profile names a cube or a
 * year. Each question ("a country's exports by product", "section trade between two countries",
 * "the complexity ranking") gets the years that can answer it, each with its dataset, and the
 * query builders here write the query in that dataset's shape (a cube of trade with the world,
 * with a flow, or an exporter x importer cube).
 */
import "server-only";
import { cache } from "react";
import type { CatalogEntry, YearSource } from "@/domain/catalog/catalog";
import type { Locale } from "@/domain/i18n/locales";
import { dataCatalog, rankedYears, tradeYears } from "@/server/catalog/catalog";
import { getComplexitySet } from "@/server/warehouse/registry";
import type { Cut, DataQuery, SortKey } from "@/server/warehouse/client";
import { load, loadRows, type Answered, type Loaded } from "./data";

export type ProfileFlow = "export" | "import";
export type { YearSource };

export interface ProfileSources {
  /** Section trade between countries (partners, balance, section baskets), oldest first. */
  sections: YearSource[];
  /** Product detail (HS4 or finer) of a country's exports to the world. */
  productExports: YearSource[];
  /** Product detail of imports. */
  productImports: YearSource[];
  /** Product detail between two countries (BACI). */
  bilateralProducts: YearSource[];
  /** Six-digit (HS6) product detail of exports and imports (BACI); empty without such an import. */
  hs6Exports: YearSource[];
  hs6Imports: YearSource[];
  /** Years of the economic-complexity ranking at HS4 (HS92), full data only. */
  complexity: CatalogEntry[];
  /** Complexity set key of those years ("hs92_hs4"). */
  complexitySet: string;
  /** Services trade (EBOPS), by year. */
  services: CatalogEntry[];
  subnational: CatalogEntry[];
}

/** Asked once per render (React's request cache); the catalogue itself is read once per warehouse generation. */
export const profileSources = cache(async (): Promise<ProfileSources> => {
  const complexitySet = "hs92_hs4";
  const [sections, productExports, productImports, bilateralProducts, hs6Exports, hs6Imports, complexity, catalog] = await Promise.all([
    tradeYears({ depth: "section", bilateral: true }),
    tradeYears({ depth: "hs4", flow: "export" }),
    tradeYears({ depth: "hs4", flow: "import" }),
    tradeYears({ depth: "hs4", bilateral: true }),
    tradeYears({ depth: "hs6", flow: "export" }),
    tradeYears({ depth: "hs6", flow: "import" }),
    rankedYears(complexitySet),
    dataCatalog(),
  ]);
  return {
    sections,
    productExports,
    productImports,
    bilateralProducts,
    hs6Exports,
    hs6Imports,
    complexity: complexity.filter((e) => !e.partial),
    complexitySet,
    services: catalog.entries.filter((e) => e.kind === "services").sort((a, b) => a.year - b.year),
    subnational: catalog.entries.filter((e) => e.kind === "subnational").sort((a, b) => a.year - b.year),
  };
});

export const years = (sources: readonly { year: number }[]): number[] => sources.map((s) => s.year);
export const newest = <T extends { year: number }>(sources: readonly T[]): T | null => sources.at(-1) ?? null;
export const inYear = <T extends { year: number }>(sources: readonly T[], year: number | undefined): T | null =>
  year === undefined ? null : (sources.find((s) => s.year === year) ?? null);

/** The asked year when it answers, else the newest. */
export function pickYear<T extends { year: number }>(sources: readonly T[], asked?: number): T | null {
  return inYear(sources, asked) ?? newest(sources);
}

/** Level names of a country's side of a flow in a dataset's shape. */
export function countryLevel(source: Pick<YearSource, "bilateral">, flow: ProfileFlow, continent = false): string {
  if (!source.bilateral) return continent ? "Continent" : "Country";
  const side = flow === "export" ? "Exporter" : "Importer";
  return `${side} ${continent ? "Continent" : "Country"}`;
}

/**
 * A query on one dataset for some of its years: `own` cuts the reporting country (its side of the
 * flow); `drilldowns` use the shape-free names "Country" (the reporter), "Partner", or product levels.
 */
export function tradeQuery(
  source: Pick<YearSource, "cube" | "bilateral">,
  spec: {
    flow: ProfileFlow;
    years?: readonly number[];
    own?: readonly string[];
    ownContinent?: boolean;
    partner?: readonly string[];
    product?: Cut;
    drilldowns?: readonly string[];
    excludePartner?: readonly string[];
    sort?: readonly SortKey[];
    limit?: number;
    parents?: boolean;
  },
): DataQuery {
  const reporter = countryLevel(source, spec.flow, spec.ownContinent);
  const reporterCountry = countryLevel(source, spec.flow);
  const partnerSide = spec.flow === "export" ? "Importer Country" : "Exporter Country";
  const rename = (level: string) => (level === "Country" ? reporterCountry : level === "Partner" ? partnerSide : level);
  const cuts: Cut[] = [];
  if (!source.bilateral) cuts.push({ level: "Trade Flow", ids: [spec.flow === "export" ? 2 : 1] });
  if (spec.own) cuts.push({ level: reporter, ids: spec.own });
  if (spec.partner && source.bilateral) cuts.push({ level: partnerSide, ids: spec.partner });
  if (spec.product) cuts.push(spec.product);
  return {
    cube: source.cube,
    drilldowns: (spec.drilldowns ?? []).map(rename),
    cuts,
    ...(spec.excludePartner && source.bilateral ? { exclude: [{ level: partnerSide, ids: spec.excludePartner }] } : {}),
    ...(spec.years ? { time: { kind: "list" as const, years: spec.years } } : {}),
    ...(spec.sort ? { sort: spec.sort } : {}),
    ...(spec.limit ? { limit: spec.limit } : {}),
    ...(spec.parents ? { parents: true } : {}),
  };
}

/** Rows of `reporter` level renamed to the shape-free "Country" columns, so callers read one name. */
function normalise<T extends Answered>(loaded: T, source: Pick<YearSource, "bilateral">, flow: ProfileFlow): T {
  if (!source.bilateral) return loaded;
  const reporter = countryLevel(source, flow);
  const partner = flow === "export" ? "Importer Country" : "Exporter Country";
  const rows = loaded.rows.map((r) => {
    const out = { ...r };
    if (`${reporter} ID` in r) {
      out["Country ID"] = r[`${reporter} ID`];
      out.Country = r[reporter];
    }
    if (`${partner} ID` in r) {
      out["Partner ID"] = r[`${partner} ID`];
      out.Partner = r[partner];
    }
    return out;
  });
  return { ...loaded, rows };
}

type AcrossSpec = Omit<Parameters<typeof tradeQuery>[1], "years">;

/** One query per dataset (cube) for the years it answers, in the order the years first name it. */
function acrossQueries(sources: readonly YearSource[], spec: AcrossSpec): { source: YearSource; query: DataQuery }[] {
  const groups = new Map<string, { source: YearSource; years: number[] }>();
  for (const s of sources) {
    const g = groups.get(s.cube) ?? { source: s, years: [] };
    g.years.push(s.year);
    groups.set(s.cube, g);
  }
  return [...groups.values()].map((g) => ({ source: g.source, query: tradeQuery(g.source, { ...spec, years: g.years }) }));
}

/**
 * One question over several years that may sit in different datasets: one query per dataset,
 * rows concatenated (columns renamed to "Country"/"Partner" where the shapes differ).
 */
export async function loadAcross(sources: readonly YearSource[], spec: AcrossSpec, locale: Locale): Promise<Loaded & { sources: string[]; queries: Loaded[] }> {
  const parts = await Promise.all(acrossQueries(sources, spec).map(async (g) => normalise(await load(g.query, locale), g.source, spec.flow)));
  const last = parts.at(-1);
  const rows = parts.flatMap((p) => p.rows);
  return {
    query: last?.query ?? { cube: "" },
    response: last?.response ?? { data: [], page: { limit: 0, offset: 0, total: 0 }, columns: [], source: { cube: "", years: [], annotations: {} } },
    rows,
    apiUrl: last?.apiUrl ?? "",
    csvUrl: last?.csvUrl ?? "",
    sources: [...new Set(sources.map((s) => s.source))],
    queries: parts,
  };
}

/**
 * `loadAcross`'s rows and URLs, each dataset's part read from the importer's per-entity summaries
 * when they hold it (a member's trade by year: `loadRows`), else from its cube.
 */
export async function loadAcrossRows(sources: readonly YearSource[], spec: AcrossSpec, locale: Locale): Promise<Answered & { sources: string[] }> {
  const parts = await Promise.all(acrossQueries(sources, spec).map(async (g) => normalise(await loadRows(g.query, locale), g.source, spec.flow)));
  const last = parts.at(-1);
  return {
    query: last?.query ?? { cube: "" },
    rows: parts.flatMap((p) => p.rows),
    apiUrl: last?.apiUrl ?? "",
    csvUrl: last?.csvUrl ?? "",
    sources: [...new Set(sources.map((s) => s.source))],
  };
}

/** Loads one year of one question from the dataset the catalogue named for it. */
export async function loadYear(source: YearSource, spec: AcrossSpec, locale: Locale): Promise<Loaded> {
  return normalise(await load(tradeQuery(source, { ...spec, years: [source.year] }), locale), source, spec.flow);
}

/** `loadYear`'s rows and URLs, from the per-entity summaries when they hold the question (`loadRows`). */
export async function loadYearRows(source: YearSource, spec: AcrossSpec, locale: Locale): Promise<Answered> {
  return normalise(await loadRows(tradeQuery(source, { ...spec, years: [source.year] }), locale), source, spec.flow);
}

/** The ECI cube of the profiles' complexity set. */
export function complexityCubes(set: string) {
  const def = getComplexitySet(set);
  if (!def) throw new Error(`unknown complexity set ${set}`);
  return def.cubes;
}
