import type { ReportMetadata, SelectorEntry } from "./types";

/**
 * Combined selector entries (spec section 3): the cross product of a report's dimensions' variants.
 * id joins the variant ids with commas, name joins names with ' / ', members_count multiplies,
 * ordering adds. An 'All' entry without id carries the total count and comes first.
 */
export function combinedVariants(report: ReportMetadata, allLabel: string): SelectorEntry[] {
  let combos: SelectorEntry[] = [{ id: "", name: "", ordering: 0, members_count: 1 }];
  for (const dimension of report.dimensions) {
    const next: SelectorEntry[] = [];
    for (const combo of combos) {
      for (const variant of dimension.variants) {
        next.push({
          id: combo.id ? `${combo.id},${variant.id}` : String(variant.id),
          name: combo.name ? `${combo.name} / ${variant.name}` : variant.name,
          ordering: combo.ordering + variant.ordering,
          members_count: combo.members_count * variant.members_count,
        });
      }
    }
    combos = next;
  }
  if (report.dimensions.length === 0) combos = [];
  combos.sort((a, b) => a.ordering - b.ordering);
  const total = combos.reduce((sum, combo) => sum + combo.members_count, 0);
  return [{ name: allLabel, ordering: -1, members_count: total }, ...combos];
}

/** The variant id string "7,3" as integers; anything non-numeric is dropped (spec section 5). */
export function parseVariantIds(value: string | null | undefined): number[] {
  if (!value) return [];
  return value
    .split(",")
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map((part) => Number.parseInt(part, 10));
}

/** A report id from the URL or a selector; a value that is not a whole number is ignored. */
export function parseReportId(value: unknown): number | null {
  if (typeof value === "number") return Number.isInteger(value) && value > 0 ? value : null;
  if (typeof value !== "string" || !/^\d+$/.test(value.trim())) return null;
  const parsed = Number.parseInt(value.trim(), 10);
  return parsed > 0 ? parsed : null;
}

/** Replace metadata counts by the response's variantCount when the query is non-empty (spec 4). */
export function withVariantCounts(entries: SelectorEntry[], query: string, variantCount: Record<string, number> | null): SelectorEntry[] {
  if (!query.trim() || !variantCount) return entries;
  const updated = entries.map((entry) => (entry.id ? { ...entry, members_count: variantCount[entry.id] ?? 0 } : entry));
  const total = updated.filter((e) => e.id).reduce((sum, e) => sum + e.members_count, 0);
  return updated.map((entry) => (entry.id ? entry : { ...entry, members_count: total }));
}
