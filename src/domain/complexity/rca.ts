import { binaryMatrix, type BinaryMatrix } from "./binary";
import { colSums, rowSums } from "./matrix";

/**
 * Balassa's revealed comparative advantage:
 * RCA[c,p] = (X[c,p] / sum_p X[c,p]) / (sum_c X[c,p] / sum_cp X).
 *
 * The operations run in exactly this order because both reference implementations
 * (economiccomplexity, py-economic-complexity) do, and a cell sitting exactly on the cutoff
 * must fall on the same side. With whole-dollar values every sum is exact, so results match
 * bit for bit.
 *
 * A country or product with zero total trade has RCA 0 everywhere (not 0/0 = NaN): it has no
 * advantage in anything, and callers are expected to drop such rows before ranking.
 */
export function balassaRca(values: Float64Array, rows: number, cols: number): Float64Array {
  const countryTotal = rowSums(values, rows, cols);
  const productTotal = colSums(values, rows, cols);
  let total = 0;
  for (let p = 0; p < cols; p++) total += productTotal[p];

  const productShare = new Float64Array(cols);
  for (let p = 0; p < cols; p++) productShare[p] = productTotal[p] / total;

  const rca = new Float64Array(rows * cols);
  if (!(total > 0)) return rca;
  for (let c = 0; c < rows; c++) {
    const ct = countryTotal[c];
    if (!(ct > 0)) continue;
    const base = c * cols;
    for (let p = 0; p < cols; p++) {
      const share = productShare[p];
      rca[base + p] = share > 0 ? values[base + p] / ct / share : 0;
    }
  }
  return rca;
}

/** M[c,p] = 1 when RCA >= cutoff. A value exactly on the cutoff counts, as in both references. */
export function binarize(rca: Float64Array, rows: number, cols: number, cutoff = 1): BinaryMatrix {
  const data = new Uint8Array(rows * cols);
  for (let i = 0; i < data.length; i++) data[i] = rca[i] >= cutoff ? 1 : 0;
  return binaryMatrix(data, rows, cols);
}
