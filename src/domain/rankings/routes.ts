/**
 * The /rankings, /country-rankings and /product-rankings URL family: parse, validate, build.
 * Pages call `parse*` on their params (null: not a URL of the family, answer 404) and link with
 * the builders, so every ranking URL is written in one place.
 */

export const RANKING_KINDS = ["eci", "pci"] as const;
export type RankingKind = (typeof RANKING_KINDS)[number];

/** Product depths complexity can be computed at from HS data (SITC4 lives under /rankings/legacy). */
export const RANKING_DEPTHS = ["hs4", "hs6"] as const;
export type RankingDepth = (typeof RANKING_DEPTHS)[number];

/** HS revisions as the OEC names them in URLs. */
export const RANKING_REVISIONS = ["hs92", "hs96", "hs02", "hs07", "hs12", "hs17", "hs22"] as const;
export type RankingRevision = (typeof RANKING_REVISIONS)[number];

export interface RankingPath {
  kind: RankingKind;
  depth: RankingDepth;
  revision: RankingRevision;
}

/** A malformed percent-encoding is just a segment that matches nothing. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

/**
 * `{kind}/{depth}/{revision}` from the URL. Case is forgiven (the page redirects to the canonical
 * lower-case form, see `isCanonicalRanking`); anything outside the vocabulary is null.
 */
export function parseRankingPath(kind: string, depth: string, revision: string): RankingPath | null {
  const k = safeDecode(kind).toLowerCase();
  const d = safeDecode(depth).toLowerCase();
  const r = safeDecode(revision).toLowerCase();
  if (!isOneOf(RANKING_KINDS, k) || !isOneOf(RANKING_DEPTHS, d) || !isOneOf(RANKING_REVISIONS, r)) return null;
  return { kind: k, depth: d, revision: r };
}

export function isCanonicalRanking(raw: { kind: string; depth: string; revision: string }, parsed: RankingPath): boolean {
  return raw.kind === parsed.kind && raw.depth === parsed.depth && raw.revision === parsed.revision;
}

export function rankingPath(kind: RankingKind, depth: RankingDepth, revision: RankingRevision, year?: number | null): string {
  return `/rankings/${kind}/${depth}/${revision}${year ? `?year=${year}` : ""}`;
}

export const LEGACY_ECI_PATH = "/rankings/legacy/eci";

/** A four-digit year in a path segment; null for anything else ("abc", "20188", "0999"). */
export function parseYearSegment(segment: string): number | null {
  if (!/^\d{4}$/.test(segment)) return null;
  const year = Number(segment);
  return year >= 1900 && year <= 2100 ? year : null;
}

/**
 * `?year=` on a ranking page: absent means the latest year; a malformed value is invalid (the page
 * answers 404 rather than quietly showing another year).
 */
export function parseYearQuery(value: string | string[] | undefined): { ok: true; year: number | null } | { ok: false } {
  if (value === undefined) return { ok: true, year: null };
  if (Array.isArray(value)) return { ok: false };
  const year = parseYearSegment(value);
  return year === null ? { ok: false } : { ok: true, year };
}

export type TradeRankingDepth = "section" | "hs4";

export function countryRankingsPath(year: number): string {
  return `/country-rankings/${year}/trade`;
}

export function productRankingsPath(year: number, depth?: TradeRankingDepth): string {
  return `/product-rankings/${year}/trade${depth ? `?depth=${depth}` : ""}`;
}

export function parseTradeDepth(value: string | string[] | undefined): { ok: true; depth: TradeRankingDepth | null } | { ok: false } {
  if (value === undefined) return { ok: true, depth: null };
  if (value === "section" || value === "hs4") return { ok: true, depth: value };
  return { ok: false };
}

/** The nearest year with data at or before `year`, else the latest (for "no data for 2023: see 2018"). */
export function nearestYear(available: readonly number[], year: number): number | null {
  if (available.length === 0) return null;
  const sorted = [...available].sort((a, b) => a - b);
  const before = sorted.filter((y) => y <= year);
  return before.length ? before[before.length - 1] : sorted[sorted.length - 1];
}
