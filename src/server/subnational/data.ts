/**
 * What the warehouse holds for the subnational configuration: which country levels have data
 * (asked of the data catalogue, kind "subnational", dataset "<country>_<level>") and, for levels
 * imported with the generic importer (server/etl/subnational.ts), their members, totals, ranks
 * and product baskets. Pages never name a cube or a year: the catalogue says which answer.
 */
import "server-only";
import type { CatalogEntry } from "@/domain/catalog/catalog";
import { LOCALES, type Locale } from "@/domain/i18n/locales";
import { ALL_SUBNATIONAL_COUNTRIES, datasetOf, subnationalCountry } from "@/domain/subnational/config";
import { getMembers } from "@/server/warehouse/client";
import { dataCatalog } from "@/server/catalog/catalog";
import { warehouseMeta, withWarehouse } from "@/server/warehouse/db";
import type { Row } from "@/server/warehouse/engine";
import { SUBNATIONAL_GENERIC_CUBE } from "@/server/warehouse/registry";

const NAME: Record<Locale, string> = { en: "name_en", es: "name_es", zh: "name_zh" };

export interface RegionValue {
  id: string;
  name: string;
  value: number;
}

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

export interface ProductValue {
  id: string;
  code: string;
  depth: string;
  name: string;
  section: string | null;
  color: string | null;
  value: number;
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

const num = (v: unknown) => (typeof v === "bigint" ? Number(v) : Number(v ?? 0));

async function query(sql: string, params: Record<string, string | number>): Promise<Row[]> {
  if (!(await warehouseMeta())) return [];
  return withWarehouse(async (session) => ((await session.hasTable("fact_subnational")) ? session.query(sql, params) : []));
}

/** A generically imported level in a year (the newest when `year` is not one of its years); null without such data. */
export async function genericLevel(country: string, level: string, locale: Locale, year?: number, askedFlow?: "export" | "import"): Promise<LevelSummary | null> {
  const entries = levelEntries((await dataCatalog()).entries, country, level).filter((e) => e.cube === SUBNATIONAL_GENERIC_CUBE.name);
  if (!entries.length) return null;
  const entry = entries.find((e) => e.year === year) ?? entries.at(-1)!;
  // The flow asked for where the level holds it (the builder's map), else exports where held.
  const flow = askedFlow && entry.flows.includes(askedFlow) ? askedFlow : entry.flows.includes("export") || entry.flows.length === 0 ? "export" : "import";
  const [meta] = await query(`SELECT currency, product_level, source_file FROM _meta_subnational WHERE country = $country AND level = $level`, { country, level });
  if (!meta) return null;
  const rows = await query(
    `SELECT r.region_id AS id, COALESCE(r.${NAME[locale]}, r.name_en) AS name, sum(f.trade_value) AS value
     FROM dim_subnational_regions r LEFT JOIN fact_subnational f ON f.region = r.id AND f.flow = $flow AND f.year = $year
     WHERE r.country = $country AND r.level = $level GROUP BY 1, 2 ORDER BY value DESC NULLS LAST, name`,
    { country, level, flow: flow === "export" ? 2 : 1, year: entry.year },
  );
  return {
    country,
    level,
    dataset: entry.dataset,
    year: entry.year,
    years: entries.map((e) => e.year),
    flow,
    currency: String(meta.currency),
    productLevel: String(meta.product_level),
    source: String(meta.source_file),
    members: rows.map((r) => ({ id: String(r.id), name: String(r.name), value: num(r.value) })),
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
    query(
      `SELECT p.id, p.product_id AS code, p.product_level AS depth, COALESCE(p.${NAME[locale]}, p.name_en) AS name, p.section_id AS section, p.color, sum(f.trade_value) AS value
       FROM fact_subnational f JOIN dim_subnational_products p ON p.id = f.product
       WHERE f.region = $region AND f.flow = $flow AND f.year = $year GROUP BY ALL ORDER BY value DESC, p.id`,
      { region, flow, year: summary.year },
    ),
    query(`SELECT year, sum(trade_value) AS value FROM fact_subnational WHERE region = $region AND flow = $flow GROUP BY year ORDER BY year`, { region, flow }),
  ]);
  return {
    summary,
    id,
    name: member.name,
    total: member.value,
    rank: member.value > 0 ? position + 1 : null,
    products: products.map((p) => ({
      id: String(p.id),
      code: String(p.code),
      depth: String(p.depth),
      name: String(p.name),
      section: p.section === null ? null : String(p.section),
      color: p.color === null ? null : String(p.color),
      value: num(p.value),
    })),
    series: series.map((s) => ({ year: Number(s.year), value: num(s.value) })),
  };
}

export interface IndexedRegion {
  country: string;
  level: string;
  regionId: string;
  names: Record<Locale, string>;
  /** Exports (or imports) over every year: orders search results; not a figure shown. */
  weight: number;
}

/** Every generically imported region with its names, for the profile index. */
export async function genericRegionsForIndex(): Promise<IndexedRegion[]> {
  const rows = await query(
    `SELECT r.country, r.level, r.region_id, r.name_en, r.name_es, r.name_zh, COALESCE(sum(f.trade_value), 0) AS weight
     FROM dim_subnational_regions r LEFT JOIN fact_subnational f ON f.region = r.id
     GROUP BY ALL ORDER BY r.country, r.level, r.region_id`,
    {},
  );
  return rows.map((r) => ({
    country: String(r.country),
    level: String(r.level),
    regionId: String(r.region_id),
    names: Object.fromEntries(LOCALES.map((l) => [l, String(r[NAME[l]] ?? r.name_en)])) as Record<Locale, string>,
    weight: num(r.weight),
  }));
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
