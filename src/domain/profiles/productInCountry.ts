/**
 * The arithmetic of a product-in-country profile, pure: revealed comparative advantage built from
 * four figures of one dataset and year (never mixed), and the runs of a history that stays within
 * one dataset and release (a change of source starts a new run, which the chart draws apart).
 */
import { comparable, seriesKey, type Series } from "@/domain/catalog/catalog";
import { ProvenanceMismatch, sameYearAndDataset, shareOf, type Figure } from "@/domain/catalog/figure";

export interface RcaFigures {
  /** The country's exports of the product. */
  countryProduct: Figure;
  /** The country's exports of everything. */
  countryTotal: Figure;
  /** Every country's exports of the product. */
  worldProduct: Figure;
  /** Every country's exports of everything. */
  worldTotal: Figure;
}

/**
 * Balassa's RCA: (country product ÷ country total) ÷ (world product ÷ world total), all four from
 * one dataset, release and year (a mismatch throws). Null when a total is zero (no meaning).
 */
export function rcaOf(f: RcaFigures): number | null {
  if (!sameYearAndDataset(f.countryProduct.provenance, f.worldProduct.provenance)) {
    throw new ProvenanceMismatch("RCA across datasets or years", f.countryProduct.provenance, f.worldProduct.provenance);
  }
  const own = shareOf(f.countryProduct, f.countryTotal);
  const world = shareOf(f.worldProduct, f.worldTotal);
  if (own === null || world === null || world === 0) return null;
  return own / world;
}

/** Points of a series cut into runs of one dataset and release each, oldest first. */
export function seriesRuns<T extends Series & { year: number }>(points: readonly T[]): { key: string; points: T[] }[] {
  const runs: { key: string; points: T[] }[] = [];
  for (const p of [...points].sort((a, b) => a.year - b.year)) {
    const last = runs.at(-1);
    if (last && comparable(last.points[0], p)) last.points.push(p);
    else runs.push({ key: seriesKey(p), points: [p] });
  }
  return runs;
}
