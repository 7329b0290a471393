import type { BinaryMatrix } from "./binary";

/*
 * Relatedness, distance, opportunity gain and the complexity outlook index, defined exactly as
 * py-economic-complexity 0.3.0 computes them (its numbers are the fixture), with phi0 = the
 * proximity matrix with a zero diagonal (a product never counts as related to itself):
 *
 *   S_p       = sum_p' phi0[p',p]
 *   rel[c,p]  = sum_p' M[c,p'] phi0[p',p] / S_p                       (density, Hidalgo et al. 2007)
 *   dist[c,p] = 1 - rel[c,p]
 *   OG[c,p]   = sum_p' (1 - M[c,p']) PCI_p' phi0[p',p] / S_p  -  rel[c,p] PCI_p
 *   COI_c     = sum_p (1 - M[c,p]) rel[c,p] PCI_p                    (Hausmann et al., Atlas 2014)
 *
 * The package writes the last OG term as (1 - relatedness of the complement matrix) PCI_p,
 * which is algebraically rel[c,p] PCI_p. Its OG weights normalise by the column sum of the
 * *target* product p (`phi / phi.sum()`), whereas the Atlas formula normalises by the sum for
 * each neighbour p'; we follow the package so the fixture can hold us to it. The package has
 * no COI, so COI follows the Atlas with this relatedness (as economiccomplexity's
 * `complexity_outlook` does).
 *
 * A product with S_p = 0 (no neighbours at all) has relatedness 0 (distance 1) and opportunity
 * gain 0 for every country, where the package would give 0/0 = NaN.
 *
 * These functions accept any proximity matrix (another year's, a published one). Cost:
 * nnz(M) x products multiply-adds, not the dense countries x products^2. For the proximity that
 * M itself implies, `opportunityMeasuresFromBinary` (opportunity.ts) gives the same numbers
 * several times faster and is what `computeComplexity` uses.
 */

export interface OpportunityMeasures {
  readonly relatedness: Float64Array;
  readonly opportunityGain: Float64Array;
  readonly coi: Float64Array;
}

/** Column sums of phi without its diagonal. */
function offDiagonalColumnSums(phi: Float64Array, size: number): Float64Array {
  const sums = new Float64Array(size);
  for (let a = 0; a < size; a++) {
    const row = a * size;
    for (let b = 0; b < size; b++) sums[b] += phi[row + b];
  }
  for (let a = 0; a < size; a++) sums[a] -= phi[a * size + a];
  return sums;
}

/** Columns per block: both accumulators for ~250 countries (2 x 250 x 128 x 8 B) stay in L2. */
const BLOCK = 128;

/**
 * acc[c,q] += sum over p in country c, p != q, of phi[p,q] (and, when `weights` is given,
 * accWeighted[c,q] += the same sum weighted by weights[p]).
 *
 * This is the sparse-dense product M phi. Walking it product by product (rows of phi) and, for
 * each, over the countries that export it, in column blocks, reads each slice of phi once and
 * keeps the accumulators of every country for the block in cache, instead of streaming the whole
 * proximity matrix from memory once per country. Per cell the terms are still added in
 * ascending p, so the result does not depend on the block size.
 */
function accumulate(
  m: BinaryMatrix,
  phi: Float64Array,
  acc: Float64Array,
  weights: Float64Array | null,
  accWeighted: Float64Array | null,
): void {
  const { cols, colStart, productCountries } = m;
  for (let q0 = 0; q0 < cols; q0 += BLOCK) {
    const q1 = Math.min(q0 + BLOCK, cols);
    for (let p = 0; p < cols; p++) {
      const from = colStart[p];
      const to = colStart[p + 1];
      if (from === to) continue;
      const prow = p * cols;
      // The diagonal splits the block into [q0, split) and [skip, q1).
      const split = p >= q0 && p < q1 ? p : q1;
      const skip = split === p ? p + 1 : q1;
      const offset = -prow;
      if (weights === null || accWeighted === null) {
        for (let k = from; k < to; k++) {
          const shift = productCountries[k] * cols + offset;
          for (let i = prow + q0; i < prow + split; i++) acc[shift + i] += phi[i];
          for (let i = prow + skip; i < prow + q1; i++) acc[shift + i] += phi[i];
        }
      } else {
        const w = weights[p];
        for (let k = from; k < to; k++) {
          const shift = productCountries[k] * cols + offset;
          for (let i = prow + q0; i < prow + split; i++) {
            const v = phi[i];
            acc[shift + i] += v;
            accWeighted[shift + i] += w * v;
          }
          for (let i = prow + skip; i < prow + q1; i++) {
            const v = phi[i];
            acc[shift + i] += v;
            accWeighted[shift + i] += w * v;
          }
        }
      }
    }
  }
}

/** Relatedness (density) of every country to every product. The diagonal of phi is ignored. */
export function relatedness(m: BinaryMatrix, phi: Float64Array): Float64Array {
  const { rows, cols } = m;
  const s = offDiagonalColumnSums(phi, cols);
  const rel = new Float64Array(rows * cols);
  accumulate(m, phi, rel, null, null);
  for (let c = 0; c < rows; c++) {
    const base = c * cols;
    for (let q = 0; q < cols; q++) rel[base + q] = s[q] > 0 ? rel[base + q] / s[q] : 0;
  }
  return rel;
}

/** 1 - relatedness. */
export function distance(rel: Float64Array): Float64Array {
  return rel.map((r) => 1 - r);
}

/** Relatedness, opportunity gain and COI in one pass over the proximity matrix. */
export function opportunityMeasures(m: BinaryMatrix, phi: Float64Array, pci: Float64Array): OpportunityMeasures {
  const { rows, cols, data } = m;
  const s = offDiagonalColumnSums(phi, cols);
  // weightedAll[q] = sum_p' PCI_p' phi0[p',q]: the OG sum as if the country exported nothing;
  // each country then subtracts what it already exports.
  const weightedAll = new Float64Array(cols);
  for (let p = 0; p < cols; p++) {
    const row = p * cols;
    const w = pci[p];
    for (let q = 0; q < cols; q++) if (q !== p) weightedAll[q] += w * phi[row + q];
  }

  const rel = new Float64Array(rows * cols);
  const og = new Float64Array(rows * cols);
  accumulate(m, phi, rel, pci, og);
  const coi = new Float64Array(rows);
  for (let c = 0; c < rows; c++) {
    const base = c * cols;
    let outlook = 0;
    for (let q = 0; q < cols; q++) {
      const sq = s[q];
      const i = base + q;
      if (!(sq > 0)) {
        rel[i] = 0;
        og[i] = 0;
        continue;
      }
      const r = rel[i] / sq;
      rel[i] = r;
      og[i] = (weightedAll[q] - og[i]) / sq - r * pci[q];
      if (data[i] === 0) outlook += r * pci[q];
    }
    coi[c] = outlook;
  }
  return { relatedness: rel, opportunityGain: og, coi };
}
