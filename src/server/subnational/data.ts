/**
 * What the warehouse holds for the subnational configuration: which country levels have data
 * (asked of the data catalogue, kind "subnational", dataset "<country>_<level>") and, for levels
 * imported with the generic importer (server/etl/subnational.ts), their members, totals, ranks
 * and product baskets. Pages never name a cube or a year: the catalogue says which answer.
 */
import "server-only";
import type { CatalogEntry } from "@/domain/catalog/catalog";
import type { Locale } from "@/domain/i18n/locales";
import { ALL_SUBNATIONAL_COUNTRIES, datasetOf, subnationalCountry } from "@/domain/subnational/config";
import { getMembers } from "@/server/warehouse/client";
import { dataCatalog } from "@/server/catalog/catalog";
import { warehouseMeta } from "@/server/warehouse/db";
import { withStatements, type Statement } from "@/server/warehouse/statements";
import { SUBNATIONAL_GENERIC_CUBE } from "@/server/warehouse/registry";
import { levelMembers, levelMeta, memberProducts, memberSeries, regionsForIndex, type IndexedRegion, type ProductValue, type RegionValue } from "./statements";

export type { IndexedRegion, ProductValue, RegionValue };

export interface LevelSummary {
  country: string;
  level: string;
  dataset: string;
  /** The year shown and every year the level has. */
  year: number;
  years: number[];
  flow: "export" | "import";
  currency: string;
  productLevel: string;
  source: string;
  /** Every member of the level, by value in the year (members without a value last). */
  members: RegionValue[];
}

export interface MemberData {
  summary: LevelSummary;
  id: string;
  name: string;
  total: number;
  /** 1-based rank among the level's members in the year; null without a value. */
  rank: number | null;
  products: ProductValue[];
  series: { year: number; value: number }[];
}

/** Catalogue rows of a country level (any cube), oldest first. */
export function levelEntries(entries: readonly CatalogEntry[], country: string, level: string): CatalogEntry[] {
  const dataset = datasetOf(country, level);
  return entries.filter((e) => e.kind === "subnational" && e.dataset === dataset).sort((a, b) => a.year - b.year);
}

/** Which configured levels the warehouse has data for: dataset -> years. */
export async function levelsWithData(): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  const { entries } = await dataCatalog();
  for (const country of ALL_SUBNATIONAL_COUNTRIES) {
    for (const level of country.geoLevels) {
      const years = levelEntries(entries, country.code, level.slug).map((e) => e.year);
      if (years.length) out.set(datasetOf(country.code, level.slug), [...new Set(years)]);
    }
  }
  return out;
}

/** Runs a statement when the warehouse holds generically imported levels; no rows otherwise. */
async function query<P, R>(statement: Statement<P, R>, params: P): Promise<R[]> {
  if (!(await warehouseMeta())) return [];
  return withStatements(async (session) => ((await session.hasTable("fact_subnational")) ? session.run(statement, params) : []));
}

/** A generically imported level in a year (the newest when `year` is not one of its years); null without such data. */
export async function genericLevel(country: string, level: string, locale: Locale, year?: number, askedFlow?: "export" | "import"): Promise<LevelSummary | null> {
  const entries = levelEntries((await dataCatalog()).entries, country, level).filter((e) => e.cube === SUBNATIONAL_GENERIC_CUBE.name);
  if (!entries.length) return null;
  const entry = entries.find((e) => e.year === year) ?? entries.at(-1)!;
  // The flow asked for where the level holds it (the builder's map), else exports where held.
  const flow = askedFlow && entry.flows.includes(askedFlow) ? askedFlow : entry.flows.includes("export") || entry.flows.length === 0 ? "export" : "import";
  const [meta] = await query(levelMeta, { country, level });
  if (!meta) return null;
  const members = await query(levelMembers, { country, level, flow: flow === "export" ? 2 : 1, year: entry.year, locale });
  return {
    country,
    level,
    dataset: entry.dataset,
    year: entry.year,
    years: entries.map((e) => e.year),
    flow,
    ...meta,
    members,
  };
}

/** One member of a generically imported level; null when the level or the member has no data. */
export async function genericMember(country: string, level: string, id: string, locale: Locale, year?: number): Promise<MemberData | null> {
  const summary = await genericLevel(country, level, locale, year);
  if (!summary) return null;
  const position = summary.members.findIndex((m) => m.id === id);
  if (position < 0) return null;
  const member = summary.members[position];
  const region = `${country}/${level}/${id}`;
  const flow = summary.flow === "export" ? 2 : 1;
  const [products, series] = await Promise.all([
    query(memberProducts, { region, flow, year: summary.year, locale }),
    query(memberSeries, { region, flow }),
  ]);
  return {
    summary,
    id,
    name: member.name,
    total: member.value,
    rank: member.value > 0 ? position + 1 : null,
    products,
    series,
  };
}

/** Every generically imported region with its names, for the profile index. */
export async function genericRegionsForIndex(): Promise<IndexedRegion[]> {
  return query(regionsForIndex, {});
}

/** A subnational country's name in the reader's language, from the data (the config's English name without a warehouse). */
export async function countryName(code: string, locale: Locale): Promise<string> {
  const fallback = subnationalCountry(code)?.name ?? code.toUpperCase();
  try {
    const member = (await getMembers("country", locale)).find((m) => String(m.id) === code);
    return member?.name || fallback;
  } catch {
    return fallback;
  }
}
