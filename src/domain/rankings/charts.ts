/**
 * What the ranking pages' map and scatter draw, as plain data the server sends (the option builders
 * live with the chart components).
 */

export interface MapDatum {
  /** Zero-padded ISO 3166 numeric code: the world-atlas geometry id. */
  m49: string;
  name: string;
  value: number;
  rank: number | null;
}

export interface ScatterPoint {
  id: string;
  name: string;
  /** GDP per capita, USD (positive: the axis is logarithmic). */
  x: number;
  /** ECI. */
  y: number;
  color: string;
  group: string;
}

/** ISO numeric code as the world-atlas ids write it ("76" -> "076"). */
export function padM49(m49: number | string | null | undefined): string | null {
  if (m49 === null || m49 === undefined || m49 === "") return null;
  const n = Number(m49);
  return Number.isInteger(n) && n > 0 && n < 1000 ? String(n).padStart(3, "0") : null;
}
