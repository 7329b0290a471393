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
 */
export function opportunityMeasuresFromBinary(m: BinaryMatrix, pci: Float64Array): OpportunityMeasures {
  const { rows: n, cols, data, colStart, productCountries, ubiquity } = m;

  // Products by decreasing ubiquity (ties by index, for determinism).
  const order = Int32Array.from({ length: cols }, (_, i) => i).sort((a, b) => ubiquity[b] - ubiquity[a] || a - b);

  const a = new Float64Array(n * n); // A_t
  const aw = new Float64Array(n * n); // A_t with PCI weights
  const b = new Float64Array(n * n); // B_t (counts)
  const bw = new Float64Array(n * n); // B_t with PCI weights
  const rowA = new Float64Array(n); // A_t for a country exporting everything
  const rowAw = new Float64Array(n);
  const rowB = new Float64Array(n);
  const rowBw = new Float64Array(n);

  // Start with every product in B.
  for (let p = 0; p < cols; p++) {
    const w = pci[p];
    const from = colStart[p];
    const to = colStart[p + 1];
    for (let i = from; i < to; i++) {
      const ci = productCountries[i];
      rowB[ci] += 1;
      rowBw[ci] += w;
      const base = ci * n;
      for (let j = from; j < to; j++) {
        const cj = productCountries[j];
        b[base + cj] += 1;
        bw[base + cj] += w;
      }
    }
  }

  const rel = new Float64Array(n * cols);
  const og = new Float64Array(n * cols);
  const acc = new Float64Array(n);
  const accW = new Float64Array(n);
  const minimumS = 0.5 / Math.max(1, n);

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
      const inv = 1 / ubiquity[p];
      const w = pci[p];
      const winv = w * inv;
      const from = colStart[p];
      const to = colStart[p + 1];
      for (let i = from; i < to; i++) {
        const ci = productCountries[i];
        rowA[ci] += inv;
        rowAw[ci] += winv;
        rowB[ci] -= 1;
        rowBw[ci] -= w;
        const base = ci * n;
        for (let j = from; j < to; j++) {
          const cj = productCountries[j];
          a[base + cj] += inv;
          aw[base + cj] += winv;
          b[base + cj] -= 1;
          bw[base + cj] -= w;
        }
      }
    }

    const invT = 1 / t;
    for (; k < end; k++) {
      const q = order[k];
      acc.fill(0);
      accW.fill(0);
      let s = 0;
      let weightedAll = 0;
      for (let i = colStart[q]; i < colStart[q + 1]; i++) {
        const cp = productCountries[i];
        s += rowA[cp] + rowB[cp] * invT;
        weightedAll += rowAw[cp] + rowBw[cp] * invT;
        // Tables are symmetric, so row c' gives column c' contiguously.
        const base = cp * n;
        for (let c = 0; c < n; c++) {
          acc[c] += a[base + c] + b[base + c] * invT;
          accW[c] += aw[base + c] + bw[base + c] * invT;
        }
      }
      const pq = pci[q];
      s -= 1;
      weightedAll -= pq;
      if (!(s >= minimumS)) continue;
      for (let c = 0; c < n; c++) {
        const i = c * cols + q;
        const own = data[i];
        const r = (acc[c] - own) / s;
        rel[i] = r;
        og[i] = (weightedAll - (accW[c] - own * pq)) / s - r * pq;
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
