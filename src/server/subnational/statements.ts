/**
 * The statements of generically imported subnational levels (src/server/warehouse/statements.ts),
 * over the importer's tables (src/server/etl/subnational.ts): fact_subnational,
 * dim_subnational_regions, dim_subnational_products and _meta_subnational.
 */
import "server-only";
import { LOCALES, type Locale } from "@/domain/i18n/locales";
import { defineStatement } from "@/server/warehouse/statements";

const NAME: Record<Locale, string> = { en: "name_en", es: "name_es", zh: "name_zh" };
const num = (v: unknown) => (typeof v === "bigint" ? Number(v) : Number(v ?? 0));

export interface RegionValue {
  id: string;
  name: string;
  value: number;
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

export interface IndexedRegion {
  country: string;
  level: string;
  regionId: string;
  names: Record<Locale, string>;
  /** Exports (or imports) over every year: orders search results; not a figure shown. */
  weight: number;
}

/** The flow as the fact table codes it. */
type FlowCode = 1 | 2;

export const levelMeta = defineStatement<{ country: string; level: string }, { currency: string; productLevel: string; source: string }>({
  name: "subnational.levelMeta",
  sql: { duckdb: "SELECT currency, product_level, source_file FROM _meta_subnational WHERE country = $country AND level = $level" },
  map: (r) => ({ currency: String(r.currency), productLevel: String(r.product_level), source: String(r.source_file) }),
});

/** Every member of a level with its value in a year and flow, by value (members without one last). */
export const levelMembers = defineStatement<{ country: string; level: string; flow: FlowCode; year: number; locale: Locale }, RegionValue>({
  name: "subnational.levelMembers",
  sql: {
    duckdb: ({ country, level, flow, year, locale }) => ({
      sql: `SELECT r.region_id AS id, COALESCE(r.${NAME[locale]}, r.name_en) AS name, sum(f.trade_value) AS value
     FROM dim_subnational_regions r LEFT JOIN fact_subnational f ON f.region = r.id AND f.flow = $flow AND f.year = $year
     WHERE r.country = $country AND r.level = $level GROUP BY 1, 2 ORDER BY value DESC NULLS LAST, name`,
      params: { country, level, flow, year },
    }),
  },
  map: (r) => ({ id: String(r.id), name: String(r.name), value: num(r.value) }),
});

/** A member's product basket in a year and flow, largest first. */
export const memberProducts = defineStatement<{ region: string; flow: FlowCode; year: number; locale: Locale }, ProductValue>({
  name: "subnational.memberProducts",
  sql: {
    duckdb: ({ region, flow, year, locale }) => ({
      sql: `SELECT p.id, p.product_id AS code, p.product_level AS depth, COALESCE(p.${NAME[locale]}, p.name_en) AS name, p.section_id AS section, p.color, sum(f.trade_value) AS value
       FROM fact_subnational f JOIN dim_subnational_products p ON p.id = f.product
       WHERE f.region = $region AND f.flow = $flow AND f.year = $year GROUP BY ALL ORDER BY value DESC, p.id`,
      params: { region, flow, year },
    }),
  },
  map: (p) => ({
    id: String(p.id),
    code: String(p.code),
    depth: String(p.depth),
    name: String(p.name),
    section: p.section === null ? null : String(p.section),
    color: p.color === null ? null : String(p.color),
    value: num(p.value),
  }),
});

/** A member's total in every year of a flow. */
export const memberSeries = defineStatement<{ region: string; flow: FlowCode }, { year: number; value: number }>({
  name: "subnational.memberSeries",
  sql: { duckdb: "SELECT year, sum(trade_value) AS value FROM fact_subnational WHERE region = $region AND flow = $flow GROUP BY year ORDER BY year" },
  map: (s) => ({ year: Number(s.year), value: num(s.value) }),
});

/** Every region with its names and its trade over every year (orders search results). */
export const regionsForIndex = defineStatement<Record<string, never>, IndexedRegion>({
  name: "subnational.regionsForIndex",
  sql: {
    duckdb: `SELECT r.country, r.level, r.region_id, r.name_en, r.name_es, r.name_zh, COALESCE(sum(f.trade_value), 0) AS weight
     FROM dim_subnational_regions r LEFT JOIN fact_subnational f ON f.region = r.id
     GROUP BY ALL ORDER BY r.country, r.level, r.region_id`,
  },
  map: (r) => ({
    country: String(r.country),
    level: String(r.level),
    regionId: String(r.region_id),
    names: Object.fromEntries(LOCALES.map((l) => [l, String(r[NAME[l]] ?? r.name_en)])) as Record<Locale, string>,
    weight: num(r.weight),
  }),
});
