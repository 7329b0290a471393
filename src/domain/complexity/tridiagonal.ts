import { ComplexityError } from "./errors";

export interface SymmetricEigen {
  /** Eigenvalues in ascending order. */
  readonly values: Float64Array;
  /** Column j of this row-major n x n matrix is the unit eigenvector of `values[j]`. */
  readonly vectors: Float64Array;
}

/**
 * All eigenpairs of a symmetric tridiagonal matrix by the implicit QL method with Wilkinson
 * shifts (the EISPACK tql2 scheme). Only small matrices reach it (the Lanczos projection, a
 * few dozen rows), so the O(n^3) vector update is irrelevant and robustness is what counts.
 *
 * @param diagonal  the n diagonal entries
 * @param offDiagonal  the n - 1 entries T[i, i + 1]
 */
export function tridiagonalEigen(diagonal: ArrayLike<number>, offDiagonal: ArrayLike<number>): SymmetricEigen {
  const n = diagonal.length;
  const d = Float64Array.from(diagonal);
  const e = new Float64Array(n);
  for (let i = 0; i < n - 1; i++) e[i] = offDiagonal[i];
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;

  const eps = 2 ** -52;
  let f = 0;
  let tst1 = 0;
  for (let l = 0; l < n; l++) {
    tst1 = Math.max(tst1, Math.abs(d[l]) + Math.abs(e[l]));
    let m = l;
    while (m < n - 1 && Math.abs(e[m]) > eps * tst1) m++;
    if (m > l) {
      let iter = 0;
      do {
        if (++iter > 100) {
          throw new ComplexityError("NO_CONVERGENCE", "Tridiagonal QL did not converge in 100 sweeps");
        }
        let g = d[l];
        let p = (d[l + 1] - g) / (2 * e[l]);
        let r = Math.hypot(p, 1);
        if (p < 0) r = -r;
        d[l] = e[l] / (p + r);
        d[l + 1] = e[l] * (p + r);
        const dl1 = d[l + 1];
        let h = g - d[l];
        for (let i = l + 2; i < n; i++) d[i] -= h;
        f += h;

        p = d[m];
        let c = 1;
        let c2 = c;
        let c3 = c;
        const el1 = e[l + 1];
        let s = 0;
        let s2 = 0;
        for (let i = m - 1; i >= l; i--) {
          c3 = c2;
          c2 = c;
          s2 = s;
          g = c * e[i];
          h = c * p;
          r = Math.hypot(p, e[i]);
          e[i + 1] = s * r;
          s = e[i] / r;
          c = p / r;
          p = c * d[i] - s * g;
          d[i + 1] = h + s * (c * g + s * d[i]);
          for (let k = 0; k < n; k++) {
            const row = k * n;
            const vk1 = v[row + i + 1];
            v[row + i + 1] = s * v[row + i] + c * vk1;
            v[row + i] = c * v[row + i] - s * vk1;
          }
        }
        p = (-s * s2 * c3 * el1 * e[l]) / dl1;
        e[l] = s * p;
        d[l] = c * p;
      } while (Math.abs(e[l]) > eps * tst1);
    }
    d[l] += f;
    e[l] = 0;
  }

  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => d[a] - d[b]);
  const values = new Float64Array(n);
  const vectors = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    const src = order[j];
    values[j] = d[src];
    for (let k = 0; k < n; k++) vectors[k * n + j] = v[k * n + src];
  }
  return { values, vectors };
}
