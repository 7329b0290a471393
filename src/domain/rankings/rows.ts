/**
 * Ranking table rows from query results: ranks, rank changes against the previous year and
 * per-member series for sparklines. Pure, so the pages stay thin and the rules are tested.
 */

export interface Valued {
  id: string;
  value: number | null;
}

/** Competition ranking ("1, 2, 2, 4"), largest first; members without a value get no rank. */
export function rankDescending(rows: readonly Valued[]): Map<string, number> {
  const sorted = rows.filter((r) => r.value !== null && Number.isFinite(r.value)).sort((a, b) => b.value! - a.value! || a.id.localeCompare(b.id));
  const ranks = new Map<string, number>();
  sorted.forEach((row, i) => {
    const prev = sorted[i - 1];
    ranks.set(row.id, prev && prev.value === row.value ? ranks.get(prev.id)! : i + 1);
  });
  return ranks;
}

/**
 * Places gained since the previous ranking (positive: moved up). Null when there is no previous
 * ranking or the member was not ranked in it.
 */
export function rankChanges(current: ReadonlyMap<string, number>, previous: ReadonlyMap<string, number> | null): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const [id, rank] of current) {
    const before = previous?.get(id);
    out.set(id, before === undefined ? null : before - rank);
  }
  return out;
}

/** Values per member over `years` (null where a year has none), for sparklines. */
export function seriesByMember(rows: readonly { id: string; year: number; value: number | null }[], years: readonly number[]): Map<string, (number | null)[]> {
  const index = new Map(years.map((y, i) => [y, i]));
  const out = new Map<string, (number | null)[]>();
  for (const row of rows) {
    const i = index.get(row.year);
    if (i === undefined) continue;
    let series = out.get(row.id);
    if (!series) out.set(row.id, (series = years.map(() => null)));
    series[i] = row.value !== null && Number.isFinite(row.value) ? row.value : null;
  }
  return out;
}

/** The `count` years up to and including `year` that are in `available`, oldest first. */
export function trailingYears(available: readonly number[], year: number, count: number): number[] {
  return [...available].filter((y) => y <= year).sort((a, b) => a - b).slice(-count);
}

/** One row of a ranking table, as the server sends it (plain JSON). */
export interface RankingRow {
  id: string;
  name: string;
  /** Shown under the name (a section, a code); searched too. */
  detail?: string;
  color?: string | null;
  image?: string | null;
  rank: number | null;
  change: number | null;
  series?: (number | null)[];
  values: Record<string, number | null>;
}

/** The thumbnail of a country in ranking rows. */
export function countryImage(id: string): string {
  return `/api/cms/member-image?member=country:${encodeURIComponent(id)}&size=thumb`;
}

/** How many years a ranking's sparkline shows. */
export const SPARK_YEARS = 10;
