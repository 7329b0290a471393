/**
 * What the importer's complexity step recorded, for pages: which sets and years were ranked (and
 * from which trade), with which filters, and what was left out and why. The rankings themselves
 * are ordinary cubes (`complexity_eci_a_<set>` ...) read with `queryCube`.
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import { withWarehouse } from "./db";
import { COMPLEXITY_SETS, getComplexitySet, type ComplexitySetDef } from "./registry";

export type ComplexityRunStatus = "computed" | "insufficient" | "failed";

export interface ComplexityRun {
  set: string;
  year: number;
  /** ots_hs4 | comtrade_hs4_sample | sitc_fixture | baci */
  source: string;
  tradeCube: string | null;
  /** The year as a reader should see it ("2018", "1998-2000"). */
  period: string;
  status: ComplexityRunStatus;
  message: string;
  inputCountries: number;
  inputProducts: number;
  countries: number;
  products: number;
  eigenvalue: number | null;
  populationUnknown: string[];
  filters: { minPopulation: number | null; minCountryExports: number | null; minProductTrade: number | null; thresholdScale: number };
  seconds: number;
  engineSeconds: number;
}

export interface ComplexityExclusion {
  kind: "country" | "product";
  id: string;
  /** Localised name where the member table has one, else the id. */
  name: string;
  reason: string;
  value: number | null;
  threshold: number | null;
}

const num = (v: unknown): number => (typeof v === "bigint" ? Number(v) : Number(v ?? 0));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : num(v));

/** Every attempted run, ordered by set and year. Empty when the warehouse predates the complexity step. */
export async function complexityRuns(set?: string): Promise<ComplexityRun[]> {
  return withWarehouse(async ({ query, hasTable }) => {
    if (!(await hasTable("complexity_runs"))) return [];
    const where = set ? "WHERE cx_set = $1" : "";
    const rows = await query(`SELECT * FROM complexity_runs ${where} ORDER BY cx_set, year`, set ? [set] : []);
    return rows.map((r) => {
      let filters: ComplexityRun["filters"] = { minPopulation: null, minCountryExports: null, minProductTrade: null, thresholdScale: 1 };
      try {
        filters = { ...filters, ...(JSON.parse(String(r.filters)) as Partial<ComplexityRun["filters"]>) };
      } catch {
        // Older rows without filters keep the empty description.
      }
      return {
        set: String(r.cx_set),
        year: num(r.year),
        source: String(r.source),
        tradeCube: r.trade_cube === null ? null : String(r.trade_cube),
        period: String(r.period),
        status: String(r.status) as ComplexityRunStatus,
        message: String(r.message ?? ""),
        inputCountries: num(r.input_countries),
        inputProducts: num(r.input_products),
        countries: num(r.countries),
        products: num(r.products),
        eigenvalue: numOrNull(r.eigenvalue),
        populationUnknown: Array.isArray(r.population_unknown) ? (r.population_unknown as unknown[]).map(String) : [],
        filters,
        seconds: num(r.seconds),
        engineSeconds: num(r.engine_seconds),
      };
    });
  });
}

/** Sets with at least one ranked year, in registry order, with those years. */
export async function rankedComplexitySets(): Promise<{ set: ComplexitySetDef; years: number[]; periods: string[] }[]> {
  const runs = await complexityRuns();
  return COMPLEXITY_SETS.map((set) => {
    const ranked = runs.filter((r) => r.set === set.key && r.status === "computed");
    return { set, years: ranked.map((r) => r.year), periods: ranked.map((r) => r.period) };
  }).filter((s) => s.years.length > 0);
}

const NAME_COLUMN: Record<Locale, string> = { en: "name_en", es: "name_es", zh: "name_zh" };

/** What one run left out, countries first, each group by reason then by the measured value (largest first). */
export async function complexityExclusions(setKey: string, year: number, locale: Locale = "en"): Promise<ComplexityExclusion[]> {
  const set = getComplexitySet(setKey);
  if (!set) return [];
  return withWarehouse(async ({ query, hasTable }) => {
    if (!(await hasTable("complexity_exclusions"))) return [];
    const productMembers = set.productDimension.hierarchies[0].levels.at(-1)?.members ?? null;
    const name = NAME_COLUMN[locale];
    const productName = productMembers && (await hasTable(productMembers)) ? `p."${name}"` : "NULL";
    const productJoin = productMembers && productName !== "NULL" ? `LEFT JOIN "${productMembers}" p ON e.kind = 'product' AND p.id = e.id` : "";
    const countryJoin = (await hasTable(set.countryMembers)) ? `LEFT JOIN "${set.countryMembers}" c ON e.kind = 'country' AND c.id = e.id` : "";
    const countryName = countryJoin ? `c."${name}"` : "NULL";
    const rows = await query(
      `SELECT e.kind, e.id, COALESCE(${countryName}, ${productName}, e.id) AS name, e.reason, e.value, e.threshold
       FROM complexity_exclusions e ${countryJoin} ${productJoin}
       WHERE e.cx_set = $1 AND e.year = $2
       ORDER BY e.kind, e.reason, e.value DESC NULLS LAST, e.id`,
      [setKey, year],
    );
    return rows.map((r) => ({
      kind: String(r.kind) as "country" | "product",
      id: String(r.id),
      name: String(r.name),
      reason: String(r.reason),
      value: numOrNull(r.value),
      threshold: numOrNull(r.threshold),
    }));
  });
}
