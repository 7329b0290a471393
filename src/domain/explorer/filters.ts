/** The explorer's filter toggles (spec section 4). Pure, so the rules are unit-tested. */
export interface ExplorerFilters {
  profile: number | null;
  variant: string | null;
}

/** Choosing a report sets it and clears the variant; choosing the selected one clears both. */
export function toggleReport(filters: ExplorerFilters, reportId: number | null): ExplorerFilters {
  if (reportId === null || filters.profile === reportId) return { profile: null, variant: null };
  return { profile: reportId, variant: null };
}

/** Choosing a variant toggles it the same way; 'All' (null) clears it. */
export function toggleVariant(filters: ExplorerFilters, variantId: string | null): ExplorerFilters {
  if (variantId === null || filters.variant === variantId) return { ...filters, variant: null };
  return { ...filters, variant: variantId };
}

/** If only one report exists besides 'All', it counts as selected. */
export function effectiveReport(filters: ExplorerFilters, reportIds: number[]): number | null {
  if (filters.profile !== null) return filters.profile;
  return reportIds.length === 1 ? reportIds[0] : null;
}

/** Offset of a page: (page - 1) x page size. */
export function pageOffset(page: number, pageSize: number): number {
  return Math.max(0, Math.floor(page) - 1) * pageSize;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
