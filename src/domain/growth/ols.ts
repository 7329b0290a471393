/**
 * Ordinary least squares for a handful of columns, written out so every step can be checked by
 * hand. The fit solves the least-squares problem through a Householder QR factorisation of the
 * design matrix (not the normal equations: forming XᵀX squares the condition number, and QR keeps
 * the digits a near-collinear design would otherwise lose). Standard errors are the classical
 * ones, σ̂²(XᵀX)⁻¹ with (XᵀX)⁻¹ = R⁻¹R⁻ᵀ and σ̂² = SSR / (n − k).
 */

export class OlsError extends Error {
  constructor(
    readonly code: "shape" | "too_few_rows" | "rank_deficient" | "not_finite",
    message: string,
  ) {
    super(message);
    this.name = "OlsError";
  }
}

export interface OlsFit {
  /** β̂, one per column of the design matrix, in its order. */
  coefficients: number[];
  /** Classical standard errors of β̂. */
  standardErrors: number[];
  /** β̂ / SE. */
  tStatistics: number[];
  /** (XᵀX)⁻¹ σ̂²: the estimated covariance of β̂. */
  covariance: number[][];
  fitted: number[];
  residuals: number[];
  /** Sum of squared residuals. */
  ssr: number;
  /** Total sum of squares around the mean of y. */
  sst: number;
  /** 1 − SSR/SST (the design is expected to hold an intercept). */
  r2: number;
  /** 1 − (1 − R²)(n − 1)/(n − k). */
  adjustedR2: number;
  /** σ̂² = SSR / (n − k). */
  residualVariance: number;
  n: number;
  k: number;
}

/** Columns whose R diagonal is this small relative to the largest are taken as dependent on the others. */
const RANK_TOLERANCE = 1e-10;

/**
 * Householder QR of an n×k matrix (n ≥ k), applied to y at the same time. Returns R (k×k, upper
 * triangular) and the first k entries of Qᵀy; the matrix and y are copied, never changed.
 */
export function householderQr(x: readonly (readonly number[])[], y: readonly number[]): { r: number[][]; qty: number[] } {
  const n = x.length;
  const k = n > 0 ? x[0].length : 0;
  const a = x.map((row) => [...row]);
  const b = [...y];
  for (let j = 0; j < k; j++) {
    let norm = 0;
    for (let i = j; i < n; i++) norm += a[i][j] * a[i][j];
    norm = Math.sqrt(norm);
    if (norm === 0) continue;
    // v = column + sign(a_jj)·‖column‖·e_j: the sign avoids cancellation in v_j.
    const alpha = a[j][j] >= 0 ? -norm : norm;
    const v = new Array<number>(n - j);
    for (let i = j; i < n; i++) v[i - j] = a[i][j];
    v[0] -= alpha;
    let vv = 0;
    for (const e of v) vv += e * e;
    if (vv === 0) continue;
    const reflect = (get: (i: number) => number, set: (i: number, value: number) => void) => {
      let dot = 0;
      for (let i = j; i < n; i++) dot += v[i - j] * get(i);
      const f = (2 * dot) / vv;
      for (let i = j; i < n; i++) set(i, get(i) - f * v[i - j]);
    };
    for (let c = j; c < k; c++) reflect((i) => a[i][c], (i, value) => (a[i][c] = value));
    reflect((i) => b[i], (i, value) => (b[i] = value));
  }
  const r = Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, c) => (c >= i ? a[i][c] : 0)));
  return { r, qty: b.slice(0, k) };
}

/** Solves R z = c for upper-triangular R by back substitution. */
export function backSubstitute(r: readonly (readonly number[])[], c: readonly number[]): number[] {
  const k = r.length;
  const z = new Array<number>(k).fill(0);
  for (let i = k - 1; i >= 0; i--) {
    let s = c[i];
    for (let j = i + 1; j < k; j++) s -= r[i][j] * z[j];
    z[i] = s / r[i][i];
  }
  return z;
}

/** R⁻¹ of an upper-triangular R (also upper triangular), column by column. */
export function invertUpper(r: readonly (readonly number[])[]): number[][] {
  const k = r.length;
  const columns = Array.from({ length: k }, (_, j) => backSubstitute(r, Array.from({ length: k }, (_, i) => (i === j ? 1 : 0))));
  return Array.from({ length: k }, (_, i) => columns.map((col) => col[i]));
}

/**
 * Least-squares fit of y on the columns of x (put a column of ones in x for an intercept).
 * Throws OlsError when the shapes disagree, there are no more rows than columns (no residual
 * degrees of freedom), a value is not finite, or a column is a combination of the others.
 */
export function ols(x: readonly (readonly number[])[], y: readonly number[]): OlsFit {
  const n = x.length;
  if (n !== y.length) throw new OlsError("shape", `ols: ${n} rows of x but ${y.length} values of y`);
  const k = n > 0 ? x[0].length : 0;
  if (k === 0) throw new OlsError("shape", "ols: no columns");
  if (x.some((row) => row.length !== k)) throw new OlsError("shape", "ols: rows of x differ in length");
  if (n <= k) throw new OlsError("too_few_rows", `ols: ${n} rows cannot fit ${k} coefficients with a residual`);
  if (x.some((row) => row.some((v) => !Number.isFinite(v))) || y.some((v) => !Number.isFinite(v))) {
    throw new OlsError("not_finite", "ols: every value must be a finite number");
  }

  const { r, qty } = householderQr(x, y);
  const largest = Math.max(...r.map((row, i) => Math.abs(row[i])));
  r.forEach((row, i) => {
    if (!(Math.abs(row[i]) > RANK_TOLERANCE * largest)) throw new OlsError("rank_deficient", `ols: column ${i} is a linear combination of the others`);
  });

  const coefficients = backSubstitute(r, qty);
  const fitted = x.map((row) => row.reduce((s, v, j) => s + v * coefficients[j], 0));
  const residuals = y.map((v, i) => v - fitted[i]);
  const ssr = residuals.reduce((s, e) => s + e * e, 0);
  const meanY = y.reduce((s, v) => s + v, 0) / n;
  const sst = y.reduce((s, v) => s + (v - meanY) * (v - meanY), 0);
  const residualVariance = ssr / (n - k);

  const rInv = invertUpper(r);
  // (XᵀX)⁻¹ = (RᵀR)⁻¹ = R⁻¹R⁻ᵀ.
  const covariance = Array.from({ length: k }, (_, i) =>
    Array.from({ length: k }, (_, j) => {
      let s = 0;
      for (let m = Math.max(i, j); m < k; m++) s += rInv[i][m] * rInv[j][m];
      return s * residualVariance;
    }),
  );
  const standardErrors = covariance.map((row, i) => Math.sqrt(row[i]));
  const r2 = sst > 0 ? 1 - ssr / sst : 0;
  return {
    coefficients,
    standardErrors,
    tStatistics: coefficients.map((b, i) => (standardErrors[i] > 0 ? b / standardErrors[i] : Number.NaN)),
    covariance,
    fitted,
    residuals,
    ssr,
    sst,
    r2,
    adjustedR2: 1 - ((1 - r2) * (n - 1)) / (n - k),
    residualVariance,
    n,
    k,
  };
}

/** Mean of |a_i − b_i|. */
export function meanAbsoluteError(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new OlsError("shape", `meanAbsoluteError: lengths differ (${a.length} vs ${b.length})`);
  if (a.length === 0) return Number.NaN;
  return a.reduce((s, v, i) => s + Math.abs(v - b[i]), 0) / a.length;
}
