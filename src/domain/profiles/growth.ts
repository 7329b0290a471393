/**
 * "What grew and what shrank": which two years a profile compares, and how each product changed.
 * Growth compares two years of one series (one dataset in one release, see domain/catalog): the
 * pair is chosen only inside a series, never across a break, and a product's change is taken
 * between figures of that one series.
 */
import { comparable, type Series } from "@/domain/catalog/catalog";
import { isUnspecifiedProduct } from "@/domain/catalog/unspecified";

export interface SeriesYear extends Series {
  year: number;
}

/** The years available at one product depth ("hs4": product detail; "section": the section file). */
export interface DepthYears<Y extends SeriesYear, D extends string = string> {
  depth: D;
  years: readonly Y[];
}

export interface GrowthPair<Y extends SeriesYear, D extends string = string> {
  depth: D;
  from: Y;
  to: Y;
}

/** The newest pair of one series in a list of years: the newest year with an earlier year of its series, and the latest such year. */
export function newestPairInOneSeries<Y extends SeriesYear>(years: readonly Y[]): { from: Y; to: Y } | null {
  const sorted = [...years].sort((a, b) => a.year - b.year);
  for (let i = sorted.length - 1; i > 0; i--) {
    const to = sorted[i];
    for (let j = i - 1; j >= 0; j--) if (sorted[j].year < to.year && comparable(sorted[j], to)) return { from: sorted[j], to };
  }
  return null;
}

/**
 * The pair a profile compares: the newest `to` any depth can compare within one series, the finest
 * depth on a tie (depths are given finest first).
 */
export function growthPair<Y extends SeriesYear, D extends string>(depths: readonly DepthYears<Y, D>[]): GrowthPair<Y, D> | null {
  let best: GrowthPair<Y, D> | null = null;
  for (const d of depths) {
    const pair = newestPairInOneSeries(d.years);
    if (!pair) continue;
    if (!best || pair.to.year > best.to.year || (pair.to.year === best.to.year && pair.from.year > best.from.year)) best = { depth: d.depth, ...pair };
  }
  return best;
}

export interface ProductChange {
  id: string;
  name: string;
  from: number;
  to: number;
  change: number;
}

/**
 * Each product's change between two years of one series (a product absent in a year counts as 0),
 * unspecified trade left out: the five largest gains and the five largest falls.
 */
export function productChanges(
  before: readonly { id: string; name: string; value: number }[],
  after: readonly { id: string; name: string; value: number }[],
  limit = 5,
): { grew: ProductChange[]; shrank: ProductChange[] } {
  const a = new Map(before.map((i) => [i.id, i]));
  const b = new Map(after.map((i) => [i.id, i]));
  const changes: ProductChange[] = [];
  for (const id of new Set([...a.keys(), ...b.keys()])) {
    if (isUnspecifiedProduct(id)) continue;
    const x = a.get(id)?.value ?? 0;
    const y = b.get(id)?.value ?? 0;
    changes.push({ id, name: b.get(id)?.name ?? a.get(id)?.name ?? id, from: x, to: y, change: y - x });
  }
  changes.sort((p, q) => q.change - p.change || p.id.localeCompare(q.id));
  return {
    grew: changes.filter((c) => c.change > 0).slice(0, limit),
    shrank: changes.filter((c) => c.change < 0).reverse().slice(0, limit),
  };
}
