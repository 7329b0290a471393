import type { BinaryMatrix } from "./binary";
import type { OpportunityMeasures } from "./relatedness";

/**
 * Relatedness, opportunity gain and COI (definitions in relatedness.ts) for the proximity that M
 * itself implies, phi[p,q] = C[p,q] / max(u_p, u_q) with C = M^T M, computed without ever
 * touching the products x products matrix. Same numbers as
 * `opportunityMeasures(m, productProximity(m), pci)` up to rounding (about 1e-14), at a
 * fraction of the cost: O(countries x nnz(M)) instead of O(nnz(M) x products).
 *
 * Why it works: expanding C through the countries,
 *
 *   sum_p M[c,p] phi[p,q] = sum_{c' exporting q} ( A_t[c,c'] + B_t[c,c'] / t ),   t = u_q,
 *   A_t[c,c'] = sum_{p: u_p >= t} M[c,p] M[c',p] / u_p      (here max(u_p, t) = u_p)
 *   B_t[c,c'] = sum_{p: u_p <  t} M[c,p] M[c',p]            (here max(u_p, t) = t)
 *
 * A_t and B_t are countries x countries tables that depend on q only through t. Taking the
 * products in decreasing ubiquity, each product moves once from B to A, so the tables are
 * maintained with sum_p u_p^2 updates. B holds integer counts (exact), and A only ever grows,
 * so neither suffers cancellation. The p = q term (phi[q,q] = 1, which the definitions leave
 * out) is subtracted at the end. With M[c,p] replaced by M[c,p] PCI_p the same tables give the
 * PCI-weighted sums for opportunity gain, and a row of ones (vectors a, b) gives the column sums
 * S_q.
 *
 * S_q is a sum of terms C/max(u) >= 1/countries whenever it is not zero, so anything below half
 * of that is rounding of an exact zero: such a product has no neighbours and gets relatedness 0
 * and opportunity gain 0, as in relatedness.ts.
 *
 * Cache: the four tables are n x n doubles (2 MB for 250 countries), larger than a core's L2, and
 * the sum above reads a whole row of each for every exporter of every product. So the countries c
 * whose results are computed are taken in blocks of COUNTRY_BLOCK: for one block only the tables'
 * columns in the block are kept (interleaved, one 4 x 64-double stripe per country c'), the
 * sweep over products runs once per block, and the stripe stays in L2. Table updates cost the
 * same in total (each pair of countries lands in exactly one block); the sums and the ubiquity
 * order are shared between blocks. Per cell the terms are added in the same order as without
 * blocks, so the numbers do not depend on the block size.
 */
const COUNTRY_BLOCK = 64;

