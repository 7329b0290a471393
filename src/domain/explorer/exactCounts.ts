/**
 * The explore dialog's counts agree with its results (issue 39: "All (380k)" over "280,648
 * profiles"). For a report of one dimension the metadata's count of a variant is exact (one
 * profile per member); for a report of two (bilateral: reporter × partner, product × country) it
 * multiplies the dimensions' member counts, which is more than the pairs that have profiles. The
 * search's own count per combined variant is exact: a typed query's (meta.variantCount), or the
 * empty query's over every report for the two-dimension reports (their combined ids, "3,4", "7,3",
 * belong to one report each).
 */
import type { ReportMetadata, SelectorEntry } from "./types";
import { withVariantCounts } from "./variants";

/** Entries with the counts of `counts` (variant id -> profiles); the "All" entry is their sum. */
export function withExactCounts(entries: readonly SelectorEntry[], counts: Readonly<Record<string, number>>): SelectorEntry[] {
  const updated = entries.map((entry) => (entry.id ? { ...entry, members_count: counts[entry.id] ?? 0 } : entry));
  const total = updated.filter((e) => e.id).reduce((sum, e) => sum + e.members_count, 0);
  return updated.map((entry) => (entry.id ? entry : { ...entry, members_count: total }));
}

/**
 * The counts to show for a report's entries: a typed query's, else (for a report of several
 * dimensions) the empty query's when known, else the metadata's.
 */
export function shownCounts(report: ReportMetadata, entries: SelectorEntry[], query: string, queryCounts: Record<string, number> | null, browseCounts: Record<string, number> | null): SelectorEntry[] {
  if (query.trim()) return withVariantCounts(entries, query, queryCounts);
  return browseCounts && report.dimensions.length > 1 ? withExactCounts(entries, browseCounts) : entries;
}
