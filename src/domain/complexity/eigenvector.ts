import { assertNoEmptyRowsOrColumns, type BinaryMatrix } from "./binary";
import { bipartiteComponents } from "./components";
import { ComplexityError } from "./errors";
import { dominantEigenpair } from "./lanczos";
import type { ComplexityIndices } from "./reflections";
import { pearson, zScore } from "./stats";

export interface EigenvectorComplexity extends ComplexityIndices {
  /** Second eigenvalue of the country matrix (the first is 1). */
  readonly eigenvalue: number;
}

/**
 * ECI and PCI as the second eigenvector (Hidalgo & Hausmann 2009; Atlas of Economic Complexity)
 * of M~ = D^-1 M U^-1 M^T, D = diag(diversity), U = diag(ubiquity).
 *
 * M~ is not symmetric, but S = D^1/2 M~ D^-1/2 = D^-1/2 M U^-1 M^T D^-1/2 is, and it is positive
 * semi-definite with top eigenvector D^1/2 1 (eigenvalue 1). So the wanted vector is the
 * dominant eigenvector of S once D^1/2 1 is deflated away, which Lanczos finds from matrix
 * products alone; then x = D^-1/2 y is the eigenvector of M~.
 *
 * PCI needs no second eigenproblem: if M~ x = l x then (U^-1 M^T D^-1 M)(U^-1 M^T x) = l U^-1 M^T x,
 * so the product vector is the mean ECI-vector value over each product's exporters.
 *
 * Sign: ECI is oriented to correlate positively with diversity. If diversity has no spread,
 * PCI is oriented to correlate negatively with ubiquity instead, and failing that the largest
 * country component is made positive, so the output never depends on the solver's start vector.
 * Both vectors are z-scored with the sample sd (N - 1), like the reflections variant.
 */
export function eigenvectorComplexity(m: BinaryMatrix): EigenvectorComplexity {
  assertNoEmptyRowsOrColumns(m, "The eigenvector ECI");
  const { rows: n, cols, colStart, productCountries, diversity, ubiquity } = m;
  if (n < 2) {
    throw new ComplexityError("INSUFFICIENT_DATA", "The eigenvector ECI needs at least two countries");
  }
  const components = bipartiteComponents(m);
  if (components.count > 1) {
    throw new ComplexityError(
      "DISCONNECTED",
      `The country-product network has ${components.count} components; the ECI eigenvector is not unique`,
      { components: components.count },
    );
  }

  // S[a,b] = sum_p M[a,p] M[b,p] / u_p / sqrt(k_a k_b), accumulated over each product's exporters.
  const s = new Float64Array(n * n);
  for (let p = 0; p < cols; p++) {
    const w = 1 / ubiquity[p];
    const start = colStart[p];
    const end = colStart[p + 1];
    for (let i = start; i < end; i++) {
      const rowA = productCountries[i] * n;
      for (let j = i; j < end; j++) s[rowA + productCountries[j]] += w;
    }
  }
  const rootK = diversity.map(Math.sqrt);
  for (let a = 0; a < n; a++) {
    for (let b = a; b < n; b++) {
      const v = s[a * n + b] / (rootK[a] * rootK[b]);
      s[a * n + b] = v;
      s[b * n + a] = v;
    }
  }

  let norm = 0;
  for (let a = 0; a < n; a++) norm += diversity[a];
  const top = rootK.map((r) => r / Math.sqrt(norm));

  const pair = dominantEigenpair(
    (x, y) => {
      for (let a = 0; a < n; a++) {
        let acc = 0;
        const row = a * n;
        for (let b = 0; b < n; b++) acc += s[row + b] * x[b];
        y[a] = acc;
      }
    },
    n,
    { deflate: [top] },
  );

  const x = pair.vector.map((v, a) => v / rootK[a]);
  const q = new Float64Array(cols);
  for (let p = 0; p < cols; p++) {
    let acc = 0;
    for (let k = colStart[p]; k < colStart[p + 1]; k++) acc += x[productCountries[k]];
    q[p] = acc / ubiquity[p];
  }

  let orientation = Math.sign(pearson(x, diversity));
  if (orientation === 0) orientation = -Math.sign(pearson(q, ubiquity));
  if (orientation === 0) {
    let largest = 0;
    for (let a = 1; a < n; a++) if (Math.abs(x[a]) > Math.abs(x[largest])) largest = a;
    orientation = x[largest] < 0 ? -1 : 1;
  }
  if (orientation < 0) {
    for (let a = 0; a < n; a++) x[a] = -x[a];
    for (let p = 0; p < cols; p++) q[p] = -q[p];
  }
  return { eci: zScore(x), pci: zScore(q), eigenvalue: pair.value };
}
