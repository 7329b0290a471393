/**
 * "What grew and what shrank" for a country: how each product changed between two years of ONE
 * series (one dataset in one release). The pair is the newest one a series holds, at product detail
 * (HS4) or, when product detail cannot compare anything as recent, at section level from the
 * section file; two years from two releases are never compared (domain/profiles/growth.ts).
 */
import "server-only";
import { comparable } from "@/domain/catalog/catalog";
import { ProvenanceMismatch, provenanceOf } from "@/domain/catalog/figure";
import type { Locale } from "@/domain/i18n/locales";
import { growthPair, productChanges, type ProductChange } from "@/domain/profiles/growth";
import type { DataRecord } from "@/server/warehouse/client";
import { value } from "./data";
import { loadYearRows, profileSources, type YearSource } from "./sources";

export type GrowthDepth = "hs4" | "section";

export interface CountryGrowth {
  depth: GrowthDepth;
  /** The two years, both of one dataset and release. */
  from: YearSource;
  to: YearSource;
  grew: ProductChange[];
  shrank: ProductChange[];
  apiUrl: string;
  csvUrl: string;
}

const LEVEL: Record<GrowthDepth, string> = { hs4: "HS4", section: "Section" };

function itemsOf(rows: DataRecord[], level: string) {
  return rows.filter((r) => value(r) > 0).map((r) => ({ id: String(r[`${level} ID`]), name: String(r[level] ?? r[`${level} ID`]), value: value(r) }));
}

/** Null when no series holds two years of the country's exports with any change. */
export async function loadCountryGrowth(country: string, locale: Locale): Promise<CountryGrowth | null> {
  const sources = await profileSources();
  const pair = growthPair<YearSource, GrowthDepth>([
    { depth: "hs4", years: sources.productExports },
    { depth: "section", years: sources.sections },
  ]);
  if (!pair) return null;
  const { depth, from, to } = pair;
  // The rule once more where the figures are made: a pair across releases is a programming error.
  if (!comparable(from, to)) throw new ProvenanceMismatch("growth across series", provenanceOf(from), provenanceOf(to));
  const level = LEVEL[depth];
  const spec = { flow: "export" as const, own: [country], drilldowns: [level], sort: [{ key: "Trade Value", direction: "desc" as const }] };
  const [a, b] = await Promise.all([loadYearRows(from, spec, locale), loadYearRows(to, spec, locale)]);
  const before = itemsOf(a.rows, level);
  const after = itemsOf(b.rows, level);
  if (!before.length || !after.length) return null;
  const { grew, shrank } = productChanges(before, after);
  return grew.length || shrank.length ? { depth, from, to, grew, shrank, apiUrl: b.apiUrl, csvUrl: b.csvUrl } : null;
}
