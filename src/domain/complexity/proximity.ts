import type { BinaryMatrix } from "./binary";

export interface ProximityOptions {
  /**
   * Value on the diagonal. economiccomplexity writes 1 (a product is certainly co-exported with
   * itself); py-economic-complexity writes 0 (a product is not its own neighbour). The
   * relatedness functions here ignore the diagonal either way. Default 1.
   */
  readonly diagonal?: 0 | 1;
}

/** Rows of the count matrix per pass (64 rows x 5,000 x 2 B = 640 KB, inside L2). */
const ROW_BLOCK = 64;
/** Tile edge for writing the symmetric result without striding through memory. */
const TILE = 64;

/**
 * phi[a,b] = C[a,b] / max(k_a, k_b), where C counts co-occurrences along the other axis: the
 * minimum of the two conditional probabilities P(a | b) and P(b | a) (Hidalgo et al. 2007).
 *
 * C is accumulated from the nonzero lists (sum over the other axis of k^2 / 2 increments, far
 * below the dense n^2 m of M^T M) into 16-bit counters while they cannot overflow, a quarter
 * of the Float64 working set, one block of rows at a time so the block stays in cache.
 * Each count is then divided once, as both references do, so the result matches them bit for
 * bit.
 *
 * A node with no ones (k = 0) has proximity 0 to everything, itself included, instead of 0/0.
 */
function proximityFromLists(
  size: number,
  otherSize: number,
  start: Int32Array,
  members: Int32Array,
  degree: Float64Array,
  diagonal: 0 | 1,
): Float64Array {
  // Upper triangle: counts[a * size + b] for a < b.
  const counts = otherSize < 65536 ? new Uint16Array(size * size) : new Uint32Array(size * size);
  const cursor = start.slice(0, otherSize);
  for (let a0 = 0; a0 < size; a0 += ROW_BLOCK) {
    const a1 = a0 + ROW_BLOCK;
    for (let o = 0; o < otherSize; o++) {
      const to = start[o + 1];
      let i = cursor[o];
      for (; i < to && members[i] < a1; i++) {
        const row = members[i] * size;
        for (let j = i + 1; j < to; j++) counts[row + members[j]]++;
      }
      cursor[o] = i;
    }
  }

  const phi = new Float64Array(size * size);
  for (let a0 = 0; a0 < size; a0 += TILE) {
    const a1 = Math.min(a0 + TILE, size);
    for (let b0 = a0; b0 < size; b0 += TILE) {
      const b1 = Math.min(b0 + TILE, size);
      for (let a = a0; a < a1; a++) {
        const ka = degree[a];
        const rowA = a * size;
        for (let b = Math.max(b0, a + 1); b < b1; b++) {
          const c = counts[rowA + b];
          if (c === 0) continue;
          const kb = degree[b];
          const v = c / (ka > kb ? ka : kb);
          phi[rowA + b] = v;
          phi[b * size + a] = v;
        }
      }
    }
  }
  for (let a = 0; a < size; a++) phi[a * size + a] = degree[a] > 0 ? diagonal : 0;
  return phi;
}

/** Product x product proximity (row-major, symmetric). */
export function productProximity(m: BinaryMatrix, options: ProximityOptions = {}): Float64Array {
  return proximityFromLists(m.cols, m.rows, m.rowStart, m.countryProducts, m.ubiquity, options.diagonal ?? 1);
}

/** Country x country proximity (row-major, symmetric), as economiccomplexity's `proximity_country`. */
export function countryProximity(m: BinaryMatrix, options: ProximityOptions = {}): Float64Array {
  return proximityFromLists(m.rows, m.cols, m.colStart, m.productCountries, m.diversity, options.diagonal ?? 1);
}