/** First index in sorted[from..to) whose value is >= v. */
function lowerBound(sorted: Int32Array, from: number, to: number, v: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * For every product q, the sum of its proximities S_q (less itself) and its PCI-weighted total over
 * all countries: row sums of the tables as if a country exported everything, by decreasing ubiquity.
 */
function productSums(m: BinaryMatrix, pci: Float64Array, order: Int32Array): { sums: Float64Array; weightedAll: Float64Array } {
  const { rows: n, cols, colStart, productCountries, ubiquity } = m;
  // Row sums of the tables (a country exporting everything): S_q and the unweighted OG total.
  const rowA = new Float64Array(n);
  const rowAw = new Float64Array(n);
  const rowB = new Float64Array(n);
  const rowBw = new Float64Array(n);
  for (let p = 0; p < cols; p++) {
    const w = pci[p];
    for (let i = colStart[p]; i < colStart[p + 1]; i++) {
      rowB[productCountries[i]] += 1;
      rowBw[productCountries[i]] += w;
    }
  }
  const sums = new Float64Array(cols);
  const weightedAll = new Float64Array(cols);
  let movedRows = 0;
  for (let k = 0; k < cols; ) {
    const t = ubiquity[order[k]];
    let end = k;
    while (end < cols && ubiquity[order[end]] === t) end++;
    if (t === 0) {
      k = end;
      continue;
    }
    for (; movedRows < end; movedRows++) {
      const p = order[movedRows];
      const inv = 1 / ubiquity[p];
      const w = pci[p];
      for (let i = colStart[p]; i < colStart[p + 1]; i++) {
        const ci = productCountries[i];
        rowA[ci] += inv;
        rowAw[ci] += w * inv;
        rowB[ci] -= 1;
        rowBw[ci] -= w;
      }
    }
    const invT = 1 / t;
    for (; k < end; k++) {
      const q = order[k];
      let s = 0;
      let all = 0;
      for (let i = colStart[q]; i < colStart[q + 1]; i++) {
        const cp = productCountries[i];
        s += rowA[cp] + rowB[cp] * invT;
        all += rowAw[cp] + rowBw[cp] * invT;
      }
      sums[q] = s - 1;
      weightedAll[q] = all - pci[q];
    }
  }
  return { sums, weightedAll };
}

export function opportunityMeasuresFromBinary(m: BinaryMatrix, pci: Float64Array): OpportunityMeasures {
  const { rows: n, cols, data, colStart, productCountries, ubiquity } = m;

  // Products by decreasing ubiquity (ties by index, for determinism).
  const order = Int32Array.from({ length: cols }, (_, i) => i).sort((a, b) => ubiquity[b] - ubiquity[a] || a - b);

  const { sums, weightedAll } = productSums(m, pci, order);

  const rel = new Float64Array(n * cols);
  const og = new Float64Array(n * cols);
  const minimumS = 0.5 / Math.max(1, n);
  const width = Math.min(COUNTRY_BLOCK, n);
  // stripe[(c' * width + (c - c0)) * 4 + {0: A, 1: B, 2: A weighted, 3: B weighted}]
  const stripe = new Float64Array(n * width * 4);
  // acc[(c - c0) * 2 + {0: plain, 1: PCI-weighted}]
  const acc = new Float64Array(width * 2);

  for (let c0 = 0; c0 < n; c0 += width) {
    const c1 = Math.min(n, c0 + width);
    const span = c1 - c0;
    stripe.fill(0);
    // Start with every product in B.
    for (let p = 0; p < cols; p++) {
      const from = colStart[p];
      const to = colStart[p + 1];
      const lo = lowerBound(productCountries, from, to, c0);
      const hi = lowerBound(productCountries, lo, to, c1);
      if (lo === hi) continue;
      const w = pci[p];
      for (let i = from; i < to; i++) {
        const base = productCountries[i] * width - c0;
        for (let j = lo; j < hi; j++) {
          const o = (base + productCountries[j]) * 4;
          stripe[o + 1] += 1;
          stripe[o + 3] += w;
        }
      }
    }

    let moved = 0;
    for (let k = 0; k < cols; ) {
      const t = ubiquity[order[k]];
      let end = k;
      while (end < cols && ubiquity[order[end]] === t) end++;
      if (t === 0) {
        // No exporters: proximity 0 to everything; rel and og stay 0.
        k = end;
        continue;
      }
      // Move every product with u_p >= t from B to A.
      for (; moved < end; moved++) {
        const p = order[moved];
        const from = colStart[p];
        const to = colStart[p + 1];
        const lo = lowerBound(productCountries, from, to, c0);
        const hi = lowerBound(productCountries, lo, to, c1);
        if (lo === hi) continue;
        const inv = 1 / ubiquity[p];
        const w = pci[p];
        const winv = w * inv;
        for (let i = from; i < to; i++) {
          const base = productCountries[i] * width - c0;
          for (let j = lo; j < hi; j++) {
            const o = (base + productCountries[j]) * 4;
            stripe[o] += inv;
            stripe[o + 1] -= 1;
            stripe[o + 2] += winv;
            stripe[o + 3] -= w;
          }
        }
      }

      const invT = 1 / t;
      for (; k < end; k++) {
        const q = order[k];
        const s = sums[q];
        if (!(s >= minimumS)) continue;
        acc.fill(0);
        for (let i = colStart[q]; i < colStart[q + 1]; i++) {
          // Tables are symmetric, so row c' holds column c' for the block contiguously.
          let o = productCountries[i] * width * 4;
          for (let x = 0; x < 2 * span; x += 2, o += 4) {
            acc[x] += stripe[o] + stripe[o + 1] * invT;
            acc[x + 1] += stripe[o + 2] + stripe[o + 3] * invT;
          }
        }
        const pq = pci[q];
        const all = weightedAll[q];
        for (let c = c0; c < c1; c++) {
          const i = c * cols + q;
          const own = data[i];
          const x = (c - c0) * 2;
          const r = (acc[x] - own) / s;
          rel[i] = r;
          og[i] = (all - (acc[x + 1] - own * pq)) / s - r * pq;
        }
      }
    }
  }

  const coi = new Float64Array(n);
  for (let c = 0; c < n; c++) {
    let outlook = 0;
    const base = c * cols;
    for (let q = 0; q < cols; q++) if (data[base + q] === 0) outlook += rel[base + q] * pci[q];
    coi[c] = outlook;
  }
  return { relatedness: rel, opportunityGain: og, coi };
}
