export function mean(x: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i];
  return x.length > 0 ? s / x.length : 0;
}

/** Sample standard deviation (N - 1), the default of pandas and Armadillo that both references use. */
export function sampleSd(x: ArrayLike<number>): number {
  const n = x.length;
  if (n < 2) return 0;
  const m = mean(x);
  let ss = 0;
  for (let i = 0; i < n; i++) {
    const d = x[i] - m;
    ss += d * d;
  }
  return Math.sqrt(ss / (n - 1));
}

/**
 * (x - mean) / sd with the sample sd. When every value is equal (or there is one value) the
 * spread is zero and no value stands out, so the result is all zeros rather than NaN.
 */
export function zScore(x: ArrayLike<number>): Float64Array {
  const out = new Float64Array(x.length);
  const sd = sampleSd(x);
  if (!(sd > 0) || !Number.isFinite(sd)) return out;
  const m = mean(x);
  for (let i = 0; i < x.length; i++) out[i] = (x[i] - m) / sd;
  return out;
}

/** Pearson correlation; 0 when either side has no spread (undefined otherwise). */
export function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  if (n !== b.length) throw new RangeError(`pearson: lengths differ (${n} vs ${b.length})`);
  const ma = mean(a);
  const mb = mean(b);
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i] - ma;
    const db = b[i] - mb;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : 0;
}

/**
 * Rank 1 = highest. Ties share the best rank of the group ("1224" competition ranking), so two
 * countries with identical ECI never get different ranks depending on input order.
 */
export function rankDescending(x: ArrayLike<number>): Int32Array {
  const n = x.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => x[j] - x[i]);
  const rank = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const i = order[k];
    rank[i] = k > 0 && x[order[k - 1]] === x[i] ? rank[order[k - 1]] : k + 1;
  }
  return rank;
}
