/**
 * "Unspecified" is where customs put trade they could not classify: HS 9999 in the package (the
 * Atlas spells it XXXX; the importer stores 9999) and its subheadings (999999). It is a line of the
 * data, not a product: never a headline "top export", never a "what grew" row.
 */
const UNSPECIFIED = /^(9999|xxxx)/i;

export function isUnspecifiedProduct(code: string | number | null | undefined): boolean {
  return code !== null && code !== undefined && UNSPECIFIED.test(String(code).trim());
}

/**
 * The first real product of a list sorted largest first, and the unspecified line when it ranked
 * above it (the page says the largest line is unclassified trade rather than hiding it).
 */
export function firstRealProduct<T extends { id: string }>(sorted: readonly T[]): { top: T | null; unspecifiedAbove: T | null } {
  const index = sorted.findIndex((item) => !isUnspecifiedProduct(item.id));
  if (index < 0) return { top: null, unspecifiedAbove: sorted.find((item) => isUnspecifiedProduct(item.id)) ?? null };
  const above = sorted.slice(0, index).find((item) => isUnspecifiedProduct(item.id)) ?? null;
  return { top: sorted[index], unspecifiedAbove: above };
}
