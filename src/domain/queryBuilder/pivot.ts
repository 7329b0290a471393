/**
 * The answer of the data explorer's pivot (/api/pivot): rows of one level by columns of another,
 * one measure. Declared once: the server builds it (server/queryBuilder/pivot.ts) and the
 * explorer reads it (features/queryBuilder/Results.tsx).
 */
export interface PivotResponse {
  cube: string;
  measure: string;
  /** The measure adds up over members (row totals make sense). */
  additive: boolean;
  rows: { level: string };
  columns: { level: string; members: { id: string | number; name: string }[]; total: number; capped: boolean; max: number };
  data: { id: string | number; name: string; values: (number | null)[]; total: number | null }[];
  page: { limit: number; offset: number; total: number };
  source: { years: number[]; annotations: Readonly<Record<string, string>> };
}
