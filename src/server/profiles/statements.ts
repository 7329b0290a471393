/**
 * The profiles' statements (src/server/warehouse/statements.ts): the per-entity summaries the
 * importer writes once per generation (src/server/etl/summaries.ts), read by
 * src/server/profiles/summaries.ts. Member tables come from the cube registry.
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import { defineStatement } from "@/server/warehouse/statements";

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** What the summaries hold: one row per kind ("series", "partner", "section"), cube and year. */
export const summaryCoverage = defineStatement<Record<string, never>, { kind: string; cube: string; vintage: string; year: number }>({
  name: "profiles.summaryCoverage",
  sql: { duckdb: "SELECT kind, cube, vintage, year FROM summary_coverage" },
  map: (r) => ({ kind: String(r.kind), cube: String(r.cube), vintage: String(r.vintage), year: Number(r.year) }),
});

/** A country's (or continent's) exports and imports in every summarised year of every dataset. */
export const memberYears = defineStatement<{ id: string; continent: boolean }, { cube: string; year: number; flow: string; value: number | null }>({
  name: "profiles.memberYears",
  sql: { duckdb: "SELECT cube, year, flow, value FROM summary_country_year WHERE country = $id AND is_continent = $continent ORDER BY cube, flow, year" },
  map: (r) => ({ cube: String(r.cube), year: Number(r.year), flow: String(r.flow), value: num(r.value) }),
});

const NAME: Record<Locale, string> = { en: "name_en", es: "name_es", zh: "name_zh" };

export interface MemberTopParams {
  id: string;
  continent: boolean;
  cube: string;
  locale: Locale;
  /** Member tables of the partner level of each flow and of the section level (from the registry), or null. */
  exportPartners: string | null;
  importPartners: string | null;
  sections: string | null;
}

/**
 * A member's partners and sections in one cube, with the names the query compiler would give them
 * (the member table's name in the language, else the id), largest first as the profile sorts them.
 */
export const memberTop = defineStatement<MemberTopParams, { year: number; flow: string; kind: string; id: string; name: string; value: number | null }>({
  name: "profiles.memberTop",
  sql: {
    duckdb: (p, { dialect }) => {
      const name = NAME[p.locale] ?? NAME.en;
      const join = (alias: string, table: string | null, on: string) => (table ? `LEFT JOIN ${dialect.ident(table)} ${alias} ON ${on} AND CAST(${alias}.id AS VARCHAR) = t.member` : "");
      const caption = (alias: string, table: string | null) => (table ? `${alias}.${dialect.ident(name)}` : "NULL");
      return {
        sql: `SELECT t.year, t.flow, t.kind, t.member, t.value,
                COALESCE(CASE WHEN t.kind = 'section' THEN ${caption("s", p.sections)} WHEN t.flow = 'export' THEN ${caption("e", p.exportPartners)} ELSE ${caption("i", p.importPartners)} END, t.member) AS name
              FROM summary_country_top t
              ${join("e", p.exportPartners, "t.kind = 'partner' AND t.flow = 'export'")}
              ${join("i", p.importPartners, "t.kind = 'partner' AND t.flow = 'import'")}
              ${join("s", p.sections, "t.kind = 'section'")}
              WHERE t.country = $id AND t.is_continent = $continent AND t.cube = $cube
              ORDER BY t.year, t.kind, t.flow, t.value DESC NULLS LAST, t.member ASC NULLS LAST`,
        params: { id: p.id, continent: p.continent, cube: p.cube },
      };
    },
  },
  map: (r) => ({ year: Number(r.year), flow: String(r.flow), kind: String(r.kind), id: String(r.member), name: String(r.name), value: num(r.value) }),
});
