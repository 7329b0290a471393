import { ComplexityError } from "./errors";
import { tridiagonalEigen } from "./tridiagonal";

/** y = A x for a symmetric operator A. */
export type SymmetricOperator = (x: Float64Array, y: Float64Array) => void;

export interface DominantEigenOptions {
  /** Orthonormal vectors already known to be eigenvectors; the search stays orthogonal to them. */
  readonly deflate?: readonly Float64Array[];
  /** Largest Krylov basis per restart. */
  readonly maxBasis?: number;
  /** Stop when ||A x - theta x|| <= tolerance * max(1, |theta|). */
  readonly tolerance?: number;
  readonly maxRestarts?: number;
  readonly seed?: number;
}

export interface Eigenpair {
  readonly value: number;
  /** Unit vector. */
  readonly vector: Float64Array;
  /** ||A x - value x|| at return. */
  readonly residual: number;
}

/** Steps between convergence checks inside one Lanczos pass. */
const CHECK_EVERY = 6;

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

function axpy(alpha: number, x: Float64Array, y: Float64Array): void {
  for (let i = 0; i < y.length; i++) y[i] += alpha * x[i];
}

function orthogonalise(w: Float64Array, basis: readonly Float64Array[]): void {
  // Two passes: one classical Gram-Schmidt pass loses orthogonality once w has shrunk a lot,
  // and a Lanczos basis that drifts produces spurious copies of converged eigenvalues.
  for (let pass = 0; pass < 2; pass++) {
    for (const q of basis) axpy(-dot(w, q), q, w);
  }
}

/** Seeded start vector: generic (almost surely not orthogonal to the wanted eigenvector) yet reproducible. */
function seededVector(n: number, seed: number): Float64Array {
  let state = seed >>> 0 || 1;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = (state >>> 0) / 4294967296 - 0.5;
  }
  return out;
}

/**
 * The algebraically largest eigenpair of a symmetric operator restricted to the complement of
 * `deflate`, by Lanczos with full reorthogonalisation and explicit restarts from the Ritz
 * vector. It needs only products with A, so an n x n matrix costs O(n^2) per step instead of
 * the O(n^3) of a full decomposition; on a space of dimension <= maxBasis it is exact.
 */
export function dominantEigenpair(apply: SymmetricOperator, n: number, options: DominantEigenOptions = {}): Eigenpair {
  const deflate = options.deflate ?? [];
  const dim = n - deflate.length;
  if (dim < 1) throw new RangeError("dominantEigenpair: nothing left after deflation");
  const maxBasis = Math.max(1, Math.min(dim, options.maxBasis ?? 64));
  const tolerance = options.tolerance ?? 1e-12;
  const maxRestarts = options.maxRestarts ?? 200;

  let start = seededVector(n, options.seed ?? 0x9e3779b9);
  const w = new Float64Array(n);
  let best: Eigenpair | null = null;

  for (let restart = 0; restart <= maxRestarts; restart++) {
    orthogonalise(start, deflate);
    const norm0 = Math.sqrt(dot(start, start));
    if (!(norm0 > 0)) start = seededVector(n, restart + 12345);
    else for (let i = 0; i < n; i++) start[i] /= norm0;

    const basis: Float64Array[] = [start];
    const alpha: number[] = [];
    const beta: number[] = [];
    let scale = 0;
    for (let j = 0; j < maxBasis; j++) {
      const q = basis[j];
      apply(q, w);
      const a = dot(w, q);
      alpha.push(a);
      axpy(-a, q, w);
      if (j > 0) axpy(-beta[j - 1], basis[j - 1], w);
      orthogonalise(w, deflate);
      orthogonalise(w, basis);
      const b = Math.sqrt(dot(w, w));
      scale = Math.max(scale, Math.abs(a) + b);
      // An (almost) zero b means the Krylov space is invariant: its Ritz pairs are exact.
      if (j === maxBasis - 1 || b <= 1e-14 * Math.max(scale, 1e-300)) break;
      // Every few steps, stop early if the Ritz residual estimate |b * y_last| is already small.
      if ((j + 1) % CHECK_EVERY === 0) {
        const k = alpha.length;
        const eig = tridiagonalEigen(alpha, beta);
        const estimate = Math.abs(b * eig.vectors[(k - 1) * k + (k - 1)]);
        if (estimate <= 0.1 * tolerance * Math.max(1, Math.abs(eig.values[k - 1]))) break;
      }
      beta.push(b);
      basis.push(Float64Array.from(w, (x) => x / b));
    }

    const k = alpha.length;
    const eig = tridiagonalEigen(alpha, beta);
    const theta = eig.values[k - 1];
    const x = new Float64Array(n);
    for (let i = 0; i < k; i++) axpy(eig.vectors[i * k + (k - 1)], basis[i], x);
    orthogonalise(x, deflate);
    const xn = Math.sqrt(dot(x, x));
    for (let i = 0; i < n; i++) x[i] /= xn;

    apply(x, w);
    axpy(-theta, x, w);
    const residual = Math.sqrt(dot(w, w));
    const pair = { value: theta, vector: x, residual };
    if (best === null || residual < best.residual) best = pair;
    if (residual <= tolerance * Math.max(1, Math.abs(theta))) return pair;
    start = x;
  }
  throw new ComplexityError(
    "NO_CONVERGENCE",
    `Lanczos did not reach residual ${tolerance} in ${maxRestarts} restarts (best ${best?.residual})`,
    { residual: best?.residual },
  );
}
