import { isUnspecifiedProduct } from "@/domain/catalog/unspecified";

/**
 * A residual product line of any depth: HS 9999 / XXXX / 999999 (isUnspecifiedProduct), chapter 99
 * and section 99. Trade customs could not classify: a line of the data, never a headline "top".
 * `level` is a product depth or a level name ("section", "Section", "HS2", "hs4", ...).
 */
export function isResidualProduct(level: string, id: string | number | null | undefined): boolean {
  if (id === null || id === undefined) return false;
  const code = String(id).trim();
  const depth = level.toLowerCase();
  if (depth === "section" || depth === "hs2") return code === "99";
  return isUnspecifiedProduct(code);
}

/**
 * The first real product of rows sorted largest first, and the residual line ranked above it (so a
 * sentence can say it was left out). `id` reads a row's code.
 */
export function firstRealRow<T>(rows: readonly T[], level: string, id: (row: T) => string): { top: T | null; residualAbove: T | null } {
  const index = rows.findIndex((row) => !isResidualProduct(level, id(row)));
  const above = (index < 0 ? rows : rows.slice(0, index)).find((row) => isResidualProduct(level, id(row))) ?? null;
  return { top: index < 0 ? null : rows[index], residualAbove: above };
}
